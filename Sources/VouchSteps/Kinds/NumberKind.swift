@_spi(VouchInternal) import VouchBase

/// `number`: a whole number (digits and an optional sign), optionally within `min`...`max`.
///
/// Anything else is refused rather than stripped, so that `12.5` never becomes `125`.
enum NumberKind {
    static let definition = KindDefinition(
        "number", summary: "A whole number, optionally within min...max.",
        parameters: IntegerRule.definition.parameters + [unitParameter]
    ) { parameters, context throws(VouchError) in
        let unit = try unitLabel(parameters, context)
        var kind = numeric(
            "number", keyboard: .numberPad, rule: try IntegerRule.definition.make(parameters.removing("unit"), context),
            value: IntegerValue(unit: unit?.identifier))
        kind.hints.unit = unit
        kind.hints.minimum = parameters.int("min").map(String.init)
        kind.hints.maximum = parameters.int("max").map(String.init)
        kind.hints.step = "1"
        return kind
    }.describingInput(inputSchema)

    /// A whole number as text or a JSON integer; its range as JSON Schema says it of a JSON number.
    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        var schema = SchemaContribution(types: ["string", "integer"], text: .trimmed, constraints: [["pattern": #"^\s*[+-]?[0-9]+\s*$"#]])
        var range: JSONObject = [:]
        if let min = field.entry["min"], min.doubleValue != nil { range["minimum"] = min }
        if let max = field.entry["max"], max.doubleValue != nil { range["maximum"] = max }
        if !range.isEmpty {
            schema.constraints.append(range)
            schema.unsaid.append("the range of a number given as text")
        }
        return schema
    }

    /// The `unit` parameter of `number` and `decimal`.
    static let unitParameter = ParameterSpec(
        "unit", .string, summary: "a CLDR unit of measure (kilogram, kilometer-per-hour), shown in the hints and display value")

    /// The field's unit and its labels in the form's locale; nil without `unit`.
    static func unitLabel(_ parameters: Parameters, _ context: BuildContext) throws(VouchError) -> InputHints.UnitLabel? {
        guard let unit = parameters.string("unit") else { return nil }
        let locale = context.locale.icuLocale
        guard let short = MeasureFormat.label(unit: unit, width: .short, locale: locale),
            let long = MeasureFormat.label(unit: unit, width: .long, locale: locale)
        else {
            throw context.invalid(
                "unit", "\"\(unit)\" is no unit of measure: give a CLDR unit identifier such as \"kilogram\" or \"kilometer-per-hour\"")
        }
        return InputHints.UnitLabel(identifier: unit, short: short, long: long)
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

/// Whole numbers: canonical a JSON number, display the digits (with the unit, if any: `12 kg`).
struct IntegerValue: TextReadingConverter {
    /// The CLDR unit the display value shows, if any.
    var unit: String?

    func conversion(of text: String, context: RuleContext) -> Conversion {
        guard let digits = IntegerRule.digitsAndSign(text) else { return .violations([RuleViolation("integer")]) }
        // JSON numbers are doubles to most readers: beyond 2^53 keep the exact digits as a string.
        guard let number = Int(digits), abs(number) <= 1 << 53 else {
            let exact = String(digits.drop { $0 == "0" || $0 == "-" }.isEmpty ? "0" : digits)
            return .value(TypedValue(canonical: .string(exact), display: exact))
        }
        let display = unit.flatMap { MeasureFormat.format(String(number), unit: $0, width: .short, locale: context.locale.icuLocale) }
        return .value(TypedValue(canonical: .number(Double(number)), display: display ?? String(number)))
    }
}
