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
        #expect(card.version == "1.1.0")
        #expect(card.abiVersion == 2)
        #expect(Self.registry.rule(named: "iban.iban") != nil)
    }

    @Test(
        "valid card numbers of several brands",
        arguments: [
            "4111111111111111", "4012888888881881", "4222222222222", "5555555555554444", "5105105105105100", "2223003122003222",
            "378282246310005", "3714 496353 98431", "6011111111111117", "6011-0009-9013-9424", "30569309025904", "38520000023237",
            "3530111333300000", "3566002020360505", "6200000000000005", "6759649826438453", "6221260000000000",
        ])
    func validCards(number: String) throws {
        #expect(try Self.codes("card.number", number) == [])
        #expect(try Self.codes("card.luhn", number) == [])
    }

    @Test(
        "invalid card numbers",
        arguments: [
            ("4111111111111112", "card.luhn"), ("1234567812345670", "card.brand"), ("41111111111111", "card.length"),
            ("3782822463100050", "card.length"), ("4111 1111 1111 111a", "card.digits"), ("4111.1111.1111.1111", "card.digits"),
        ])
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

    @Test(
        "card numbers grouped as their brand prints them",
        arguments: [
            ("4111111111111111", "4111 1111 1111 1111"), ("378282246310005", "3782 822463 10005"), ("30569309025904", "3056 930902 5904"),
            ("4111-1111-1111-1111", "4111 1111 1111 1111"), ("4111111111111111111", "4111 1111 1111 1111 111"), ("4111 11", "4111 11"),
            ("not a card", "not a card"),
            // No known brand: the fallback groups, then the digits past them as they are (its table
            // once had no end, and numbers of 17 or more digits read past it).
            ("00000000000000000", "0000 0000 0000 0000 0"), ("0000000000000000000", "0000 0000 0000 0000 000"),
            ("00000000000000000000123", "0000 0000 0000 0000 0000123"),
        ])
    func grouping(input: String, output: String) throws {
        #expect(try Self.registry.makeFormatter("card.group").format(input) == output)
    }

    @Test(
        "valid IBANs of several countries",
        arguments: [
            "DE89370400440532013000", "GB82 WEST 1234 5698 7654 32", "FR1420041010050500013M02606", "nl91abna0417164300",
            "BE68539007547034", "CH9300762011623852957", "ES9121000418450200051332", "IT60X0542811101000000123456", "NO9386011117947",
            "BR1800360305000010009795493C1", "MT84MALT011000012345MTLCAST001S", "SA0380000000608010167519", "PL61109010140000071219812874",
            "AT611904300234573201",
        ])
    func validIBANs(iban: String) throws {
        #expect(try Self.codes("iban.iban", iban) == [])
    }

    @Test(
        "invalid IBANs",
        arguments: [
            ("DE89370400440532013001", "iban.checksum"), ("GB82WEST12345698765433", "iban.checksum"),
            ("DE8937040044053201300", "iban.length"), ("FR14200410100505000013M026067", "iban.length"),
            ("GB82WE5T12345698765432", "iban.structure"), ("NL91ABNA041716430A", "iban.structure"),
            ("XX89370400440532013000", "iban.country"), ("DE89-3704-0044", "iban.characters"), ("1234", "iban.format"),
        ])
    func invalidIBANs(iban: String, code: String) throws {
        #expect(try Self.codes("iban.iban", iban) == [code])
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
                "Diese IBAN ist ungültig: Prüfen Sie sie auf Tippfehler.", "Diese visa-Kartennummer hat die falsche Anzahl an Ziffern.",
            ])
    }

    @Test(
        "IBANs printed in groups of four",
        arguments: [
            ("de89370400440532013000", "DE89 3704 0044 0532 0130 00"), ("GB82 WEST 1234 5698 7654 32", "GB82 WEST 1234 5698 7654 32"),
            ("NO9386011117947", "NO93 8601 1117 947"),
        ])
    func printing(input: String, output: String) throws {
        #expect(try Self.registry.makeFormatter("iban.print").format(input) == output)
    }
}
