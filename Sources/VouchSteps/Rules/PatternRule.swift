@_spi(VouchInternal) import VouchBase

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
    }.describingInput(inputSchema)

    /// The regular expression itself, when ECMA-262 reads it alike and the field's text is the typed one.
    static func inputSchema(_ rule: SchemaContribution.Field) -> SchemaContribution {
        guard rule.text != .changed, let regex = rule.entry["regex"]?.stringValue, SchemaPattern.readsAlike(regex) else {
            return .leftToVouch(rule: "pattern")
        }
        let (open, close) = rule.text == .trimmed ? ("^\\s*(?:", ")\\s*$") : ("^(?:", ")$")
        let partial = rule.entry["match"]?.stringValue == "partial"
        return SchemaContribution(
            constraints: [["pattern": .string(partial ? regex : open + regex + close)]],
            unsaid: ["its pattern is PCRE2's, as ECMA-262 reads it here"])
    }

    let regex: RegexPattern

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        Self.check(text, against: regex, code: "pattern", scratch: &scratch, into: &violations)
    }

    /// The violation of a regex check, with the thread's match data: `code` when it does not
    /// match, `regex_budget` when the match ran out of budget.
    static func check(
        _ text: ByteText, against regex: RegexPattern, code: String, scratch: inout CheckScratch,
        into violations: inout [RuleViolation]
    ) {
        switch regex.match(text, using: scratch.matchData) {
        case .match: break
        case .noMatch: violations.append(RuleViolation(code))
        case .budgetExceeded: violations.append(RuleViolation("regex_budget", ["limit": .number(Double(regex.limits.matchLimit))]))
        }
    }
}
