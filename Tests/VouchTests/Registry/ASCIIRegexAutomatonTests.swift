import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("Simple patterns without PCRE2")
struct ASCIIRegexAutomatonTests {
    /// Patterns of the simple kind, as forms, packs and phone plans write them.
    static let simple = [
        "^[0-9]{5}(-[0-9]{4})?$", "[0-9]{5}", "\\d{3}-\\d{4}", "[A-Z]{2}", "(?:ab|a)c", "a|b|", "[^0-9]{1,4}", "x?y?z{2,3}",
        "[a-c-]{1,5}", "\\.?\\d{1,3}", "^$", "colou?r", "(?:[2-9]\\d{2}){2}", ".{2,4}", "[\\-.]{1,2}", "[2-9]\\d{2}[2-9]\\d{6}",
        "(1)?[a1]{1,3}b?", "\\w\\s\\w", "a\\$", "[ab]{0,2}(?:-[ab])?", "(?:a1){2,3}", "1{1,2}?-", "(?:)a", "[.@]\\d",
        "[ab]?[ab]?[ab]?[ab]?[ab]?", "[a1]{0,40}", "(?:1[0-3]|2|a[.-]?)(?:[ab]{2})?[1-]{1,3}|\\d{3,5}",
    ]

    /// Patterns left to PCRE2: repeats without bound, repeated groups that branch or repeat,
    /// assertions, references, classes by name, possessive repeats.
    static let notSimple = [
        "(a+)+$", "(\\w+\\s?)*", "\\bab", "(a)\\1", "[[:alpha:]]+", "a++", "(?=a)a", "\\p{L}", "a{,3}", "\\D", "(?i)a",
        "[a-z]*[a-z]*[a-z]*", "(?:a|b)+", "(?:ab|a)+", "x{", "a]", "\\d+", "[^0-9]*", "(?:a|b){5}", "a{2,}", "(?:a{1,2}){3}",
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
        let automaton = try #require(ASCIIRegexAutomaton(pattern))
        automaton.free()
        let fast = try RegexPattern(pattern)
        let reference = try Self.pcre2(pattern)
        for subject in Self.subjects {
            #expect(fast.match(subject) == reference.match(subject), "\(pattern) on \(subject.debugDescription)")
        }
    }

    /// Runs of digits are answered by their length when the automaton reads every digit alike:
    /// the answer of a walk through the table, and PCRE2's.
    @Test("a run of digits gives the walk's answer and PCRE2's", arguments: simple + ["\\d{5}(?:[ \\-]\\d{4})?", "[0-4]\\d", "1\\d{2}"])
    func digitRuns(pattern: String) throws {
        let automaton = try #require(ASCIIRegexAutomaton(pattern))
        defer { automaton.free() }
        let reference = try Self.pcre2(pattern)
        for count in 0...12 {
            for digits in ["0", "5", "9", "1", "2"] {
                var subject = String(repeating: digits, count: count)
                if count > 1 { subject = "3" + subject.dropFirst() }
                let walked = subject.utf8.withContiguousStorageIfAvailable { automaton.answer(ByteText(unsafeBuffer: $0)) }!
                let matched = subject.utf8.withContiguousStorageIfAvailable { automaton.matches(ByteText(unsafeBuffer: $0)) }!
                #expect(matched == walked.map { $0.matched & 1 != 0 }, "\(pattern) on \(subject)")
                #expect(matched == (reference.match(subject) == .match), "\(pattern) on \(subject)")
            }
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
        #expect(ASCIIRegexAutomaton(pattern) == nil)
    }

    /// Several patterns in one automaton: for each subject, the bits of those that match all of
    /// it are PCRE2's whole matches, and the bits of those it may begin say whether the subject
    /// and some ending match all of the pattern.
    @Test("several patterns at once: whole matches are PCRE2's, and a pattern is begun when an ending matches")
    func severalPatterns() throws {
        let patterns = ["1\\d{2}", "[1a]{1,3}", "(?:12|a-)b?", "\\d{3}(?:-\\d{2})?", "a|b|", "[^1]{2}"]
        let syntax = patterns.compactMap(ASCIIRegexAutomaton.syntax)
        #expect(syntax.count == patterns.count)
        let automaton = try #require(ASCIIRegexAutomaton(syntax))
        defer { automaton.free() }
        let references = try patterns.map(Self.pcre2)
        func answer(_ subject: String) throws -> ASCIIRegexAutomaton.Answer {
            var text = subject
            return try #require(text.withByteText { automaton.answer($0) })
        }
        // Every ending of up to 5 bytes over the patterns' alphabet, and a byte none takes.
        var endings = [""]
        var last = [""]
        for _ in 0..<5 {
            last = last.flatMap { prefix in ["1", "2", "a", "b", "-"].map { prefix + $0 } }
            endings += last
        }
        for subject in Self.subjects where subject.count <= 3 && subject.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
            let subjectAnswer = try answer(subject)
            let completions = try endings.map { try answer(subject + $0).matched }
            for (index, reference) in references.enumerated() {
                let bit = UInt16(1) << UInt16(index)
                #expect(
                    (subjectAnswer.matched & bit != 0) == (reference.match(subject) == .match),
                    "\(patterns[index]) on \(subject.debugDescription)")
                let begun = completions.contains { $0 & bit != 0 }
                #expect((subjectAnswer.possible & bit != 0) == begun, "\(patterns[index]) begun by \(subject.debugDescription)")
            }
        }
    }

    /// The leading digits of the Caribbean regions of +1 and patterns of other shapes: the
    /// patterns that match a beginning of a subject are those PCRE2 finds anchored at its start.
    @Test("the patterns that match a beginning of a subject are PCRE2's")
    func prefixMatches() throws {
        let patterns = [
            "268", "8001|8[024]9", "658|876", "787|939", "1\\d{2}", "(?:12|a-)b?", "a|b|", "[1a]{1,3}", "\\d{3}(?:-\\d{2})?",
        ]
        let automaton = try #require(ASCIIRegexAutomaton(patterns.compactMap(ASCIIRegexAutomaton.syntax)))
        defer { automaton.free() }
        let references = try patterns.map { try RegexPattern($0, anchoring: .prefix, unicode: false) }
        let data = RegexMatchData()
        let subjects = Self.subjects + ["2684641234", "8095550123", "8005550123", "8765550123", "9395550123", "2015550123", "12-ab"]
        for subject in subjects where subject.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
            var text = subject
            let matched = try #require(text.withByteText { automaton.prefixMatches($0) })
            for (index, reference) in references.enumerated() {
                let expected = text.withByteText { reference.matchGroups($0, using: data) }
                #expect((matched & 1 << UInt16(index) != 0) == expected, "\(patterns[index]) begins \(subject.debugDescription)")
            }
        }
        var outside = "1\u{7F}"
        #expect(outside.withByteText { automaton.prefixMatches($0) } == nil)
    }

    @Test("a subject with a byte outside printable ASCII is left to PCRE2")
    func notForTheAutomaton() throws {
        let automaton = try #require(ASCIIRegexAutomaton("a\\d{2}"))
        defer { automaton.free() }
        for subject in ["a1\t", "a\u{7F}1", "a١٢", "\n"] {
            var text = subject
            #expect(text.withByteText { automaton.answer($0) } == nil, "\(subject.debugDescription)")
        }
        var text = "a12"
        #expect(text.withByteText { automaton.matches($0) } == true)
    }

    @Test("refuses more states than it holds")
    func tooManyStates() throws {
        // The n-th byte from the end: an automaton needs 2^n states to remember the last n bytes.
        #expect(ASCIIRegexAutomaton("[ab]{0,64}a[ab]{13}") == nil)
        let smaller = try #require(ASCIIRegexAutomaton("[ab]{0,64}a[ab]{3}"))
        smaller.free()
    }
}
