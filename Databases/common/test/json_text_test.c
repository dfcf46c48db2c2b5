/*
 * json_text_test.c — the JSON strings the extensions write (json_buffer_append_string), against a
 * plain byte-by-byte writer: texts of every length up to 40 with a byte to escape at every place,
 * two in a row into a buffer that starts small and grows. Run by scripts/db-test under valgrind.
 */
#include <stdio.h>
#include <string.h>

#include "json_text.h"

/* `text` as a JSON string, one byte at a time. */
static size_t expected_string(const char *text, size_t length, char *out) {
    char *start = out;
    *out++ = '"';
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '"' || c == '\\') {
            *out++ = '\\';
            *out++ = (char)c;
        } else if (c < 0x20) {
            out += sprintf(out, "\\u%04x", c);
        } else {
            *out++ = (char)c;
        }
    }
    *out++ = '"';
    *out = '\0';
    return (size_t)(out - start);
}

int main(void) {
    const char escaped[] = {'"', '\\', '\t', 1, '\n', 0x1f};
    const char *plain = "abcdefghijklmnopqrstuvwxyz0123456789ABCD\xc3\xa9";
    int passed = 0, failed = 0;
    for (size_t length = 0; length <= 40; length++) {
        for (size_t at = 0; at <= length; at++) {
            for (size_t e = 0; e < sizeof escaped; e++) {
                for (int second = 0; second < 2; second++) {
                    char text[48], expected[600];
                    memcpy(text, plain, length);
                    if (at < length) text[at] = escaped[e];
                    if (second && length > 3) text[length - 1 - at % 3] = escaped[(e + 1) % sizeof escaped];
                    size_t one = expected_string(text, length, expected + 1);
                    expected[0] = '[';
                    memcpy(expected + 1 + one, expected + 1, one + 1);
                    char memory[4];
                    json_buffer buffer = json_buffer_in(memory, sizeof memory);
                    json_buffer_append(&buffer, "[", 1);
                    json_buffer_append_string(&buffer, text, length);
                    json_buffer_append_string(&buffer, text, length);
                    if (!buffer.failed && buffer.length == 1 + 2 * one && strcmp(buffer.data, expected) == 0) {
                        passed++;
                    } else {
                        if (failed++ < 5) fprintf(stderr, "length %zu, escape at %zu: %s, not %s\n", length, at, buffer.data, expected);
                    }
                    json_buffer_free(&buffer);
                }
            }
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
