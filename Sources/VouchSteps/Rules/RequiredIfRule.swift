/// `required_if`: the value must not be empty when a condition on other fields holds, e.g.
/// `{"rule": "required_if", "when": {"field": "contact", "equals": "phone"}}`.
struct RequiredIfRule: TextReadingRule {
    static let definition = RuleDefinition(
        "required_if", summary: "Required when a condition on other fields holds.",
        parameters: [ParameterSpec("when", .json, required: true, summary: "a condition, as a field's \"when\"")]
    ) { parameters, context throws(VouchError) in
        let condition = try Condition(parameters["when"]!, at: context.path.appending("when"))
        for field in condition.fields { _ = try context.formField(field, parameter: "when") }
        return RequiredIfRule(condition: condition)
    }.describingInput(inputSchema)

    /// Nothing of the field's own value: the form's schema says it as an `if`/`then`.
    static func inputSchema(_ rule: SchemaContribution.Field) -> SchemaContribution { SchemaContribution() }

    let condition: Condition

    var checksEmptyValues: Bool { true }

    var otherFieldsRead: OtherFieldsRead { .named(condition.fields) }

    func findings(in value: String, context: ByteContext) -> [RuleViolation] {
        value.isEmpty && condition.holds { context.conditionValue(of: $0) } ? [RuleViolation("required")] : []
    }
}
