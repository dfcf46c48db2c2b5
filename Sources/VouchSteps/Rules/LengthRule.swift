@_spi(VouchInternal) import VouchBase

/// `length`: at least `min` and at most `max` user-perceived characters (so `é` written as `e` and
/// a combining accent, or a flag emoji, counts as one).
package struct LengthRule: ByteRule {
    static let definition = RuleDefinition(
        "length", summary: "At least min and at most max characters (user-perceived).",
        parameters: ParameterSpec.range(.integer)
    ) { parameters, context throws(VouchError) in
        let (min, max) = try context.range(read: parameters.int)
        guard min != nil || max != nil else { throw context.invalid("min", "or \"max\" must be given") }
        if let min, min < 0 { throw context.invalid("min", "must not be negative") }
        return LengthRule(min: min, max: max)
    }.describingInput(inputSchema)

    /// A length said of the text as typed, or of the trimmed text by a pattern.
    static func inputSchema(_ rule: SchemaContribution.Field) -> SchemaContribution {
        let (min, max) = (rule.entry["min"]?.intValue, rule.entry["max"]?.intValue)
        var length: JSONObject = [:]
        if rule.text == .exact {
            if let min { length["minLength"] = .number(Double(min)) }
            if let max { length["maxLength"] = .number(Double(max)) }
        } else {
            length["pattern"] = .string("^\\s*(?:" + SchemaPattern.trimmedLength(min: min ?? 0, max: max) + ")\\s*$")
        }
        return SchemaContribution(
            constraints: [length], unsaid: ["lengths count characters as people see them (code points here), after formatting"])
    }

    package let min: Int?
    package let max: Int?

    package init(min: Int?, max: Int?) {
        self.min = min
        self.max = max
    }

    /// The most combining marks one character may carry, as Unicode's Stream-Safe Text Format
    /// (UAX #15) has it: 30 after a base.
    static let marksPerCharacter = 30

    /// User-perceived characters; ASCII text without `\r` (where `\r\n` is one character) is
    /// counted by bytes, which is much faster. A character of more code points than a base and
    /// ``marksPerCharacter`` marks counts as one per 31 of them, so that a letter buried under
    /// thousands of marks is not one character.
    static func characterCount(_ value: String) -> Int {
        let utf8 = value.utf8
        if utf8.allSatisfy({ $0.isASCII && $0 != .carriageReturn }) { return utf8.count }
        var count = 0
        for character in value {
            let scalars = character.unicodeScalars.count
            count += scalars <= marksPerCharacter + 1 ? 1 : (scalars + marksPerCharacter) / (marksPerCharacter + 1)
        }
        return count
    }

    /// An ASCII letter is one character in either case.
    package var seesASCIICase: Bool { false }

    package func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        // A text has at most as many characters as bytes, and at least one: within the bounds
        // by its bytes, it needs no count.
        if (min ?? 0) <= 1, text.count <= max ?? .max { return }
        let count = text.simpleTextCharacterCount ?? Self.characterCount(text.string)
        if let min, count < min {
            violations.append(RuleViolation("too_short", ["min": .number(Double(min)), "count": .number(Double(count))]))
        }
        if let max, count > max {
            violations.append(RuleViolation("too_long", ["max": .number(Double(max)), "count": .number(Double(count))]))
        }
    }
}
