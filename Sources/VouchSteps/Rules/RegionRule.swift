@_spi(VouchInternal) import VouchBase

/// `region`: the code of one of the locale's regions (a US state or DC, a German Land).
struct RegionRule: ByteRule {
    static let definition = RuleDefinition("region", summary: "The code of one of the locale's regions (states, provinces).") {
        _, context in
        RegionRule()
    }

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        if !context.hasRegion(code: text) { violations.append(RuleViolation("region")) }
    }
}
