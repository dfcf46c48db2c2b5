// Primary-strength comparison, for matching what a user typed to a choice's options.
#include "cicu_internal.h"
#include <unicode/ucol.h>
#include <unicode/unistr.h>

using cicu__::Status;

struct cicu_collator { icu::LocalUCollatorPointer collator; };

extern "C" cicu_collator *cicu_collator_open(const char *locale, int32_t *status) {
    Status st(status);
    if (st.failed()) return nullptr;
    icu::LocalUCollatorPointer collator(ucol_open(locale, &st.code));
    if (st.failed()) return nullptr;
    ucol_setStrength(collator.getAlias(), UCOL_PRIMARY);
    return new cicu_collator{std::move(collator)};
}

extern "C" void cicu_collator_close(cicu_collator *collator) { delete collator; }

extern "C" int32_t cicu_collator_equal(cicu_collator *collator, const char *a, int32_t a_length,
                                       const char *b, int32_t b_length, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    UCollationResult result =
        ucol_strcollUTF8(collator->collator.getAlias(), a, a_length, b, b_length, &st.code);
    return !st.failed() && result == UCOL_EQUAL ? 1 : 0;
}

extern "C" cicu_collator *cicu_collator_open_loose(const char *locale, int32_t *status) {
    cicu_collator *collator = cicu_collator_open(locale, status);
    if (collator == nullptr) return nullptr;
    Status st(status);
    ucol_setAttribute(collator->collator.getAlias(), UCOL_ALTERNATE_HANDLING, UCOL_SHIFTED, &st.code);
    if (st.failed()) {
        delete collator;
        return nullptr;
    }
    return collator;
}

extern "C" int32_t cicu_collator_key(cicu_collator *collator, const char *text, int32_t length, uint8_t *dst,
                                     int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    icu::UnicodeString string = icu::UnicodeString::fromUTF8(icu::StringPiece(text, length));
    return ucol_getSortKey(collator->collator.getAlias(), string.getBuffer(), string.length(), dst, capacity);
}
