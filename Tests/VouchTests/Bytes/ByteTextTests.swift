import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// `ByteText`, the view steps read, answers as the same questions asked of the bytes as an array
/// or a `String` do.
@Suite("Byte text")
struct ByteTextTests {
    static let texts = [
        "", " ", "a", "  Ada Lovelace  ", "ada@example.com", "a..b", ".", "zoë@bücher.example", "\t\r\n x \n",
        "quote \" and \\ and \u{1}", "0123456789abcdefghij", "𝔘nicode 👩‍💻 text",
    ]

    @Test("indexing, slicing, iteration and the scanning questions", arguments: texts)
    func questions(text: String) {
        let bytes = Array(text.utf8)
        bytes.withByteText { view in
            #expect(view.count == bytes.count)
            #expect(view.isEmpty == bytes.isEmpty)
            #expect(Array(view) == bytes)
            #expect(view.array == bytes)
            #expect(view.string == text)
            #expect(view.isASCII == bytes.allSatisfy { $0 < 0x80 })
            #expect(view.hasSameBytes(as: view))
            #expect(view.trimmingASCIIWhitespace.array == Array(text.trimmingASCIIWhitespaceForTest.utf8))
            #expect(
                view.parts(separatedBy: .period).map { Array($0) }
                    == bytes.split(separator: .period, omittingEmptySubsequences: false).map { Array($0) })
            #expect(view.firstIndex(of: .at, from: 0) == (bytes.firstIndex(of: .at) ?? bytes.count))
            let special = bytes.firstIndex { $0 == .quote || $0 == .backslash || $0 < 0x20 } ?? bytes.count
            #expect(view.firstJSONStringSpecial(from: 0) == special)
            #expect(view.withFiltered(\.isASCIILetterOrDigit) { $0.array } == bytes.filter(\.isASCIILetterOrDigit))
            for start in 0...bytes.count {
                let slice = view[start...]
                #expect(slice.startIndex == start)
                #expect(Array(slice) == Array(bytes[start...]))
                let rebased = ByteText(rebasing: slice)
                #expect(rebased.startIndex == 0)
                #expect(rebased.array == Array(bytes[start...]))
                #expect(rebased.hasSameBytes(as: view) == (start == 0))
            }
        }
    }

    @Test("comparison with a literal")
    func literal() {
        Array("region".utf8).withByteText { view in
            #expect(view.hasSameBytes(as: "region"))
            #expect(!view.hasSameBytes(as: "regions"))
            #expect(!view.hasSameBytes(as: "Region"))
        }
        [UInt8]().withByteText { #expect($0.hasSameBytes(as: "")) }
    }
}

extension String {
    /// The text without ASCII white space at either end, by `String`'s own operations.
    fileprivate var trimmingASCIIWhitespaceForTest: String {
        let isSpace: (Character) -> Bool = { $0.isASCII && $0.isWhitespace }
        var text = Substring(self)
        while let first = text.first, isSpace(first) { text.removeFirst() }
        while let last = text.last, isSpace(last) { text.removeLast() }
        return String(text)
    }
}
