import Testing
@_spi(VouchInternal) import VouchBase

/// Numbers in a checked record's line (its number, a violation's arguments) are written two digits
/// at a time from the last: the same text as `String(value)`, with a buffer that grows and one that has room.
@Suite("Writing a number into a byte buffer")
struct ByteBufferDecimalTests {
    @Test(
        "the digits String gives",
        arguments: [
            0, 1, 9, 10, 70, 99, 100, 101, 700, 7_000, 12_345, 123_456, 999_999, 1_000_000, UInt(UInt32.max), 9_999_999_999_999_999_999,
            UInt.max,
        ])
    func digits(value: UInt) {
        expectDigits(of: value)
    }

    @Test("every number up to 10,100: every pair of digits, in every place")
    func everyPair() {
        for value in UInt(0)...10_100 { expectDigits(of: value) }
    }

    private func expectDigits(of value: UInt) {
        for capacity in [1, 64] {
            var buffer = ByteBuffer(capacity: capacity)
            buffer.append(UInt8(ascii: "x"))
            buffer.append(decimal: value)
            #expect(String(decoding: buffer.array, as: UTF8.self) == "x" + String(value))
        }
    }
}
