import CByteScan
import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// The scan for the bytes a JSON string cannot hold as they are, sixteen then eight at a time,
/// against a byte-by-byte scan: every start, every length up to 40 (two blocks of sixteen and
/// what is left), a special byte at every place.
@Suite("Finding the bytes a JSON string must escape")
struct JSONStringSpecialTests {
    static func naive(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        (start..<bytes.count).first { bytes[$0] == .quote || bytes[$0] == .backslash || bytes[$0] < 0x20 } ?? bytes.count
    }

    @Test("runs on vectors where every processor of the architecture has them")
    func vectors() {
        #if arch(x86_64)
            #expect(vouch_byte_scan_has_vectors() == 1)
        #endif
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
