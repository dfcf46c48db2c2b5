#include "json_text.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Makes room for `length` more bytes and the NUL after them; 0 (and `failed`) when memory ran out. */
static int json_buffer_grow(json_buffer *buffer, size_t length) {
    if (buffer->failed) return 0;
    size_t capacity = buffer->capacity ? buffer->capacity * 2 : 256;
    while (capacity < buffer->length + length + 1) capacity *= 2;
    char *grown = buffer->borrowed ? malloc(capacity) : realloc(buffer->data, capacity);
    if (!grown) {
        buffer->failed = 1;
        return 0;
    }
    if (buffer->borrowed) memcpy(grown, buffer->data, buffer->length);
    buffer->data = grown;
    buffer->capacity = capacity;
    buffer->borrowed = 0;
    return 1;
}

/* Room for `length` more bytes and the NUL after them: at once when there is. */
static inline int json_buffer_reserve(json_buffer *buffer, size_t length) {
    if (buffer->length + length + 1 <= buffer->capacity && !buffer->failed) return 1;
    return json_buffer_grow(buffer, length);
}

void json_buffer_append_growing(json_buffer *buffer, const char *bytes, size_t length) {
    if (!json_buffer_reserve(buffer, length)) return;
    memcpy(buffer->data + buffer->length, bytes, length);
    buffer->length += length;
    buffer->data[buffer->length] = '\0';
}

/* 1 for the bytes a JSON string escapes: control bytes, '"' and '\\'. */
static const unsigned char escaped_byte[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ['"'] = 1, ['\\'] = 1,
};

/* Eight bytes at a time while none needs escaping, copied into room made for the text as it is;
 * byte by byte through a word with a byte to escape, and through the last bytes. An escape makes
 * more room: for what is left of the text at its worst. */
void json_buffer_append_escaped(json_buffer *buffer, const char *text, size_t length) {
    static const char hex[] = "0123456789abcdef";
    if (!json_buffer_reserve(buffer, length + 2)) return;
    char *out = buffer->data + buffer->length;
    *out++ = '"';
    size_t i = 0;
    while (i < length) {
        uint64_t word;
        while (i + 8 <= length) {
            memcpy(&word, text + i, 8);
            if (!json_plain_word(word)) break;
            memcpy(out, &word, 8);
            out += 8;
            i += 8;
        }
        for (size_t end = i + 8 < length ? i + 8 : length; i < end; i++) {
            unsigned char c = (unsigned char)text[i];
            if (!escaped_byte[c]) {
                *out++ = (char)c;
                continue;
            }
            buffer->length = (size_t)(out - buffer->data);
            if (!json_buffer_reserve(buffer, 6 + (length - i - 1) + 1)) return;
            out = buffer->data + buffer->length;
            *out++ = '\\';
            if (c < 0x20) {
                memcpy(out, "u00", 3);
                out[3] = hex[c >> 4];
                out[4] = hex[c & 15];
                out += 5;
            } else {
                *out++ = (char)c;
            }
        }
    }
    *out++ = '"';
    buffer->length = (size_t)(out - buffer->data);
    *out = '\0';
}

json_buffer json_buffer_in(char *memory, size_t size) {
    memory[0] = '\0';
    return (json_buffer){.data = memory, .capacity = size, .borrowed = 1};
}

void json_buffer_free(json_buffer *buffer) {
    if (!buffer->borrowed) free(buffer->data);
    memset(buffer, 0, sizeof *buffer);
}

static size_t skip_space(const char *p, size_t i, size_t n) {
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r')) i++;
    return i;
}

/* The end of the value that starts at i (after its last byte); n when it runs off the text. */
static size_t skip_value(const char *p, size_t i, size_t n) {
    if (i >= n) return n;
    if (p[i] == '"') {
        for (i++; i < n; i++) {
            if (p[i] == '\\') i++;
            else if (p[i] == '"') return i + 1;
        }
        return n;
    }
    if (p[i] == '{' || p[i] == '[') {
        int depth = 0;
        for (; i < n; i++) {
            if (p[i] == '"') {
                i = skip_value(p, i, n) - 1;
            } else if (p[i] == '{' || p[i] == '[') {
                depth++;
            } else if (p[i] == '}' || p[i] == ']') {
                if (--depth == 0) return i + 1;
            }
        }
        return n;
    }
    while (i < n && p[i] != ',' && p[i] != '}' && p[i] != ']' && p[i] != ' ' && p[i] != '\n') i++;
    return i;
}

int json_member(json_span object, const char *key, json_span *value) {
    const char *p = object.start;
    size_t n = object.length, key_length = strlen(key);
    size_t i = skip_space(p, 0, n);
    if (i >= n || p[i] != '{') return 0;
    i++;
    while (1) {
        i = skip_space(p, i, n);
        if (i >= n || p[i] != '"') return 0;
        size_t name_end = skip_value(p, i, n);
        int match = name_end - i == key_length + 2 && memcmp(p + i + 1, key, key_length) == 0;
        i = skip_space(p, name_end, n);
        if (i >= n || p[i] != ':') return 0;
        i = skip_space(p, i + 1, n);
        size_t end = skip_value(p, i, n);
        if (match) {
            value->start = p + i;
            value->length = end - i;
            return 1;
        }
        i = skip_space(p, end, n);
        if (i >= n || p[i] != ',') return 0;
        i++;
    }
}

int json_next_element(json_span array, size_t *cursor, json_span *element) {
    const char *p = array.start;
    size_t n = array.length, i = *cursor;
    if (i == 0) {
        i = skip_space(p, 0, n);
        if (i >= n || p[i] != '[') return 0;
        i++;
    } else {
        i = skip_space(p, i, n);
        if (i >= n || p[i] != ',') return 0;
        i++;
    }
    i = skip_space(p, i, n);
    if (i >= n || p[i] == ']') return 0;
    size_t end = skip_value(p, i, n);
    element->start = p + i;
    element->length = end - i;
    *cursor = end;
    return 1;
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static uint32_t read_hex4(const char *p) {
    uint32_t value = 0;
    for (int k = 0; k < 4; k++) {
        int digit = hex_value(p[k]);
        if (digit < 0) return 0xFFFD;
        value = value << 4 | (uint32_t)digit;
    }
    return value;
}

static size_t put_utf8(char *out, uint32_t c) {
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | c >> 6);
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | c >> 12);
        out[1] = (char)(0x80 | (c >> 6 & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | c >> 18);
    out[1] = (char)(0x80 | (c >> 12 & 0x3F));
    out[2] = (char)(0x80 | (c >> 6 & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

int json_text_value(json_span value, char **out, size_t *length) {
    const char *p = value.start;
    size_t n = value.length;
    if (n < 2 || p[0] != '"') {
        char *copy = malloc(n + 1);
        if (!copy) return 0;
        memcpy(copy, p, n);
        copy[n] = '\0';
        *out = copy;
        *length = n;
        return 1;
    }
    /* Unescaped text is never longer than its JSON string. */
    char *text = malloc(n);
    if (!text) return 0;
    size_t o = 0;
    for (size_t i = 1; i + 1 < n; i++) {
        if (p[i] != '\\') {
            text[o++] = p[i];
            continue;
        }
        char c = p[++i];
        switch (c) {
        case 'b': text[o++] = '\b'; break;
        case 'f': text[o++] = '\f'; break;
        case 'n': text[o++] = '\n'; break;
        case 'r': text[o++] = '\r'; break;
        case 't': text[o++] = '\t'; break;
        case 'u': {
            if (i + 4 >= n) break;
            uint32_t unit = read_hex4(p + i + 1);
            i += 4;
            if (unit >= 0xD800 && unit < 0xDC00 && i + 6 < n && p[i + 1] == '\\' && p[i + 2] == 'u') {
                uint32_t low = read_hex4(p + i + 3);
                if (low >= 0xDC00 && low < 0xE000) {
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                    i += 6;
                }
            }
            o += put_utf8(text + o, unit);
            break;
        }
        default: text[o++] = c; break;
        }
    }
    text[o] = '\0';
    *out = text;
    *length = o;
    return 1;
}

void json_value_errors(json_span errors, json_buffer *out) {
    static const char *const members[] = {"code", "message", "args", "item"};
    json_buffer_append(out, "[", 1);
    size_t cursor = 0;
    json_span error;
    for (int first = 1; json_next_element(errors, &cursor, &error); first = 0) {
        if (!first) json_buffer_append(out, ",", 1);
        json_buffer_append(out, "{", 1);
        int written = 0;
        for (size_t m = 0; m < sizeof members / sizeof *members; m++) {
            json_span value;
            if (!json_member(error, members[m], &value)) continue;
            if (written++) json_buffer_append(out, ",", 1);
            json_buffer_append_string(out, members[m], strlen(members[m]));
            json_buffer_append(out, ":", 1);
            json_buffer_append(out, value.start, value.length);
        }
        json_buffer_append(out, "}", 1);
    }
    json_buffer_append(out, "]", 1);
}
