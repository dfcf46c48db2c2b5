@_spi(VouchInternal) import VouchBase

/// Everything Vouch knows about one locale: messages, postal codes, phones, dates, money and regions,
/// merged from the locale packs along its fallback chain.
public final class LocaleProfile: Sendable {
    /// The canonical BCP 47 tag (`en-US`), or `root`.
    public let tag: String
    /// The ICU locale ID used for formatting (root formats as English).
    package let icuLocale: String
    /// The fallback chain the profile was merged from, most specific first: `["de-CH", "de", "root"]`.
    public let chain: [String]
    /// Postal codes: what is valid, and how they are shown; from the region's address metadata and
    /// the packs (``PostalCodeFormat/isKnown`` is false for a locale with none).
    public let postalCode: PostalCodeFormat
    /// Phone numbers: the plan of the locale's region for national numbers, every country's for
    /// international ones.
    public let phone: PhonePlan
    /// The display pattern of dates (`MM/dd/yyyy`), an ICU date pattern.
    public let datePattern: String
    /// Patterns tried, in order, when reading a date; the display pattern is always tried last.
    public var dateInputPatterns: [String] { primaryDateInputPatterns + namedDatePatterns }
    /// The first of ``dateInputPatterns``: the packs', or the locale's short pattern with the year
    /// written with four digits and with two.
    package let primaryDateInputPatterns: [String]
    /// The rest of ``dateInputPatterns``: the locale's patterns with the month's name, from ICU,
    /// looked up the first time they are asked for (most dates are read before them, and ICU
    /// takes a millisecond to open a locale's calendar data).
    package var namedDatePatterns: [String] { lazyNamedDatePatterns.instance.patterns }
    private let lazyNamedDatePatterns: LazyReference<NamedDatePatterns>

    private final class NamedDatePatterns: Sendable {
        let patterns: [String]

        init(_ patterns: [String]) { self.patterns = patterns }
    }
    /// The words that mean yes and no in the `boolean` kind (`ja`, `nein`), the one shown first.
    public let booleanWords: (true: [String], false: [String])
    /// The ISO 4217 code of the default currency (`USD`); `nil` where neither the packs nor ICU
    /// give one (root, or a language without a country).
    public let currency: String?
    /// More words that mark the locale's currency in an amount (`元` in Chinese), from the packs.
    public let currencyWords: [String]
    /// More ICU time patterns a time is read in (`H:mm 'น.'` in Thai), from the packs.
    public let timeInputPatterns: [String]
    /// The regions of the `state`/`region` kind, in the pack's order.
    public let regions: [Region]
    /// How many characters a region code has at most (2 for US states).
    public let regionMaxLength: Int
    /// How many digits `decimal` fields take after the separator, unless a field says.
    public let decimalMaxFractionDigits: Int?
    /// The label of the "manual entry" option of choice fields.
    public let manualEntryLabel: String
    /// How `name` fields are capitalized.
    public let nameCapitalization: Capitalization
    /// The words that stay lower case inside a name (`van`, `van der`, `von`), from the packs.
    public let nameParticles: [String]
    /// The words an address keeps in lower case when typed so (`rue`, `de`, `la` in French), from the packs.
    public let addressLowercaseWords: [String]
    /// The packs' message templates by code, as written: each is compiled by ICU the first time a
    /// message of its code is made (a record that breaks no rule makes none). Loading a pack
    /// checked that ICU parses every one of its templates (the embedded packs', their tests).
    private let messageTexts: [String: String]
    let messages = Lock<[String: MessageTemplate]>([:])
    private let regionsByCode: [String: Int]
    /// The region codes as bytes.
    private let regionCodes: ByteKeyTable
    /// The regions' codes by the loose collation key of each of their names, made the first time
    /// a name is looked up (most forms are sent codes).
    private let regionCodesByName: LazyReference<RegionNames>

    private final class RegionNames: Sendable {
        let codes: [[UInt8]: String]

        init(_ regions: [Region], locale: String) {
            var codes: [[UInt8]: String] = [:]
            for region in regions {
                for name in [region.name] + region.otherNames {
                    let key = Collation.looseKey(name, locale: locale)
                    if codes[key] == nil { codes[key] = region.code }
                }
            }
            self.codes = codes
        }
    }

    /// A region of the `state`/`region` kind: its code, its name in the locale's language, and the
    /// other names it is known by (in English, and short forms: `東京` of `東京都`).
    public struct Region: Sendable, Hashable {
        public let code: String
        public let name: String
        public let otherNames: [String]
    }

    /// The regions of the locale's country: the packs' list (`regions`), in its order, then every
    /// other ISO 3166-2 subdivision of the country (``RegionData``); a region in both keeps the
    /// pack's name, and the data's names as other names.
    private static func regions(tag: String, pack: [JSONValue]) -> [Region] {
        let languages = RegionData.languages(forLocale: tag)
        let data = LocaleTag.region(of: tag).map { RegionData.embedded.regions(country: $0, languages: languages) } ?? []
        var dataByCode: [String: Region] = [:]
        for region in data { dataByCode[region.code] = region }
        var regions: [Region] = []
        var packCodes: Set<String> = []
        for item in pack {
            guard let code = item.objectValue?["code"]?.stringValue, let name = item.objectValue?["name"]?.stringValue else { continue }
            var others: [String] = []
            if let known = dataByCode[code] {
                for other in [known.name] + known.otherNames where other != name && !others.contains(other) { others.append(other) }
            }
            regions.append(Region(code: code, name: name, otherNames: others))
            packCodes.insert(code)
        }
        return regions + data.filter { !packCodes.contains($0.code) }
    }

    init(tag: String, chain: [String], document: JSONObject, regexCache: RegexCache, regexLimits: RegexLimits) throws(VouchError) {
        self.tag = tag
        self.chain = chain
        let icuLocale = tag == "root" ? "en" : tag
        self.icuLocale = icuLocale
        messageTexts = (document["messages"]?.objectValue ?? [:]).reduce(into: [:]) { $0[$1.key] = $1.value.stringValue ?? "" }
        let kinds = document["kinds"]?.objectValue ?? [:]
        func setting(_ kind: String, _ key: String) -> JSONValue? { kinds[kind]?.objectValue?[key] }

        postalCode = try PostalCodeFormat(
            locale: tag, region: LocaleTag.region(of: tag), pack: kinds["postal_code"]?.objectValue, regexCache: regexCache,
            regexLimits: regexLimits)
        phone = try PhonePlan(
            plans: .embedded, region: setting("phone", "region")?.stringValue ?? LocaleTag.region(of: tag),
            changes: setting("phone", "plan")?.objectValue, maxLength: setting("phone", "max_length")?.intValue, locale: tag)
        // Dates: the packs' patterns, else the locale's own from ICU, else (root) ISO 8601 only.
        var hasNamedPatterns = false
        if let pattern = setting("date", "pattern")?.stringValue {
            datePattern = pattern
            primaryDateInputPatterns = (setting("date", "input_patterns")?.arrayValue ?? []).compactMap(\.stringValue)
            hasNamedPatterns = true
        } else if tag != "root", let derived = LocaleDatePatterns.derive(locale: icuLocale) {
            datePattern = derived.display
            primaryDateInputPatterns = derived.inputs
            hasNamedPatterns = true
        } else {
            datePattern = "yyyy-MM-dd"
            primaryDateInputPatterns = (setting("date", "input_patterns")?.arrayValue ?? []).compactMap(\.stringValue)
        }
        // After those, the locale's patterns with the month's name (ja `2026年3月15日`); none for
        // root, or a locale ICU has no date patterns for.
        let (display, primary) = (datePattern, primaryDateInputPatterns)
        lazyNamedDatePatterns = LazyReference { [hasNamedPatterns] in
            NamedDatePatterns(
                hasNamedPatterns ? LocaleDatePatterns.named(locale: icuLocale).filter { $0 != display && !primary.contains($0) } : [])
        }
        booleanWords = (
            (setting("boolean", "true")?.arrayValue ?? []).compactMap(\.stringValue),
            (setting("boolean", "false")?.arrayValue ?? []).compactMap(\.stringValue)
        )
        currency = setting("money", "currency")?.stringValue ?? NumberFormat.currencyCode(locale: icuLocale)
        currencyWords = setting("money", "symbols")?.arrayValue?.compactMap(\.stringValue) ?? []
        timeInputPatterns = setting("time", "input_patterns")?.arrayValue?.compactMap(\.stringValue) ?? []
        regions = Self.regions(tag: tag, pack: document["regions"]?.arrayValue ?? [])
        var byCode: [String: Int] = [:]
        for (index, region) in regions.enumerated() { byCode[region.code] = index }
        regionsByCode = byCode
        regionCodes = ByteKeyTable(regions.map(\.code))
        regionCodesByName = LazyReference { [regions] in RegionNames(regions, locale: icuLocale) }
        // A pack's `max_length` covers its own codes; a longer code of the country's subdivisions
        // (`BQ1` in the Netherlands) still fits.
        let longestCode = regions.map(\.code.count).max()
        regionMaxLength = max(setting("state", "max_length")?.intValue ?? longestCode ?? 3, longestCode ?? 0)
        decimalMaxFractionDigits = setting("decimal", "max_fraction_digits")?.intValue
        manualEntryLabel = document["manual_entry"]?.stringValue ?? "Other"
        nameCapitalization = setting("name", "capitalization")?.stringValue.flatMap(Capitalization.init(rawValue:)) ?? .words
        nameParticles = setting("name", "particles")?.arrayValue?.compactMap(\.stringValue) ?? []
        addressLowercaseWords = setting("address", "lowercase_words")?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The region with `code`, if the locale has one.
    public func region(code: String) -> Region? { regionsByCode[code].map { regions[$0] } }

    /// Whether the locale has a region whose code is the UTF-8 bytes `code`.
    func hasRegion(code: ByteText) -> Bool { regionCodes.index(of: code) != nil }

    /// The code of the region `name` names, whatever its case, accents, apostrophes, hyphens and
    /// spaces (``Collation/looseKey(_:locale:)``): the first region with that name.
    func regionCode(named name: String) -> String? {
        regionCodesByName.withInstance { $0.codes[Collation.looseKey(name, locale: icuLocale)] }
    }

    /// The template of `code` the packs give this locale, if any (no `invalid` fallback).
    func template(for code: String) -> MessageTemplate? {
        guard let text = messageTexts[code] else { return nil }
        if let made = messages.withLock({ $0[code] }) { return made }
        guard let template = try? MessageTemplate(text, locale: icuLocale) else { return nil }
        messages.withLock { $0[code] = template }
        return template
    }

    /// The codes the locale has a template for.
    var messageCodes: Set<String> { Set(messageTexts.keys) }

    /// The localized message for a violation `code`, or the generic `invalid` message when the
    /// locale's packs have no template for the code.
    public func message(for code: String, _ arguments: [String: MessageArgument] = [:]) -> String {
        if let template = template(for: code) ?? template(for: "invalid") {
            return template.format(arguments)
        }
        return code
    }
}
