/// `phone`: a phone number valid in the locale's plan (national), or an international number
/// written with `+` and its country code.
struct PhoneRule: Rule {
    static let definition = RuleDefinition("phone", summary: "A phone number valid in the locale's numbering plan.") { _, context in
        PhoneRule(plan: context.locale.phone)
    }

    let plan: PhonePlan

    func check(_ value: String, context: RuleContext) -> [RuleViolation] {
        plan.parse(value) == nil ? [RuleViolation("phone")] : []
    }
}

extension PhoneRule: ByteRule {
    func check(
        _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        if plan.number(text, scratch: &scratch) == nil { violations.append(RuleViolation("phone")) }
    }
}
