import Testing
@_spi(VouchInternal) import VouchBase

/// `UTF8Validation.isValid` reads text of up to 32 bytes in a few overlapping loads, and longer ASCII
/// 32, sixteen and eight bytes at a time: it must say what the standard library's decoder says,
/// wherever in the text the first other byte falls.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    static let others: [[UInt8]] = [
        [], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE2, 0x82], [0xC3, 0xA9, 0xA9],
    ]

    @Test("agrees with the decoder, at every offset", arguments: others)
    func agrees(other: [UInt8]) {
        for before in 0...70 {
            for after in [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 48] {
                let bytes = Array(repeating: UInt8(ascii: "a"), count: before) + other + Array(repeating: UInt8(ascii: "z"), count: after)
                let expected = String(validating: bytes, as: UTF8.self) != nil
                #expect(bytes.withUnsafeBufferPointer(UTF8Validation.isValid) == expected, "\(before) \(other) \(after)")
            }
        }
    }
}
