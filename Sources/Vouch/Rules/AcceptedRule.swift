/// `accepted`: a box that must be ticked (terms of service). The value must be one the `boolean`
/// kind reads as true in the form's locale (`yes`, `true`, `1`, `on` in any case; `ja` in German),
/// and an empty value (an unticked HTML checkbox sends nothing) is refused too.
struct AcceptedRule: ByteRule {
    static let definition = RuleDefinition(
        "accepted", summary: "Ticked: a value the boolean kind reads as true (yes, true, 1, on), not empty.", parameters: []
    ) { _, context throws(VouchError) in
        AcceptedRule(reading: BooleanValue(words: context.locale.booleanWords))
    }

    /// How the `boolean` kind reads the locale's words: the one reading both use.
    let reading: BooleanValue

    var checksEmptyValues: Bool { true }

    func check(
        _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        if reading.read(text) != true { violations.append(RuleViolation("accepted")) }
    }
}
