// SPDX-License-Identifier: Apache-2.0
// Byte scans with the vector instructions every x86-64 processor has (SSE2), inlined where
// Swift calls them; elsewhere the caller's own word-at-a-time scan runs.
#ifndef VOUCH_BYTE_SCAN_H
#define VOUCH_BYTE_SCAN_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define VOUCH_BYTE_SCAN_VECTORS 1
#else
#define VOUCH_BYTE_SCAN_VECTORS 0
#endif

/// Whether the scans below run on vectors (when 0 they return `start` and do nothing).
static inline int vouch_byte_scan_has_vectors(void) { return VOUCH_BYTE_SCAN_VECTORS; }

/// The index of the first byte from `start` on that a JSON string cannot hold as it is (a quote,
/// a backslash or a control character below 0x20), looking sixteen bytes at a time while sixteen
/// are left before `count`; otherwise the index where fewer than sixteen are left, for the caller
/// to go on from.
static inline size_t vouch_first_json_special16(const uint8_t *bytes, size_t start, size_t count) {
#if VOUCH_BYTE_SCAN_VECTORS
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i lastControl = _mm_set1_epi8(0x1F);
    size_t index = start;
    while (index + 16 <= count) {
        __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
        // A byte below 0x20 is its own minimum with 0x1F.
        __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)),
                                       _mm_cmpeq_epi8(_mm_min_epu8(block, lastControl), block));
        unsigned mask = (unsigned)_mm_movemask_epi8(special);
        if (mask != 0) return index + (size_t)__builtin_ctz(mask);
        index += 16;
    }
    return index;
#else
    (void)bytes;
    (void)count;
    return start;
#endif
}

/// The index of the first byte from `start` on that is not ASCII (0x80 or above), looking 32
/// and then sixteen bytes at a time while sixteen are left before `count`; otherwise the index
/// where fewer than sixteen are left, for the caller to go on from.
static inline size_t vouch_first_non_ascii16(const uint8_t *bytes, size_t start, size_t count) {
#if VOUCH_BYTE_SCAN_VECTORS
    size_t index = start;
    while (index + 32 <= count) {
        __m128i first = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i second = _mm_loadu_si128((const __m128i *)(bytes + index + 16));
        if (_mm_movemask_epi8(_mm_or_si128(first, second)) != 0) break;
        index += 32;
    }
    while (index + 16 <= count) {
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(bytes + index)));
        if (mask != 0) return index + (size_t)__builtin_ctz(mask);
        index += 16;
    }
    return index;
#else
    (void)bytes;
    (void)count;
    return start;
#endif
}

#endif
