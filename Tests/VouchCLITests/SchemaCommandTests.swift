import Testing
import Vouch
import VouchTestSupport

/// `vouch schema`: the JSON Schema of a form's input, checked with ajv (Debian's node-ajv) against
/// `vouch check` on the same records.
@Suite("vouch schema")
struct SchemaCommandTests {
    /// Keywords that mean the same in draft 2020-12 and draft-07, which Debian's ajv (6) speaks: the
    /// schema uses no other, so ajv's draft-07 checks it as a 2020-12 validator would.
    static let sharedKeywords: Set<String> = [
        "$schema", "$comment", "title", "description", "type", "properties", "required", "allOf", "anyOf", "not", "if",
        "then", "enum", "const", "pattern", "minLength", "maxLength", "minimum", "maximum", "items", "minItems", "maxItems",
        "format",
    ]

    /// Checks each line of `records` with ajv: `{"valid", "fields"}`, the fields it finds fault with.
    static let ajvScript = #"""
        const fs = require('fs');
        const Ajv = require('ajv');
        const schema = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
        if (schema.$schema !== 'https://json-schema.org/draft/2020-12/schema') { console.error('not 2020-12'); process.exit(3); }
        schema.$schema = 'http://json-schema.org/draft-07/schema#';
        // Formats are annotations in 2020-12 unless a validator is asked to assert them.
        const ajv = new Ajv({allErrors: true, format: false});
        if (!ajv.validateSchema(schema)) { console.error(JSON.stringify(ajv.errors)); process.exit(3); }
        const validate = ajv.compile(schema);
        for (const line of fs.readFileSync(process.argv[3], 'utf8').split('\n')) {
          if (!line.trim()) continue;
          const valid = validate(JSON.parse(line));
          const fields = new Set();
          for (const e of validate.errors || []) {
            const path = e.keyword === 'required' ? e.params.missingProperty : e.dataPath;
            const field = path.replace(/^\./, '').split(/[.\[]/)[0];
            if (field) fields.add(field);
          }
          console.log(JSON.stringify({valid, fields: [...fields].sort()}));
        }
        """#

    /// What ajv and `vouch check` say of each record: valid or not, and the fields at fault.
    static func compare(form: String, records: String) throws -> [(ajv: (Bool, Set<String>), vouch: (Bool, [String: Set<String>]))] {
        let directory = VouchProcess.temporaryDirectory()
        let schema = VouchProcess.run(["schema", "--form", form])
        try #require(schema.status == 0, "\(schema.stderr)")
        VouchProcess.write(schema.stdout, to: directory + "/schema.json")
        VouchProcess.write(ajvScript, to: directory + "/check.js")
        let ajv = ChildProcess.run(
            "/usr/bin/node", [directory + "/check.js", directory + "/schema.json", records], stdin: "",
            environment: ["PATH=/usr/bin:/bin", "NODE_PATH=/usr/share/nodejs"])
        try #require(ajv.status == 0, "ajv: \(ajv.stderr)")
        let check = VouchProcess.run(["check", "--quiet", "--form", form, records])
        try #require(ajv.lines.count == check.lines.count)
        return try zip(ajv.lines, check.lines).map { ajvLine, checkLine in
            let said = try #require(try JSONParser().parse(ajvLine).objectValue)
            let checked = try #require(try JSONParser().parse(checkLine).objectValue)
            var codes: [String: Set<String>] = [:]
            for error in checked["errors"]?.arrayValue ?? [] {
                codes[error["field"]?.stringValue ?? "", default: []].insert(error["code"]?.stringValue ?? "")
            }
            return (
                (said["valid"]?.boolValue == true, Set((said["fields"]?.arrayValue ?? []).compactMap(\.stringValue))),
                (checked["valid"]?.boolValue == true, codes)
            )
        }
    }

    /// The codes of rules the schema states exactly: a record vouch refuses with one of them, ajv
    /// refuses at that field too.
    static let statedCodes: Set<String> = ["required", "too_short", "too_long", "choice", "region", "one_of", "integer", "too_many"]

    static func expectAgreement(form: String, records: String) throws {
        for (index, (ajv, vouch)) in try compare(form: form, records: records).enumerated() {
            let record = "record \(index + 1)"
            if vouch.0 { #expect(ajv.0, "\(record): vouch takes it, so must the schema (ajv faults \(ajv.1))") }
            for field in ajv.1 { #expect(vouch.1[field] != nil, "\(record): ajv faults \(field), vouch does not") }
            for (field, codes) in vouch.1 where !codes.isDisjoint(with: statedCodes) {
                #expect(ajv.1.contains(field), "\(record): vouch refuses \(field) with \(codes), the schema does not")
            }
        }
    }

    @Test("the example's schema: ajv takes what vouch check takes, and refuses what the schema can say")
    func example() throws {
        let results = try Self.compare(form: "Examples/signup.form.json", records: "Examples/signups.jsonl")
        #expect(results.map(\.ajv.0) == [true, true, false, false])
        #expect(results.map(\.vouch.0) == [true, true, false, false])
        #expect(results[2].ajv.1 == ["first_name", "newsletter", "password", "state", "website"])
        #expect(results[3].ajv.1 == ["topics"], "a topic outside one_of, in the if/then of newsletter = yes")
        try Self.expectAgreement(form: "Examples/signup.form.json", records: "Examples/signups.jsonl")
    }

    @Test("the schema's shape: 2020-12, required fields, enums, if/then, and what it cannot say in $comment")
    func shape() throws {
        let outcome = VouchProcess.run(["schema", "--form", "Examples/signup.form.json"])
        #expect(outcome.status == 0)
        let schema = try #require(try JSONParser().parse(outcome.stdout).objectValue)
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["title"] == "signup")
        #expect(
            schema["required"]
                == ["first_name", "last_name", "email", "phone", "zip", "state", "birth_date", "password", "password_confirm"])
        let properties = try #require(schema["properties"]?.objectValue)
        #expect(properties["email"]?["format"] == "idn-email")
        #expect(properties["first_name"]?["pattern"] == #"^\s*(?:\S(?:[\s\S]{0,98}\S)?)\s*$"#, "at most 100 once trimmed")
        #expect(properties["password"]?["allOf"]?[0]?["minLength"] == 8 || properties["password"]?["minLength"] == 8)
        #expect(properties["state"]?["anyOf"]?[0]?["enum"]?.arrayValue?.contains("CA") == true)
        #expect(properties["newsletter"]?["anyOf"]?[2]?["anyOf"]?[0]?["enum"] == ["yes", "no"])
        #expect(properties["topics"] == .bool(true), "topics belongs to the form only under its condition")
        let conditional = try #require(schema["allOf"]?[0]?.objectValue)
        #expect(conditional["if"]?["required"] == ["newsletter"])
        #expect(conditional["then"]?["properties"]?["topics"]?["anyOf"] != nil)
        let comment = try #require(schema["$comment"]?.stringValue)
        for unsaid in ["phone: a phone number", "zip: a postal code", "birth_date: a date", "password_confirm: the rule equals_field"] {
            #expect(comment.contains(unsaid), "\(unsaid)")
        }
        func keywords(_ value: JSONValue, under key: String) -> Set<String> {
            switch value {
            case .object(let object):
                var found: Set<String> = []
                for (name, member) in object {
                    if key != "properties" { found.insert(name) }
                    found.formUnion(keywords(member, under: name))
                }
                return found
            case .array(let items) where key != "enum" && key != "required" && key != "type":
                return items.reduce(into: []) { $0.formUnion(keywords($1, under: "")) }
            default: return []
            }
        }
        #expect(keywords(.object(schema), under: "").subtracting(Self.sharedKeywords).isEmpty)
    }

    @Test("a form of every kind the schema can say: a table of records on which ajv and vouch check agree")
    func table() throws {
        let directory = VouchProcess.temporaryDirectory()
        let form = directory + "/form.json"
        VouchProcess.write(
            #"""
            {"vouch": 1, "locale": "en-US", "fields": [
              {"name": "age", "kind": "number", "min": 18, "max": 130},
              {"name": "code", "required": true, "rules": [{"rule": "pattern", "regex": "[A-Z]{2}[0-9]{4}"}, {"rule": "length", "max": 6}]},
              {"name": "size", "kind": "choice", "options": [{"value": "s", "label": "Small"}, {"value": "l", "label": "Large"}]},
              {"name": "agree", "kind": "boolean"},
              {"name": "contact", "kind": "choice", "options": ["email", "phone"]},
              {"name": "phone", "kind": "phone", "when": {"field": "contact", "equals": "phone"}, "required": true},
              {"name": "note", "rules": [{"rule": "required_if", "when": {"field": "size", "in": ["l"]}}]},
              {"name": "tags", "kind": "tokens", "max_count": 2, "rules": [{"rule": "one_of", "values": ["a", "b", "c"], "ignore_case": true}]},
              {"name": "secret", "kind": "password", "rules": [{"rule": "length", "min": 4}]},
              {"name": "nick", "hints": {"max_length": 3}}
            ]}
            """#, to: form)
        let records = [
            #"{"code": "AB1234"}"#,  // valid: every optional field empty
            #"{"code": " AB1234 ", "age": "42", "size": "Large", "note": "x", "agree": "Yes", "contact": "email"}"#,  // valid
            #"{"code": "AB1234", "age": 17}"#,  // too_small: the range of a JSON number
            #"{"code": "AB1234", "age": "12.5"}"#,  // integer
            #"{"code": "ab1234"}"#,  // pattern: the case counts
            #"{"code": ""}"#,  // required
            #"{"code": "   "}"#,  // required: blank after trim
            #"{"age": 20}"#,  // required: missing
            #"{"code": "AB1234", "size": "medium"}"#,  // choice
            #"{"code": "AB1234", "size": "SMALL"}"#,  // valid: a label in any case
            #"{"code": "AB1234", "agree": "maybe"}"#,  // boolean
            #"{"code": "AB1234", "agree": true}"#,  // valid
            #"{"code": "AB1234", "contact": "phone"}"#,  // required under the condition
            #"{"code": "AB1234", "contact": "email", "phone": ""}"#,  // valid: phone is not in the form
            #"{"code": "AB1234", "size": "l"}"#,  // required_if
            #"{"code": "AB1234", "size": "l", "note": "big"}"#,  // valid
            #"{"code": "AB1234", "tags": ["A", "b"]}"#,  // valid: one_of ignoring case
            #"{"code": "AB1234", "tags": ["a", "z"]}"#,  // one_of
            #"{"code": "AB1234", "tags": ["a", "b", "c"]}"#,  // too_many
            #"{"code": "AB1234", "secret": "abc"}"#,  // too_short
            #"{"code": "AB1234", "age": {"n": 1}}"#,  // type
            #"{"code": "AB12345"}"#,  // too_long and pattern
            #"{"code": "AB1234", "nick": " abc "}"#,  // valid: three once trimmed
            #"{"code": "AB1234", "nick": "abcd"}"#,  // too_long: the hint's max_length
        ]
        VouchProcess.write(records.joined(separator: "\n") + "\n", to: directory + "/records.jsonl")
        let results = try Self.compare(form: form, records: directory + "/records.jsonl")
        #expect(
            results.map(\.vouch.0) == [true, true] + Array(repeating: false, count: 7) + [
                true, false, true, false, true, false, true, true,
            ] + Array(repeating: false, count: 5) + [true, false])
        #expect(results.map(\.ajv.0) == results.map(\.vouch.0), "every one of these rules is one the schema can say")
        try Self.expectAgreement(form: form, records: directory + "/records.jsonl")
    }

    @Test(
        "every form in the repository gives a schema ajv reads, and that takes an empty record when vouch does",
        arguments: ["Examples/signup.form.json", "Examples/signup-bench.form.json", "Fuzz/forms/kinds.form.json"])
    func everyForm(form: String) throws {
        let directory = VouchProcess.temporaryDirectory()
        VouchProcess.write("{}\n{\"unknown\": 1}\n", to: directory + "/records.jsonl")
        try Self.expectAgreement(form: form, records: directory + "/records.jsonl")
    }

    @Test("a form that cannot be read is an error naming the file, with exit 2")
    func badForm() {
        let outcome = VouchProcess.run(["schema", "--form", "no-such-form.json"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("no-such-form.json"))
        #expect(VouchProcess.run(["schema"]).stderr.hasPrefix("vouch schema: --form FORM.json is required"))
    }
}
