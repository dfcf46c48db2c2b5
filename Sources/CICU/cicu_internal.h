// Shared plumbing for the cicu_*.cpp files: status passing and UTF-8 <-> UTF-16 conversion.
#ifndef CICU_INTERNAL_H
#define CICU_INTERNAL_H
#include "cicu.h"
#include <unicode/unistr.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>
#include <cstring>
#include <utility>

namespace cicu__ {

// Reads the caller's status on entry and writes ICU's back on exit.
struct Status {
    int32_t *out;
    UErrorCode code;
    explicit Status(int32_t *o) : out(o), code(o ? (UErrorCode)*o : U_ZERO_ERROR) {}
    ~Status() { if (out) *out = (int32_t)code; }
    bool failed() const { return U_FAILURE(code); }
    Status(const Status &) = delete;
    Status &operator=(const Status &) = delete;
};

inline icu::UnicodeString fromUTF8(const char *s, int32_t length) {
    if (s == nullptr) return icu::UnicodeString();
    if (length < 0) length = (int32_t)std::strlen(s);
    return icu::UnicodeString::fromUTF8(icu::StringPiece(s, length));
}

// Writes `s` as UTF-8 with ICU's preflighting convention; returns the needed length.
inline int32_t toUTF8(const icu::UnicodeString &s, char *dst, int32_t capacity, UErrorCode &code) {
    if (U_FAILURE(code)) return 0;
    int32_t needed = 0;
    u_strToUTF8WithSub(dst, capacity, &needed, s.getBuffer(), s.length(), 0xFFFD, nullptr, &code);
    return needed;
}

// Copies ASCII/UTF-8 bytes with the preflighting convention.
inline int32_t copyBytes(const char *src, int32_t length, char *dst, int32_t capacity, UErrorCode &code) {
    if (U_FAILURE(code)) return 0;
    if (length > capacity) { code = U_BUFFER_OVERFLOW_ERROR; return length; }
    if (length > 0) std::memcpy(dst, src, (size_t)length);
    if (length < capacity) dst[length] = 0;
    else code = U_STRING_NOT_TERMINATED_WARNING;
    return length;
}

// One of the cicu constants in a table of `{cicu, icu}` pairs to its ICU value in `out`; an unknown
// constant sets U_ILLEGAL_ARGUMENT_ERROR and returns false. Like ICU's functions, it does nothing
// and returns false when `code` is a failure already.
template <class ICUValue, size_t Count>
bool icuValue(const std::pair<int32_t, ICUValue> (&table)[Count], int32_t value, ICUValue &out,
              UErrorCode &code) {
    if (U_FAILURE(code)) return false;
    for (const auto &entry : table) {
        if (entry.first == value) { out = entry.second; return true; }
    }
    code = U_ILLEGAL_ARGUMENT_ERROR;
    return false;
}

// Calls an ICU function that fills a UChar buffer with the preflighting convention,
// `fill(buffer, capacity, code)`, and returns the whole result.
template <class Fill>
icu::UnicodeString collectUChars(Fill fill, UErrorCode &code) {
    icu::UnicodeString result;
    if (U_FAILURE(code)) return result;
    UChar stackBuffer[256];
    int32_t needed = fill(stackBuffer, 256, code);
    if (code == U_BUFFER_OVERFLOW_ERROR) {
        code = U_ZERO_ERROR;
        UChar *buffer = result.getBuffer(needed + 1);
        if (buffer == nullptr) { code = U_MEMORY_ALLOCATION_ERROR; return result; }
        needed = fill(buffer, needed + 1, code);
        result.releaseBuffer(U_SUCCESS(code) ? needed : 0);
    } else if (U_SUCCESS(code)) {
        if (code == U_STRING_NOT_TERMINATED_WARNING) code = U_ZERO_ERROR;
        result.setTo(stackBuffer, needed);
    }
    return result;
}

} // namespace cicu__
#endif
