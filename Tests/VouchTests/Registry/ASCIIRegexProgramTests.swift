import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("Simple patterns without PCRE2")
struct ASCIIRegexProgramTests {
    /// Patterns of the simple kind, as forms, packs and phone plans write them.
    static let simple = [
        "^[0-9]{5}(-[0-9]{4})?$", "[0-9]{5}", "\\d{3}-\\d{4}", "[A-Z]{2}", "(?:ab|a)c", "a|b|", "[^0-9]{1,4}", "x?y?z{2,3}",
        "[a-c-]{1,5}", "\\.?\\d{1,3}", "^$", "colou?r", "(?:[2-9]\\d{2}){2}", ".{2,4}", "[\\-.]{1,2}", "[2-9]\\d{2}[2-9]\\d{6}",
        "(1)?[a1]{1,3}b?", "\\w\\s\\w", "a\\$", "[ab]{0,2}(?:-[ab])?", "(?:a1){2,3}", "1{1,2}?-", "(?:)a", "[.@]\\d",
    ]

    /// Patterns left to PCRE2: repeats without bound, too many strings, assertions, references,
    /// classes by name, possessive repeats.
    static let notSimple = [
        "(a+)+$", "(\\w+\\s?)*", "\\bab", "(a)\\1", "[[:alpha:]]+", "a++", "(?=a)a", "\\p{L}", "a{,3}", "\\D", "(?i)a",
        "[a-z]*[a-z]*[a-z]*", "(?:a|b)+", "(?:ab|a)+", "x{", "a]", "\\d+", "[^0-9]*", "(?:a|b){5}", "[ab]?[ab]?[ab]?[ab]?[ab]?",
    ]

    /// Every subject of up to 4 characters over a small alphabet, and a few longer ones.
    static let subjects: [String] = {
        let alphabet = ["a", "1", "b", "-", ".", "@", " "]
        var all = [""]
        var last = [""]
        for _ in 0..<4 {
            last = last.flatMap { prefix in alphabet.map { prefix + $0 } }
            all += last
        }
        return all + [
            "12345", "12345-6789", "1234-5678", "2125550123", "colour", "color", "xyzz", "xzzz", "AB", "a1a1a1",
            String(repeating: "1", count: 63), String(repeating: "1", count: 64), "12345\n", "١٢٣٤٥", "ab\u{7F}", "a\tb",
        ]
    }()

    /// PCRE2's own answer: limits below those at which a pattern runs without it.
    static func pcre2(_ pattern: String) throws -> RegexPattern {
        try RegexPattern(pattern, limits: RegexLimits(matchLimit: 99_999, depthLimit: 10_000))
    }

    @Test("gives PCRE2's answer on every subject", arguments: simple)
    func sameAnswers(pattern: String) throws {
        let program = try #require(ASCIIRegexProgram(pattern))
        program.free()
        let fast = try RegexPattern(pattern)
        let reference = try Self.pcre2(pattern)
        for subject in Self.subjects {
            #expect(fast.match(subject) == reference.match(subject), "\(pattern) on \(subject.debugDescription)")
        }
    }

    @Test("the phone plans' patterns give PCRE2's answer", arguments: ["[2-9]\\d{2}[2-9]\\d{6}", "1?\\d{10}", "(?:\\d{3})?\\d{7}"])
    func phoneLike(pattern: String) throws {
        let fast = try RegexPattern(pattern, anchoring: .whole, unicode: false)
        let reference = try RegexPattern(
            pattern, anchoring: .whole, unicode: false, limits: RegexLimits(matchLimit: 99_999, depthLimit: 10_000))
        for subject in ["2125550123", "1125550123", "21255501234", "12125550123", "5550123", "555012", "212555012a"] {
            #expect(fast.match(subject) == reference.match(subject), "\(pattern) on \(subject)")
        }
    }

    @Test("leaves other patterns to PCRE2", arguments: notSimple)
    func leftToPCRE2(pattern: String) {
        #expect(ASCIIRegexProgram(pattern) == nil)
    }
}
