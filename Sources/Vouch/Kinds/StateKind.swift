/// `state` (`region`): one of the locale's regions, by code (`CA`) or by name (`California`).
enum StateKind {
    static let definition = KindDefinition("state", aliases: ["region"], summary: "A state or region of the locale, stored as its code.") {
        _, context in
        let locale = context.locale
        return Kind(
            name: "state",
            hints: InputHints(
                capitalization: .allCharacters, autocorrection: false, maxLength: locale.regionMaxLength, autocomplete: "address-level1"),
            formatters: [TrimFormatter(), RegionNameFormatter(locale: locale)], rules: [RegionRule()], value: RegionValue())
    }.readingPack(
        "state", ["max_length": .integer])
}

/// Writes a region typed by its name (`california`) or code (`ca`) as its code (`CA`).
struct RegionNameFormatter: ByteFormatter {
    let locale: LocaleProfile
    let codesByName: [String: String]
    let rules: CaseMapping.Rules

    init(locale: LocaleProfile) {
        self.locale = locale
        self.rules = CaseMapping.Rules(locale: locale.icuLocale)
        var codes: [String: String] = [:]
        for region in locale.regions { codes[CaseMapping.lower(region.name, locale: locale.icuLocale)] = region.code }
        codesByName = codes
    }

    var typingStyle: TypingStyle { .text }

    func format(_ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        let start = output.count
        let changed = CaseMapping.map(text, toUpper: true, rules: rules, into: &output)
        let fits = output.withUnsafeBufferPointer { all in
            let upper = changed ? UnsafeBufferPointer(rebasing: all[start...]) : text
            return upper.simpleTextCharacterCount.map { $0 <= locale.regionMaxLength } ?? false
        }
        if fits { return changed }
        // Longer than a code: a name, written as its region's code when the locale has one.
        let string = text.string
        let upper = CaseMapping.upper(string, locale: locale.icuLocale)
        let formatted =
            upper.count <= locale.regionMaxLength ? upper : codesByName[CaseMapping.lower(string, locale: locale.icuLocale)] ?? upper
        output.removeSubrange(start...)
        output.append(contentsOf: formatted.utf8)
        return true
    }
}

/// Regions: canonical code, display code.
struct RegionValue: ByteValueConverter {
    func convert(
        _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        // The code found is these very bytes.
        guard context.hasRegion(code: text) else { return violations.append(RuleViolation("region")) }
        value.canonical.append(contentsOf: text)
    }
}
