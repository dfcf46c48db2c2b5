import Testing

@testable import Vouch

@Suite("The card and iban plugins")
struct CardAndIBANPluginTests {
    static let registry = PluginSupport.registry(loading: "card", "iban")

    static func codes(_ rule: String, _ value: String, _ parameters: JSONObject = [:], locale: String = "en-US") throws -> [String] {
        let built = try registry.makeRule(rule, parameters, locale: locale)
        return built.check(value, context: RuleContext(locale: try registry.locale(locale))).map(\.code)
    }

    @Test("the plugins describe themselves")
    func loaded() throws {
        let names = Self.registry.plugins.map(\.name)
        #expect(names == ["card", "iban"])
        let card = try #require(Self.registry.plugins.first)
        #expect(card.rules == ["card.luhn", "card.number"])
        #expect(card.formatters == ["card.group"])
        #expect(card.version == "1.2.0")
        #expect(card.abiVersion == 2)
        #expect(Self.registry.rule(named: "iban.iban") != nil)
    }

    @Test("valid card numbers of several brands", arguments: try Vectors.rows("card-and-iban-plugins", "validCards", as: String.self))
    func validCards(number: String) throws {
        #expect(try Self.codes("card.number", number) == [])
        #expect(try Self.codes("card.luhn", number) == [])
    }

    @Test("invalid card numbers", arguments: try Vectors.rows("card-and-iban-plugins", "invalidCards", as: (String, String).self))
    func invalidCards(number: String, code: String) throws {
        #expect(try Self.codes("card.number", number) == [code])
    }

    @Test("brands limits the brands accepted")
    func brands() throws {
        #expect(try Self.codes("card.number", "378282246310005", ["brands": ["visa", "mastercard"]]) == ["card.brand"])
        #expect(try Self.codes("card.number", "4111111111111111", ["brands": ["visa", "mastercard"]]) == [])
        let error = #expect(throws: VouchError.self) { try Self.registry.makeRule("card.number", ["brands": ["visa", "diamond"]]) }
        #expect(error?.code == .invalidParameter)
        #expect(error?.message.contains("unknown brand \"diamond\"") == true)
        let none = #expect(throws: VouchError.self) { try Self.registry.makeRule("card.luhn", ["strict": true]) }
        #expect(none?.message.contains("takes no parameters") == true)
    }

    // Numbers of no known brand take the fallback groups, then the digits past them as they are (its
    // table once had no end, and numbers of 17 or more digits read past it).
    @Test(
        "card numbers grouped as their brand prints them",
        arguments: try Vectors.rows("card-and-iban-plugins", "grouping", as: (String, String).self))
    func grouping(input: String, output: String) throws {
        #expect(try Self.registry.makeFormatter("card.group").format(input) == output)
    }

    @Test("valid IBANs of several countries", arguments: try Vectors.rows("card-and-iban-plugins", "validIBANs", as: String.self))
    func validIBANs(iban: String) throws {
        #expect(try Self.codes("iban.iban", iban) == [])
    }

    @Test("invalid IBANs", arguments: try Vectors.rows("card-and-iban-plugins", "invalidIBANs", as: (String, String).self))
    func invalidIBANs(iban: String, code: String) throws {
        #expect(try Self.codes("iban.iban", iban) == [code])
    }

    @Test("IBANs printed in groups of four", arguments: try Vectors.rows("card-and-iban-plugins", "printing", as: (String, String).self))
    func printing(input: String, output: String) throws {
        #expect(try Self.registry.makeFormatter("iban.print").format(input) == output)
    }

    @Test("plugin messages, with their arguments, in English and German")
    func messages() throws {
        let spec =
            #"{"vouch": 1, "locale": "LOCALE", "fields": [{"name": "iban", "rules": ["iban.iban"]}, {"name": "card", "rules": ["card.number"]}]}"#
        let english = try FormSchema(json: spec.replacing("LOCALE", with: "en-US"), registry: Self.registry)
            .validate(["iban": "DE8937040044053201300", "card": "4111111111111112"])
        #expect(
            english.violations.map(\.message) == [
                "An IBAN of DE has 22 characters.", "This card number is not valid: check it for typing mistakes.",
            ])
        let german = try FormSchema(json: spec.replacing("LOCALE", with: "de-DE"), registry: Self.registry)
            .validate(["iban": "DE89370400440532013001", "card": "41111111111111"])
        #expect(
            german.violations.map(\.message) == [
                "Diese IBAN ist ungültig: Prüfen Sie sie auf Tippfehler.", "Diese Visa-Kartennummer hat die falsche Anzahl an Ziffern.",
            ])
    }

}
