import Testing
@_spi(VouchInternal) import VouchBase
import VouchTestSupport

@testable import Vouch
@testable import VouchSteps

/// A rule for tests: the value must be "ok".
private struct OKRule: Rule {
    func check(_ value: String, context: RuleContext) -> [RuleViolation] { value == "ok" ? [] : [RuleViolation("acme.not_ok")] }
}

@Suite("Registry")
struct RegistryTests {
    @Test("lists every built-in rule, formatter and kind of the design")
    func builtIns() {
        let registry = Registry()
        #expect(
            Set(registry.rules.map(\.name)).isSuperset(of: [
                "required", "length", "pattern", "one_of", "email", "url", "integer", "decimal", "equals_field", "required_if",
            ]))
        #expect(
            Set(registry.formatters.map(\.name)).isSuperset(of: [
                "trim", "collapse_spaces", "capitalize", "capitalize_name", "upper", "lower", "digits", "max_length", "mask",
            ]))
        #expect(registry.kind(named: "postal_code")?.name == "zip")
        #expect(Registry(includingBuiltIns: false).rules.isEmpty)
    }

    /// The `### name (alias…)` headings of docs/form-spec.md's Kinds section.
    static func kindSections() -> [String: Set<String>] {
        var kinds: [String: Set<String>] = [:]
        var inKinds = false
        for line in TestFiles.read("docs/form-spec.md").split(separator: "\n") {
            if line.hasPrefix("## ") { inKinds = line == "## Kinds" }
            guard inKinds, line.hasPrefix("### `") else { continue }
            let names = line.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            kinds[names[0]] = Set(names.dropFirst())
        }
        return kinds
    }

    @Test("every built-in kind, with its aliases, has its section in docs/form-spec.md, and every section a kind")
    func documentedKinds() {
        let registry = Registry()
        let documented = Self.kindSections()
        #expect(documented.count >= 20)
        #expect(Dictionary(uniqueKeysWithValues: registry.kinds.map { ($0.name, Set($0.aliases)) }) == documented)
    }

    @Test("a custom rule registers, builds and runs; a taken name is refused unless replacing")
    func customRule() throws {
        let registry = Registry()
        try registry.register(RuleDefinition("acme.ok", summary: "Must be ok.") { _, _ in OKRule() })
        let rule = try registry.makeRule("acme.ok")
        let context = RuleContext(locale: try registry.locale("en-US"))
        #expect(rule.check("ok", context: context).isEmpty)
        #expect(rule.check("no", context: context).map(\.code) == ["acme.not_ok"])

        let again = #expect(throws: VouchError.self) {
            try registry.register(RuleDefinition("acme.ok", summary: "Again.") { _, _ in OKRule() })
        }
        #expect(again?.code == .nameTaken)
        #expect(again?.message.contains("acme.ok") == true)
        let taken = #expect(throws: VouchError.self) {
            try registry.register(RuleDefinition("email", summary: "Mine.") { _, _ in OKRule() })
        }
        #expect(taken?.code == .nameTaken)
        try registry.register(RuleDefinition("email", summary: "Mine.") { _, _ in OKRule() }, replacing: true)
        #expect(registry.rule(named: "email")?.summary == "Mine.")
    }

    @Test("invalid names are refused", arguments: ["", "Email", "1abc", "a..b", "a-b", "a.", "ünï"])
    func invalidNames(name: String) {
        let error = #expect(throws: VouchError.self) {
            try Registry(includingBuiltIns: false).register(RuleDefinition(name, summary: "") { _, _ in OKRule() })
        }
        #expect(error?.code == .invalidParameter)
    }

    @Test("a kind registered under a taken alias is refused; replacing takes the alias over")
    func kindAliases() throws {
        let registry = Registry()
        let mine = KindDefinition("my_zip", aliases: ["postal_code"], summary: "Mine.") { _, _ in Kind(name: "my_zip", hints: InputHints())
        }
        #expect(throws: VouchError.self) { try registry.register(mine) }
        #expect(registry.kind(named: "my_zip") == nil, "a refused kind leaves nothing behind")
        try registry.register(mine, replacing: true)
        #expect(registry.kind(named: "postal_code")?.name == "my_zip")
        #expect(registry.kind(named: "zip") == nil, "the replaced kind's other names go with it")
    }

    @Test("parameters are checked when a rule is built, with the parameter named")
    func parameterErrors() {
        let registry = Registry()
        let unknown = #expect(throws: VouchError.self) { try registry.makeRule("length", ["maximum": 5]) }
        #expect(unknown?.code == .unknownParameter)
        #expect(unknown?.location == "maximum")
        let wrongType = #expect(throws: VouchError.self) { try registry.makeRule("length", ["max": "5"]) }
        #expect(wrongType?.code == .invalidParameter)
        #expect(wrongType?.message.contains("\"max\" must be an integer, not the string \"5\"") == true)
        let missing = #expect(throws: VouchError.self) { try registry.makeRule("pattern") }
        #expect(missing?.code == .missingParameter)
        let badValue = #expect(throws: VouchError.self) { try registry.makeRule("length", ["min": 5, "max": 2]) }
        #expect(badValue?.message.contains("must not be less than min") == true)
        let unknownRule = #expect(throws: VouchError.self) { try registry.makeRule("lenght") }
        #expect(unknownRule?.code == .unknownName)
        #expect(unknownRule?.message.contains("did you mean \"length\"") == true)
    }

    @Test("a registry is used from many threads at once while others register")
    func concurrentUse() async throws {
        let registry = Registry()
        let locale = try registry.locale("en-US")
        let results = await withTaskGroup(of: [Bool].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var seen: [Bool] = []
                    for index in 0..<200 {
                        if index % 50 == 0 {
                            try? registry.register(RuleDefinition("acme.r\(task)_\(index)", summary: "") { _, _ in OKRule() })
                        }
                        let rule = try! registry.makeRule("pattern", ["regex": "^[0-9]{5}$"])
                        seen.append(rule.check(index % 2 == 0 ? "12345" : "1234a", context: RuleContext(locale: locale)).isEmpty)
                    }
                    return seen
                }
            }
            var all: [[Bool]] = []
            for await result in group { all.append(result) }
            return all
        }
        let expected = (0..<200).map { $0 % 2 == 0 }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
        #expect(registry.rules.filter { $0.name.hasPrefix("acme.") }.count == 32)
        #expect(registry.regexCache.count == 2, "one pattern, compiled once, beside the locale's postal code pattern")
    }
}
