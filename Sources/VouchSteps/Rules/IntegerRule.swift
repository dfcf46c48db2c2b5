/// `integer`: a whole number (`-12`, `+7`, `0042`), optionally within `min`...`max`.
struct IntegerRule: TextReadingRule {
    static let definition = RuleDefinition(
        "integer", summary: "A whole number, optionally within min...max.",
        parameters: ParameterSpec.range(.integer)
    ) { parameters, context throws(VouchError) in
        let range = try context.range(read: parameters.int)
        return IntegerRule(min: range.min, max: range.max)
    }.describingInput(inputSchema)

    static func inputSchema(_ rule: SchemaContribution.Field) -> SchemaContribution {
        guard rule.text != .changed else { return .leftToVouch(rule: "integer") }
        var schema = SchemaContribution(constraints: [["pattern": #"^\s*[+-]?[0-9]+\s*$"#]])
        var range: JSONObject = [:]
        if let min = rule.entry["min"] { range["minimum"] = min }
        if let max = rule.entry["max"] { range["maximum"] = max }
        if !range.isEmpty { schema.constraints.append(range) }
        return schema
    }

    let min: Int?
    let max: Int?

    func findings(in value: String, context: ByteContext) -> [RuleViolation] {
        guard let digits = Self.digitsAndSign(value) else { return [RuleViolation("integer")] }
        // Out of Int's range is out of any range a spec can give.
        let number = Int(digits) ?? (digits.hasPrefix("-") ? Int.min : Int.max)
        if let min, number < min { return [RuleViolation("too_small", ["min": .number(Double(min))])] }
        if let max, number > max { return [RuleViolation("too_large", ["max": .number(Double(max))])] }
        return []
    }

    /// The value if it is an optional sign followed by ASCII digits.
    static func digitsAndSign(_ value: String) -> String? {
        var body = Substring(value)
        if body.first == "+" { body = body.dropFirst() }
        let unsigned = body.first == "-" && value.first != "+" ? body.dropFirst() : body
        guard !unsigned.isEmpty, unsigned.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return String(body)
    }
}

/// The `too_small` / `too_large` check shared by numeric rules.
enum RangeCheck {
    static func check(_ number: Double, min: Double?, max: Double?, display: (Double) -> MessageArgument = { .number($0) })
        -> [RuleViolation]
    {
        if let min, number < min { return [RuleViolation("too_small", ["min": display(min)])] }
        if let max, number > max { return [RuleViolation("too_large", ["max": display(max)])] }
        return []
    }
}
