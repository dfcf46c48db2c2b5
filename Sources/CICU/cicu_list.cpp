// List formatting over UListFormatter.
#include "cicu_internal.h"
#include <unicode/ulistformatter.h>
#include <vector>

using cicu__::Status;

struct cicu_listfmt { UListFormatter *format; };

extern "C" cicu_listfmt *cicu_listfmt_open(const char *locale, int32_t type, int32_t *status) {
    Status st(status);
    if (st.failed()) return nullptr;
    UListFormatterType icuType;
    switch (type) {
    case CICU_LIST_AND: icuType = ULISTFMT_TYPE_AND; break;
    case CICU_LIST_OR: icuType = ULISTFMT_TYPE_OR; break;
    case CICU_LIST_UNITS: icuType = ULISTFMT_TYPE_UNITS; break;
    default: st.code = U_ILLEGAL_ARGUMENT_ERROR; return nullptr;
    }
    UListFormatter *format = ulistfmt_openForType(locale, icuType, ULISTFMT_WIDTH_WIDE, &st.code);
    if (st.failed()) return nullptr;
    return new cicu_listfmt{format};
}

extern "C" void cicu_listfmt_close(cicu_listfmt *fmt) {
    if (fmt == nullptr) return;
    ulistfmt_close(fmt->format);
    delete fmt;
}

extern "C" int32_t cicu_listfmt_format(cicu_listfmt *fmt, const char *const *items,
                                       const int32_t *lengths, int32_t count, char *dst,
                                       int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    if (count < 0) { st.code = U_ILLEGAL_ARGUMENT_ERROR; return 0; }
    std::vector<icu::UnicodeString> strings((size_t)count);
    std::vector<const UChar *> pointers((size_t)count);
    std::vector<int32_t> sizes((size_t)count);
    for (int32_t i = 0; i < count; i++) {
        strings[(size_t)i] = cicu__::fromUTF8(items[i], lengths ? lengths[i] : -1);
        pointers[(size_t)i] = strings[(size_t)i].getBuffer();
        sizes[(size_t)i] = strings[(size_t)i].length();
    }
    icu::UnicodeString result = cicu__::collectUChars(
        [&](UChar *buffer, int32_t cap, UErrorCode &code) {
            return ulistfmt_format(fmt->format, pointers.data(), sizes.data(), count, buffer, cap,
                                   &code);
        },
        st.code);
    return cicu__::toUTF8(result, dst, capacity, st.code);
}
