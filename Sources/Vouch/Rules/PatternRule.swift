/// `pattern`: the value must match a PCRE2 regular expression (the whole value by default).
///
/// The match is bounded by the registry's ``RegexLimits``: a pattern that would backtrack for too
/// long on a value gives `regex_budget` instead of hanging.
struct PatternRule: ByteRule {
    static let definition = RuleDefinition(
        "pattern", summary: "Matches a PCRE2 regular expression (whole value unless match is \"partial\").",
        parameters: [
            ParameterSpec("regex", .string, required: true, summary: "a PCRE2 pattern"),
            ParameterSpec("match", .choice(["whole", "partial"]), summary: "whole (default): the whole value must match"),
        ]
    ) { parameters, context throws(VouchError) in
        let whole = (parameters.string("match") ?? "whole") == "whole"
        return PatternRule(regex: try context.regex(parameters.string("regex")!, parameter: "regex", wholeValue: whole))
    }

    let regex: RegexPattern

    func check(
        _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        Self.check(text, against: regex, code: "pattern", scratch: &scratch, into: &violations)
    }

    /// The violation of a regex check, with the thread's match data: `code` when it does not
    /// match, `regex_budget` when the match ran out of budget.
    static func check(
        _ text: UnsafeBufferPointer<UInt8>, against regex: RegexPattern, code: String, scratch: inout CheckScratch,
        into violations: inout [RuleViolation]
    ) {
        switch regex.match(text, using: scratch.matchData) {
        case .match: break
        case .noMatch: violations.append(RuleViolation(code))
        case .budgetExceeded: violations.append(RuleViolation("regex_budget", ["limit": .number(Double(regex.limits.matchLimit))]))
        }
    }
}
