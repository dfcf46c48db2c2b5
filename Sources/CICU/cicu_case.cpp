// Case mapping over UCaseMap, UTF-8 in and out.
#include "cicu_internal.h"
#include <unicode/ubrk.h>
#include <unicode/ucasemap.h>

using cicu__::Status;

struct cicu_casemap { icu::LocalUCaseMapPointer map; };

extern "C" cicu_casemap *cicu_casemap_open(const char *locale, int32_t breaks, uint32_t options,
                                           int32_t *status) {
    Status st(status);
    if (st.failed()) return nullptr;
    uint32_t icuOptions = (options & CICU_TITLE_NO_LOWERCASE) ? U_TITLECASE_NO_LOWERCASE : 0;
    icu::LocalUCaseMapPointer map(ucasemap_open(locale, icuOptions, &st.code));
    if (st.failed()) return nullptr;
    UBreakIteratorType type = breaks == CICU_TITLE_SENTENCES ? UBRK_SENTENCE : UBRK_WORD;
    icu::LocalUBreakIteratorPointer iter(ubrk_open(type, locale, nullptr, 0, &st.code));
    if (st.failed()) return nullptr;
    ucasemap_setBreakIterator(map.getAlias(), iter.getAlias(), &st.code);
    if (st.failed()) return nullptr;
    iter.orphan();  // the map has adopted the iterator
    return new cicu_casemap{std::move(map)};
}

extern "C" void cicu_casemap_close(cicu_casemap *map) { delete map; }

extern "C" int32_t cicu_casemap_map(cicu_casemap *map, int32_t mapping, const char *src,
                                    int32_t length, char *dst, int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    switch (mapping) {
    case CICU_CASE_UPPER:
        return ucasemap_utf8ToUpper(map->map.getAlias(), dst, capacity, src, length, &st.code);
    case CICU_CASE_LOWER:
        return ucasemap_utf8ToLower(map->map.getAlias(), dst, capacity, src, length, &st.code);
    case CICU_CASE_TITLE:
        return ucasemap_utf8ToTitle(map->map.getAlias(), dst, capacity, src, length, &st.code);
    default:
        st.code = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
}
