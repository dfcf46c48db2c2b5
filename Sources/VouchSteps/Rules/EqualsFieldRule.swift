@_spi(VouchInternal) import VouchBase

/// `equals_field`: the value must equal another field's value (password confirmation).
///
/// The message names the other field by its label, never by its value.
struct EqualsFieldRule: ByteRule {
    static let definition = RuleDefinition(
        "equals_field", summary: "Equals the value of another field.",
        parameters: [ParameterSpec("field", .string, required: true, summary: "the other field's name")]
    ) { parameters, context throws(VouchError) in
        let other = parameters.string("field")!
        let label = try context.formField(other, parameter: "field")
        return EqualsFieldRule(other: other, otherIndex: context.formFieldIndex(other), otherLabel: label)
    }

    let other: String
    /// Where the other field is in the form the rule was built for: read there, not looked up by name.
    let otherIndex: Int?
    let otherLabel: String

    var otherFieldsRead: OtherFieldsRead { .named([other]) }

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        let equal = context.value(of: other, at: otherIndex).map { $0.hasSameBytes(as: text) } ?? text.isEmpty
        if !equal { violations.append(RuleViolation("equals_field", ["other": .string(otherLabel)])) }
    }
}
