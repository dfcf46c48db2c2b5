import VouchData

/// Every country's regions: the ISO 3166-2 subdivisions and their names in some sixty languages,
/// from Debian's iso-codes, compiled into Vouch (`Sources/VouchData/regions/regions.json`, written
/// by `scripts/generate-region-data`).
///
/// A region's code is the subdivision's code after the country's prefix (`CA` of `US-CA`, `9` of
/// `AT-9`); a country pack's `regions` override these (see ``LocaleProfile/regions``). The data is
/// read on first use. Safe to use from any thread.
final class RegionData: Sendable {
    /// The data compiled into Vouch.
    static let embedded: RegionData = {
        do {
            return try RegionData(json: Array(vouch_data_regions().contents))
        } catch {
            preconditionFailure("the embedded regions are invalid: \(error)")
        }
    }()

    /// Where the data comes from, and its version: `… Debian's iso-codes`, `4.15.0-1`.
    let source: String
    let version: String
    /// Each country's subdivisions, by ISO 3166-1 code, in the order of their codes.
    private let countries: [String: [JSONValue]]

    init(json bytes: [UInt8]) throws(VouchError) {
        let root: JSONObject
        do {
            guard let object = try JSONParser().parse(bytes).objectValue else { throw VouchError(.invalidPack, "expected an object") }
            root = object
        } catch {
            throw VouchError(.invalidPack, "regions: \(error)")
        }
        source = root["source"]?.stringValue ?? ""
        version = root["version"]?.stringValue ?? ""
        var countries: [String: [JSONValue]] = [:]
        for member in root["countries"]?.objectValue?.members ?? [] {
            countries[member.key] = member.value.arrayValue ?? []
        }
        self.countries = countries
    }

    /// The countries that have subdivisions, sorted.
    var countryCodes: [String] { countries.keys.sorted() }

    /// The regions of `country` (`ES`), named in the first of `languages` the data has a name in,
    /// else in English; the other names (English, and the source's own spelling) are kept as
    /// ``LocaleProfile/Region/otherNames``.
    func regions(country: String, languages: [String]) -> [LocaleProfile.Region] {
        (countries[country] ?? []).compactMap { item in
            guard let object = item.objectValue, let code = object["code"]?.stringValue, let english = object["name"]?.stringValue
            else { return nil }
            let names = object["names"]?.objectValue
            let name = languages.lazy.compactMap { names?[$0]?.stringValue }.first ?? english
            var others: [String] = []
            for other in [names?["en"]?.stringValue, english] {
                if let other, other != name, !others.contains(other) { others.append(other) }
            }
            return LocaleProfile.Region(code: code, name: name, otherNames: others)
        }
    }

    /// The tags the data's names are looked up under for a locale, most specific first:
    /// `zh-TW` gives `zh-Hant-TW`, `zh-Hant`, `zh-TW`, `zh`; `sr-Latn-RS` gives `sr-Latn-RS`, `sr-Latn`, `sr-RS`, `sr`.
    static func languages(forLocale tag: String) -> [String] {
        let subtags = tag.split(separator: "-").map(String.init)
        guard let language = subtags.first, language != "root" else { return [] }
        let region = LocaleTag.region(of: tag)
        var script = subtags.dropFirst().first { $0.count == 4 }
        if script == nil, language == "zh" { script = ["TW", "HK", "MO"].contains(region) ? "Hant" : "Hans" }
        if script == nil, language == "pa", region == "PK" { script = "Arab" }
        var tags: [String] = []
        if let script {
            if let region { tags.append("\(language)-\(script)-\(region)") }
            tags.append("\(language)-\(script)")
        }
        if let region { tags.append("\(language)-\(region)") }
        tags.append(language)
        return tags
    }
}
