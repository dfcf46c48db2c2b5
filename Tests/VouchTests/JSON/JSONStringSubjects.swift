/// Texts for the eight-bytes-at-a-time JSON string code: every length up to a bound, with a special
/// byte at every place (or none), made of bytes around the edges of the tests (a space and `!`
/// beside the quote, 0x20 and 0x7F, UTF-8).
enum JSONStringSubjects {
    static let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0xC3, 0xA9, 0x61, 0x30]

    /// Calls `body` with each text and a line that says which it is.
    static func each(lengths: ClosedRange<Int>, special: UInt8?, _ body: ([UInt8], String) -> Void) {
        for length in lengths {
            for place in [nil] + Array(0..<length).map(Optional.some) {
                var bytes = (0..<length).map { plain[($0 * 7 + length) % plain.count] }
                if let place, let special { bytes[place] = special }
                body(bytes, "length \(length), special at \(place.map(String.init) ?? "none")")
            }
        }
    }
}
