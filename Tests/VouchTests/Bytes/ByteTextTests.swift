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

    @Test("two runs of every length up to 40 are the same only when every byte is")
    func sameBytes() {
        for length in 0...40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + $0 * 7) }
            bytes.withByteText { view in
                Array(bytes).withByteText { copy in #expect(view.hasSameBytes(as: copy), "length \(length)") }
                for position in 0..<length {
                    var changed = bytes
                    changed[position] ^= 0x20
                    changed.withByteText { other in #expect(!view.hasSameBytes(as: other), "length \(length), byte \(position)") }
                }
                (bytes + [0x41]).withByteText { longer in #expect(!view.hasSameBytes(as: longer)) }
            }
        }
    }

    @Test("the last ASCII byte read eight bytes at a time is the last byte, at every place and length")
    func lastASCIIIndex() {
        for length in 0...25 {
            for place in -1..<length {
                // Around the byte, `@` with the high bit set (0xC0) and non-ASCII text.
                var bytes = (0..<length).map { $0 % 3 == 0 ? UInt8(0xC0) : $0 % 3 == 1 ? UInt8(0xC3) : UInt8(ascii: "x") }
                if place >= 0 { bytes[place] = .at }
                bytes.withByteText { view in
                    #expect(view.lastIndex(ofASCII: .at) == bytes.lastIndex(of: .at), "length \(length), place \(place)")
                    #expect(view.lastIndex(ofASCII: UInt8(ascii: "x")) == bytes.lastIndex(of: UInt8(ascii: "x")))
                }
            }
        }
    }

    @Test("host name bits and ASCII byte bits, for every byte at every place of a word")
    func wordBits() {
        for value in 0...255 {
            let byte = UInt8(value)
            for place in 0..<8 {
                var bytes = Array("a-b.c0Z9".utf8)
                bytes[place] = byte
                let word = bytes.withByteText { $0.word(at: 0) }
                let hostName = (0..<8).filter { bytes[$0].isASCIILetterOrDigit || bytes[$0] == .hyphen || bytes[$0] == .period }
                #expect((0..<8).filter { word.asciiHostNameBits >> UInt64(8 * $0 + 7) & 1 == 1 } == hostName, "\(value) at \(place)")
                let dots = (0..<8).filter { bytes[$0] == .period }
                #expect((0..<8).filter { word.asciiBits(of: .period) >> UInt64(8 * $0 + 7) & 1 == 1 } == dots, "\(value) at \(place)")
            }
        }
    }

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

    @Test("a short word of the last bytes: every offset and length, no byte read past them")
    func shortWords() {
        let bytes: [UInt8] = (0..<20).map { UInt8(0x41 + $0 * 7 % 0x80) }
        for start in 0..<bytes.count {
            for length in 0...min(8, bytes.count - start) {
                // The view ends where the word does, so a read past it would show in the sanitizers.
                Array(bytes[start..<start + length]).withByteText { view in
                    let expected = bytes[start..<start + length].enumerated().reduce(UInt64(0)) {
                        $0 | UInt64($1.element) << UInt64(8 * $1.offset)
                    }
                    #expect(view.word(at: 0, length: length) == expected, "\(start) \(length)")
                }
            }
        }
    }

    @Test("lower-case ASCII letters, eight bytes at a time: every length, every byte at every place")
    func lowercaseLetters() {
        for length in 0...17 {
            for place in 0..<max(length, 1) {
                for byte in [0, 0x20, 0x40, 0x41, 0x5A, 0x60, 0x61, 0x7A, 0x7B, 0x7F, 0x80, 0xC3, 0xE1, 0xFF] as [UInt8] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "q"), count: length)
                    if length > 0 { bytes[place] = byte }
                    bytes.withByteText { view in
                        let expected = !bytes.isEmpty && bytes.allSatisfy(\.isASCIILowercase)
                        #expect(view.isASCIILowercaseLetters == expected, "\(byte) at \(place) of \(length)")
                    }
                }
            }
        }
    }

    @Test("ASCII digits, eight bytes at a time: every length to 17, every byte at every place")
    func digits() {
        for length in 0...17 {
            for place in 0..<max(length, 1) {
                for byte in [0, 0x20, 0x2F, 0x30, 0x35, 0x39, 0x3A, 0x3F, 0x40, 0x7F, 0x80, 0xB0, 0xF9, 0xFF] as [UInt8] {
                    var bytes = (0..<length).map { UInt8.zero + UInt8($0 % 10) }
                    if length > 0 { bytes[place] = byte }
                    let expected = !bytes.isEmpty && bytes.allSatisfy(\.isASCIIDigit)
                    bytes.withByteText { view in #expect(view.isASCIIDigits == expected, "\(byte) at \(place) of \(length)") }
                }
            }
        }
    }

    /// Plain text as its definition reads: printable ASCII, no space at either end nor two in a row.
    static func isPlain(_ bytes: [UInt8]) -> Bool {
        bytes.first != .space && bytes.last != .space && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
            && !zip(bytes, bytes.dropFirst()).contains { $0 == .space && $1 == .space }
    }

    @Test("plain text, sixteen bytes at a time: every length to 40, every byte and every pair of spaces at every place")
    func plainText() {
        for length in 0...40 {
            let filler = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            var cases: [[UInt8]] = [filler]
            for place in 0..<length {
                for byte in UInt8(0)...0xFF {
                    var bytes = filler
                    bytes[place] = byte
                    cases.append(bytes)
                }
                // A space, then a second space at every place after it: apart, or in a row.
                for other in place + 1..<length {
                    var bytes = filler
                    bytes[place] = .space
                    bytes[other] = .space
                    cases.append(bytes)
                }
            }
            for bytes in cases {
                bytes.withByteText { view in #expect(view.isPlainText == Self.isPlain(bytes), "\(bytes)") }
            }
        }
    }

    @Test("eight ASCII bytes hold white space, or a space or tab, exactly when one of them does")
    func whitespaceWords() {
        for byte in UInt8(0)...0x7F {
            for place in 0..<8 {
                for filler in [UInt8(0), UInt8(ascii: "a")] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = byte
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    #expect(word.hasASCIIWhitespace == byte.isASCIIWhitespace, "\(byte) at \(place)")
                    #expect(word.hasASCIISpaceOrTab == (byte == .space || byte == .tab), "\(byte) at \(place)")
                    #expect(word.hasASCIIUppercase == byte.isASCIIUppercase, "\(byte) at \(place)")
                    let lowercase = word.asciiLowercaseBits & (0x80 << UInt64(8 * place)) != 0
                    #expect(lowercase == byte.isASCIILowercase, "\(byte) at \(place)")
                }
            }
        }
    }

    @Test("the letters and digits of eight bytes, each byte at each place")
    func lettersAndDigits() {
        for byte in UInt8(0)...0xFF {
            for place in 0..<8 {
                for filler in [UInt8(0), UInt8(ascii: "a"), UInt8(ascii: "."), 0xE1] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = byte
                    let bits = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }.asciiLetterOrDigitBits
                    for (index, element) in bytes.enumerated() {
                        #expect((bits & 0x80 << UInt64(8 * index) != 0) == element.isASCIILetterOrDigit, "\(byte) at \(place), \(index)")
                    }
                }
            }
        }
    }

    @Test("the ASCII bytes of eight in a range: each range's ends, each byte at each place")
    func asciiRange() {
        for (low, high) in [(UInt8(0), UInt8(0)), (0x0A, 0x0D), (0x20, 0x20), (0x28, 0x29), (0x2D, 0x2F), (0x30, 0x39), (0x00, 0x7F)] {
            for byte in UInt8(0)...0x7F {
                for place in 0..<8 {
                    for filler in [UInt8(0), low, high, 0x7F] {
                        var bytes = [UInt8](repeating: filler, count: 8)
                        bytes[place] = byte
                        let bits = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }.asciiBits(from: low, through: high)
                        for (index, element) in bytes.enumerated() {
                            #expect((bits & 0x80 << UInt64(8 * index) != 0) == (low...high).contains(element), "\(byte) at \(place)")
                        }
                    }
                }
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
