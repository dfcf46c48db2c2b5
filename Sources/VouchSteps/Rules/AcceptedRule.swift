@_spi(VouchInternal) import VouchBase

/// `accepted`: a box that must be ticked (terms of service). The value must be one the `boolean`
/// kind reads as true in the form's locale (`yes`, `true`, `1`, `on` in any case; `ja` in German),
/// and an empty value (an unticked HTML checkbox sends nothing) is refused too. A `boolean`
/// field's `required: true` is this rule.
struct AcceptedRule: ByteRule {
    static let definition = RuleDefinition(
        "accepted", summary: "Ticked: a value the boolean kind reads as true (yes, true, 1, on), not empty.", parameters: []
    ) { _, context throws(VouchError) in
        AcceptedRule(reading: BooleanValue(words: context.locale.booleanWords))
    }

    /// How the `boolean` kind reads the locale's words: the one reading both use.
    let reading: BooleanValue
    /// Whether a value that is no boolean word passes, for the kind to refuse (a required
    /// `boolean` field, which also leaves an empty value to `required`).
    var leavesOtherWords = false

    var checksEmptyValues: Bool { !leavesOtherWords }

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        switch reading.read(text) {
        case true?: return
        case nil where leavesOtherWords: return
        default: violations.append(RuleViolation("accepted"))
        }
    }
}
