#ifndef VOUCH_CPCRE2_SHIM_H
#define VOUCH_CPCRE2_SHIM_H
// Vouch uses the 8-bit (UTF-8) library; its functions are named pcre2_*_8.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
