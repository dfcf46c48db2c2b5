/*
 * json_text.h — the little JSON the extensions read and write: members of the objects libvouch
 * returns (well-formed by contract), JSON strings, and the shapes the SQL functions return.
 */
#ifndef VOUCH_JSON_TEXT_H
#define VOUCH_JSON_TEXT_H

#include <stddef.h>
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
/* `text` as a JSON string, quoted and escaped. */
void json_buffer_append_string(json_buffer *buffer, const char *text, size_t length);
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
