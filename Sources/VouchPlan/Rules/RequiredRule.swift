@_spi(VouchInternal) import VouchBase

/// `required`: the value must not be empty (after the field's formatters).
///
/// Setting `"required": true` on a field adds this rule; an empty required field gets this one
/// violation and no other.
struct RequiredRule: ByteRule {
    static let definition = RuleDefinition("required", summary: "The value must not be empty.") { _, _ in RequiredRule() }

    var checksEmptyValues: Bool { true }

    /// Reads only whether the text is empty, which laying it out does not change.
    var seesLayout: Bool { false }

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        if text.isEmpty { violations.append(RuleViolation("required")) }
    }
}
