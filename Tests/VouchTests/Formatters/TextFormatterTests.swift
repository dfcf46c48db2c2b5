import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("trim, collapse_spaces, digits, max_length and lowercase_domain formatters")
struct TextFormattersTests {
    @Test(
        "trim removes white space at both ends only",
        arguments: [
            ("  Ada  ", "Ada"),
            ("\u{00A0}Ada\u{00A0}", "Ada"),  // non-breaking spaces
            ("\n\tAda\r\n", "Ada"),
            ("\u{2003}Ada\u{3000}", "Ada"),  // em space, ideographic space
            ("  line one\nline two  ", "line one\nline two"),
            ("Ada  Lovelace", "Ada  Lovelace"),
            ("Ada", "Ada"),
            ("   ", ""),
            ("", ""),
            ("\u{200B}Ada", "\u{200B}Ada"),  // zero-width space is not White_Space
        ])
    func trim(input: String, expected: String) throws {
        #expect(try RuleHarness.format("trim", input) == expected)
    }

    @Test(
        "collapse_spaces turns each run of spaces into one and keeps line breaks",
        arguments: [
            ("Ada   Lovelace", "Ada Lovelace"),
            ("a \t b", "a b"),
            ("a\u{00A0}\u{00A0}b", "a b"),
            ("line  one\nline\t\ttwo", "line one\nline two"),
            ("a\n\nb", "a\n\nb"),
            ("a\r\nb", "a\r\nb"),
            ("a  \n  b", "a \n b"),
            ("  a  ", " a "),
            ("abc", "abc"),
        ])
    func collapseSpaces(input: String, expected: String) throws {
        #expect(try RuleHarness.format("collapse_spaces", input) == expected)
    }

    @Test(
        "digits keeps the digits of any script, written as 0-9",
        arguments: [
            ("(201) 555-0123", "2015550123"),
            ("٠١٢", "012"),  // Arabic-Indic
            ("۴۵۶", "456"),  // Extended Arabic-Indic (Persian)
            ("０１２３", "0123"),  // full-width
            ("१२३", "123"),  // Devanagari
            ("a1b2c3", "123"),
            ("½ ² Ⅻ", ""),  // numbers, but not decimal digits
            ("no digits", ""),
        ])
    func digits(input: String, expected: String) throws {
        #expect(try RuleHarness.format("digits", input) == expected)
    }

    @Test(
        "max_length cuts at user-perceived characters",
        arguments: [
            ("abcdef", "abc"),
            ("abc", "abc"),
            ("ab", "ab"),
            ("🇺🇸🇫🇷🇩🇪🇯🇵", "🇺🇸🇫🇷🇩🇪"),
            ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", "👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦"),
            ("e\u{301}e\u{301}e\u{301}e\u{301}", "e\u{301}e\u{301}e\u{301}"),
            ("ab\r\ncd", "ab\r\n"),
        ])
    func maxLength(input: String, expected: String) throws {
        #expect(try RuleHarness.format("max_length", ["max": 3], input) == expected)
    }

    @Test("max_length 0 empties the text")
    func maxLengthZero() throws {
        #expect(try RuleHarness.format("max_length", ["max": 0], "abc") == "")
    }

    @Test(
        "lowercase_domain lowers the domain and keeps the local part",
        arguments: [
            ("Ada@Example.COM", "Ada@example.com"),
            ("Ada.Lovelace@EXAMPLE.com", "Ada.Lovelace@example.com"),
            ("\"A@B\"@Example.Org", "\"A@B\"@example.org"),  // the last @ starts the domain
            ("Ada@example.com", "Ada@example.com"),
            ("Ada@BÜCHER.example", "Ada@bücher.example"),
            ("no at sign", "no at sign"),
            ("Ada@", "Ada@"),
        ])
    func lowercaseDomain(input: String, expected: String) throws {
        #expect(try RuleHarness.format("lowercase_domain", input) == expected)
    }

    @Test("postal_code (en-US) upper-cases and normalizes white space")
    func postalCode() throws {
        #expect(try RuleHarness.format("postal_code", "  94103 ") == "94103")
        #expect(try RuleHarness.format("postal_code", "94103-1234") == "94103-1234")
        #expect(try RuleHarness.format("postal_code", " ab1   2cd ") == "AB1 2CD")
    }

    @Test(
        "trim gives what Unicode white space trimming of characters gives",
        arguments: [
            "zoë", "ë ", " ë", "ë\u{A0}", "\u{A0}ë", "e\u{301}", "ë\u{301}", " e\u{301} ", "ë\u{2003}", "\u{2003}ë", "ıšık",
            "\u{2FF}", "\u{A1}", "x\u{200B}", "\u{85}ë", "ë\u{85}", "ë\r\n", "\u{3000}日本\u{3000}", "ǆ", "\u{A0}", "é\té",
            "a", " ", "", " forms", "swift ", " \t\r\n x y \n", " \u{301}a", "a\u{600} ", " \u{600}", "\u{600} ", " a\u{301} ",
            "  \u{200D}x", "x\u{200D} ", " ë", "\r\n", " \u{A0} x", "x \u{2003} ", " 東京 ", " a\u{600}b ",
        ])
    func trimAgreesWithCharacters(input: String) throws {
        #expect(try RuleHarness.format("trim", input) == input.trimmingWhitespace(), "\(input.unicodeScalars.map(\.value))")
    }

    @Test(
        "Formatters are idempotent",
        arguments: [
            ("trim", "  a b  "),
            ("collapse_spaces", " a  \t b \n  c "),
            ("digits", "(201) ٥٥٥-0123"),
            ("lowercase_domain", "X@Y.Z"),
            ("postal_code", " 94103 "),
        ])
    func idempotent(name: String, input: String) throws {
        let once = try RuleHarness.format(name, input)
        #expect(try RuleHarness.format(name, once) == once)
        #expect(once != input)
    }
}
