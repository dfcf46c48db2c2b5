import Testing

@testable import Vouch

/// One value of one kind in one locale: what it becomes, or the violation it gets.
struct LocaleCase: CustomTestStringConvertible, Sendable {
    let locale: String
    let kind: String
    let input: String
    /// The canonical value, or nil when the input is refused.
    let canonical: String?
    /// The display value, when checked.
    let display: String?

    init(_ locale: String, _ kind: String, _ input: String, _ canonical: String?, _ display: String? = nil) {
        self.locale = locale
        self.kind = kind
        self.input = input
        self.canonical = canonical
        self.display = display
    }

    var testDescription: String { "\(locale) \(kind) \"\(input)\"" }
}

@Suite("Shipped locale packs")
struct ShippedPackTests {
    static let registry = Registry()

    static func validate(_ c: LocaleCase) throws -> ValidationResult {
        let spec: JSONValue = ["vouch": 1, "locale": .string(c.locale), "fields": [["name": "v", "kind": .string(c.kind)]]]
        return try FormSchema(spec: spec, registry: registry).validate(["v": c.input])
    }

    static func check(_ c: LocaleCase) throws {
        let result = try validate(c)
        let value = result.value(of: "v")
        if let canonical = c.canonical {
            #expect(value?.canonical.stringValue == canonical, "\(result.violations)")
            if let display = c.display { #expect(value?.display == display) }
        } else {
            #expect(value == nil)
            #expect(result.violations.count == 1)
        }
    }

    @Test(
        "dates",
        arguments: [
            LocaleCase("en-US", "date", "02/22/1982", "1982-02-22", "02/22/1982"),
            LocaleCase("en-US", "date", "22/02/1982", nil),
            LocaleCase("en-GB", "date", "22/02/1982", "1982-02-22", "22/02/1982"),
            LocaleCase("en-GB", "date", "02/22/1982", nil),
            LocaleCase("de-DE", "date", "22.02.1982", "1982-02-22", "22.02.1982"),
            LocaleCase("de-DE", "date", "30.02.1982", nil),
            LocaleCase("fr-FR", "date", "22/02/1982", "1982-02-22", "22/02/1982"),
            LocaleCase("fr-FR", "date", "31/04/1982", nil),
            LocaleCase("tr-TR", "date", "22.02.1982", "1982-02-22", "22.02.1982"),
            LocaleCase("tr-TR", "date", "29.02.1983", nil),
            LocaleCase("nl-NL", "date", "22-02-1982", "1982-02-22", "22-02-1982"),
            LocaleCase("nl-NL", "date", "32-01-1982", nil),
            LocaleCase("ja-JP", "date", "1982/02/22", "1982-02-22", "1982/02/22"),
            LocaleCase("ja-JP", "date", "1982/13/01", nil),
            LocaleCase("pt-BR", "date", "22/02/1982", "1982-02-22", "22/02/1982"),
            LocaleCase("pt-BR", "date", "00/02/1982", nil),
            LocaleCase("pt-BR", "date", "1982-02-22", "1982-02-22", "22/02/1982"),
        ])
    func dates(c: LocaleCase) throws { try Self.check(c) }

    @Test(
        "money both ways",
        arguments: [
            LocaleCase("en-US", "money", "$1,234.50", "1234.50 USD", "$1,234.50"),
            LocaleCase("en-GB", "money", "£1,234.50", "1234.50 GBP", "£1,234.50"),
            LocaleCase("de-DE", "money", "1.234,50 €", "1234.50 EUR", "1.234,50\u{A0}€"),
            LocaleCase("de-DE", "money", "1234,5", "1234.50 EUR", "1.234,50\u{A0}€"),
            LocaleCase("fr-FR", "money", "1 234,50 €", "1234.50 EUR", "1\u{202F}234,50\u{A0}€"),
            LocaleCase("nl-NL", "money", "€ 1.234,50", "1234.50 EUR", "€\u{A0}1.234,50"),
            LocaleCase("tr-TR", "money", "₺1.234,50", "1234.50 TRY", "₺1.234,50"),
            LocaleCase("ja-JP", "money", "￥1,235", "1235 JPY", "￥1,235"),
            LocaleCase("pt-BR", "money", "R$ 1.234,50", "1234.50 BRL", "R$\u{A0}1.234,50"),
            LocaleCase("pt-BR", "money", "1.234,50", "1234.50 BRL", "R$\u{A0}1.234,50"),
            LocaleCase("de-DE", "money", "€ 1.234,50", "1234.50 EUR", "1.234,50\u{A0}€"),
            LocaleCase("de-DE", "money", "1.234,50 EUR", "1234.50 EUR", "1.234,50\u{A0}€"),
            LocaleCase("en-US", "money", "1,234.50 $", "1234.50 USD", "$1,234.50"),
            LocaleCase("de-DE", "money", "$12.00", nil),
            LocaleCase("ja-JP", "money", "1234.5", nil),
        ])
    func money(c: LocaleCase) throws { try Self.check(c) }

    @Test(
        "decimals both ways",
        arguments: [
            LocaleCase("en-US", "decimal", "1,234.5", "1234.5", "1,234.5"),
            LocaleCase("en-GB", "decimal", "-0.25", "-0.25", "-0.25"),
            LocaleCase("de-DE", "decimal", "1.234,5", "1234.5", "1.234,5"),
            LocaleCase("fr-FR", "decimal", "1 234,5", "1234.5", "1\u{202F}234,5"),
            LocaleCase("fr-FR", "decimal", "1\u{A0}234,5", "1234.5", "1\u{202F}234,5"),
            LocaleCase("tr-TR", "decimal", "1.234,5", "1234.5", "1.234,5"),
            LocaleCase("nl-NL", "decimal", "1.234,5", "1234.5", "1.234,5"),
            LocaleCase("ja-JP", "decimal", "1,234.5", "1234.5", "1,234.5"),
            LocaleCase("pt-BR", "decimal", "1.234,5", "1234.5", "1.234,5"),
            LocaleCase("de-DE", "decimal", "12abc", nil),
        ])
    func decimals(c: LocaleCase) throws { try Self.check(c) }

    @Test(
        "postal codes accepted, refused and formatted",
        arguments: [
            LocaleCase("en-US", "zip", "94103", "94103"), LocaleCase("en-US", "zip", "94103-1234", "94103-1234"),
            LocaleCase("en-US", "zip", "9410", nil),
            LocaleCase("en-GB", "zip", "sw1a1aa", "SW1A 1AA"), LocaleCase("en-GB", "zip", "M1 1AE", "M1 1AE"),
            LocaleCase("en-GB", "zip", "b338th", "B33 8TH"), LocaleCase("en-GB", "zip", "SW1A 1A", nil),
            LocaleCase("en-GB", "zip", "1234", nil),
            LocaleCase("de-DE", "zip", "10117", "10117"), LocaleCase("de-DE", "zip", "1011", nil),
            LocaleCase("fr-FR", "zip", "75001", "75001"), LocaleCase("fr-FR", "zip", "99000", nil),
            LocaleCase("tr-TR", "zip", "34000", "34000"), LocaleCase("tr-TR", "zip", "82000", nil),
            LocaleCase("nl-NL", "zip", "1012ab", "1012 AB"), LocaleCase("nl-NL", "zip", "1012 SS", nil),
            LocaleCase("nl-NL", "zip", "0123 AB", nil),
            LocaleCase("ja-JP", "zip", "1000001", "100-0001"), LocaleCase("ja-JP", "zip", "100-0001", "100-0001"),
            LocaleCase("ja-JP", "zip", "10001", nil),
            LocaleCase("pt-BR", "zip", "01310100", "01310-100"), LocaleCase("pt-BR", "zip", "01310-100", "01310-100"),
            LocaleCase("pt-BR", "zip", "0131010", nil),
        ])
    func postalCodes(c: LocaleCase) throws { try Self.check(c) }

    @Test(
        "phones formatted and made E.164",
        arguments: [
            LocaleCase("en-US", "phone", "2015550123", "+12015550123", "(201) 555-0123"),
            LocaleCase("en-GB", "phone", "02079460958", "+442079460958", "020 7946 0958"),
            LocaleCase("en-GB", "phone", "+44 7700 900123", "+447700900123", "07700 900123"),
            LocaleCase("en-GB", "phone", "0161 496 0000", "+441614960000", "0161 496 0000"),
            LocaleCase("en-GB", "phone", "01632960123", "+441632960123", "01632 960123"),
            LocaleCase("de-DE", "phone", "030 12345678", "+493012345678", "030 12345678"),
            LocaleCase("de-DE", "phone", "0151 23456789", "+4915123456789", "01512 3456789"),
            LocaleCase("de-DE", "phone", "0221 1234567", "+492211234567", "02211234567"),
            LocaleCase("fr-FR", "phone", "0123456789", "+33123456789", "01 23 45 67 89"),
            LocaleCase("fr-FR", "phone", "+33 6 12 34 56 78", "+33612345678", "06 12 34 56 78"),
            LocaleCase("tr-TR", "phone", "05321234567", "+905321234567", "0532 123 45 67"),
            LocaleCase("nl-NL", "phone", "0612345678", "+31612345678", "06 12345678"),
            LocaleCase("nl-NL", "phone", "020 123 4567", "+31201234567", "020 123 4567"),
            LocaleCase("ja-JP", "phone", "09012345678", "+819012345678", "090-1234-5678"),
            LocaleCase("ja-JP", "phone", "0312345678", "+81312345678", "03-1234-5678"),
            LocaleCase("pt-BR", "phone", "11912345678", "+5511912345678", "(11) 91234-5678"),
            LocaleCase("pt-BR", "phone", "(11) 3456-7890", "+551134567890", "(11) 3456-7890"),
            LocaleCase("fr-FR", "phone", "012345678", nil),
            LocaleCase("tr-TR", "phone", "09321234567", nil),
            LocaleCase("pt-BR", "phone", "1191234567", nil),
        ])
    func phones(c: LocaleCase) throws { try Self.check(c) }

    @Test(
        "regions by code and name",
        arguments: [
            LocaleCase("en-US", "state", "dc", "DC"), LocaleCase("en-US", "state", "California", "CA"),
            LocaleCase("en-GB", "state", "Scotland", "SCT"), LocaleCase("de-DE", "state", "Thüringen", "TH"),
            LocaleCase("de-DE", "state", "by", "BY"), LocaleCase("fr-FR", "state", "Île-de-France", "IDF"),
            LocaleCase("tr-TR", "state", "İstanbul", "34"), LocaleCase("tr-TR", "state", "81", "81"),
            LocaleCase("nl-NL", "state", "Zuid-Holland", "ZH"), LocaleCase("ja-JP", "state", "東京都", "13"),
            LocaleCase("pt-BR", "state", "São Paulo", "SP"), LocaleCase("pt-BR", "state", "sp", "SP"),
            LocaleCase("de-DE", "state", "CA", nil), LocaleCase("pt-BR", "state", "XX", nil), LocaleCase("ja-JP", "state", "48", nil),
        ])
    func regions(c: LocaleCase) throws { try Self.check(c) }

    @Test(
        "region lists",
        arguments: [("en-US", 51), ("en-GB", 4), ("de-DE", 16), ("fr-FR", 18), ("tr-TR", 81), ("nl-NL", 12), ("ja-JP", 47), ("pt-BR", 27)])
    func regionLists(locale: String, count: Int) throws {
        #expect(try Self.registry.locale(locale).regions.count == count)
    }

    @Test(
        "a message with a plural in each language",
        arguments: [
            ("en-US", 1, "Enter at least 1 character."), ("en-US", 3, "Enter at least 3 characters."),
            ("de-DE", 1, "Fügen Sie mindestens 1 Eintrag hinzu."), ("de-DE", 3, "Fügen Sie mindestens 3 Einträge hinzu."),
            ("fr-FR", 1, "Saisissez au moins 1 caractère."), ("fr-FR", 3, "Saisissez au moins 3 caractères."),
            ("tr-TR", 1, "En az 1 karakter girin."), ("tr-TR", 3, "En az 3 karakter girin."),
            ("nl-NL", 1, "Voer minstens 1 teken in."), ("nl-NL", 3, "Voer minstens 3 tekens in."),
            ("ja-JP", 1, "1文字以上で入力してください。"), ("ja-JP", 3, "3文字以上で入力してください。"),
            ("pt-BR", 1, "Digite pelo menos 1 caractere."), ("pt-BR", 3, "Digite pelo menos 3 caracteres."),
            ("en-GB", 1, "Enter at least 1 character."),
        ])
    func plurals(locale: String, count: Int, message: String) throws {
        let profile = try Self.registry.locale(locale)
        let code = locale == "de-DE" ? "too_few" : "too_short"
        #expect(profile.message(for: code, ["min": .number(Double(count))]) == message)
    }

    @Test("every language pack has a message for every code root has")
    func completeMessages() throws {
        let root = try #require(EmbeddedPacks.all.first { $0.locale == "root" })
        let codes = Set(root.document["messages"]!.objectValue!.keys)
        for language in ["de", "fr", "tr", "nl", "ja", "pt"] {
            let pack = try #require(EmbeddedPacks.all.first { $0.locale == language })
            #expect(Set(pack.document["messages"]!.objectValue!.keys) == codes, "\(language)")
        }
    }

    @Test("a field's messages follow its locale, with localized arguments")
    func localizedViolations() throws {
        let spec =
            #"{"vouch": 1, "locale": "de-DE", "fields": [{"name": "d", "kind": "date", "required": true}, {"name": "n", "rules": [{"rule": "length", "min": 2}]}]}"#
        let result = try FormSchema(json: spec, registry: Self.registry).validate(["d": "31.02.2000", "n": "x"])
        #expect(
            result.violations.map(\.message) == [
                "Geben Sie ein gültiges Datum ein, etwa 22.02.1982.", "Geben Sie mindestens 2 Zeichen ein.",
            ])
    }

    @Test(
        "names capitalized by the locale's rules",
        arguments: [
            ("tr-TR", "ışık ilgin", "Işık İlgin"), ("nl-NL", "ijsbrand", "IJsbrand"), ("en-US", "o'neil", "O'Neil"),
            ("de-DE", "jürgen müller-lüdenscheidt", "Jürgen Müller-Lüdenscheidt"),
        ])
    func names(locale: String, input: String, output: String) throws {
        try Self.check(LocaleCase(locale, "name", input, output))
    }

    @Test("the fallback chain: a locale without its own pack takes its language's and root's")
    func fallback() throws {
        let swiss = try Self.registry.locale("de-CH")
        #expect(swiss.chain == ["de-CH", "de", "root"])
        #expect(swiss.message(for: "required") == "Dieses Feld ist erforderlich.")
        #expect(swiss.currency == "CHF", "from ICU, as no pack names it")
        #expect(swiss.regions.isEmpty)
        let unknown = #expect(throws: VouchError.self) { try Self.registry.locale("qq-ZZ") }
        #expect(unknown?.code == .unknownLocale)
    }
}
