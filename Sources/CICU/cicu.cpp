#include "cicu.h"
#include <unicode/uversion.h>
extern "C" int32_t cicu_version_major(void) { UVersionInfo v; u_getVersion(v); return v[0]; }
