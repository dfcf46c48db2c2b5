import Testing
import VouchTestSupport

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// One value of one kind in one locale: what it becomes, or the violation it gets.
struct LocaleCase: CustomTestStringConvertible, Sendable {
    let locale: String
    let kind: String
    let input: String
    /// The canonical value, or nil when the input is refused.
    let canonical: String?
    /// The display value, when checked.
    let display: String?

    var testDescription: String { "\(locale) \(kind) \"\(input)\"" }

    /// The cases under `key` in Vectors/shipped-packs.json: locale, kind, input, canonical, display.
    static func vectors(_ key: String) throws -> [LocaleCase] {
        try Vectors.rows("shipped-packs", key, as: (String, String, String, String?, String?).self).map {
            LocaleCase(locale: $0.0, kind: $0.1, input: $0.2, canonical: $0.3, display: $0.4)
        }
    }
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

    @Test("dates", arguments: try LocaleCase.vectors("dates"))
    func dates(c: LocaleCase) throws { try Self.check(c) }

    @Test("money both ways", arguments: try LocaleCase.vectors("money"))
    func money(c: LocaleCase) throws { try Self.check(c) }

    @Test("decimals both ways", arguments: try LocaleCase.vectors("decimals"))
    func decimals(c: LocaleCase) throws { try Self.check(c) }

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

    @Test("postal codes accepted, refused and formatted", arguments: try LocaleCase.vectors("postalCodes"))
    func postalCodes(c: LocaleCase) throws { try Self.check(c) }

    @Test("phones formatted and made E.164", arguments: try LocaleCase.vectors("phones"))
    func phones(c: LocaleCase) throws { try Self.check(c) }

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

    @Test("regions by code and name", arguments: try LocaleCase.vectors("regions"))
    func regions(c: LocaleCase) throws { try Self.check(c) }

    @Test(
        "region lists",
        arguments: [("en-US", 51), ("en-GB", 4), ("de-DE", 16), ("fr-FR", 18), ("tr-TR", 81), ("nl-NL", 12), ("ja-JP", 47), ("pt-BR", 27)])
    func regionLists(locale: String, count: Int) throws {
        // The pack's list first, then the country's other ISO 3166-2 subdivisions.
        let regions = try Self.registry.locale(locale).regions
        let pack = try #require(EmbeddedPacks.all.first { $0.locale == locale }?.document["regions"]?.arrayValue)
        #expect(pack.count == count)
        #expect(regions.prefix(count).map(\.code) == pack.compactMap { $0["code"]?.stringValue })
        let subdivisions = RegionData.embedded.regions(country: String(locale.suffix(2)), languages: []).map(\.code)
        #expect(Set(regions.map(\.code)) == Set(regions.prefix(count).map(\.code) + subdivisions))
        #expect(regions.count == Set(regions.map(\.code)).count)
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

    @Test("every file of Sources/VouchData/packs is compiled in, each after the pack it falls back to")
    func compiledIn() throws {
        let files = ChildProcess.shell("cd Sources/VouchData/packs && ls *.json | sed 's/[.]json$//'").lines
        let locales = EmbeddedPacks.all.map(\.locale)
        #expect(files.count > 10)
        #expect(locales.sorted() == files.sorted())
        for (index, locale) in locales.enumerated() where locale != "root" {
            let language = String(locale.prefix { $0 != "-" })
            let parent = locale.contains("-") && locales.contains(language) ? language : "root"
            #expect(locales.prefix(index).contains(parent), "\(locale) comes after \(parent)")
        }
    }

    @Test("names capitalized by the locale's rules", arguments: try LocaleCase.vectors("names"))
    func names(c: LocaleCase) throws {
        try Self.check(c)
        // The `String` path (a field's text as it is typed) gives the same as the checking path.
        let locale = try Self.registry.locale(c.locale)
        #expect(NameFormatter(locale: locale.icuLocale, particles: locale.nameParticles).format(c.input) == c.canonical)
    }

    @Test("the fallback chain: a locale without its own pack takes its language's and root's")
    func fallback() throws {
        let swiss = try Self.registry.locale("de-CH")
        #expect(swiss.chain == ["de-CH", "de", "root"])
        #expect(swiss.message(for: "required") == "Dieses Feld ist erforderlich.")
        #expect(swiss.currency == "CHF", "from ICU, as no pack names it")
        #expect(swiss.regions.map(\.code) == RegionData.embedded.regions(country: "CH", languages: []).map(\.code), "from ISO 3166-2")
        #expect(swiss.region(code: "GE")?.name == "Genf", "named in German")
        let unknown = #expect(throws: VouchError.self) { try Self.registry.locale("qq-ZZ") }
        #expect(unknown?.code == .unknownLocale)
    }
}
