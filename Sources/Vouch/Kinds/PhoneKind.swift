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

extension PhoneValue: ByteValueConverter {
    func convert(
        _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        guard let number = plan.number(text, scratch: &scratch) else { return violations.append(RuleViolation("phone")) }
        value.canonical.append(.plus)
        value.canonical.append(contentsOf: number.countryCode.utf8)
        value.canonical.append(contentsOf: number.national.utf8)
        guard context.wantsDisplay else { return }
        value.displayIsCanonical = false
        plan.display(number, into: &value.display)
    }
}
