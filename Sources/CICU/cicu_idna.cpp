// UTS #46 domain name to ASCII.
#include "cicu_internal.h"
#include <unicode/uidna.h>

using cicu__::Status;

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

const uint32_t cicu_idna_error_empty_label = UIDNA_ERROR_EMPTY_LABEL;
const uint32_t cicu_idna_error_label_too_long = UIDNA_ERROR_LABEL_TOO_LONG;
const uint32_t cicu_idna_error_domain_name_too_long = UIDNA_ERROR_DOMAIN_NAME_TOO_LONG;
const uint32_t cicu_idna_error_leading_hyphen = UIDNA_ERROR_LEADING_HYPHEN;
const uint32_t cicu_idna_error_trailing_hyphen = UIDNA_ERROR_TRAILING_HYPHEN;
const uint32_t cicu_idna_error_hyphen_3_4 = UIDNA_ERROR_HYPHEN_3_4;
const uint32_t cicu_idna_error_leading_combining_mark = UIDNA_ERROR_LEADING_COMBINING_MARK;
const uint32_t cicu_idna_error_disallowed = UIDNA_ERROR_DISALLOWED;
const uint32_t cicu_idna_error_punycode = UIDNA_ERROR_PUNYCODE;
const uint32_t cicu_idna_error_label_has_dot = UIDNA_ERROR_LABEL_HAS_DOT;
const uint32_t cicu_idna_error_invalid_ace_label = UIDNA_ERROR_INVALID_ACE_LABEL;
const uint32_t cicu_idna_error_bidi = UIDNA_ERROR_BIDI;
const uint32_t cicu_idna_error_contextj = UIDNA_ERROR_CONTEXTJ;
