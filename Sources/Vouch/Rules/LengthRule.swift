/// `length`: at least `min` and at most `max` user-perceived characters (so `é` written as `e` and
/// a combining accent, or a flag emoji, counts as one).
struct LengthRule: ByteRule {
    static let definition = RuleDefinition(
        "length", summary: "At least min and at most max characters (user-perceived).",
        parameters: ParameterSpec.range(.integer)
    ) { parameters, context throws(VouchError) in
        let (min, max) = try context.range(read: parameters.int)
        guard min != nil || max != nil else { throw context.invalid("min", "or \"max\" must be given") }
        if let min, min < 0 { throw context.invalid("min", "must not be negative") }
        return LengthRule(min: min, max: max)
    }

    let min: Int?
    let max: Int?

    /// User-perceived characters; ASCII text without `\r` (where `\r\n` is one character) is
    /// counted by bytes, which is much faster.
    static func characterCount(_ value: String) -> Int {
        let utf8 = value.utf8
        if utf8.allSatisfy({ $0.isASCII && $0 != .carriageReturn }) { return utf8.count }
        return value.count
    }

    func check(
        _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        let count = text.simpleTextCharacterCount ?? text.string.count
        if let min, count < min {
            violations.append(RuleViolation("too_short", ["min": .number(Double(min)), "count": .number(Double(count))]))
        }
        if let max, count > max {
            violations.append(RuleViolation("too_long", ["max": .number(Double(max)), "count": .number(Double(count))]))
        }
    }
}
