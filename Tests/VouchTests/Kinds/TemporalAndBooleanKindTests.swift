import Testing

@testable import Vouch

@Suite("The boolean, time and datetime kinds, and relative bounds")
struct TemporalAndBooleanKindTests {
    let registry = Registry()

    func schema(_ kind: String, locale: String, _ parameters: JSONObject = [:], registry: Registry? = nil) throws -> FormSchema {
        try FormSchema(
            spec: .object([
                "vouch": 1, "locale": .string(locale),
                "fields": [.object(JSONObject([("name", "v"), ("kind", .string(kind))] + Array(parameters)))],
            ]),
            registry: registry ?? self.registry)
    }

    /// The `String` API's result and the checking path's output line, which must agree.
    func check(_ schema: FormSchema, _ value: JSONValue) throws -> (result: ValidationResult, line: String) {
        let record: JSONObject = ["v": value]
        var line: [UInt8] = []
        JSONWriter.write(.object(record), into: &line)
        var output: [UInt8] = []
        let read = line.withUnsafeBufferPointer { FormChecker(schema: schema).checkJSON($0, into: &output) }
        try read.get()
        var expected: [UInt8] = []
        JSONWriter.write(schema.validate(record).json(), into: &expected)
        #expect(String(decoding: output, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        return (schema.validate(record), String(decoding: output, as: UTF8.self))
    }

    // MARK: boolean

    @Test(
        "booleans in each shipped locale: its words in any case, true/false and 1/0",
        arguments: [
            ("en-US", ["yes", "Y", "TRUE", "1"], ["no", "N", "false", "0"], "yes", "no", "maybe"),
            ("en-GB", ["Yes", "y"], ["No", "n"], "yes", "no", "perhaps"),
            ("de-DE", ["ja", "JA", "J", "1"], ["nein", "Nein", "n", "0"], "ja", "nein", "vielleicht"),
            ("fr-FR", ["oui", "Oui", "o"], ["non", "NON", "n"], "oui", "non", "peut-être"),
            ("nl-NL", ["ja", "J"], ["nee", "Nee", "n"], "ja", "nee", "misschien"),
            ("ja-JP", ["はい", "1", "true"], ["いいえ", "0", "false"], "はい", "いいえ", "たぶん"),
            ("pt-BR", ["sim", "Sim", "s"], ["não", "NÃO", "nao", "n"], "sim", "não", "talvez"),
            ("tr-TR", ["evet", "Evet", "e"], ["hayır", "Hayır", "HAYIR", "hayir", "h"], "evet", "hayır", "belki"),
        ])
    func booleans(locale: String, yes: [String], no: [String], yesWord: String, noWord: String, neither: String) throws {
        let schema = try schema("boolean", locale: locale)
        for (words, value, display) in [(yes, true, yesWord), (no, false, noWord)] {
            for word in words {
                let (result, line) = try check(schema, .string(word))
                #expect(result.isValid, "\(locale): \(word)")
                #expect(result.canonicalValues["v"] == .bool(value), "\(locale): \(word)")
                #expect(result.value(of: "v")?.display == display, "\(locale): \(word)")
                #expect(line.contains(#""v":\#(value)"#), "\(locale): \(word) is written as a JSON boolean: \(line)")
            }
        }
        let (result, _) = try check(schema, .string(neither))
        #expect(result.violations.map(\.code) == ["boolean"])
        #expect(result.violations.first?.message.contains(yesWord) == true)
        #expect(result.violations.first?.message.contains(noWord) == true)
    }

    @Test("a JSON boolean in a record is taken, and written back as a JSON boolean")
    func jsonBooleans() throws {
        let schema = try schema("boolean", locale: "de-DE")
        for value in [true, false] {
            let (result, line) = try check(schema, .bool(value))
            #expect(result.canonicalValues["v"] == .bool(value))
            #expect(line.contains(#""values":{"v":\#(value)}"#), "\(line)")
        }
        #expect(try check(schema, .number(1)).result.canonicalValues["v"] == .bool(true))
        #expect(try check(schema, .array([])).result.violations.map(\.code) == ["type"])
    }

    @Test("the boolean kind's hints and single values")
    func booleanHints() throws {
        let kind = try registry.makeKind("boolean", locale: "de-DE")
        #expect(kind.hints.control == .toggle)
        #expect(kind.hints.control.rawValue == "switch")
        #expect(try registry.validate("ja", as: "boolean", locale: "de-DE").isValid)
        #expect(try registry.format("oui", as: "boolean", locale: "fr-FR", canonical: true) == "true")
        #expect(try registry.format("0", as: "bool", locale: "fr-FR") == "non")
    }
}
