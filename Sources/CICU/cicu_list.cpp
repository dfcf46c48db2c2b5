// List formatting over UListFormatter.
#include "cicu_internal.h"
#include <unicode/ulistformatter.h>
#include <vector>

using cicu__::Status;

struct cicu_listfmt { icu::LocalUListFormatterPointer format; };

namespace {
const std::pair<int32_t, UListFormatterType> kTypes[] = {
    {CICU_LIST_AND, ULISTFMT_TYPE_AND}, {CICU_LIST_OR, ULISTFMT_TYPE_OR}, {CICU_LIST_UNITS, ULISTFMT_TYPE_UNITS}};
} // namespace

extern "C" cicu_listfmt *cicu_listfmt_open(const char *locale, int32_t type, int32_t *status) {
    Status st(status);
    UListFormatterType icuType;
    if (!cicu__::icuValue(kTypes, type, icuType, st.code)) return nullptr;
    icu::LocalUListFormatterPointer format(
        ulistfmt_openForType(locale, icuType, ULISTFMT_WIDTH_WIDE, &st.code));
    if (st.failed()) return nullptr;
    return new cicu_listfmt{std::move(format)};
}

extern "C" void cicu_listfmt_close(cicu_listfmt *fmt) { delete fmt; }

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
            return ulistfmt_format(fmt->format.getAlias(), pointers.data(), sizes.data(), count, buffer, cap,
                                   &code);
        },
        st.code);
    return cicu__::toUTF8(result, dst, capacity, st.code);
}
