#include "form_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_text.h"

/* At most this many forms are kept; one more and all are dropped (a new generation begins). A
 * table's CHECK constraints and a query's calls use a handful. */
enum { CACHE_SLOTS = 256, CACHE_LIMIT = 128 };

typedef struct cache_entry {
    uint64_t hash;
    char *key; /* NULL: an empty slot */
    size_t key_length;
    vouch_form *form;
} cache_entry;

struct form_cache {
    vouch_registry *registry;
    cache_entry slots[CACHE_SLOTS];
    size_t count;
    uint64_t generation;
};

/* FNV-1a, 64 bits. */
static uint64_t hash_bytes(const char *bytes, size_t length) {
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)bytes[i]) * 0x100000001b3ULL;
    return hash;
}

static void set_error(form_error *error, vouch_status status, const char *code, const char *message, const char *path) {
    error->status = status;
    snprintf(error->code, sizeof error->code, "%s", code);
    snprintf(error->message, sizeof error->message, "%s", message);
    snprintf(error->path, sizeof error->path, "%s", path);
}

void form_cache_error(form_cache *cache, vouch_status status, form_error *error) {
    vouch_error_detail detail = {.size = sizeof detail};
    if (vouch_registry_error_detail(cache->registry, &detail) == VOUCH_OK && detail.status != VOUCH_OK) {
        set_error(error, status, detail.code, detail.message, detail.path);
    } else {
        set_error(error, status, "", vouch_registry_last_error(cache->registry), "");
    }
}

vouch_status form_cache_open(form_cache **cache, form_error *error) {
    form_cache *opened = calloc(1, sizeof *opened);
    if (!opened) {
        set_error(error, VOUCH_ERROR_ARGUMENT, "memory", "out of memory", "");
        return VOUCH_ERROR_ARGUMENT;
    }
    vouch_status status = vouch_registry_open(&opened->registry);
    if (status != VOUCH_OK) {
        set_error(error, status, "", vouch_status_message(status), "");
        free(opened);
        return status;
    }
    /* The packs `vouch` loads: each directory of VOUCH_PACK_PATH. */
    const char *paths = getenv("VOUCH_PACK_PATH");
    while (paths && *paths) {
        size_t length = strcspn(paths, ":");
        if (length > 0 && (status = vouch_registry_load_packs(opened->registry, paths, length)) != VOUCH_OK) {
            form_cache_error(opened, status, error);
            form_cache_free(opened);
            return status;
        }
        paths += length + (paths[length] == ':');
    }
    *cache = opened;
    return VOUCH_OK;
}

static void drop_forms(form_cache *cache) {
    for (size_t i = 0; i < CACHE_SLOTS; i++) {
        vouch_form_free(cache->slots[i].form);
        free(cache->slots[i].key);
        memset(&cache->slots[i], 0, sizeof cache->slots[i]);
    }
    cache->count = 0;
    cache->generation++;
}

void form_cache_free(form_cache *cache) {
    if (!cache) return;
    drop_forms(cache);
    vouch_registry_free(cache->registry);
    free(cache);
}

uint64_t form_cache_generation(const form_cache *cache) { return cache->generation; }

vouch_registry *form_cache_registry(form_cache *cache) { return cache->registry; }

static cache_entry *find_slot(form_cache *cache, uint64_t hash, const char *key, size_t key_length) {
    size_t i = (size_t)hash % CACHE_SLOTS;
    while (cache->slots[i].key) {
        cache_entry *entry = &cache->slots[i];
        if (entry->hash == hash && entry->key_length == key_length && memcmp(entry->key, key, key_length) == 0) return entry;
        i = (i + 1) % CACHE_SLOTS;
    }
    return &cache->slots[i];
}

/* The name a failure says no rule or formatter has, when it is a plugin's (`card.luhn`): the
 * plugin's name (`card`), into `plugin`. */
static int plugin_of_unknown_name(const form_error *error, char *plugin, size_t size) {
    if (error->status != VOUCH_ERROR_UNKNOWN_NAME) return 0;
    const char *named = strstr(error->message, "named \"");
    if (!named) return 0;
    named += strlen("named \"");
    size_t length = strcspn(named, "\".");
    if (named[length] != '.' || length == 0 || length >= size) return 0;
    memcpy(plugin, named, length);
    plugin[length] = '\0';
    return 1;
}

/* Tries to load the plugin a failure names; on success the caller tries again. A plugin that
 * cannot be loaded adds why to the failure. */
static int load_plugin_for(form_cache *cache, form_error *error) {
    char plugin[64];
    if (!plugin_of_unknown_name(error, plugin, sizeof plugin)) return 0;
    /* A plugin already loaded has no such name: nothing to load. */
    char *loaded = NULL;
    size_t loaded_length = 0;
    if (vouch_registry_list(cache->registry, VOUCH_LIST_PLUGINS, &loaded, &loaded_length) == VOUCH_OK) {
        char quoted[70];
        snprintf(quoted, sizeof quoted, "\"%s\"", plugin);
        int found = strstr(loaded, quoted) != NULL;
        vouch_free(loaded);
        if (found) return 0;
    }
    vouch_status status = vouch_registry_load_plugin(cache->registry, plugin, strlen(plugin));
    if (status == VOUCH_OK) return 1;
    form_error why;
    form_cache_error(cache, status, &why);
    size_t used = strlen(error->message);
    snprintf(error->message + used, sizeof error->message - used, " (%s)", why.message);
    return 0;
}

/* Opens a form, loading the plugins its unknown names belong to. */
static vouch_status open_form(form_cache *cache, const char *spec, size_t length, int load_plugins, vouch_form **form,
                              form_error *error) {
    for (int attempt = 0; attempt < 8; attempt++) {
        vouch_status status = vouch_form_open(cache->registry, spec, length, form);
        if (status == VOUCH_OK) return VOUCH_OK;
        form_cache_error(cache, status, error);
        if (!load_plugins || !load_plugin_for(cache, error)) return status;
    }
    return error->status;
}

/* What a key names: a spec, a kind, or a kind or else a rule. */
enum key_kind { KEY_SPEC = 0, KEY_KIND = 1, KEY_KIND_OR_RULE = 2 };

static vouch_status cached(form_cache *cache, const char *key, size_t key_length, const char *spec, size_t spec_length,
                           enum key_kind what, vouch_form **form, form_error *error);

vouch_status form_cache_spec(form_cache *cache, const char *spec, size_t length, vouch_form **form, form_error *error) {
    return cached(cache, spec, length, spec, length, KEY_SPEC, form, error);
}

/* A kind (`{"kind": name}`) or, when no kind has the name, a rule (`{"rules": [{"rule": name}]}`). */
static vouch_status open_kind_or_rule(form_cache *cache, const char *name, size_t name_length, const char *locale,
                                      size_t locale_length, int rules, vouch_form **form, form_error *error) {
    vouch_status status = VOUCH_OK;
    for (int as_rule = 0; as_rule < 1 + (rules != 0); as_rule++) {
        json_buffer spec = {0};
        const char *fields = as_rule ? ",\"fields\":[{\"name\":\"value\",\"rules\":[{\"rule\":"
                                     : ",\"fields\":[{\"name\":\"value\",\"kind\":";
        const char *close = as_rule ? "}]}]}" : "}]}";
        json_buffer_append(&spec, "{\"vouch\":1,\"locale\":", strlen("{\"vouch\":1,\"locale\":"));
        json_buffer_append_string(&spec, locale, locale_length);
        json_buffer_append(&spec, fields, strlen(fields));
        json_buffer_append_string(&spec, name, name_length);
        json_buffer_append(&spec, close, strlen(close));
        if (spec.failed) {
            json_buffer_free(&spec);
            set_error(error, VOUCH_ERROR_ARGUMENT, "memory", "out of memory", "");
            return VOUCH_ERROR_ARGUMENT;
        }
        /* Plugins add rules, not kinds. */
        status = open_form(cache, spec.data, spec.length, as_rule, form, error);
        json_buffer_free(&spec);
        if (status != VOUCH_ERROR_UNKNOWN_NAME) break;
    }
    if (status == VOUCH_ERROR_UNKNOWN_NAME) {
        /* The path is inside a spec the caller never wrote: say what was asked for. */
        char why[sizeof error->message];
        const char *plugin = strstr(error->message, " (no plugin");
        snprintf(why, sizeof why, rules ? "no kind or rule is named \"%.*s\"%s" : "no kind is named \"%.*s\"%s", (int)(name_length > 200 ? 200 : name_length), name,
                 plugin ? plugin : "");
        snprintf(error->message, sizeof error->message, "%s", why);
        error->path[0] = '\0';
    } else if (status != VOUCH_OK) {
        /* Nor is the field: the caller named no field. */
        static const char field[] = "field \"value\", ";
        if (strncmp(error->message, field, strlen(field)) == 0) {
            memmove(error->message, error->message + strlen(field), strlen(error->message) - strlen(field) + 1);
        }
        error->path[0] = '\0';
    }
    return status;
}

static vouch_status cached(form_cache *cache, const char *key, size_t key_length, const char *spec, size_t spec_length,
                           enum key_kind what, vouch_form **form, form_error *error) {
    uint64_t hash = hash_bytes(key, key_length) ^ (uint64_t)what;
    cache_entry *entry = find_slot(cache, hash, key, key_length);
    if (entry->key) {
        *form = entry->form;
        return VOUCH_OK;
    }
    vouch_form *opened = NULL;
    vouch_status status;
    if (what != KEY_SPEC) {
        size_t name_length = strlen(key);
        status = open_kind_or_rule(cache, key, name_length, key + name_length + 1, key_length - name_length - 1,
                                   what == KEY_KIND_OR_RULE, &opened, error);
    } else {
        status = open_form(cache, spec, spec_length, 1, &opened, error);
    }
    if (status != VOUCH_OK) return status;
    if (cache->count >= CACHE_LIMIT) {
        drop_forms(cache);
        entry = find_slot(cache, hash, key, key_length);
    }
    char *copy = malloc(key_length ? key_length : 1);
    if (!copy) {
        vouch_form_free(opened);
        set_error(error, VOUCH_ERROR_ARGUMENT, "memory", "out of memory", "");
        return VOUCH_ERROR_ARGUMENT;
    }
    memcpy(copy, key, key_length);
    *entry = (cache_entry){.hash = hash, .key = copy, .key_length = key_length, .form = opened};
    cache->count++;
    *form = opened;
    return VOUCH_OK;
}

vouch_status form_cache_kind(form_cache *cache, const char *name, size_t name_length, const char *locale,
                             size_t locale_length, int rules, vouch_form **form, form_error *error) {
    /* The key: the name, a NUL (no name has one: the spec would refuse it), the locale. */
    char small[256];
    size_t key_length = name_length + 1 + locale_length;
    if (memchr(name, '\0', name_length)) {
        set_error(error, VOUCH_ERROR_UNKNOWN_NAME, "unknown_name", "no kind or rule has a NUL character in its name", "");
        return VOUCH_ERROR_UNKNOWN_NAME;
    }
    char *key = key_length <= sizeof small ? small : malloc(key_length);
    if (!key) {
        set_error(error, VOUCH_ERROR_ARGUMENT, "memory", "out of memory", "");
        return VOUCH_ERROR_ARGUMENT;
    }
    memcpy(key, name, name_length);
    key[name_length] = '\0';
    memcpy(key + name_length + 1, locale, locale_length);
    vouch_status status = cached(cache, key, key_length, NULL, 0, rules ? KEY_KIND_OR_RULE : KEY_KIND, form, error);
    if (key != small) free(key);
    return status;
}

vouch_status form_cache_formatter(form_cache *cache, const char *name, size_t name_length, form_error *error) {
    for (int attempt = 0; attempt < 2; attempt++) {
        char *list = NULL;
        size_t length = 0;
        vouch_status status = vouch_registry_list(cache->registry, VOUCH_LIST_FORMATTERS, &list, &length);
        if (status != VOUCH_OK) {
            form_cache_error(cache, status, error);
            return status;
        }
        json_buffer quoted = {0};
        json_buffer_append_string(&quoted, name, name_length);
        int found = !quoted.failed && strstr(list, quoted.data) != NULL;
        json_buffer_free(&quoted);
        vouch_free(list);
        if (found) return VOUCH_OK;
        char message[300];
        snprintf(message, sizeof message, "no kind or formatter is named \"%.*s\"", (int)(name_length > 200 ? 200 : name_length), name);
        set_error(error, VOUCH_ERROR_UNKNOWN_NAME, "unknown_name", message, "");
        if (attempt == 0 && !load_plugin_for(cache, error)) break;
    }
    return VOUCH_ERROR_UNKNOWN_NAME;
}
