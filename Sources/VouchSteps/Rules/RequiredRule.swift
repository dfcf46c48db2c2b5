@_spi(VouchInternal) import VouchBase

/// `required`: the value must not be empty (after the field's formatters).
///
/// Setting `"required": true` on a field adds this rule; an empty required field gets this one
/// violation and no other.
package struct RequiredRule: ByteRule {
    static let definition = RuleDefinition("required", summary: "The value must not be empty.") { _, _ in RequiredRule() }

    package init() {}

    package var checksEmptyValues: Bool { true }

    /// Reads only whether the text is empty, which laying it out does not change.
    package var seesLayout: Bool { false }

    package var findsOnlyInEmptyText: Bool { true }

    package var seesASCIICase: Bool { false }

    package func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        if text.isEmpty { violations.append(RuleViolation("required")) }
    }
}
