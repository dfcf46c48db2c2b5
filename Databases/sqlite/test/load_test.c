/*
 * The SQLite extension as a program loads it: sqlite3_load_extension on two connections at once,
 * each with its own registry, answering the same; closing each releases what it opened (run under
 * valgrind by scripts/db-test).
 *
 *   load_test PATH_OF_vouch.so
 */
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include "../../../Tests/c/check.h"

/* The first column of the first row of `sql`, as text, into `out` ("NULL" for NULL, "ERROR: ..."). */
static void query(sqlite3 *db, const char *sql, char *out, size_t size) {
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) {
        snprintf(out, size, "ERROR: %s", sqlite3_errmsg(db));
        return;
    }
    int status = sqlite3_step(statement);
    if (status == SQLITE_ROW) {
        const unsigned char *text = sqlite3_column_text(statement, 0);
        snprintf(out, size, "%s", text ? (const char *)text : "NULL");
    } else {
        snprintf(out, size, "ERROR: %s", sqlite3_errmsg(db));
    }
    sqlite3_finalize(statement);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: load_test PATH_OF_vouch.so\n");
        return 2;
    }
    sqlite3 *connections[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        char *error = NULL;
        CHECK(sqlite3_open(":memory:", &connections[i]) == SQLITE_OK);
        CHECK(sqlite3_enable_load_extension(connections[i], 1) == SQLITE_OK);
        int loaded = sqlite3_load_extension(connections[i], argv[1], NULL, &error);
        CHECK(loaded == SQLITE_OK);
        if (loaded != SQLITE_OK) fprintf(stderr, "load: %s\n", error ? error : "?");
        sqlite3_free(error);
    }
    char out[512];
    for (int i = 0; i < 2; i++) {
        sqlite3 *db = connections[i];
        query(db, "SELECT vouch_format('phone', '(201) 555-0123')", out, sizeof out);
        CHECK(strcmp(out, "+12015550123") == 0);
        query(db, "SELECT vouch_valid('zip', '01310-100', 'pt-BR')", out, sizeof out);
        CHECK(strcmp(out, "1") == 0);
        query(db, "SELECT vouch_valid('card.luhn', '4111 1111 1111 1112')", out, sizeof out);
        CHECK(strcmp(out, "0") == 0);
        query(db, "SELECT json_extract(vouch_check('{\"vouch\": 1, \"fields\": [{\"name\": \"n\", \"kind\": \"number\"}]}', "
                  "'{\"n\": \"x\"}'), '$.errors[0].code')",
              out, sizeof out);
        CHECK(strcmp(out, "integer") == 0);
        query(db, "SELECT vouch_valid('phon', '1')", out, sizeof out);
        CHECK(strcmp(out, "ERROR: vouch_valid: no kind or rule is named \"phon\"") == 0);
        query(db, "SELECT vouch_errors('phone', NULL)", out, sizeof out);
        CHECK(strcmp(out, "NULL") == 0);
    }
    /* Closing a connection releases its registry and forms; the other goes on. */
    CHECK(sqlite3_close(connections[0]) == SQLITE_OK);
    query(connections[1], "SELECT vouch_format('phone', '+1 415 555 0199', 'en-US', 0)", out, sizeof out);
    CHECK(strcmp(out, "(415) 555-0199") == 0);
    CHECK(sqlite3_close(connections[1]) == SQLITE_OK);
    return finish_checks();
}
