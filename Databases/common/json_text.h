/*
 * json_text.h — the little JSON the extensions read and write: members of the objects libvouch
 * returns (well-formed by contract), JSON strings, and the shapes the SQL functions return.
 */
#ifndef VOUCH_JSON_TEXT_H
#define VOUCH_JSON_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Text grown with realloc; `data` is NUL-terminated while `failed` is 0. It may start in memory
 * of the caller's (json_buffer_in), which it leaves for the heap when it outgrows it. */
typedef struct json_buffer {
    char *data;
    size_t length;
    size_t capacity;
    int failed;   /* an allocation failed: the text is incomplete */
    int borrowed; /* `data` is the caller's memory, not the heap's */
} json_buffer;

/* An empty buffer that starts in `memory` (`size` bytes, at least 1). */
json_buffer json_buffer_in(char *memory, size_t size);

/* Grows the buffer and appends: json_buffer_append when the bytes do not fit. */
void json_buffer_append_growing(json_buffer *buffer, const char *bytes, size_t length);

static inline void json_buffer_append(json_buffer *buffer, const char *bytes, size_t length) {
    if (buffer->length + length >= buffer->capacity || buffer->failed) {
        json_buffer_append_growing(buffer, bytes, length);
        return;
    }
    memcpy(buffer->data + buffer->length, bytes, length);
    buffer->length += length;
    buffer->data[buffer->length] = '\0';
}

/* Whether none of the eight bytes of `word` is '"', '\\' or a control byte: the bytes a JSON
 * string escapes. */
static inline int json_plain_word(uint64_t word) {
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t quote = word ^ (ones * '"'), backslash = word ^ (ones * '\\');
    return (((word - ones * 0x20) | (quote - ones) | (backslash - ones)) & ~word & highs) == 0;
}

/* `text` as a JSON string, quoted and escaped, by the slow path: any text. */
void json_buffer_append_escaped(json_buffer *buffer, const char *text, size_t length);

/* `text` as a JSON string, quoted and escaped. The fast path, for a text of four bytes or more
 * with none to escape (most keys and values): copied eight bytes at a time straight into room made
 * for it, the last eight in one word too (some written twice), four to seven bytes as two
 * overlapping halves. A byte to escape sends the whole text to the slow path. */
static inline void json_buffer_append_string(json_buffer *buffer, const char *text, size_t length) {
    if (length >= 4 && buffer->length + length + 3 <= buffer->capacity && !buffer->failed) {
        char *out = buffer->data + buffer->length + 1;
        uint64_t word;
        if (length >= 8) {
            size_t i = 0;
            for (; i + 8 <= length; i += 8) {
                memcpy(&word, text + i, 8);
                if (!json_plain_word(word)) goto slow;
                memcpy(out + i, &word, 8);
            }
            memcpy(&word, text + length - 8, 8);
            if (!json_plain_word(word)) goto slow;
            memcpy(out + length - 8, &word, 8);
        } else {
            uint32_t head, tail;
            memcpy(&head, text, 4);
            memcpy(&tail, text + length - 4, 4);
            /* The other four bytes of each word are letters. */
            if (!json_plain_word(head | 0x6161616100000000u) || !json_plain_word(tail | 0x6161616100000000u)) goto slow;
            memcpy(out, &head, 4);
            memcpy(out + length - 4, &tail, 4);
        }
        out[-1] = '"';
        out[length] = '"';
        out[length + 1] = '\0';
        buffer->length += length + 2;
        return;
    }
slow:
    json_buffer_append_escaped(buffer, text, length);
}

void json_buffer_free(json_buffer *buffer);

/* A value inside a text: where it starts and how many bytes it has. */
typedef struct json_span {
    const char *start;
    size_t length;
} json_span;

/* The value of the member `key` of the object `object`; 0 when there is none (or when `object`
 * is not an object). */
int json_member(json_span object, const char *key, json_span *value);

/* The next element of an array: call with *cursor zeroed first; 0 after the last. */
int json_next_element(json_span array, size_t *cursor, json_span *element);

/* A JSON string's text, unescaped, into `out` (malloc'd, NUL-terminated; caller frees); any other
 * value is copied as its JSON text. 0 when memory ran out. */
int json_text_value(json_span value, char **out, size_t *length);

/* The errors of a single-value check (the "errors" of vouch_form_validate_json) without their
 * field: [{"code","message","args"}] (and "item" for a token). */
void json_value_errors(json_span errors, json_buffer *out);

#endif
