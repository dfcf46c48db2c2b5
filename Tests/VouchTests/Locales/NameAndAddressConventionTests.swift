import Testing

@testable import Vouch

/// The conventions of a locale for names and addresses: particles that begin a family name,
/// the lower-case words of addresses (from the language packs), and the middle dots of names
/// written in Japanese and Chinese.
@Suite("Name and address conventions of the locale")
struct NameAndAddressConventionTests {
    static let registry = Registry()

    /// The canonical value of `input` in a one-field form of `field`, or nil when refused.
    static func canonical(_ locale: String, _ field: JSONObject, _ input: String) throws -> String? {
        var field = field
        field["name"] = "v"
        let spec: JSONValue = ["vouch": 1, "locale": .string(locale), "fields": [.object(field)]]
        let result = try FormSchema(spec: spec, registry: registry).validate(["v": input])
        return result.isValid ? result.canonicalValues["v"]?.stringValue : nil
    }

    @Test(
        "a family name keeps the particle it starts with in lower case when typed so",
        arguments: [
            ("de-DE", "von bülow", "von Bülow"), ("de-DE", "von Bülow", "von Bülow"), ("de-DE", "Von Bülow", "Von Bülow"),
            ("de-DE", "von der leyen", "von der Leyen"), ("nl-NL", "van der berg", "van der Berg"),
            ("nl-NL", "Van der Berg", "Van der Berg"),
            ("fr-FR", "de la fontaine", "de la Fontaine"), ("it-IT", "di caprio", "di Caprio"), ("it-IT", "del piero", "del Piero"),
            ("es-ES", "de la cruz", "de la Cruz"), ("pt-BR", "dos santos", "dos Santos"), ("pt-BR", "da silva", "da Silva"),
            ("de-DE", "müller", "Müller"), ("de-DE", "VON BÜLOW", "Von Bülow"),
        ])
    func familyNames(locale: String, input: String, expected: String) throws {
        #expect(try Self.canonical(locale, ["kind": "name", "part": "family"], input) == expected)
        // A full name still starts with a capital.
        #expect(try Self.canonical(locale, ["kind": "name"], "ada " + input)?.hasPrefix("Ada ") == true)
    }

    @Test("a full name capitalizes a particle it starts with, as before")
    func fullNames() throws {
        #expect(try Self.canonical("de-DE", ["kind": "name"], "von bülow") == "Von Bülow")
        #expect(try Self.canonical("de-DE", ["kind": "name", "part": "given"], "jürgen") == "Jürgen")
    }

    @Test(
        "addresses keep the language's lower-case words typed so",
        arguments: [
            ("fr-FR", "12 rue de la paix", "12 rue de la Paix"),
            ("fr-FR", "5 Rue Du Bac", "5 Rue Du Bac"), ("fr-CA", "10 rue du marché", "10 rue du Marché"),
            ("es-ES", "calle de alcalá 1", "Calle de Alcalá 1"), ("es-MX", "avenida de los insurgentes", "Avenida de los Insurgentes"),
            ("it-IT", "piazza di spagna", "Piazza di Spagna"), ("it-IT", "corso italia, via roma 1", "Corso Italia, via Roma 1"),
            ("pt-BR", "rua das flores", "Rua das Flores"), ("de-DE", "straße des 17. juni", "Straße des 17. Juni"),
            ("en-US", "1 main street", "1 Main Street"),
        ])
    func addresses(locale: String, input: String, expected: String) throws {
        #expect(try Self.canonical(locale, ["kind": "address"], input) == expected)
    }

    @Test(
        "middle dots separate the parts of names written in Japanese and Chinese",
        arguments: [("ja-JP", "ジョン・ポール"), ("zh-CN", "约翰·保罗"), ("zh-TW", "約翰‧保羅"), ("ja-JP", "山田 太郎")])
    func middleDots(locale: String, input: String) throws {
        #expect(try Self.canonical(locale, ["kind": "name"], input) == input)
    }

    @Test("a name does not start or end with a middle dot, nor holds two in a row", arguments: ["・ジョン", "ジョン・", "ジョン・・ポール", "·Ann"])
    func middleDotsBetweenLetters(input: String) throws {
        #expect(try Self.canonical("ja-JP", ["kind": "name"], input) == nil)
    }
}
