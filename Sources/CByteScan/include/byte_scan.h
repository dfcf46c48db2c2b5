// SPDX-License-Identifier: Apache-2.0
// Byte scans with the vector instructions every x86-64 processor has (SSE2), inlined where
// Swift calls them; elsewhere the JSON scan leaves the text to the caller's own word-at-a-time
// scan, and the UTF-8 check reads words itself.
#ifndef VOUCH_BYTE_SCAN_H
#define VOUCH_BYTE_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define VOUCH_BYTE_SCAN_VECTORS 1
#else
#define VOUCH_BYTE_SCAN_VECTORS 0
#endif

/// Whether the scans below run on vectors (when 0 the JSON scan returns `start` and does nothing).
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

/// The length of the well-formed sequence of two to four bytes that starts at `index` (a byte from
/// 0x80 on, before `count`): no overlong form, no encoded surrogate, nothing above U+10FFFF, as
/// `String(validating:as:)` reads UTF-8. 0 when there is none.
static inline size_t vouch_utf8_sequence_length(const uint8_t *bytes, size_t index, size_t count) {
    uint8_t lead = bytes[index];
    size_t left = count - index;
    // A continuation byte, 0x80...0xBF, is below -64 as a signed byte.
    if ((uint8_t)(lead - 0xC2) <= 0xDF - 0xC2) return left >= 2 && (int8_t)bytes[index + 1] < -64 ? 2 : 0;
    if ((uint8_t)(lead - 0xE0) <= 0xEF - 0xE0) {
        if (left < 3) return 0;
        uint8_t second = bytes[index + 1];
        uint8_t lowest = lead == 0xE0 ? 0xA0 : 0x80;
        uint8_t highest = lead == 0xED ? 0x9F : 0xBF;
        return second >= lowest && second <= highest && (int8_t)bytes[index + 2] < -64 ? 3 : 0;
    }
    if ((uint8_t)(lead - 0xF0) <= 0xF4 - 0xF0) {
        if (left < 4) return 0;
        uint8_t second = bytes[index + 1];
        uint8_t lowest = lead == 0xF0 ? 0x90 : 0x80;
        uint8_t highest = lead == 0xF4 ? 0x8F : 0xBF;
        return second >= lowest && second <= highest && (int8_t)bytes[index + 2] < -64 &&
                       (int8_t)bytes[index + 3] < -64
                   ? 4
                   : 0;
    }
    return 0;
}

/// Checks, in order, the sequences that start at the bytes `mask` gives of the `width` bytes from
/// `start` (bit i for the byte at `start + i`, one from 0x80 on), passing over the bytes each one
/// takes. The index to go on from, `start + width` or past a sequence that runs beyond it; 0 when a
/// sequence is not well-formed.
static inline size_t vouch_utf8_block_sequences(const uint8_t *bytes, size_t count, size_t start, size_t width,
                                                uint64_t mask) {
    size_t end = start + width;
    while (mask != 0) {
        size_t index = start + (size_t)__builtin_ctzll(mask);
        size_t length = vouch_utf8_sequence_length(bytes, index, count);
        if (length == 0) return 0;
        index += length;
        if (index >= end) return index;
        mask &= ~(uint64_t)0 << (index - start);
    }
    return end;
}

/// The high bit of each of the eight bytes of `word` (the first in the lowest, little-endian) as
/// bits 0 to 7.
static inline uint64_t vouch_high_bits_of_word(uint64_t word) {
    return ((word & 0x8080808080808080ull) >> 7) * 0x0102040810204080ull >> 56;
}

/// Whether the `count` bytes are well-formed UTF-8, as `String(validating:as:)` reads it. Runs of
/// ASCII pass 64 and then sixteen bytes at a time on vectors, eight at a time in words elsewhere
/// and in text under sixteen bytes; the last bytes in the vector or word that ends the text (its
/// bytes already read are passed over). The other bytes of a block are checked sequence by sequence.
static inline int vouch_utf8_is_valid(const uint8_t *bytes, size_t count) {
    size_t index = 0;
#if VOUCH_BYTE_SCAN_VECTORS
    if (count >= 16) {
        while (index + 64 <= count) {
            __m128i first = _mm_loadu_si128((const __m128i *)(bytes + index));
            __m128i second = _mm_loadu_si128((const __m128i *)(bytes + index + 16));
            __m128i third = _mm_loadu_si128((const __m128i *)(bytes + index + 32));
            __m128i fourth = _mm_loadu_si128((const __m128i *)(bytes + index + 48));
            if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(first, second), _mm_or_si128(third, fourth))) == 0) {
                index += 64;
                continue;
            }
            uint64_t mask = (uint64_t)(unsigned)_mm_movemask_epi8(first) |
                            (uint64_t)(unsigned)_mm_movemask_epi8(second) << 16 |
                            (uint64_t)(unsigned)_mm_movemask_epi8(third) << 32 |
                            (uint64_t)(unsigned)_mm_movemask_epi8(fourth) << 48;
            index = vouch_utf8_block_sequences(bytes, count, index, 64, mask);
            if (index == 0) return 0;
        }
        while (index + 16 <= count) {
            unsigned mask = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(bytes + index)));
            index = mask == 0 ? index + 16 : vouch_utf8_block_sequences(bytes, count, index, 16, mask);
            if (index == 0) return 0;
        }
        if (index >= count) return 1;
        size_t start = count - 16;
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(bytes + start))) &
                        (~0u << (index - start));
        return mask == 0 || vouch_utf8_block_sequences(bytes, count, start, 16, mask) != 0;
    }
#endif
    uint64_t word;
    while (index + 8 <= count) {
        memcpy(&word, bytes + index, 8);
        uint64_t mask = vouch_high_bits_of_word(word);
        index = mask == 0 ? index + 8 : vouch_utf8_block_sequences(bytes, count, index, 8, mask);
        if (index == 0) return 0;
    }
    if (index >= count) return 1;
    size_t start = count >= 8 ? count - 8 : 0;
    uint64_t mask = 0;
    if (count >= 8) {
        memcpy(&word, bytes + start, 8);
        mask = vouch_high_bits_of_word(word);
    } else {
        for (size_t place = 0; place < count; place++) mask |= (uint64_t)(bytes[place] >> 7) << place;
    }
    mask &= ~(uint64_t)0 << (index - start);
    return mask == 0 || vouch_utf8_block_sequences(bytes, count, start, 8, mask) != 0;
}


#if VOUCH_BYTE_SCAN_VECTORS
/// The bits of the bytes of `block` that fail plain text (bit i for byte i): a byte outside
/// 0x20...0x7E, or a space after a space. A space at either end is the caller's to check.
static inline unsigned vouch_plain_failures16(__m128i block) {
    const __m128i space = _mm_set1_epi8(' ');
    // As signed bytes, those from 0x80 on are below 0x20 too.
    __m128i outside = _mm_or_si128(_mm_cmplt_epi8(block, space), _mm_cmpeq_epi8(block, _mm_set1_epi8(0x7F)));
    unsigned spaces = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, space));
    return (unsigned)_mm_movemask_epi8(outside) | (spaces & spaces >> 1);
}
#endif

/// Whether the `count` bytes are plain text: printable ASCII (0x20...0x7E) with no space at either
/// end nor two spaces in a row. The empty text is plain. On vectors, sixteen bytes at a time, the
/// last block ending the text (overlapping the one before); a text under sixteen bytes is read as
/// its first and last halves side by side, whose pair where they meet is not one of the text.
static inline int vouch_is_plain_text(const uint8_t *bytes, size_t count) {
    if (count == 0) return 1;
    if (bytes[0] == ' ' || bytes[count - 1] == ' ') return 0;
#if VOUCH_BYTE_SCAN_VECTORS
    if (count >= 16) {
        size_t index = 0;
        for (;;) {
            __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
            // A space at the block's start after one at the end of the bytes before it.
            unsigned joined = index > 0 && bytes[index - 1] == ' ' && bytes[index] == ' ';
            if (vouch_plain_failures16(block) | joined) return 0;
            if (index + 16 == count) return 1;
            index = index + 32 <= count ? index + 16 : count - 16;
        }
    }
    if (count >= 8) {
        uint64_t first, last;
        memcpy(&first, bytes, 8);
        memcpy(&last, bytes + count - 8, 8);
        __m128i block = _mm_set_epi64x((long long)last, (long long)first);
        return (vouch_plain_failures16(block) & ~(1u << 7)) == 0;
    }
    if (count >= 4) {
        uint32_t first, last;
        memcpy(&first, bytes, 4);
        memcpy(&last, bytes + count - 4, 4);
        // The rest letters: neither outside nor spaces.
        __m128i block = _mm_set_epi32(0x61616161, 0x61616161, (int)last, (int)first);
        return (vouch_plain_failures16(block) & ~(1u << 3)) == 0;
    }
#endif
    for (size_t index = 0; index < count; index++) {
        uint8_t byte = bytes[index];
        if (byte < 0x20 || byte > 0x7E || (byte == ' ' && index + 1 < count && bytes[index + 1] == ' ')) return 0;
    }
    return 1;
}

#endif
