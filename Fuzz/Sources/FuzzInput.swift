/// Reads a structured input from fuzz bytes: small numbers, and parts separated by 0x1F (the ASCII
/// unit separator, which text, JSON and CSV seldom hold) so that seeds stay readable. Past the
/// end, numbers are 0 and parts are empty: every byte string is a valid input.
struct FuzzInput {
    static let separator: UInt8 = 0x1F
    private(set) var rest: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) { rest = bytes }

    var isEmpty: Bool { rest.isEmpty }

    mutating func byte() -> UInt8 {
        guard let first = rest.first else { return 0 }
        rest = UnsafeBufferPointer(rebasing: rest.dropFirst())
        return first
    }

    /// A number in 0..<count.
    mutating func choose(_ count: Int) -> Int { Int(byte()) % count }

    /// A little-endian 16-bit number.
    mutating func uint16() -> Int { Int(byte()) | Int(byte()) << 8 }

    /// The bytes up to the next separator (or the end), consuming the separator.
    mutating func part() -> UnsafeBufferPointer<UInt8> {
        let end = rest.firstIndex(of: Self.separator) ?? rest.endIndex
        let part = UnsafeBufferPointer(rebasing: rest[..<end])
        rest = UnsafeBufferPointer(rebasing: rest[min(end + 1, rest.endIndex)...])
        return part
    }

    /// The next part as text; invalid UTF-8 becomes U+FFFD, as a text box would never give it.
    mutating func text() -> String { String(decoding: part(), as: UTF8.self) }

    /// Everything left.
    mutating func remaining() -> UnsafeBufferPointer<UInt8> {
        defer { rest = UnsafeBufferPointer(rebasing: rest[rest.endIndex...]) }
        return rest
    }
}
