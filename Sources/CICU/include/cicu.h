#ifndef CICU_H
#define CICU_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
int32_t cicu_version_major(void);
#ifdef __cplusplus
}
#endif
#endif
