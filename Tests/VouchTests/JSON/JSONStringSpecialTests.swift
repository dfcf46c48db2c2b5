import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// The scan for the bytes a JSON string cannot hold as they are, eight at a time, against a
/// byte-by-byte scan: every start, every length, a special byte at every place.
@Suite("Finding the bytes a JSON string must escape")
struct JSONStringSpecialTests {
    static func naive(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        (start..<bytes.count).first { bytes[$0] == .quote || bytes[$0] == .backslash || bytes[$0] < 0x20 } ?? bytes.count
    }

    @Test("agrees with a byte-by-byte scan", arguments: [UInt8.quote, .backslash, 0x00, 0x1F, .lineFeed, nil])
    func agrees(special: UInt8?) {
        // Bytes around the edges of the tests: a space and `!` beside the quote, 0x20 and 0x7F, UTF-8.
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0xC3, 0xA9, 0x61, 0x30]
        for length in 0...40 {
            for place in [nil] + Array(0..<length).map(Optional.some) {
                var bytes = (0..<length).map { plain[($0 * 7 + length) % plain.count] }
                if let place, let special { bytes[place] = special }
                bytes.withUnsafeBufferPointer { buffer in
                    for start in 0...length {
                        #expect(
                            buffer.firstJSONStringSpecial(from: start) == Self.naive(buffer, from: start),
                            "length \(length), special at \(place.map(String.init) ?? "none"), from \(start)")
                    }
                }
            }
        }
    }
}
