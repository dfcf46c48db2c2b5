@_spi(VouchInternal) import VouchBase

/// `state` (`region`): one of the locale's regions, by code (`CA`) or by name (`California`).
enum StateKind {
    static let definition = KindDefinition("state", aliases: ["region"], summary: "A state or region of the locale, stored as its code.") {
        _, context in
        let locale = context.locale
        return Kind(
            name: "state",
            hints: InputHints(
                capitalization: .allCharacters, autocorrection: false, maxLength: locale.regionMaxLength, autocomplete: "address-level1"),
            formatters: [WidthFormatter(), TrimFormatter(), RegionNameFormatter(locale: locale)], rules: [RegionRule()],
            value: RegionValue())
    }.readingPack(
        "state", ["max_length": .integer]
    ).describingInput(inputSchema)

    /// A region's code or name, in any case.
    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        let regions = field.locale.regions
        return SchemaContribution(constraints: [
            SchemaPattern.choice(regions.map(\.code) + regions.map(\.name), exact: regions.map { .string($0.code) }, ignoringCase: true)
        ])
    }
}

/// Writes a region typed by its code (`ca`) or by one of its names (`california`, `Île de France`,
/// `東京`) as its code (`CA`): names match whatever their case, accents, apostrophes, hyphens and
/// spaces (``Collation/looseKey(_:locale:)``); the first region of a name wins.
struct RegionNameFormatter: ByteFormatter {
    let locale: LocaleProfile
    let rules: CaseMapping.Rules
    private let lastName = LastRegionName.slot

    init(locale: LocaleProfile) {
        self.locale = locale
        self.rules = CaseMapping.Rules(locale: locale.icuLocale)
    }

    var typingStyle: TypingStyle { .text }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        let start = output.count
        let changed = CaseMapping.map(text, toUpper: true, rules: rules, into: &output)
        let isCode = locale.hasRegion(code: changed ? output.text(from: start) : text)
        if isCode || locale.regions.isEmpty { return changed }
        // Not a code: a name, written as its region's code when the locale has one. The same
        // text as the last one looked up (a name or a mistake typed again) is not asked again.
        let code: String?
        if let known = scratch[lastName].code(of: text, in: locale) {
            code = known
        } else {
            code = locale.regionCode(named: text.string)
            scratch[lastName].remember(text, in: locale, code: code)
        }
        guard let code else { return changed }
        output.removeSubrange(start...)
        output.append(contentsOf: code.utf8)
        return true
    }
}

/// The last text a thread's ``RegionNameFormatter`` looked up as a region's name, in which
/// locale, and the code it found: the names and codes are the locale's, so every formatter of the
/// locale finds the same. The locale is held, so that no other can take its place (and address)
/// while it is remembered.
struct LastRegionName: ScratchState, ~Copyable {
    private var text = ByteBuffer()
    private var locale: LocaleProfile?
    private var code: String?

    init() {}

    static let slot = ScratchSlot<LastRegionName>()

    /// What the last look-up found, when it was of `text` in `locale`: the code (nil for none);
    /// nil when the last look-up was of another text or locale.
    func code(of text: ByteText, in locale: LocaleProfile) -> String?? {
        guard self.locale === locale, self.text.text.hasSameBytes(as: text) else { return nil }
        return .some(code)
    }

    mutating func remember(_ text: ByteText, in locale: LocaleProfile, code: String?) {
        self.text.removeAll()
        self.text.append(contentsOf: text)
        self.locale = locale
        self.code = code
    }
}

/// Regions: canonical code, display code.
struct RegionValue: ByteValueConverter {
    /// The rule asks the same of the locale.
    func findsNothing(where rule: any ByteRule) -> Bool { rule is RegionRule }

    func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        // The code found is these very bytes.
        guard context.hasRegion(code: text) else { return violations.append(RuleViolation("region")) }
        guard context.wantsValue else { return }
        // A region code is ASCII letters, digits and hyphens.
        value.canonical.append(contentsOf: text)
        value.canonicalIsPlain = true
    }
}
