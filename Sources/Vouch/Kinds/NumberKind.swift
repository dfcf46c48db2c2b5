/// `number`: a whole number (digits and an optional sign), optionally within `min`...`max`.
///
/// Anything else is refused rather than stripped, so that `12.5` never becomes `125`.
enum NumberKind {
    static let definition = KindDefinition(
        "number", summary: "A whole number, optionally within min...max.",
        parameters: IntegerRule.definition.parameters
    ) { parameters, context throws(VouchError) in
        numeric("number", keyboard: .numberPad, rule: try IntegerRule.definition.make(parameters, context), value: IntegerValue())
    }

    /// A kind of numbers: typed on a numeric `keyboard`, trimmed, checked by `rule`, typed by `value`.
    static func numeric(
        _ name: String, keyboard: InputHints.Keyboard, rule: any Rule, value: any ValueConverter, typing: [any TextFormatter] = []
    ) -> Kind {
        Kind(
            name: name, hints: InputHints(keyboard: keyboard, capitalization: .none, autocorrection: false),
            formatters: [WidthFormatter(), TrimFormatter()], rules: [rule], value: value, typing: typing)
    }
}

/// Whole numbers: canonical a JSON number, display the digits.
struct IntegerValue: ByteValueConverter {
    func convert(
        _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        switch conversion(text.string, context: context.ruleContext) {
        case .value(let typed): value.set(typed)
        case .violations(let found): violations += found
        }
    }

    private func conversion(_ text: String, context: RuleContext) -> Conversion {
        guard let digits = IntegerRule.digitsAndSign(text) else { return .violations([RuleViolation("integer")]) }
        // JSON numbers are doubles to most readers: beyond 2^53 keep the exact digits as a string.
        guard let number = Int(digits), abs(number) <= 1 << 53 else {
            let exact = String(digits.drop { $0 == "0" || $0 == "-" }.isEmpty ? "0" : digits)
            return .value(TypedValue(canonical: .string(exact), display: exact))
        }
        return .value(TypedValue(canonical: .number(Double(number)), display: String(number)))
    }
}
