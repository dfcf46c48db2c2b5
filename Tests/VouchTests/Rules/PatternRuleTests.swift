import Testing

@testable import Vouch

@Suite("pattern rule")
struct PatternRulesTests {
    @Test(
        "Matches the whole value by default",
        arguments: [
            ("[A-Z]{3}", "ABC", [String]()),
            ("[A-Z]{3}", "ABCD", ["pattern"]),
            ("[A-Z]{3}", "xABC", ["pattern"]),
            ("[A-Z]{3}", "ABC\n", ["pattern"]),  // no "$ before a final newline" loophole
            ("a|ab", "ab", []),  // alternatives are anchored as a whole
            ("ab|a", "a", []),
            ("\\d+", "123abc", ["pattern"]),
        ])
    func whole(regex: String, value: String, expected: [String]) throws {
        #expect(try RuleHarness.codes("pattern", ["regex": .string(regex)], value) == expected)
        #expect(try RuleHarness.codes("pattern", ["regex": .string(regex), "match": "whole"], value) == expected)
    }

    @Test(
        "match: partial finds the pattern anywhere",
        arguments: [
            ("[A-Z]{3}", "xxABCxx", [String]()),
            ("\\d", "abc1", []),
            ("\\d", "abc", ["pattern"]),
            ("^abc", "xabc", ["pattern"]),
        ])
    func partial(regex: String, value: String, expected: [String]) throws {
        #expect(try RuleHarness.codes("pattern", ["regex": .string(regex), "match": "partial"], value) == expected)
    }

    @Test(
        "\\d and \\w follow Unicode properties (UCP)",
        arguments: [
            ("^\\d+$", "٠١٢٣", [String]()),  // Arabic-Indic digits
            ("^\\d+$", "０１２", []),  // full-width digits
            ("^\\d+$", "12a", ["pattern"]),
            ("^[0-9]+$", "٠١٢٣", ["pattern"]),  // write [0-9] for ASCII
            ("^\\w+$", "jürgen", []),
            ("^.$", "é", []),  // UTF mode: one code point, not two bytes
        ])
    func unicode(regex: String, value: String, expected: [String]) throws {
        #expect(try RuleHarness.codes("pattern", ["regex": .string(regex)], value) == expected)
    }

    @Test("A catastrophic pattern runs out of budget instead of hanging")
    func catastrophic() throws {
        let value = String(repeating: "a", count: 30) + "!"
        let clock = ContinuousClock()
        var violations: [RuleViolation] = []
        let elapsed = try clock.measure {
            violations = try RuleHarness.violations("pattern", ["regex": "^(a+)+$"], value)
        }
        #expect(violations == [RuleViolation("regex_budget", ["limit": .number(Double(RegexLimits.standard.matchLimit))])])
        #expect(elapsed < .seconds(5))
        // The same pattern still answers normally on ordinary values.
        #expect(try RuleHarness.codes("pattern", ["regex": "^(a+)+$"], String(repeating: "a", count: 30)) == [])
        #expect(try RuleHarness.codes("pattern", ["regex": "^(a+)+$"], "b") == ["pattern"])
    }

    @Test("A regex PCRE2 cannot compile is refused at build time, naming the parameter")
    func badRegex() {
        let error = RuleHarness.buildError("pattern", ["regex": "("])
        #expect(error?.code == .badRegex)
        #expect(error?.message.contains("parameter \"regex\"") == true)
        #expect(error?.location == "regex")
    }

    @Test("match must be whole or partial")
    func badMatch() {
        let error = RuleHarness.buildError("pattern", ["regex": "a", "match": "anywhere"])
        #expect(error?.code == .invalidParameter)
        #expect(error?.location == "match")
    }
}
