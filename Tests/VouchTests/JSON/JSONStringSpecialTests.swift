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
        JSONStringSubjects.each(lengths: 0...40, special: special) { bytes, subject in
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...buffer.count {
                    #expect(
                        buffer.firstJSONStringSpecial(from: start) == Self.naive(buffer, from: start), "\(subject), from \(start)")
                }
            }
        }
    }
}
