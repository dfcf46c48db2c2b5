import Testing
@_spi(VouchInternal) import VouchBase

@testable import VouchPlan
@_spi(VouchInternal) @testable import VouchSteps

/// A record check reuses the valid result of a value it met before in a field whose result
/// depends on its text alone: every record's result is the one a check with nothing remembered
/// gives, in every locale, for every kind of check; fields that read anything else are never
/// remembered; a field whose values do not repeat rests.
@Suite("Results of values met before")
struct ValueMemoTests {
    static let registry = Registry()

    static func form(_ fields: String, locale: String = "en-US", registry: Registry = registry) throws -> FormSchema {
        try FormSchema(json: #"{"vouch": 1, "locale": "\#(locale)", "fields": [\#(fields)]}"#, registry: registry)
    }

    static let fields = """
        {"name": "first", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 12}]},
        {"name": "last", "kind": "name"},
        {"name": "state", "kind": "state"},
        {"name": "born", "kind": "date", "min": "1900-01-01"},
        {"name": "phone", "kind": "phone"},
        {"name": "email", "kind": "email"},
        {"name": "zip", "kind": "zip"},
        {"name": "code", "kind": "text", "formatters": [{"formatter": "capitalize", "mode": "all"}], "rules": [{"rule": "pattern", "regex": "[A-Z]{2}[0-9]"}]},
        {"name": "site", "kind": "url"}
        """

    /// Values of each field, valid and not, that records combine and repeat.
    static let values: [String: [String]] = [
        "first": ["ada", "ÉDITH", "ijsbrand", "ıšık", "o'neil", "mary-jane", "ada lovelace byron", "x1", "", "  ada "],
        "last": ["van der berg", "mcdonald", "öztürk", "saldaña", "DE LA CRUZ", "istanbul"],
        "state": ["CA", "ca", "Bayern", "BY", "NY", "ZZ", "Île-de-France", "IDF", "34", "Texas"],
        "born": ["1982-02-22", "02/22/1982", "22.02.1982", "22/02/1982", "1899-12-31", "13/45/2001", "1982/02/22"],
        "phone": ["2015550123", "(201) 555-0123", "+44 20 7946 0958", "030 12345678", "+49 30 12345678", "12345", "0612345678"],
        "email": ["ada@example.com", "ADA@EXAMPLE.COM", "zoë@bücher.example", "no-at-sign.example.com"],
        "zip": ["94103", "10115", "75001", "1234a", "SW1A 1AA", "94103-1234"],
        "code": ["ab1", "AB1", "abc", " cd2 "],
        "site": ["https://example.com/u/1", "ht!tp://bad url", "example.com"],
    ]

    /// `count` records that combine the values, each value met many times.
    static func records(_ count: Int) -> [[UInt8]] {
        var generator = SplitMix(seed: 20_261_205)
        let names = values.keys.sorted()
        return (0..<count).map { _ in
            let members = names.map { name in
                let choices = values[name]!
                return "\"\(name)\": \"\(choices[Int(generator.next() % UInt64(choices.count))])\""
            }
            return Array("{\(members.joined(separator: ", "))}".utf8)
        }
    }

    /// A small deterministic generator (the tests must not depend on a seed's luck).
    struct SplitMix {
        var seed: UInt64
        mutating func next() -> UInt64 {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What one check of `line` gives: its JSON result, with display values when `display`, or,
    /// with `validityOnly`, whether it is valid.
    static func check(_ line: [UInt8], _ schema: FormSchema, state: CheckState, display: Bool, validityOnly: Bool) -> String {
        line.withUnsafeBufferPointer { line in
            if validityOnly {
                switch state.isValid(line, schema: schema) {
                case .success(let valid): return "\(valid)"
                case .failure(let problem): return problem.code
                }
            }
            switch state.checkJSON(
                line, schema: schema, maxValueBytes: .max, header: .none, display: display, { String(decoding: $0, as: UTF8.self) })
            {
            case .success(let json): return json
            case .failure(let problem): return problem.code
            }
        }
    }

    @Test(
        "every record's result is that of a check with nothing remembered",
        arguments: ["en-US", "de-DE", "fr-FR", "tr-TR", "nl-NL", "ja-JP", "pt-BR", "es-MX", "en-GB", "pl-PL"])
    func sameResults(locale: String) throws {
        let schema = try Self.form(Self.fields, locale: locale)
        #expect(schema.plan.remembersValues == Array(repeating: true, count: schema.fields.count))
        let state = CheckState(codes: schema.plan.codes)
        var found = 0
        // The kinds of check change from record to record, on one thread's state.
        for (number, line) in Self.records(600).enumerated() {
            let display = number % 3 == 1
            let validityOnly = number % 5 == 4 || (number / 100) % 2 == 1
            let remembered = Self.check(line, schema, state: state, display: display, validityOnly: validityOnly)
            found += state.record.pointee.foundCount
            let fresh = Self.check(line, schema, state: CheckState(codes: schema.plan.codes), display: display, validityOnly: validityOnly)
            #expect(remembered == fresh, "\(locale), record \(number): \(String(decoding: line, as: UTF8.self))")
        }
        // Most valid values were met before: the results compared were those of values found.
        #expect(found > 1_000)
    }

    @Test("a value met again is found, with its normalized text and its value")
    func findsWhatItKept() throws {
        let schema = try Self.form(#"{"name": "born", "kind": "date"}, {"name": "first", "kind": "name"}"#)
        let state = CheckState(codes: schema.plan.codes)
        let line = Array(#"{"born": "02/22/1982", "first": "ada"}"#.utf8)
        let first = Self.check(line, schema, state: state, display: true, validityOnly: false)
        #expect(state.record.pointee.foundCount == 0)
        let again = Self.check(line, schema, state: state, display: true, validityOnly: false)
        #expect(state.record.pointee.foundCount == 2)
        #expect(again == first)
        #expect(again.contains(#""born":"1982-02-22""#) && again.contains(#""first":"Ada""#))
        // Another kind of check starts again from nothing.
        _ = Self.check(line, schema, state: state, display: false, validityOnly: false)
        #expect(state.record.pointee.foundCount == 0)
    }

    @Test(
        "fields whose results depend on more than their text are not remembered",
        arguments: [
            #"{"name": "f", "kind": "password"}"#,
            #"{"name": "f", "kind": "tokens"}"#,
            #"{"name": "f", "kind": "text", "read_only": true}"#,
            #"{"name": "f", "kind": "date", "max": "today-18y"}"#,
            #"{"name": "f", "kind": "text", "rules": [{"rule": "equals_field", "field": "g"}]}"#,
            #"{"name": "f", "kind": "text", "rules": [{"rule": "acme.even"}]}"#,
            #"{"name": "f", "kind": "text", "rules": [{"rule": "acme.counting"}]}"#,
        ])
    func notRemembered(field: String) throws {
        let schema = try Self.form(field + #", {"name": "g", "kind": "text"}"#, registry: Self.pluginRegistry)
        #expect(schema.plan.remembersValues == [false, true])
    }

    /// A registry with the acme plugin and a custom rule that counts its calls.
    static let pluginRegistry: Registry = {
        let registry = Registry()
        try! registry.loadPlugin(try! PluginSupport.compile(into: PluginSupport.temporaryDirectory()))
        try! registry.register(RuleDefinition("acme.counting", summary: "Counts its calls.") { _, _ in CountingRule() })
        return registry
    }()

    /// A custom rule with a state of its own: it finds something every third call.
    final class CountingRule: Rule, @unchecked Sendable {
        var calls = 0
        func check(_ value: String, context: RuleContext) -> [RuleViolation] {
            calls += 1
            return calls % 3 == 0 ? [RuleViolation("third")] : []
        }
    }

    @Test("a custom rule is called for every record, the same value or not")
    func customRuleEveryTime() throws {
        let schema = try Self.form(#"{"name": "f", "kind": "text", "rules": [{"rule": "acme.counting"}]}"#, registry: Self.pluginRegistry)
        let state = CheckState(codes: schema.plan.codes)
        let results = (0..<9).map { _ in
            Self.check(Array(#"{"f": "same"}"#.utf8), schema, state: state, display: false, validityOnly: false)
        }
        #expect(results.filter { $0.contains(#""code":"third""#) }.count == 3)
    }

    @Test("a field whose values do not repeat rests, then is looked up again, and rests longer if they still do not")
    func rests() throws {
        let schema = try Self.form(#"{"name": "zip", "kind": "zip"}"#)
        let state = CheckState(codes: schema.plan.codes)
        func check(_ zip: Int) -> Int {
            _ = Self.check(Array(#"{"zip": "\#(zip)"}"#.utf8), schema, state: state, display: false, validityOnly: false)
            return state.record.pointee.foundCount
        }
        // One lookup in four finds its value: under half.
        for number in 0..<Int(ValueMemo.window) { _ = check(number % 4 == 0 ? 12_345 : 20_000 + number) }
        // Resting: the zip met every fourth record is not looked up.
        #expect((0..<Int(ValueMemo.rest)).map { _ in check(12_345) }.allSatisfy { $0 == 0 })
        _ = check(12_345)
        #expect(check(12_345) == 1)
        // Another window that finds under half: twice as long a rest.
        for number in 0..<Int(ValueMemo.window) - 2 { _ = check(number % 4 == 0 ? 12_345 : 30_000 + number) }
        #expect((0..<Int(2 * ValueMemo.rest)).map { _ in check(12_345) }.allSatisfy { $0 == 0 })
        #expect(check(12_345) == 1)
    }
}
