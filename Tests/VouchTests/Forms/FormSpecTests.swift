import Testing

@testable import Vouch

@Suite("Form specs in JSON")
struct FormSpecTests {
    static let signup = "Examples/signup.form.json"

    @Test(
        "a bad spec is refused with the JSON path of the problem",
        arguments: [
            (
                #"{"vouch": 1, "fields": [{"name": "zip", "rules": [{"rule": "length", "max": "5"}]}]}"#, "invalid_parameter",
                "fields[0].rules[0].max"
            ),
            (#"{"vouch": 1, "fields": [{"name": "zip", "rules": [{"rule": "lenght", "max": 5}]}]}"#, "unknown_name", "fields[0].rules[0]"),
            (#"{"vouch": 1, "fields": [{"name": "zip", "kind": "zipp"}]}"#, "unknown_name", "fields[0].kind"),
            (#"{"vouch": 1, "fields": [{"name": "zip", "kind": "zip", "colour": "red"}]}"#, "unknown_parameter", "fields[0].colour"),
            (#"{"vouch": 1, "fields": [{"name": "a"}, {"name": "a"}]}"#, "invalid_spec", "fields[1].name"),
            (#"{"vouch": 2, "fields": [{"name": "a"}]}"#, "invalid_spec", "vouch"),
            (#"{"fields": [{"name": "a"}]}"#, "invalid_spec", "vouch"),
            (#"{"vouch": 1, "fields": [{"name": "a", "when": {"field": "b", "equals": "x"}}]}"#, "invalid_spec", "fields[0].when"),
            (
                #"{"vouch": 1, "fields": [{"name": "a", "when": {"field": "b", "equals": "x"}}, {"name": "b", "when": {"field": "a", "filled": true}}]}"#,
                "invalid_spec", "fields[0].when"
            ),
            (
                #"{"vouch": 1, "fields": [{"name": "a", "message": {"required": "{count, plural, one {x}"}}]}"#, "bad_message",
                "fields[0].message.required"
            ),
            (
                #"{"vouch": 1, "fields": [{"name": "a", "formatters": [{"formatter": "capitalize", "mode": "shout"}]}]}"#,
                "invalid_parameter", "fields[0].formatters[0].mode"
            ),
            (
                #"{"vouch": 1, "fields": [{"name": "a", "rules": [{"rule": "equals_field", "field": "nope"}]}]}"#, "invalid_parameter",
                "fields[0].rules[0].field"
            ),
            (#"{"vouch": 1, "fields": [{"name": "a", "validate": "sometimes"}]}"#, "invalid_spec", "fields[0].validate"),
            (#"{"vouch": 1, "fields": [{"name": "a", "kind": "choice"}]}"#, "invalid_parameter", "fields[0].options"),
            (#"{"vouch": 1, "fields": [{"name": "a", "kind": "date", "min": "1982-02-30"}]}"#, "invalid_parameter", "fields[0].min"),
            (#"{"vouch": 1, "locale": "xx-QQ-zz-invalid!", "fields": [{"name": "a"}]}"#, "unknown_locale", "locale"),
            (#"{"vouch": 1, "fields": [{"name": "a"}], "rules": [{"rule": "required"}]}"#, "invalid_spec", "rules[0]"),
            (#"{"vouch": 1, "fields": [{"name": "a"}], "extra": true}"#, "invalid_spec", "extra"),
            (#"{"vouch": 1, "fields": []}"#, "invalid_spec", "fields"),
        ])
    func badSpecs(spec: String, code: String, location: String) {
        let error = #expect(throws: VouchError.self) { try FormSchema(json: spec, registry: Registry()) }
        #expect(error?.code.rawValue == code, "\(error.map(String.init(describing:)) ?? "")")
        #expect(error?.location == location, "\(error.map(String.init(describing:)) ?? "")")
    }

    @Test("a spec that is not JSON gives the line and column")
    func notJSON() {
        let error = #expect(throws: VouchError.self) { try FormSchema(json: "{\"vouch\": 1,\n \"fields\": [,]}", registry: Registry()) }
        #expect(error?.code == .invalidJSON)
        #expect(error?.message.hasPrefix("line 2, column 13: ") == true, "\(error?.message ?? "")")
        #expect(error?.path == nil, "a text position is not a JSON path")
    }

    @Test("the example spec loads with every common kind, and its records give the documented results")
    func exampleSpec() throws {
        let registry = Registry()
        let spec = try #require(readTestFile(Self.signup))
        let schema = try FormSchema(json: spec, registry: registry)
        #expect(schema.fields.map(\.kind.name).contains("phone"))
        #expect(schema.fields.count == 12)
        let lines = try #require(readTestFile("Examples/signups.jsonl")).split(separator: UInt8(ascii: "\n"))
        let results = try lines.map { schema.validate(try JSONParser().parse($0).objectValue!) }
        #expect(results.map(\.isValid) == [true, true, false, false])
        #expect(results[1].canonicalValues["state"] == "NY")
        #expect(results[1].canonicalValues["email"] == "mj@bücher.example")
        #expect(results[2].violations.count == 10)
    }
}

/// The bytes of a file of the package, for tests run from the package root.
func readTestFile(_ path: String) -> [UInt8]? {
    #if canImport(Glibc)
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return bytes
    #else
        return nil
    #endif
}

#if canImport(Glibc)
    import Glibc
#endif
