// Version and status names.
#include "cicu_internal.h"
#include <unicode/uversion.h>

extern "C" int32_t cicu_version_major(void) {
    UVersionInfo v;
    u_getVersion(v);
    return v[0];
}

extern "C" const char *cicu_error_name(int32_t status) {
    return u_errorName((UErrorCode)status);
}
