import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan
@_spi(VouchInternal) @testable import VouchSteps

/// A built-in step has one body, on bytes; its `String` protocol (`Rule.check`,
/// `TextFormatter.format`, `ValueConverter.convert`, as custom steps and apps call them) is an
/// adapter onto it. Called step by step through those adapters, the steps must give what the
/// checking path (bytes in, JSON out) gives: the same values, codes, messages and order, for
/// every record it takes; and the path hands every record it does not take to the JSON parser.
@Suite("The checking path agrees with the steps' String protocols")
struct CheckingPathTests {
    /// A form of every kind the checking path runs on bytes, for `locale`.
    static func form(_ locale: String, registry: Registry) throws -> FormSchema {
        try FormSchema(
            json: """
                {"vouch": 1, "locale": "\(locale)", "fields": [
                  {"name": "first_name", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 12}]},
                  {"name": "email", "kind": "email", "required": true},
                  {"name": "phone", "kind": "phone"},
                  {"name": "zip", "kind": "zip", "message": {"postal_code": "Not a code: {example}."}},
                  {"name": "state", "kind": "state"},
                  {"name": "born", "kind": "date", "min": "1900-01-01", "max": "2010-12-31"},
                  {"name": "site", "kind": "url", "schemes": ["https"]},
                  {"name": "amount", "kind": "money"},
                  {"name": "count", "kind": "number", "min": 1},
                  {"name": "code", "kind": "text", "rules": [{"rule": "pattern", "regex": "[A-Z]{2}[0-9]+"}]},
                  {"name": "secret", "kind": "password", "rules": [{"rule": "length", "min": 4}]},
                  {"name": "again", "kind": "password", "rules": [{"rule": "equals_field", "field": "secret"}]},
                  {"name": "plan", "kind": "choice", "options": ["free", "pro"]},
                  {"name": "extra", "kind": "text", "when": {"field": "plan", "equals": "pro"}, "required": true}
                ]}
                """, registry: registry)
    }

    /// What the steps' `String` protocols make of a record, called one by one: each field's
    /// formatters, then its rules and value, as JSON.
    static func reference(_ schema: FormSchema, _ record: [String: String]) -> [UInt8] {
        let normalized = schema.fields.map { field in field.formatters.reduce(record[field.name] ?? "") { $1.format($0) } }
        let included = schema.inclusion(normalized: normalized)
        // The other fields, as rules that read them see them.
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for text in normalized {
            ranges.append(bytes.count..<bytes.count + text.utf8.count)
            bytes += text.utf8
        }
        var values = JSONObject()
        var errors: [JSONValue] = []
        bytes.withUnsafeBufferPointer { bytes in
            ranges.map { UnsafeBufferPointer(rebasing: bytes[$0]) }.withUnsafeBufferPointer { texts in
                included.withUnsafeBufferPointer { inclusion in
                    let others = RecordView(form: schema.plan.formFields, texts: texts, included: inclusion)
                    for (index, field) in schema.fields.enumerated() where included[index] {
                        let outcome = check(
                            field, normalized[index], context: RuleContext(field: field.name, locale: schema.locale, others: others))
                        for violation in outcome.violations {
                            var args = JSONObject()
                            for name in violation.arguments.keys.sorted() where name != "item" {
                                switch violation.arguments[name]! {
                                case .number(let number): args[name] = .number(number)
                                case .string(let text): args[name] = .string(text)
                                }
                            }
                            errors.append([
                                "field": .string(violation.field), "code": .string(violation.code), "message": .string(violation.message),
                                "args": .object(args),
                            ])
                        }
                        if outcome.violations.isEmpty && !field.isSecret { values[field.name] = outcome.value?.canonical ?? .null }
                    }
                }
            }
        }
        var output: [UInt8] = []
        JSONWriter.write(["valid": .bool(errors.isEmpty), "values": .object(values), "errors": .array(errors)], into: &output)
        return output
    }

    /// A field's rules, then its value, on a normalized text, through their `String` protocols.
    static func check(_ field: FieldSchema, _ text: String, context: RuleContext) -> (violations: [Violation], value: TypedValue?) {
        if text.isEmpty {
            for bound in field.rules where bound.rule.checksEmptyValues {
                if let first = bound.rule.check(text, context: context).first {
                    return ([field.violation(first, message: bound.message, locale: context.locale)], nil)
                }
            }
            return ([], nil)
        }
        var violations: [Violation] = []
        for bound in field.rules {
            for found in bound.rule.check(text, context: context) {
                violations.append(field.violation(found, message: bound.message, locale: context.locale))
                if field.stopAtFirst { return (violations, nil) }
            }
        }
        guard violations.isEmpty else { return (violations, nil) }
        switch field.kind.value.convert(text, context: context) {
        case .value(let value): return ([], value)
        case .violations(let found): return (found.map { field.violation($0, message: nil, locale: context.locale) }, nil)
        }
    }

    /// Records of all sorts: valid and not, ASCII and not, with separators, cases and spaces.
    static func records(count: Int, seed: UInt64) -> [[String: String]] {
        var generator = SeededGenerator(seed: seed)
        func pick(_ choices: [String]) -> String { choices.randomElement(using: &generator)! }
        return (0..<count).map { _ in
            [
                "first_name": pick([
                    "ada", " grace ", "ÉDITH", "zoë  saldaña", "ıšık", "o'neil", "mary-jane", "x1", "", "mcDonald", "jean\tpaul",
                    "ab'cd'ef",
                ]),
                "email": pick([
                    "a@example.com", "Ada@Example.COM", "zoë@bücher.example", "x@xn--bcher-kva.example", "no-at", "a@b", " a.b@c.org ",
                ]),
                "phone": pick([
                    "2015550123", "(201) 555-0123", "+1 201 555 0123", "12015550123", "+44 20 7946 0958", "555-01", "abc", "+",
                    "030 1234567", "06 12 34 56 78",
                ]),
                "zip": pick(["94103", "94103-1234", " 9410 3", "sw1a 1aa", "10115", "75001", "01310-100", "100-0001", "1234a", "1012 AB"]),
                "state": pick([
                    "CA", "ca", "California", "ZZ", "BY", "ile-de-france", "SP", "", "13", "CALIFORNIA", "Bayern", "zz", "São Paulo",
                ]),
                "born": pick([
                    "02/22/1982", "2/2/1982", "1982-02-22", "22.02.1982", "22/02/1982", "13/45/2001", "1899-12-31", "2011-01-01",
                    "1982/02/22",
                ]),
                "site": pick([
                    "https://example.com", "http://example.com", "https://bücher.example/a?b#c", "ht!tp://bad url",
                    "https://[2001:db8::1]:8080/", "",
                ]),
                "amount": pick(["$1,234.50", "1.234,50 €", "12", "1234.567", "-3", "€12", "1 234,50 €", "R$ 1.234,50", "¥1,234", "abc"]),
                "count": pick(["0", "7", "+12", "12.5", "99999999999999999999", ""]),
                "code": pick(["AB12", "ab12", "A1", ""]),
                "secret": pick(["hunter22", "abc", ""]),
                "again": pick(["hunter22", "abc", "nope", ""]),
                "plan": pick(["free", "pro", "Pro", "gold", ""]),
                "extra": pick(["", "more"]),
            ]
        }
    }

    @Test("generated records in each shipped locale", arguments: ["en-US", "de-DE", "fr-FR", "pt-BR", "ja-JP", "en-GB", "nl-NL", "tr-TR"])
    func generated(locale: String) throws {
        let registry = Registry()
        let schema = try Self.form(locale, registry: registry)
        let checker = FormChecker(schema: schema)
        for (index, record) in Self.records(count: 1500, seed: UInt64(locale.utf8.count * 7919)).enumerated() {
            let line = Array(
                JSONValue.object(JSONObject(record.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })).jsonText.utf8)
            var output: [UInt8] = []
            let read = line.withUnsafeBufferPointer { checker.checkJSON($0, into: &output) }
            #expect(throws: Never.self) { try read.get() }
            let expected = Self.reference(schema, record)
            #expect(
                output == expected,
                "\(locale) record \(index): \(String(decoding: line, as: UTF8.self))\n got \(String(decoding: output, as: UTF8.self))\nwant \(String(decoding: expected, as: UTF8.self))"
            )
            // The Swift API's result says the same.
            var swift: [UInt8] = []
            JSONWriter.write(schema.validate(record).json(), into: &swift)
            #expect(swift == expected, "\(locale) record \(index), Swift API")
        }
    }

    /// Texts of every sort a field of any kind may be given: numbers, dates, times, amounts,
    /// codes, words for yes and no, names, addresses, in ASCII and not, with spaces around them.
    static let anyInputs = [
        "", " ", "0", "7", "+12", "-3", "12.5", "1,234.50", "1.234,50 €", "$1,234.50", "¥1,234", "１２３", "99999999999999999999",
        "02/22/1982", "22.02.1982", "1982-02-22", "2026年3月15日", "13/45/2001", "12:30", "3:05 PM", "15:05", "25:61",
        "1982-02-22T10:30", "2026-03-15 09:00", "yes", "No", "ja", "true", "0", "off", "maybe", "ada", " grace ", "ÉDITH",
        "o'neil", "mary-jane", "12 rue de la Paix", "a@example.com", "Ada@Example.COM", "no-at", "https://example.com",
        "ht!tp://bad url", "94103", "sw1a 1aa", "100-0001", "CA", "California", "ile-de-france", "(201) 555-0123",
        "+44 20 7946 0958", "#1E90FF", "#abc", "AB12", "a,b", "x\ty", "line\nbreak",
    ]

    /// Checks `record` on the checking path, and expects the line the `String` path gives for it.
    static func expectBothPaths(
        _ checker: FormChecker, _ schema: FormSchema, _ record: [String: String], _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let line = Array(JSONValue.object(JSONObject(record.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })).jsonText.utf8)
        var output: [UInt8] = []
        _ = line.withUnsafeBufferPointer { checker.checkJSON($0, into: &output) }
        let expected = reference(schema, record)
        #expect(
            output == expected,
            "\(what): \(String(decoding: line, as: UTF8.self))\n got \(String(decoding: output, as: UTF8.self))\nwant \(String(decoding: expected, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }

    /// Each kind that builds with no parameters in `locale`, but those whose checking is not one
    /// text's (tokens) or that are never checked (display only).
    static func textKinds(_ registry: Registry, locale: String) -> [String] {
        registry.kinds.map(\.name).filter { name in
            guard let kind = try? registry.makeKind(name, locale: locale) else { return false }
            return kind.tokens == nil && !kind.isReadOnly
        }
    }

    /// The ``textKinds(_:locale:)`` of `locale` (at least 15), and a form in `locale` with one field
    /// of each, named after its kind.
    static func textKindsForm(_ registry: Registry, locale: String) throws -> (kinds: [String], form: FormSchema) {
        let kinds = textKinds(registry, locale: locale)
        #expect(kinds.count >= 15)
        let fields = kinds.map { #"{"name": "\#($0)", "kind": "\#($0)"}"# }.joined(separator: ", ")
        return (kinds, try FormSchema(json: #"{"vouch": 1, "locale": "\#(locale)", "fields": [\#(fields)]}"#, registry: registry))
    }

    @Test("every kind of the registry, on texts of every sort, in each shipped locale", arguments: ["en-US", "de-DE", "ja-JP", "tr-TR"])
    func everyKind(locale: String) throws {
        let (kinds, schema) = try Self.textKindsForm(Registry(), locale: locale)
        let checker = FormChecker(schema: schema)
        var generator = SeededGenerator(seed: UInt64(locale.utf8.count * 104_729))
        for index in 0..<400 {
            let record = Dictionary(uniqueKeysWithValues: kinds.map { ($0, Self.anyInputs.randomElement(using: &generator)!) })
            Self.expectBothPaths(checker, schema, record, "\(locale) record \(index)")
        }
    }

    @Test(
        "records the scanner leaves to the JSON parser are read as the parser reads them",
        arguments: [
            #"{"first_name": "a\u00e9b", "email": "a@b.org"}"#,  // a \u escape
            #"{"first_name": "\ud83d\ude00x", "email": "a@b.org"}"#,  // a surrogate pair
            #"{"first_name":"ada","email":"a@b.org","count":12}"#,  // a number as a field's value
            #"{"first_name": "ada", "email": "a@b.org", "plan": true}"#,
            #"{"first_name": "ada", "email": "a@b.org", "plan": null}"#,
            #"{"first_name": "ada", "email": "a@b.org", "other": {"x": [1, 2.5e3, "y", {"z": null}]}}"#,
            #"{"first_name": "ada", "email": "a@b.org", "other": [1, -0.5, "\u0041", [[]]]}"#,
            #"{"first_name": "tab\tin", "email": "a@b.org"}"#,
            #"  {"first_name" : "ada" , "email":"a@b.org"}  "#,
            // White space of every kind and length between tokens, and a space just before the end.
            "{ \"first_name\" :\t\"ada\"\t, \"email\"  :  \"a@b.org\"\r\n} ",
            "{\"first_name\":\n \"ada\",\n\"email\": \"a@b.org\" }",
            #"{"first_name": "ada", "email": "a@b.org", "secret": "x\"y\\z"}"#,
            #"{"first_name": ["ada"], "email": "a@b.org"}"#,  // an array where a string goes
            #"{}"#,
        ])
    func parserRecords(line: String) throws {
        let registry = Registry()
        let schema = try Self.form("en-US", registry: registry)
        let object = try #require(try JSONParser().parse(line).objectValue)
        var output: [UInt8] = []
        let read = Array(line.utf8).withUnsafeBufferPointer { FormChecker(schema: schema).checkJSON($0, into: &output) }
        #expect(throws: Never.self) { try read.get() }
        var expected: [UInt8] = []
        JSONWriter.write(schema.validate(object).json(), into: &expected)
        #expect(String(decoding: output, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test(
        "records that cannot be read say why, as the parser does",
        arguments: [
            (#"{"first_name": "ada", "first_name": "bob"}"#, "invalid_json"),
            (#"{"a": 1, "a": 2}"#, "invalid_json"),
            (#"{"first_name": "ada",}"#, "invalid_json"),
            (#"{"first_name": "ada"} x"#, "invalid_json"),
            ("{\"first_name\": \u{1}\"ada\"}", "invalid_json"),
            ("{\"first_name\" \u{1}: \"ada\"}", "invalid_json"),
            (#"{"first_name": "\ud800"}"#, "invalid_json"),
            (#"{"x": 1e999}"#, "invalid_json"),
            ("\u{FEFF}{\"first_name\": \"ada\"}", "invalid_json"),
            (#"["ada"]"#, "not_an_object"),
            (#""ada""#, "not_an_object"),
        ])
    func unreadable(line: String, code: String) throws {
        let schema = try Self.form("en-US", registry: Registry())
        var output: [UInt8] = []
        let read = Array(line.utf8).withUnsafeBufferPointer { FormChecker(schema: schema).checkJSON($0, into: &output) }
        #expect(throws: FormChecker.Unreadable.self) { try read.get() }
        if case .failure(let problem) = read { #expect(problem.code == code) }
        #expect(output.isEmpty)
    }

    @Test("invalid UTF-8 and values over the limit are refused with their codes")
    func limits() throws {
        let schema = try Self.form("en-US", registry: Registry())
        var output: [UInt8] = []
        var line = Array(#"{"first_name": "ada?"}"#.utf8)
        line[line.firstIndex(of: UInt8(ascii: "?"))!] = 0xC3
        let invalid = line.withUnsafeBufferPointer { FormChecker(schema: schema).checkJSON($0, into: &output) }
        if case .failure(let problem) = invalid { #expect(problem.code == "invalid_utf8") } else { Issue.record("invalid UTF-8 was read") }
        let long = Array(#"{"zz": "123456789", "first_name": "ada"}"#.utf8)
        let tooLarge = long.withUnsafeBufferPointer { FormChecker(schema: schema, maxValueBytes: 8).checkJSON($0, into: &output) }
        if case .failure(let problem) = tooLarge {
            #expect(problem.code == "value_too_large")
            #expect(problem.message == #"field "zz" has more than 8 bytes"#)
        } else {
            Issue.record("a value over the limit was read")
        }
        #expect(output.isEmpty)
    }
}
