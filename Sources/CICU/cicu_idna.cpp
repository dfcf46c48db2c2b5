// UTS #46 domain name to ASCII.
#include "cicu_internal.h"
#include <unicode/uidna.h>

using cicu__::Status;

static_assert(CICU_IDNA_EMPTY_LABEL == UIDNA_ERROR_EMPTY_LABEL, "ICU's UIDNA_ERROR_EMPTY_LABEL");
static_assert(CICU_IDNA_LEADING_HYPHEN == UIDNA_ERROR_LEADING_HYPHEN, "ICU's UIDNA_ERROR_LEADING_HYPHEN");
static_assert(CICU_IDNA_TRAILING_HYPHEN == UIDNA_ERROR_TRAILING_HYPHEN, "ICU's UIDNA_ERROR_TRAILING_HYPHEN");
static_assert(CICU_IDNA_DISALLOWED == UIDNA_ERROR_DISALLOWED, "ICU's UIDNA_ERROR_DISALLOWED");

namespace {
// A UTS #46 UIDNA is immutable after opening and its functions are thread-safe, so one is shared.
const UIDNA *sharedIDNA(UErrorCode &code) {
    static UErrorCode openCode = U_ZERO_ERROR;
    static const UIDNA *idna = uidna_openUTS46(
        UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
            UIDNA_USE_STD3_RULES,
        &openCode);
    if (U_FAILURE(openCode)) code = openCode;
    return idna;
}
} // namespace

extern "C" int32_t cicu_idna_name_to_ascii(const char *name, int32_t length, char *dst,
                                           int32_t capacity, uint32_t *errors, int32_t *status) {
    Status st(status);
    if (errors) *errors = 0;
    if (st.failed()) return 0;
    const UIDNA *idna = sharedIDNA(st.code);
    if (st.failed()) return 0;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t needed = uidna_nameToASCII_UTF8(idna, name, length, dst, capacity, &info, &st.code);
    if (errors) *errors = info.errors;
    return needed;
}
