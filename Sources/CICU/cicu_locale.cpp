// Locale ids and BCP-47 tags.
#include "cicu_internal.h"
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>

using cicu__::Status;

extern "C" int32_t cicu_locale_from_tag(const char *tag, int32_t length, char *dst,
                                        int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    if (length < 0) length = (int32_t)std::strlen(tag);
    // uloc_forLanguageTag wants a NUL-terminated tag.
    char stackTag[128];
    char *terminated = length < (int32_t)sizeof stackTag ? stackTag : new char[(size_t)length + 1];
    std::memcpy(terminated, tag, (size_t)length);
    terminated[length] = 0;
    int32_t parsed = 0;
    int32_t needed = uloc_forLanguageTag(terminated, dst, capacity, &parsed, &st.code);
    if (terminated != stackTag) delete[] terminated;
    if (U_SUCCESS(st.code) && (parsed != length || length == 0)) st.code = U_PARSE_ERROR;
    return needed;
}

extern "C" int32_t cicu_locale_to_tag(const char *locale, char *dst, int32_t capacity,
                                      int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    char canonical[ULOC_FULLNAME_CAPACITY];
    uloc_canonicalize(locale, canonical, sizeof canonical, &st.code);
    if (st.failed()) return 0;
    return uloc_toLanguageTag(canonical, dst, capacity, true, &st.code);
}

extern "C" int32_t cicu_locale_parent(const char *locale, char *dst, int32_t capacity,
                                      int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    // ICU's own data says where a locale's resources continue: an alias (zh_TW is zh_Hant_TW),
    // then an explicit parent (es_MX's is es_419, zh_Hant's is root, nb's is no); only a locale
    // with neither, or with no data of its own (de_JP), falls back by truncation.
    UErrorCode code = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_openDirect(nullptr, locale, &code);
    if (U_SUCCESS(code)) {
        char next[ULOC_FULLNAME_CAPACITY] = "";
        const char *actual = ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &code);
        if (U_SUCCESS(code) && actual != nullptr && std::strcmp(actual, locale) != 0 && std::strcmp(actual, "root") != 0) {
            std::strncpy(next, actual, sizeof next - 1);
        } else {
            code = U_ZERO_ERROR;
            int32_t length = 0;
            const UChar *parent = ures_getStringByKey(bundle, "%%Parent", &length, &code);
            if (U_SUCCESS(code) && length < (int32_t)sizeof next) u_UCharsToChars(parent, next, length), next[length] = 0;
        }
        ures_close(bundle);
        if (next[0] != 0) {
            int32_t length = (int32_t)std::strlen(next);
            if (length < capacity) std::memcpy(dst, next, (size_t)length + 1);
            else st.code = U_BUFFER_OVERFLOW_ERROR;
            return length;
        }
    }
    return uloc_getParent(locale, dst, capacity, &st.code);
}

extern "C" int32_t cicu_locale_language(const char *locale, char *dst, int32_t capacity,
                                        int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    return uloc_getLanguage(locale, dst, capacity, &st.code);
}

extern "C" int32_t cicu_locale_is_available(const char *locale) {
    int32_t count = uloc_countAvailable();
    for (int32_t i = 0; i < count; i++) {
        const char *available = uloc_getAvailable(i);
        if (available != nullptr && std::strcmp(available, locale) == 0) return 1;
    }
    return 0;
}
