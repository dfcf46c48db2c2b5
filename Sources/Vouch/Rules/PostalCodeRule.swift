/// `postal_code`: a postal code valid in the locale (5 digits or ZIP+4 in the US).
struct PostalCodeRule: Rule {
    static let definition = RuleDefinition("postal_code", summary: "A postal code valid in the locale.") { _, context in
        PostalCodeRule(format: context.locale.postalCode)
    }

    let format: PostalCodeFormat

    func check(_ value: String, context: RuleContext) -> [RuleViolation] {
        switch format.pattern?.match(format.normalize(value)) {
        case .match, nil: return []
        case .noMatch: return [RuleViolation("postal_code", format.example.map { ["example": .string($0)] } ?? [:])]
        case .budgetExceeded: return [RuleViolation("regex_budget")]
        }
    }
}

extension PostalCodeRule: ByteRule {
    func check(_ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]) {
        guard let pattern = format.pattern else { return }
        var normalized = ByteBuffer()
        swap(&normalized, &scratch.formatted)
        defer { swap(&normalized, &scratch.formatted) }
        normalized.removeAll()
        format.normalize(text, into: &normalized, scratch: &scratch)
        switch pattern.match(normalized.bytes, using: scratch.matchData) {
        case .match: break
        case .noMatch: violations.append(RuleViolation("postal_code", format.example.map { ["example": .string($0)] } ?? [:]))
        case .budgetExceeded: violations.append(RuleViolation("regex_budget"))
        }
    }
}
