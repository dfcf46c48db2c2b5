@_spi(VouchInternal) import VouchBase

/// `phone`: a phone number, laid out as it is typed, stored as E.164 (`+15551234567`, with
/// `;ext=` and its extension when it has one), shown in the national format for the locale's
/// country and the international one for others.
enum PhoneKind {
    static let definition = KindDefinition(
        "phone", summary: "A phone number of any country, laid out as typed, stored as E.164 (+12015550123).",
        parameters: [PhoneRule.typesParameter]
    ) { parameters, context throws(VouchError) in
        let plan = context.locale.phone
        return Kind(
            name: "phone",
            hints: InputHints(
                keyboard: .phonePad, capitalization: .none, autocorrection: false, maxLength: plan.maxLength ?? PhonePlan.longestTypedText,
                autocomplete: "tel"),
            formatters: [PhoneFormatter(plan: plan)], rules: [PhoneRule(plan: plan, types: try PhoneRule.types(parameters, context))],
            value: PhoneValue(plan: plan))
    }.readingPack(
        "phone", ["region": .string, "plan": .json, "max_length": .integer]
    ).describingInput(inputSchema)

    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        SchemaContribution(unsaid: ["a phone number by its country's numbering plan"])
    }
}

/// Phone numbers: canonical E.164, display national for the locale's country, international for others.
struct PhoneValue: ByteValueConverter {
    let plan: PhonePlan

    /// Reads the number, whatever its layout.
    var seesLayout: Bool { false }

    /// A number the plan's rule takes, the plan reads.
    func findsNothing(where rule: any ByteRule) -> Bool { (rule as? PhoneRule)?.plan === plan }

    func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        let number: PhoneNumber
        switch plan.read(text, scratch: &scratch) {
        case .invalid(let problem): return violations.append(RuleViolation(problem.rawValue))
        case .valid(let valid, _, _): number = valid
        }
        guard context.wantsValue else { return }
        plan.writeCanonical(number, into: &value.canonical)
        value.canonicalIsPlain = true
        guard context.wantsDisplay else { return }
        value.displayIsCanonical = false
        // The phone formatter lays a valid number out as it is shown: the text is then its display.
        if scratch[plan.lastReading].isDisplay {
            value.display.append(contentsOf: text)
        } else {
            plan.writeDisplay(number, using: scratch.matchData, into: &value.display)
        }
    }
}
