// Primary-strength comparison, for matching what a user typed to a choice's options.
#include "cicu_internal.h"
#include <unicode/ucol.h>

struct cicu_collator { UCollator *collator; };

extern "C" cicu_collator *cicu_collator_open(const char *locale, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale, &code);
    if (U_SUCCESS(code)) ucol_setStrength(collator, UCOL_PRIMARY);
    *status = code;
    if (U_FAILURE(code)) {
        if (collator) ucol_close(collator);
        return nullptr;
    }
    return new cicu_collator{collator};
}

extern "C" void cicu_collator_close(cicu_collator *collator) {
    if (!collator) return;
    ucol_close(collator->collator);
    delete collator;
}

extern "C" int32_t cicu_collator_equal(cicu_collator *collator, const char *a, int32_t a_length, const char *b, int32_t b_length,
                                       int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UCollationResult result = ucol_strcollUTF8(collator->collator, a, a_length, b, b_length, &code);
    *status = code;
    return U_SUCCESS(code) && result == UCOL_EQUAL ? 1 : 0;
}
