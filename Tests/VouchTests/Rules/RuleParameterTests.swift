import Testing

@testable import Vouch

@Suite("Rule parameters, checked by the registry")
struct RulesParameterTests {
    @Test("An unknown parameter is refused, located at its name, listing the known ones")
    func unknownParameter() {
        let error = RuleHarness.buildError("length", ["min": 1, "foo": 2])
        #expect(error?.code == .unknownParameter)
        #expect(error?.location == "foo")
        #expect(error?.message.contains("no parameter \"foo\"") == true)
        #expect(error?.message.contains("min, max") == true)
    }

    @Test("A parameter-less rule says it takes none")
    func parameterlessRule() {
        let error = RuleHarness.buildError("email", ["strict": true])
        #expect(error?.code == .unknownParameter)
        #expect(error?.message.contains("takes no parameters") == true)
    }

    @Test(
        "A parameter of the wrong type is refused, naming the type expected",
        arguments: try Vectors.rows("rule-parameters", "wrongType", as: (String, JSONObject, String, String).self))
    func wrongType(rule: String, parameters: JSONObject, name: String, type: String) {
        let error = RuleHarness.buildError(rule, parameters)
        #expect(error?.code == .invalidParameter)
        #expect(error?.location == name)
        #expect(error?.message.contains("\"\(name)\"") == true)
        #expect(error?.message.contains(type) == true)
    }

    @Test("The wrong-type message says what was given")
    func wrongTypeMessage() {
        let error = RuleHarness.buildError("length", ["max": "5"])
        #expect(error?.message == "rule \"length\": parameter \"max\" must be an integer, not the string \"5\"")
    }

    @Test("A missing required parameter is refused", arguments: try Vectors.rows("rule-parameters", "missing", as: (String, String).self))
    func missing(rule: String, name: String) {
        let error = RuleHarness.buildError(rule)
        #expect(error?.code == .missingParameter)
        #expect(error?.message.contains("\"\(name)\"") == true)
    }

    @Test(
        "An unknown rule name suggests a close one",
        arguments: try Vectors.rows("rule-parameters", "didYouMean", as: (String, String).self))
    func didYouMean(name: String, suggestion: String) {
        let error = RuleHarness.buildError(name)
        #expect(error?.code == .unknownName)
        #expect(error?.message.contains("no rule is named \"\(name)\"") == true)
        #expect(error?.message.contains("did you mean \"\(suggestion)\"") == true)
    }

    @Test("A name far from every rule gets no suggestion")
    func noSuggestion() {
        let error = RuleHarness.buildError("zzzzzzzz")
        #expect(error?.code == .unknownName)
        #expect(error?.message.contains("did you mean") == false)
    }

    @Test("Formatters are checked the same way")
    func formatterParameters() {
        #expect(RuleHarness.formatterBuildError("trimm")?.message.contains("did you mean \"trim\"") == true)
        #expect(RuleHarness.formatterBuildError("capitalize")?.code == .missingParameter)
        let badMode = RuleHarness.formatterBuildError("capitalize", ["mode": "title"])
        #expect(badMode?.code == .invalidParameter)
        #expect(badMode?.location == "mode")
        #expect(RuleHarness.formatterBuildError("mask", ["mask": "---"])?.code == .invalidParameter)
        #expect(RuleHarness.formatterBuildError("max_length", ["max": -1])?.code == .invalidParameter)
        #expect(RuleHarness.formatterBuildError("max_length", ["max": "3"])?.code == .invalidParameter)
    }

    @Test("An unknown locale is refused")
    func unknownLocale() {
        #expect(RuleHarness.buildError("email", locale: "not a locale!")?.code == .unknownLocale)
    }
}
