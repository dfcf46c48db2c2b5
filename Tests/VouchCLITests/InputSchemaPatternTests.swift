import Testing
import Vouch
import VouchTestSupport

@testable import VouchBatch

/// The parts of the schema that are text: patterns said in ECMA-262.
@Suite("vouch schema's patterns")
struct InputSchemaPatternTests {
    @Test(
        "a PCRE2 pattern goes into the schema only when ECMA-262 reads it alike",
        arguments: [
            ("[A-Z]{2}[0-9]{4}", true), (#"\d+(?:\.\d+)?"#, true), (#"(?=.*\d)\w+"#, true), (#"(?<!x)y"#, true),
            (#"\p{L}+"#, true), (#"\p{L}++"#, false), (#"\x41"#, true), (#"[\]]"#, true), ("a{2,}", true),
            ("(?i)abc", false), (#"\Aabc\z"#, false), ("a++", false), ("a*+", false), ("(?>ab)", false), ("[[:alpha:]]+", false),
            (#"\Qa.b\E"#, false), (#"\x{263A}"#, false), ("(*UTF)a", false), (#"\h+"#, false), (#"(?#note)a"#, false),
        ])
    func readsAlike(regex: String, alike: Bool) {
        #expect(SchemaPattern.readsAlike(regex) == alike)
    }

    @Test(
        "a trimmed length as a pattern of the text before trimming",
        arguments: [
            (1, 3, ["a", " abc ", "a c", "\tab\n"], ["", "   ", "abcd", " a  bcd "]),
            (3, nil, ["abc", " a c ", "abcdefgh"], ["ab", "  ab  ", "a "]),
            (2, 2, ["ab", " ab "], ["a", "abc"]),
            (0, 1, ["a", "  a  "], ["ab"]),
        ] as [(Int, Int?, [String], [String])])
    func trimmedLength(min: Int, max: Int?, matching: [String], notMatching: [String]) throws {
        let pattern = "^\\s*(?:" + SchemaPattern.trimmedLength(min: min, max: max) + ")\\s*$"
        let script =
            "const r = new RegExp(process.argv[1], 'u'); console.log(JSON.stringify(JSON.parse(process.argv[2]).map(t => r.test(t))))"
        let texts = JSONValue.array((matching + notMatching).map { .string($0) }).jsonText
        let outcome = ChildProcess.run("/usr/bin/node", ["-e", script, pattern, texts], stdin: "", environment: ["PATH=/usr/bin:/bin"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let expected = JSONValue.array(matching.map { _ in .bool(true) } + notMatching.map { _ in .bool(false) }).jsonText
        #expect(outcome.stdout == expected + "\n", "\(pattern)")
    }

    @Test("a literal: syntax escaped, and any case as [aA] classes")
    func literal() {
        #expect(SchemaPattern.literal("a.b(c)", ignoringCase: false) == #"a\.b\(c\)"#)
        #expect(SchemaPattern.literal("São 1", ignoringCase: true) == "[sS][ãÃ][oO] 1")
        #expect(SchemaPattern.wholeValue(["CA", "New York"], ignoringCase: false) == #"^\s*(?:CA|New York)\s*$"#)
    }
}

/// What a kind's definition says of its input is what the schema says of a field of the kind.
@Suite("vouch schema's kinds")
struct InputSchemaKindTests {
    static func schema(_ registry: Registry, kind: String) throws -> JSONObject {
        let spec = #"{"vouch": 1, "locale": "en-US", "fields": [{"name": "c", "kind": "\#(kind)"}]}"#
        let form = try FormSchema(json: spec, registry: registry)
        var input = InputSchema(form: form, spec: try #require(try JSONParser().parse(spec).objectValue))
        return try #require(input.schema(title: "t").objectValue)
    }

    @Test("a kind that declares nothing is left to Vouch, and the comment says so; one that declares is said as declared")
    func declared() throws {
        let registry = Registry()
        try registry.register(KindDefinition("plain", summary: "Undeclared.") { _, _ in Kind(name: "plain", hints: InputHints()) })
        let undeclared = try Self.schema(registry, kind: "plain")
        #expect(undeclared["$comment"]?.stringValue?.contains("c: a value of the kind plain") == true)
        try registry.register(
            KindDefinition("hex", summary: "Declared.") { _, _ in Kind(name: "hex", hints: InputHints()) }
                .describingInput { _ in SchemaContribution(types: ["string"], text: .exact, constraints: [["pattern": "^[0-9a-f]+$"]]) })
        let declared = try Self.schema(registry, kind: "hex")
        #expect(declared["$comment"] == nil)
        #expect(declared["properties"]?["c"]?["anyOf"]?[2] == ["type": ["string"], "pattern": "^[0-9a-f]+$"])
    }
}
