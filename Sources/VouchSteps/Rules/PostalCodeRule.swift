@_spi(VouchInternal) import VouchBase

/// `postal_code`: a postal code valid in the locale (5 digits or ZIP+4 in the US).
struct PostalCodeRule: ByteRule {
    static let definition = RuleDefinition("postal_code", summary: "A postal code valid in the locale.") { _, context throws(VouchError) in
        PostalCodeRule(format: try context.locale.postalCode.required(by: context))
    }

    let format: PostalCodeFormat

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        // A code this format just normalized is normalized. Asked first: the scratch may make its
        // slot's state, and the pattern would be retained around that.
        let isNormalized = format.normalizesOnce && scratch[format.lastNormalized].isLast(text, by: format.identity)
        guard let pattern = format.pattern else { return }
        if isNormalized { return match(text, pattern, scratch: &scratch, into: &violations) }
        var normalized = ByteBuffer()
        swap(&normalized, &scratch.formatted)
        defer { swap(&normalized, &scratch.formatted) }
        normalized.removeAll()
        format.normalize(text, into: &normalized, scratch: &scratch)
        match(normalized.text, pattern, scratch: &scratch, into: &violations)
    }

    private func match(
        _ text: ByteText, _ pattern: RegexPattern, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        switch pattern.match(text, using: scratch.matchData) {
        case .match: break
        case .noMatch: violations.append(RuleViolation("postal_code", format.example.map { ["example": .string($0)] } ?? [:]))
        case .budgetExceeded: violations.append(RuleViolation("regex_budget"))
        }
    }
}
