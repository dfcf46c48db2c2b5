/*
 * The checks of the C API tests (api_test.c, batch_test.c): CHECK counts each condition as passed
 * or failed, and says where one failed; finish_checks prints "N passed, M failed" and gives the
 * exit status.
 */
#ifndef VOUCH_TEST_CHECK_H
#define VOUCH_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static int passed, failed;

#define CHECK(condition)                                                       \
    do {                                                                       \
        if (condition) passed++;                                               \
        else { failed++; fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #condition); } \
    } while (0)

/* A string literal and its length, for the calls that take both. */
#define STR(s) (s), strlen(s)

static inline int contains(const char *text, const char *part) { return text && strstr(text, part) != NULL; }

static inline int finish_checks(void) {
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

#endif
