import Testing
@_spi(VouchInternal) import VouchBase
import VouchTestSupport

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// Every country's regions, from ISO 3166-2 as Debian's iso-codes carries it: the tests read the
/// source itself (/usr/share/iso-codes/json/iso_3166-2.json and the translations in
/// /usr/share/locale/*/LC_MESSAGES/iso_3166-2.mo; `make test-deps` installs the pinned iso-codes).
@Suite("Regions from ISO 3166-2")
struct RegionDataTests {
    static let registry = Registry()

    /// A subdivision of the source: its country, its code after the country's prefix, its English name.
    struct Subdivision {
        let country: String
        let code: String
        let name: String
    }

    static let subdivisions: [Subdivision] = {
        let bytes = TestFiles.readBytes("/usr/share/iso-codes/json/iso_3166-2.json")
        guard let items = (try? JSONParser().parse(bytes))?["3166-2"]?.arrayValue else { return [] }
        return items.compactMap { item in
            guard let full = item["code"]?.stringValue, let name = item["name"]?.stringValue, let dash = full.firstIndex(of: "-")
            else { return nil }
            return Subdivision(country: String(full[..<dash]), code: String(full[full.index(after: dash)...]), name: name)
        }
    }()

    /// The translation of each language directory of /usr/share/locale, by the BCP 47 tag the
    /// data names it with.
    static let catalogs: [String: GettextCatalog] = {
        let tags = ["zh_CN": "zh-Hans", "zh_TW": "zh-Hant", "sr@latin": "sr-Latn", "nb_NO": "nb", "bn_BD": "bn", "pa_PK": "pa-Arab"]
        var catalogs: [String: GettextCatalog] = [:]
        for directory in TestFiles.names(in: "/usr/share/locale") {
            let bytes = TestFiles.readBytes("/usr/share/locale/\(directory)/LC_MESSAGES/iso_3166-2.mo")
            if bytes.isEmpty { continue }
            catalogs[tags[directory] ?? directory.replacing("_", with: "-")] = GettextCatalog(bytes: bytes)
        }
        return catalogs
    }()

    /// A `state` field's form in `locale`.
    static func form(_ locale: String) throws -> FormSchema {
        let spec: JSONValue = ["vouch": 1, "locale": .string(locale), "fields": [["name": "v", "kind": "state"]]]
        return try FormSchema(spec: spec, registry: registry)
    }

    /// `value`'s canonical value in `form`, or nil when refused.
    static func canonical(_ value: String, _ form: FormSchema) -> String? {
        let result = form.validate(["v": value])
        return result.isValid ? result.value(of: "v")?.canonical.stringValue : nil
    }

    @Test("the data is the installed iso-codes: every subdivision, every translated name")
    func data() throws {
        try #require(Self.subdivisions.count > 5000, "no /usr/share/iso-codes/json/iso_3166-2.json: apt-get install iso-codes")
        let installed = ChildProcess.shell("dpkg-query -W -f '${Version}' iso-codes").stdout
        #expect(installed == RegionData.embedded.version)
        #expect(Set(Self.subdivisions.map(\.country)) == Set(RegionData.embedded.countryCodes))
        try #require(Self.catalogs.count >= 40)
        var wrong: [String] = []
        var checked = 0
        for country in RegionData.embedded.countryCodes {
            let source = Self.subdivisions.filter { $0.country == country }
            let english = RegionData.embedded.regions(country: country, languages: [])
            #expect(english.map(\.code) == source.map(\.code).sorted(), "\(country)")
            let names = Dictionary(source.map { ($0.code, $0.name) }, uniquingKeysWith: { a, _ in a })
            for region in english where region.name != names[region.code] { wrong.append("\(country)-\(region.code) en: \(region.name)") }
            for (language, catalog) in Self.catalogs {
                for region in RegionData.embedded.regions(country: country, languages: [language]) {
                    let name = names[region.code] ?? ""
                    let expected = catalog.translations[name].flatMap { $0.isEmpty ? nil : $0 } ?? name
                    checked += 1
                    if region.name != expected { wrong.append("\(country)-\(region.code) \(language): \(region.name), not \(expected)") }
                }
            }
        }
        #expect(checked > 5000 * 40)
        #expect(wrong.isEmpty, "\(wrong.count) names differ: \(wrong.prefix(20))")
    }

    @Test("read a country's line at a time, the data is the whole file parsed as JSON")
    func linesAreTheDocument() throws {
        let file = TestFiles.readBytes("Sources/VouchData/regions/regions.json")
        let document = try #require(try JSONParser().parse(file).objectValue)
        let countries = try #require(document["countries"]?.objectValue)
        #expect(RegionData.embedded.source == document["source"]?.stringValue)
        #expect(RegionData.embedded.version == document["version"]?.stringValue)
        #expect(RegionData.embedded.countryCodes == countries.members.map(\.key).sorted())
        for member in countries.members {
            let codes = (member.value.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
            #expect(RegionData.embedded.regions(country: member.key, languages: []).map(\.code) == codes, "\(member.key)")
        }
    }

    @Test("every subdivision of every country is accepted by its code and its English name")
    func everyCountry() throws {
        try #require(Self.subdivisions.count > 5000, "no /usr/share/iso-codes/json/iso_3166-2.json: apt-get install iso-codes")
        var refused: [String] = []
        for country in Set(Self.subdivisions.map(\.country)).sorted() {
            let form = try Self.form("en-\(country)")
            let source = Self.subdivisions.filter { $0.country == country }
            for subdivision in source {
                let byCode = Self.canonical(subdivision.code.lowercased(), form)
                if byCode != subdivision.code { refused.append("\(country) \(subdivision.code): \(byCode ?? "refused")") }
                // A name several subdivisions share (ES `Madrid`, the province and the community's
                // short form) may stand for any of them.
                let byName = Self.canonical(subdivision.name, form)
                let key = Collation.looseKey(subdivision.name, locale: "en")
                let sharing = source.filter { Collation.looseKey($0.name, locale: "en") == key }
                if !sharing.contains(where: { $0.code == byName }) {
                    refused.append("\(country) \(subdivision.name): \(byName ?? "refused"), not \(subdivision.code)")
                }
            }
        }
        #expect(refused.isEmpty, "\(refused.count) refused: \(refused.prefix(30))")
    }

    /// Locales on every continent, each with its country's names in its language where the source
    /// has them (else English).
    static let locales = [
        "en-CA", "fr-CA", "es-MX", "en-US", "pt-BR", "es-AR", "es-CO", "es-CL", "es-PE",
        "de-DE", "de-AT", "de-CH", "fr-FR", "fr-BE", "nl-NL", "nl-BE", "it-IT", "es-ES", "ca-ES", "eu-ES", "pl-PL", "cs-CZ",
        "sk-SK", "hu-HU", "ro-RO", "bg-BG", "el-GR", "sv-SE", "da-DK", "nb-NO", "fi-FI", "et-EE", "lv-LV", "lt-LT", "ru-RU",
        "uk-UA", "be-BY", "sr-RS", "hr-HR", "sl-SI", "tr-TR", "cy-GB", "ga-IE", "is-IS",
        "ka-GE", "az-AZ", "he-IL", "ar-EG", "ar-SA", "fa-IR", "hi-IN", "en-IN", "bn-BD", "th-TH", "vi-VN", "id-ID", "ko-KR",
        "ja-JP", "zh-CN", "zh-TW", "en-AU", "en-NZ", "en-ZA", "fr-SN", "sw-KE",
    ]

    @Test("in 60 locales, every region of the country by its name in the locale's language")
    func localizedNames() throws {
        try #require(Self.subdivisions.count > 5000, "no /usr/share/iso-codes/json/iso_3166-2.json: apt-get install iso-codes")
        var refused: [String] = []
        var checked = 0
        for locale in Self.locales {
            let country = try #require(LocaleTag.region(of: locale))
            let form = try Self.form(locale)
            let catalog = RegionData.languages(forLocale: locale).lazy.compactMap { Self.catalogs[$0] }.first
            let source = Self.subdivisions.filter { $0.country == country }
            try #require(!source.isEmpty, "\(locale)")
            for subdivision in source {
                let name = catalog?.translations[subdivision.name].flatMap { $0.isEmpty ? nil : $0 } ?? subdivision.name
                let got = Self.canonical(name, form)
                checked += 1
                guard let got else {
                    refused.append("\(locale) \(name): refused")
                    continue
                }
                // A name shared with another subdivision may stand for either.
                let same = source.filter { other in
                    let otherName = catalog?.translations[other.name].flatMap { $0.isEmpty ? nil : $0 } ?? other.name
                    return Collation.looseKey(otherName, locale: locale) == Collation.looseKey(name, locale: locale)
                        || Collation.looseKey(other.name, locale: locale) == Collation.looseKey(name, locale: locale)
                }
                let named = form.locale.region(code: got).map { $0.name == name || $0.otherNames.contains(name) } ?? false
                if got != subdivision.code && !same.contains(where: { $0.code == got }) && !named {
                    refused.append("\(locale) \(name): \(got), not \(subdivision.code)")
                }
            }
        }
        #expect(checked > 1000)
        #expect(refused.isEmpty, "\(refused.count) refused: \(refused.prefix(30))")
    }

    @Test(
        "the cases users reported",
        arguments: [
            ("en-CA", "ON", "ON"), ("en-CA", "Ontario", "ON"), ("fr-CA", "québec", "QC"), ("en-IN", "KA", "KA"),
            ("en-IN", "Karnataka", "KA"), ("es-ES", "M", "M"), ("es-ES", "Madrid", "M"), ("es-ES", "madrid", "M"), ("de-AT", "9", "9"),
            ("de-AT", "Wien", "9"), ("ja-JP", "東京", "13"), ("ja-JP", "東京都", "13"), ("ja-JP", "Tokyo", "13"),
            ("fr-FR", "Provence-Alpes-Côte d'Azur", "PAC"), ("fr-FR", "provence alpes cote d’azur", "PAC"), ("en-US", "new  york", "NY"),
            ("en-US", "New-York", "NY"), ("en-US", "ca", "CA"), ("en-US", "PR", "PR"), ("de-DE", "baden-wurttemberg", "BW"),
            ("zh-CN", "北京市", "BJ"), ("ko-KR", "seoul teukbyeolsi", "11"), ("th-TH", "Krung Thep Maha Nakhon", "10"),
        ] as [(String, String, String)])
    func reported(locale: String, value: String, code: String) throws {
        #expect(Self.canonical(value, try Self.form(locale)) == code)
    }

    @Test("a name or code of no region of the country is refused")
    func refused() throws {
        #expect(Self.canonical("Atlantis", try Self.form("es-ES")) == nil)
        #expect(Self.canonical("ON", try Self.form("en-US")) == nil)
        #expect(Self.canonical("Ontario", try Self.form("en-AU")) == nil)
    }
}
