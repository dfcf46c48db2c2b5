@_spi(VouchInternal) import VouchBase

/// `phone`: a phone number valid by its country's numbering plan (libphonenumber's data): a
/// national number of the locale's region, or an international one of any country; `types`
/// limits the kinds of number (`["mobile"]`).
struct PhoneRule: ByteRule {
    static let definition = RuleDefinition(
        "phone", summary: "A phone number valid in its country's numbering plan; types limits the kinds of number.",
        parameters: [Self.typesParameter]
    ) { parameters, context throws(VouchError) in
        PhoneRule(plan: context.locale.phone, types: try Self.types(parameters, context))
    }

    static let typesParameter = ParameterSpec(
        "types", .strings,
        summary: "the kinds of number taken: " + PhoneNumberType.restrictable.map(\.rawValue).joined(separator: ", "))

    /// The `types` parameter, checked; nil when every type is taken.
    static func types(_ parameters: Parameters, _ context: BuildContext) throws(VouchError) -> Set<PhoneNumberType>? {
        guard let names = parameters.strings("types") else { return nil }
        var types = Set<PhoneNumberType>()
        for name in names {
            guard let type = PhoneNumberType(rawValue: name), type != .fixedLineOrMobile else {
                throw context.invalid(
                    "types",
                    "names \"\(name)\", which is not a kind of phone number (known: "
                        + PhoneNumberType.restrictable.map(\.rawValue).joined(separator: ", ") + ")")
            }
            types.insert(type)
        }
        guard !types.isEmpty else { throw context.invalid("types", "must name at least one kind of number") }
        return types
    }

    let plan: PhonePlan
    let types: Set<PhoneNumberType>?

    /// What is wrong with a reading, for this rule.
    func add(violationsOf reading: InlinePhoneReading, to violations: inout [RuleViolation]) {
        switch reading {
        case .invalid(let problem): violations.append(RuleViolation(problem.rawValue))
        case .valid(_, _, let type):
            guard let types, !type.isAccepted(by: types) else { return }
            violations.append(RuleViolation("phone_type", ["type": .string(type.rawValue)]))
        }
    }

    /// Reads the number, whatever its layout.
    var seesLayout: Bool { false }

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        add(violationsOf: plan.read(text, scratch: &scratch), to: &violations)
    }
}
