import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan
@_spi(VouchInternal) @testable import VouchSteps

@Suite("length rule")
struct LengthRulesTests {
    @Test(
        "Counts user-perceived characters",
        arguments: [
            ("abc", 3),
            ("e\u{301}", 1),  // e + combining acute accent
            ("\u{E9}", 1),  // precomposed é
            ("Jose\u{301}", 4),
            ("🇺🇸", 1),  // a flag: two regional indicators
            ("🇺🇸🇫🇷", 2),
            ("👨‍👩‍👧‍👦", 1),  // a family: four emoji joined by ZWJ
            ("👍🏽", 1),  // emoji with a skin-tone modifier
            ("\r\n", 1),
            ("a\r\nb", 3),
            ("a\rb", 3),
            ("한국어", 3),
            ("\u{1100}\u{1161}\u{11A8}", 1),  // a Hangul syllable written as conjoining jamo
        ])
    func counts(text: String, expected: Int) throws {
        #expect(LengthRule.characterCount(text) == expected)
        // The rule itself: exactly `expected` passes min = max = expected; one more or less fails.
        #expect(try RuleHarness.codes("length", ["min": .number(Double(expected)), "max": .number(Double(expected))], text) == [])
        #expect(try RuleHarness.codes("length", ["min": .number(Double(expected + 1))], text) == ["too_short"])
        if expected > 0 {
            #expect(try RuleHarness.codes("length", ["max": .number(Double(expected - 1))], text) == ["too_long"])
        }
    }

    @Test(
        "A text within max by its bytes is within max by its characters: the rule agrees with the count",
        arguments: [
            "abc", "zoë", "e\u{301}", "🇺🇸🇫🇷", "👨‍👩‍👧‍👦", "한국어", "a\r\nb", "ıšık", "\u{1100}\u{1161}\u{11A8}",
            "a" + String(repeating: "\u{301}", count: 40), "x",
        ])
    func byteBoundAgreesWithCount(text: String) throws {
        let characters = LengthRule.characterCount(text)
        let bytes = text.utf8.count
        for max in Set([characters - 1, characters, characters + 1, bytes - 1, bytes, bytes + 1]) where max >= 0 {
            for min in [nil, 0, 1] as [Int?] where min ?? 0 <= max {
                var parameters: JSONObject = ["max": .number(Double(max))]
                if let min { parameters["min"] = .number(Double(min)) }
                let expected = characters > max ? ["too_long"] : []
                #expect(try RuleHarness.codes("length", parameters, text) == expected, "\(text) max \(max)")
                #expect(try Self.checkedOnBytes(text, min: min, max: max) == expected, "\(text) max \(max)")
            }
        }
    }

    /// The codes the rule's byte path finds in `text`.
    static func checkedOnBytes(_ text: String, min: Int?, max: Int?) throws -> [String] {
        var text = text
        var found: [RuleViolation] = []
        let context = ByteContext(locale: try RuleHarness.registry.locale("en-US"), record: .alone, wantsDisplay: false)
        StringAdapters.withScratch { scratch in
            text.withUTF8 { bytes in
                LengthRule(min: min, max: max).check(ByteText(unsafeBuffer: bytes), context: context, scratch: &scratch, into: &found)
            }
        }
        return found.map(\.code)
    }

    @Test("too_short carries min and the count")
    func tooShort() throws {
        let violations = try RuleHarness.violations("length", ["min": 3, "max": 5], "e\u{301}e\u{301}")
        #expect(violations == [RuleViolation("too_short", ["min": 3, "count": 2])])
    }

    @Test("too_long carries max and the count")
    func tooLong() throws {
        let violations = try RuleHarness.violations("length", ["min": 1, "max": 2], "🇺🇸🇫🇷🇩🇪")
        #expect(violations == [RuleViolation("too_long", ["max": 2, "count": 3])])
    }

    @Test(
        "Bounds are inclusive",
        arguments: [
            ("ab", ["too_short"]),
            ("abc", []),
            ("abcde", []),
            ("abcdef", ["too_long"]),
        ])
    func bounds(text: String, expected: [String]) throws {
        #expect(try RuleHarness.codes("length", ["min": 3, "max": 5], text) == expected)
    }

    @Test("Only min, or only max")
    func oneBound() throws {
        #expect(try RuleHarness.codes("length", ["min": 2], String(repeating: "x", count: 10_000)) == [])
        #expect(try RuleHarness.codes("length", ["min": 2], "x") == ["too_short"])
        #expect(try RuleHarness.codes("length", ["max": 2], "x") == [])
        #expect(try RuleHarness.codes("length", ["max": 2], "xyz") == ["too_long"])
    }

    @Test("An integral number such as 3.0 is an integer parameter")
    func integralDouble() throws {
        #expect(try RuleHarness.codes("length", ["max": 3.0], "abcd") == ["too_long"])
    }

    @Test(
        "Bad bounds are refused at build time",
        arguments: [
            ([:] as JSONObject, "min"),  // neither min nor max
            (["min": -1], "min"),
            (["min": 5, "max": 2], "max"),
        ] as [(JSONObject, String)])
    func badBounds(parameters: JSONObject, location: String) {
        let error = RuleHarness.buildError("length", parameters)
        #expect(error?.code == .invalidParameter)
        #expect(error?.location == location)
    }
}
