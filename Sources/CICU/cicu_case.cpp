// Case mapping over UCaseMap, UTF-8 in and out.
#include "cicu_internal.h"
#include <unicode/ubrk.h>
#include <unicode/ucasemap.h>

using cicu__::Status;

struct cicu_casemap { UCaseMap *map; };

extern "C" cicu_casemap *cicu_casemap_open(const char *locale, int32_t breaks, uint32_t options,
                                           int32_t *status) {
    Status st(status);
    if (st.failed()) return nullptr;
    uint32_t icuOptions = (options & CICU_TITLE_NO_LOWERCASE) ? U_TITLECASE_NO_LOWERCASE : 0;
    UCaseMap *map = ucasemap_open(locale, icuOptions, &st.code);
    if (st.failed()) return nullptr;
    UBreakIteratorType type = breaks == CICU_TITLE_SENTENCES ? UBRK_SENTENCE : UBRK_WORD;
    UBreakIterator *iter = ubrk_open(type, locale, nullptr, 0, &st.code);
    if (st.failed()) { ucasemap_close(map); return nullptr; }
    ucasemap_setBreakIterator(map, iter, &st.code);  // the map adopts the iterator
    if (st.failed()) { ubrk_close(iter); ucasemap_close(map); return nullptr; }
    return new cicu_casemap{map};
}

extern "C" void cicu_casemap_close(cicu_casemap *map) {
    if (map == nullptr) return;
    ucasemap_close(map->map);
    delete map;
}

extern "C" int32_t cicu_casemap_upper(cicu_casemap *map, const char *src, int32_t length,
                                      char *dst, int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    return ucasemap_utf8ToUpper(map->map, dst, capacity, src, length, &st.code);
}

extern "C" int32_t cicu_casemap_lower(cicu_casemap *map, const char *src, int32_t length,
                                      char *dst, int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    return ucasemap_utf8ToLower(map->map, dst, capacity, src, length, &st.code);
}

extern "C" int32_t cicu_casemap_title(cicu_casemap *map, const char *src, int32_t length,
                                      char *dst, int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    return ucasemap_utf8ToTitle(map->map, dst, capacity, src, length, &st.code);
}
