/*
 * form_cache.h — the part the PostgreSQL and SQLite extensions share: one registry, and the forms
 * compiled from it, each compiled once and kept by the hash of its spec.
 *
 * A cache belongs to one PostgreSQL backend, or to one SQLite connection, and is used by one thread
 * at a time. It talks to libvouch through include/vouch.h only. Nothing here raises: every call
 * returns a vouch_status and fills a form_error the caller turns into its database's error.
 */
#ifndef VOUCH_FORM_CACHE_H
#define VOUCH_FORM_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "vouch.h"

/* A failure, in parts: what, where inside the spec (a JSON path, "" when none) and Vouch's code. */
typedef struct form_error {
    vouch_status status;
    char code[64];
    char message[1024];
    char path[256];
} form_error;

typedef struct form_cache form_cache;

/* Opens a registry with the built-in kinds and the locale packs of VOUCH_PACK_PATH.
 * OUT: *cache, released with form_cache_free. */
vouch_status form_cache_open(form_cache **cache, form_error *error);

/* Releases the cache and every form in it. NULL is a harmless no-op. */
void form_cache_free(form_cache *cache);

/* Forms are freed when the cache grows past its limit; a pointer kept from before (a statement's
 * memo) is good while the generation it was found in is still the cache's. */
uint64_t form_cache_generation(const form_cache *cache);

/* The one-field form ("value") that checks a value by kind (`phone`) or, when `rules` is nonzero
 * and no kind has the name, by rule (`email`, `card.luhn`: a plugin's rule loads its plugin), in
 * `locale`. OUT: *form, owned by the cache. */
vouch_status form_cache_kind(form_cache *cache, const char *name, size_t name_length, const char *locale,
                             size_t locale_length, int rules, vouch_form **form, form_error *error);

/* The form built from a spec (JSON text). OUT: *form, owned by the cache. */
vouch_status form_cache_spec(form_cache *cache, const char *spec, size_t length, vouch_form **form, form_error *error);

/* A formatter by name: VOUCH_OK when the registry has one (loading its plugin if the name is
 * `plugin.name`), VOUCH_ERROR_UNKNOWN_NAME otherwise. */
vouch_status form_cache_formatter(form_cache *cache, const char *name, size_t name_length, form_error *error);

/* The registry, for calls the cache does not wrap (vouch_format_value with a formatter). */
vouch_registry *form_cache_registry(form_cache *cache);

/* Fills *error from the registry's last failure. */
void form_cache_error(form_cache *cache, vouch_status status, form_error *error);

#endif
