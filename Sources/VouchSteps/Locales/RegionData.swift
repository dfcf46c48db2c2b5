@_spi(VouchInternal) import VouchBase
import VouchData

/// Every country's regions: the ISO 3166-2 subdivisions and their names in some sixty languages,
/// from Debian's iso-codes, compiled into Vouch (`Sources/VouchData/regions/regions.json`, written
/// by `scripts/generate-region-data`).
///
/// A region's code is the subdivision's code after the country's prefix (`CA` of `US-CA`, `9` of
/// `AT-9`); a country pack's `regions` override these (see ``LocaleProfile/regions``). The file has
/// one line per country; opening it only finds where each line is, and a country's line is read
/// (``RegionLineReader``) when its regions are asked for, so that a form of one locale reads one
/// country of the 1.2 MB, and of its names only those in the locale's languages and English.
/// Safe to use from any thread.
final class RegionData: Sendable {
    /// The data compiled into Vouch.
    static let embedded = readEmbedded("regions") { try RegionData(lines: { vouch_data_regions().contents }) }

    /// Where the data comes from, and its version: `… Debian's iso-codes`, `4.15.0-1`.
    let source: String
    let version: String
    /// The file's bytes (static: the library's own).
    private let bytes: @Sendable () -> UnsafeBufferPointer<UInt8>
    /// Where each country's array of subdivisions is in the file, by ISO 3166-1 code.
    private let countries: [String: Range<Int>]

    /// Indexes a file laid out as `scripts/generate-region-data` writes it: `"source": …,` and
    /// `"version": …,` on lines of their own, then one `"XX": [...]` line per country.
    init(lines bytes: @escaping @Sendable () -> UnsafeBufferPointer<UInt8>) throws(VouchError) {
        let all = bytes()
        var source = ""
        var version = ""
        var countries: [String: Range<Int>] = [:]
        var lineStart = 0
        var lineNumber = 0
        while lineStart < all.count {
            lineNumber += 1
            let lineEnd = ByteText(unsafeBuffer: all).firstIndex(of: .lineFeed, from: lineStart)
            defer { lineStart = lineEnd + 1 }
            // `"key": value` with an optional trailing comma; other lines are the braces.
            guard all[lineStart] == .quote,
                let keyEnd = all[(lineStart + 1)..<lineEnd].firstIndex(of: .quote),
                keyEnd + 2 < lineEnd, all[keyEnd + 1] == .colon
            else { continue }
            let key = String(decoding: all[(lineStart + 1)..<keyEnd], as: UTF8.self)
            var valueEnd = lineEnd
            if all[valueEnd - 1] == .comma { valueEnd -= 1 }
            let value = (keyEnd + 2)..<valueEnd
            switch key {
            case "source", "version":
                let text: String?
                do {
                    text = try JSONParser().parse(UnsafeBufferPointer(rebasing: all[value])).stringValue
                } catch {
                    throw VouchError(.invalidPack, "regions, line \(lineNumber): \(error)")
                }
                if key == "source" { source = text ?? "" } else { version = text ?? "" }
            case "countries":
                continue
            default:
                countries[key] = value
            }
        }
        self.source = source
        self.version = version
        self.bytes = bytes
        self.countries = countries
    }

    /// The countries that have subdivisions, sorted.
    var countryCodes: [String] { countries.keys.sorted() }

    /// The regions of `country` (`ES`), named in the first of `languages` the data has a name in,
    /// else in English; the other names (English, and the source's own spelling) are kept as
    /// ``LocaleProfile/Region/otherNames``.
    func regions(country: String, languages: [String]) -> [LocaleProfile.Region] {
        guard let line = line(of: country) else { return [] }
        if let regions = RegionLineReader.regions(in: line, languages: languages) { return regions }
        return readEmbedded("regions of \(country)") { try Self.regions(parsing: line, languages: languages) }
    }

    /// The bytes of `country`'s array of subdivisions, or nil for a country the data does not have.
    func line(of country: String) -> UnsafeBufferPointer<UInt8>? {
        countries[country].map { UnsafeBufferPointer(rebasing: bytes()[$0]) }
    }

    /// The regions of a country's `line`, from the whole of it parsed: any layout of the same JSON,
    /// and the parser's error for a line that is not JSON.
    static func regions(parsing line: UnsafeBufferPointer<UInt8>, languages: [String]) throws(JSONParseError) -> [LocaleProfile.Region] {
        (try JSONParser().parse(line).arrayValue ?? []).compactMap { item in
            guard let object = item.objectValue, let code = object["code"]?.stringValue, let english = object["name"]?.stringValue
            else { return nil }
            let names = object["names"]?.objectValue
            return region(
                code: code, english: english, localized: languages.map { names?[$0]?.stringValue }, inEnglish: names?["en"]?.stringValue)
        }
    }

    /// The region `code`, named by the first of `localized` (its names in the wanted languages, in
    /// their order) there is, else by its `english` name; its name in `en` and its English name
    /// are its other names, each once, where they differ from its name.
    static func region(code: String, english: String, localized: some Sequence<String?>, inEnglish: String?) -> LocaleProfile.Region {
        let name = localized.lazy.compactMap { $0 }.first ?? english
        var others: [String] = []
        for other in [inEnglish, english] {
            if let other, other != name, !others.contains(other) { others.append(other) }
        }
        return LocaleProfile.Region(code: code, name: name, otherNames: others)
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
