/// `decimal`: a decimal number in the locale's notation, stored exactly as a string (`"1234.5"`).
enum DecimalKind {
    static let definition = KindDefinition(
        "decimal", summary: "A decimal number in the locale's notation, optionally within min...max.",
        parameters: DecimalRule.definition.parameters
    ) { parameters, context throws(VouchError) in
        // The locale's packs may set a default precision; the field's own parameter wins.
        var parameters = parameters
        if parameters["max_fraction_digits"] == nil, let digits = context.locale.decimalMaxFractionDigits {
            var values = parameters.values
            values["max_fraction_digits"] = .number(Double(digits))
            parameters = Parameters(checked: values)
        }
        let rule = try DecimalRule.definition.make(parameters, context)
        let fractionDigits = parameters.int("max_fraction_digits")
        return NumberKind.numeric(
            "decimal", keyboard: .decimalPad, rule: rule, value: DecimalValue(),
            typing: [AmountTypingFormatter(locale: context.locale.icuLocale, fractionDigits: fractionDigits)])
    }.readingPack(
        "decimal", ["max_fraction_digits": .integer])
}

/// Decimals: canonical the exact decimal string, display in the locale's notation.
struct DecimalValue: TextReadingConverter {
    func conversion(of text: String, context: RuleContext) -> Conversion {
        let locale = context.locale.icuLocale
        guard let canonical = NumberFormat.parseDecimal(text, locale: locale) else { return .violations([RuleViolation("decimal")]) }
        return .value(TypedValue(canonical: .string(canonical), display: NumberFormat.formatDecimal(canonical, locale: locale)))
    }
}
