import Testing
@_spi(VouchInternal) import VouchBase

/// `ByteText.isSimpleText` reads ASCII eight bytes at a time: it must say what reading the
/// scalars one by one says, wherever in the text the first other scalar falls.
@Suite("Simple text")
struct SimpleTextTests {
    static func scalarByScalar(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value < 0x80 || (0xA1...0x2FF).contains($0.value) }
    }

    static let others = ["", "é", "\u{A0}", "\u{301}", "日", "😀", "\u{2FF}", "\u{300}", "ǆ", "\u{A1}", "\u{80}"]

    @Test("agrees with the scalars, at every offset", arguments: others)
    func agrees(other: String) {
        for before in 0...17 {
            for after in [0, 1, 7, 8, 9] {
                var text = String(repeating: "a", count: before) + other + String(repeating: "z", count: after)
                let expected = Self.scalarByScalar(text)
                #expect(text.withUTF8 { ByteText(unsafeBuffer: $0).isSimpleText } == expected, "\(before) \(other) \(after)")
            }
        }
    }

    @Test("counts the characters the scalars make, CR LF as one, at every offset", arguments: ["\r\n", "\r", "\n", "\r\r\n", "é", "\r\né"])
    func characterCount(other: String) {
        for before in 0...17 {
            for after in [0, 1, 7, 8, 9] {
                var text =
                    String(repeating: "a", count: before) + other + String(repeating: "\n", count: after % 2)
                    + String(repeating: "z", count: after)
                let expected = text.count
                #expect(text.withUTF8 { ByteText(unsafeBuffer: $0).simpleTextCharacterCount } == expected, "\(before) \(after)")
            }
        }
    }
}
