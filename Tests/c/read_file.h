/*
 * read_file: a whole file in memory, for the C tests and benchmarks that take their inputs as
 * files (batch_test.c, Benchmarks/db/record_valid_bench.c).
 */
#ifndef VOUCH_TEST_READ_FILE_H
#define VOUCH_TEST_READ_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* The bytes of the file at `path`, NUL-terminated, released with free(), and their number in
 * *length; NULL when the file cannot be opened or read whole. */
static inline char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    char *text = NULL;
    long size = -1;
    if (fseek(file, 0, SEEK_END) == 0 && (size = ftell(file)) >= 0 && fseek(file, 0, SEEK_SET) == 0) {
        text = malloc((size_t)size + 1);
    }
    if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
        free(text);
        text = NULL;
    }
    fclose(file);
    if (!text) return NULL;
    text[size] = '\0';
    *length = (size_t)size;
    return text;
}

#endif
