@_spi(VouchInternal) import VouchBase

/// `decimal`: a decimal number in the locale's notation, stored exactly as a string (`"1234.5"`).
enum DecimalKind {
    static let definition = KindDefinition(
        "decimal", summary: "A decimal number in the locale's notation, optionally within min...max.",
        parameters: DecimalRule.definition.parameters + [NumberKind.unitParameter]
    ) { parameters, context throws(VouchError) in
        let unit = try NumberKind.unitLabel(parameters, context)
        // The locale's packs may set a default precision; the field's own parameter wins.
        var parameters = parameters
        if parameters["max_fraction_digits"] == nil, let digits = context.locale.decimalMaxFractionDigits {
            var values = parameters.values
            values["max_fraction_digits"] = .number(Double(digits))
            parameters = Parameters(checked: values)
        }
        let rule = try DecimalRule.definition.make(parameters.removing("unit"), context)
        let fractionDigits = parameters.int("max_fraction_digits")
        var kind = NumberKind.numeric(
            "decimal", keyboard: .decimalPad, rule: rule, value: DecimalValue(unit: unit?.identifier),
            typing: [AmountTypingFormatter(locale: context.locale.icuLocale, fractionDigits: fractionDigits)])
        kind.hints.unit = unit
        kind.hints.minimum = parameters.double("min").map { JSONValue.number($0).jsonText }
        kind.hints.maximum = parameters.double("max").map { JSONValue.number($0).jsonText }
        // The smallest step the decimals allow: 0.01 for two.
        kind.hints.step = fractionDigits.map { $0 == 0 ? "1" : "0." + String(repeating: "0", count: $0 - 1) + "1" }
        return kind
    }.readingPack(
        "decimal", ["max_fraction_digits": .integer]
    ).describingInput(inputSchema)

    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        SchemaContribution(
            types: ["string", "number"], text: .trimmed, unsaid: ["a decimal number in the locale's notation and its range"])
    }
}

/// Decimals: canonical the exact decimal string, display in the locale's notation (with the
/// unit, if any: `12.5 kg`).
struct DecimalValue: TextReadingConverter {
    /// The CLDR unit the display value shows, if any.
    var unit: String?

    func conversion(of text: String, context: RuleContext) -> Conversion {
        let locale = context.locale.icuLocale
        guard let canonical = NumberFormat.parseDecimal(text, locale: locale) else { return .violations([RuleViolation("decimal")]) }
        let display = unit.flatMap { MeasureFormat.format(canonical, unit: $0, width: .short, locale: locale) }
        return .value(TypedValue(canonical: .string(canonical), display: display ?? NumberFormat.formatDecimal(canonical, locale: locale)))
    }
}
