import Testing

@testable import Vouch

/// ABI version 2: the VOUCH_PLUGIN entry macro and the typed parameter getters; version 1 plugins
/// (the acme fixture) keep loading beside it.
@Suite("Plugins of ABI version 2")
struct PluginABI2Tests {
    static let registry: Registry = {
        let registry = Registry()
        let directory = PluginSupport.temporaryDirectory()
        let typed = try! PluginSupport.compile(into: directory, source: "typed.c", file: "typed.so")
        try! registry.loadPlugin(typed)
        try! registry.loadPlugin(try! PluginSupport.compile(into: directory))
        return registry
    }()

    static func codes(_ parameters: JSONObject, _ value: String) throws -> [String] {
        let rule = try registry.makeRule("typed.between", parameters, locale: "en-US")
        return rule.check(value, context: RuleContext(locale: try registry.locale("en-US"))).map(\.code)
    }

    @Test("a plugin of each ABI version loads, each with the version it speaks")
    func versions() {
        let versions = Dictionary(uniqueKeysWithValues: Self.registry.plugins.map { ($0.name, $0.abiVersion) })
        #expect(versions == ["typed": 2, "acme": 1])
        #expect(Self.registry.plugins.first?.version == "2.0.0", "VOUCH_PLUGIN filled in the descriptor")
        #expect(Self.registry.rule(named: "typed.nonempty") != nil)
    }

    static let typedCases: [(JSONObject, String, [String])] = [
        (["min": 2, "max": 4], "abc", []),
        (["min": 2, "max": 4], "abcde", ["typed.length"]),
        (["min": 2, "max": 3, "strict": true], "abc", ["typed.length"]),
        (["min": 2, "max": 3, "strict": false], "abc", []),
        (["words": ["yes", "no"]], "no", []),
        (["words": ["yes", "no"]], "maybe", ["typed.word"]),
        ([:], "anything", []),
    ]

    @Test("numbers, booleans, strings and arrays of strings reach the plugin as given", arguments: typedCases)
    func typedParameters(parameters: JSONObject, value: String, expected: [String]) throws {
        #expect(try Self.codes(parameters, value) == expected)
    }

    @Test("a string parameter comes back in the violation's message")
    func label() throws {
        let spec = #"{"vouch": 1, "fields": [{"name": "code", "rules": [{"rule": "typed.between", "max": 2, "label": "postcode"}]}]}"#
        let schema = try FormSchema(json: spec, registry: Self.registry)
        #expect(schema.validate(["code": "abc"]).violations.map(\.message) == ["The postcode has the wrong length."])
    }

    static let refusedCases: [(JSONObject, String)] = [
        (["min": "two"], #"parameter "min" must be a number, not the string "two""#),
        (["strict": 1], #"parameter "strict" must be true or false, not the number 1"#),
        (["words": ["a", 2]], #"parameter "words" must be an array of strings, not the array ["a",2]"#),
        (["words": ["a", "b", "c", "d", "e"]], "at most 4 words of at most 15 bytes"),
        (["label": .string(String(repeating: "x", count: 40))], #"parameter "label" is longer than 31 bytes"#),
        (["colour": "red"], #"unknown parameter "colour" (known: label, max, min, strict, words)"#),
    ]

    @Test("parameters of the wrong type, unknown or too long are refused with the host's own words", arguments: refusedCases)
    func refused(parameters: JSONObject, message: String) {
        let error = #expect(throws: VouchError.self) { try Self.registry.makeRule("typed.between", parameters, locale: "en-US") }
        #expect(error?.code == .invalidParameter)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test("a rule without create takes no parameters: the host refuses them")
    func noCreate() {
        let error = #expect(throws: VouchError.self) { try Self.registry.makeRule("typed.nonempty", ["x": 1], locale: "en-US") }
        #expect(error?.message.contains("takes no parameters") == true)
    }
}
