@_spi(VouchInternal) import VouchBase

/// `decimal`: a decimal number written the locale's way (`1,234.5` in en-US, `1.234,5` in de-DE),
/// optionally within `min`...`max`.
struct DecimalRule: TextReadingRule {
    static let definition = RuleDefinition(
        "decimal", summary: "A decimal number in the locale's notation, optionally within min...max.",
        parameters: ParameterSpec.range(.number) + [
            ParameterSpec("max_fraction_digits", .integer, summary: "at most this many digits after the decimal separator")
        ]
    ) { parameters, context throws(VouchError) in
        let (min, max) = try context.range(read: parameters.double)
        let fraction = parameters.int("max_fraction_digits")
        if let fraction, fraction < 0 { throw context.invalid("max_fraction_digits", "must not be negative") }
        return DecimalRule(min: min, max: max, maxFractionDigits: fraction)
    }

    let min: Double?
    let max: Double?
    let maxFractionDigits: Int?

    func findings(in value: String, context: ByteContext) -> [RuleViolation] {
        guard let canonical = NumberFormat.parseDecimal(value, locale: context.locale.icuLocale), let number = Double(canonical) else {
            return [RuleViolation("decimal")]
        }
        if let maxFractionDigits, let dot = canonical.firstIndex(of: "."),
            canonical[canonical.index(after: dot)...].count > maxFractionDigits
        {
            return [RuleViolation("too_precise", ["max": .number(Double(maxFractionDigits))])]
        }
        return RangeCheck.check(number, min: min, max: max)
    }
}
