import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchSteps

/// The byte paths of the built-in formatters give what their `String` paths give, on text that
/// takes each fast path and on text that must leave it.
@Suite("formatter byte paths match their String paths")
struct FormatterFastPathTests {
    /// Text around the cases of Unicode a fast path could get wrong.
    static let unicodeCases = [
        "İstanbul", "ı", "Straße", "ẞ", "ΟΔΟΣ", "ς", "e\u{301}", "\u{301}", "ａｂ", "ＡＢ", "\u{00A0}", "\u{2003}", "\u{3000}",
        "\u{202F}", "\u{0085}", "\u{0600}", "\u{200D}", "👍🏽", "한", "ʰ", "ÿ", "Ǆ",
    ]

    static let emailCases: [String] =
        [
            "Ada@Example.COM", "ada@example.com", "ADA@EXAMPLE.COM", "a@b@C.org", "\"A@B\"@Example.Org", "no at sign", "", "@", "x@",
            "@X.ORG", "Zoë@Mail.Example.ORG", "édith@XN--BCHER-KVA.EXAMPLE", "ıšık@UNI.EDU", "ayşe@İSTANBUL.COM.TR",
            "jürgen@STRAẞE.DE", "ß@EXAMPLE.DE", "x@ΟΔΟΣ.GR", "a@\u{301}EXAMPLE.COM", "e\u{301}@EXAMPLE.COM", "\u{0600}@EXAMPLE.COM",
            "\u{0605}@X.COM", "a\u{0600}@X.COM", "ａｂ@ＥＸＡＭＰＬＥ.COM", "x@EXAMPLE．COM", "a\u{00A0}@EXAMPLE.COM",
            "a@EX\u{00A0}AMPLE.COM", "한@EXAMPLE.COM", "👍\u{200D}@X.COM", "ʰ@X.COM", "\u{05FF}@X.COM", "a\r\n@X.COM", "a@X\r\n.COM",
        ] + unicodeCases.flatMap { ["\($0)@EXAMPLE.COM", "ada@EX\($0)AMPLE.COM", "\($0)@", "a\($0)@B"] }
        + (0...17).flatMap { length in
            // Domains read eight bytes at a time from the end: the `@` and a capital at every place.
            let domain = String("mail.example.organization".prefix(length))
            return ["ada@\(domain)", "ada@\(domain.uppercased())", "a@b@\(domain)X", "ADA@\(domain)", "édith@\(domain)É", "x@Ω\(domain)"]
        }

    @Test("lowercase_domain", arguments: emailCases)
    func lowercaseDomain(text: String) {
        #expect(LowercaseDomainFormatter().format(text) == LowercaseDomainFormatter.lowercasingDomain(text))
    }

    static let spaceCases: [String] =
        [
            "Ada   Lovelace", "a \t b", "\tlead", "trail  ", "a  b  c", "no change", "", " ", "  ", "\t", "\t\t", " \t ",
            "Zoë  van der  Berg", "Zoë\t\tx", "line  one\nline\t\ttwo", "a\r\n  b", "a  \r\nb", "a\n\nb", "ÿ  ÿ", "Ǆ  ǅ", "ʰ  x",
            "a \u{301}b", "a  \u{301}b", "a\u{301}  b", "a  b\u{0085}c", "a  b\u{00A0}c", "abcdefgh  ijklmnop", "abcdefg  h",
            "abcdefgh\tijklmnopq", "abcdefghijklmnop ", "abcdefghijklmnop\u{00A0}", "abcdefgh\u{301}ijklmnop  x",
        ] + unicodeCases.flatMap { ["\($0)", "a\($0)b", "a  \($0)  b", " \($0) ", "\($0)\($0)", "a\t\($0)"] }

    /// Short ASCII text is read as one word: a space or tab at every place of every length.
    static let shortSpaceCases: [String] = (1...17).flatMap { length in
        (0..<length).flatMap { place in
            ["  ", "\t", " ", "\n", "\r\n "].map { inserted in
                String(
                    Array("abcdefghijklmnopq".prefix(length)).enumerated().map { $0.offset == place ? inserted : String($0.element) }
                        .joined())
            }
        }
    }

    @Test("collapse_spaces", arguments: spaceCases + shortSpaceCases)
    func collapseSpaces(text: String) {
        #expect(CollapseSpacesFormatter().format(text) == CollapseSpacesFormatter.collapsingSpaces(text))
    }

    @Test("the formatters that say they leave plain text as it is leave every plain text of the cases as it is")
    func plainTextAsIs() throws {
        let registry = Registry()
        let formatters = registry.formatters.compactMap { try? registry.makeFormatter($0.name) }
        let claiming = formatters.filter { $0.formatterOnBytes.formatter?.leavesPlainTextAsIs == true }
        #expect(claiming.count >= 2, "trim and collapse_spaces at least")
        let texts = (Self.spaceCases + Self.emailCases + ["a b", "x", "A-1 b.c", "~!", "2020-01-02", "(201) 555-0123"]).filter {
            $0.utf8.withContiguousStorageIfAvailable { ByteText(unsafeBuffer: $0).isPlainText } ?? false
        }
        #expect(texts.count > 20)
        // The width step of kinds, which is no named formatter.
        #expect(WidthFormatter().leavesPlainTextAsIs)
        for formatter in claiming + [WidthFormatter()] {
            for text in texts { #expect(formatter.format(text) == text, "\(type(of: formatter)): \(text)") }
        }
    }

    @Test("eight ASCII bytes have an upper-case letter, or a space or control, exactly when one of them is one")
    func asciiUppercaseWord() {
        for byte in UInt8(0)...0x7F {
            for place in 0..<8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[place] = byte
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(word.hasASCIIUppercase == byte.isASCIIUppercase, "\(byte) at \(place)")
                #expect(word.hasASCIISpaceOrControl == (byte < 0x21), "\(byte) at \(place)")
            }
        }
    }

    @Test(
        "capitalize_name reads capitals in long ASCII names, eight bytes at a time",
        arguments: [
            ("macdonaldson", "Macdonaldson"), ("MacDonaldson", "MacDonaldson"), ("lovelacE", "lovelacE"), ("lovelaceX", "lovelaceX"),
            ("LOVELACEMAN", "Lovelaceman"), ("abcdefgh ijklmnoP", "Abcdefgh ijklmnoP"),
            ("öztürkmacdonaldZ", "öztürkmacdonaldZ"), ("ada\tlovelace", "Ada\tLovelace"), ("a b", "A B"), ("abcdefg h", "Abcdefg H"),
            ("abcdefgh\ti", "Abcdefgh\tI"), ("jürgen x", "Jürgen X"), ("jürgeN x", "jürgeN X"), ("zoëZ", "zoëZ"), ("adA", "adA"),
            ("ıšık", "Išık"), ("o'neil", "O'Neil"), ("mary-jane", "Mary-Jane"), ("a", "A"), ("é", "É"),
        ])
    func longNames(text: String, expected: String) throws {
        #expect(try RuleHarness.format("capitalize_name", text) == expected)
    }
}
