/// `phone`: a phone number, formatted with the locale's mask as it is typed, stored as E.164.
enum PhoneKind {
    static let definition = KindDefinition("phone", summary: "A phone number: the locale's mask, stored as E.164 (+15551234567).") {
        _, context in
        let plan = context.locale.phone
        return Kind(
            name: "phone",
            hints: InputHints(
                keyboard: .phonePad, capitalization: .none, autocorrection: false, maxLength: plan.maxLength, autocomplete: "tel"),
            formatters: [PhoneFormatter(plan: plan)], rules: [PhoneRule(plan: plan)], value: PhoneValue(plan: plan))
    }
}

/// Phone numbers: canonical E.164, display in the national format.
struct PhoneValue: ValueConverter {
    let plan: PhonePlan

    func convert(_ text: String, context: RuleContext) -> Conversion {
        guard let number = plan.parse(text) else { return .violations([RuleViolation("phone")]) }
        return .value(TypedValue(canonical: .string(number.e164), display: plan.display(number)))
    }
}
