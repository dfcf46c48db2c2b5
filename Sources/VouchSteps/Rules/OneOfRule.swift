@_spi(VouchInternal) import VouchBase

/// `one_of`: the value must be one of the listed values.
struct OneOfRule: TextReadingRule {
    static let definition = RuleDefinition(
        "one_of", summary: "One of the listed values.",
        parameters: [
            ParameterSpec("values", .strings, required: true),
            ParameterSpec("ignore_case", .boolean, summary: "compare in the locale's lower case (default false)"),
        ]
    ) { parameters, context throws(VouchError) in
        let values = parameters.strings("values")!
        guard !values.isEmpty else { throw context.invalid("values", "must list at least one value") }
        return OneOfRule(values: values, ignoreCase: parameters.bool("ignore_case") ?? false, locale: context.locale.icuLocale)
    }.describingInput(inputSchema)

    static func inputSchema(_ rule: SchemaContribution.Field) -> SchemaContribution {
        guard rule.text != .changed else { return .leftToVouch(rule: "one_of") }
        let values = rule.entry["values"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let pattern = SchemaPattern.wholeValue(values, ignoringCase: rule.entry["ignore_case"]?.boolValue == true)
        return SchemaContribution(constraints: [["pattern": .string(pattern)]])
    }

    let accepted: Set<String>
    /// The accepted values' bytes, so that a value written as listed needs no `String`.
    private let acceptedBytes: ByteKeyTable
    let ignoreCase: Bool
    let locale: String
    let list: String

    init(values: [String], ignoreCase: Bool, locale: String) {
        self.ignoreCase = ignoreCase
        self.locale = locale
        self.accepted = Set(ignoreCase ? values.map { CaseMapping.lower($0, locale: locale) } : values)
        self.acceptedBytes = ByteKeyTable(Array(accepted))
        self.list = ListFormat.format(values, locale: locale, kind: .or)
    }

    func findings(in value: String, context: ByteContext) -> [RuleViolation] {
        let key = ignoreCase ? CaseMapping.lower(value, locale: locale) : value
        return accepted.contains(key) ? [] : [RuleViolation("one_of", ["options": .string(list)])]
    }

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        // The same bytes are the same value; other bytes may still be, by canonical equivalence.
        guard ignoreCase || acceptedBytes.index(of: text) == nil else { return }
        violations += findings(in: text.string, context: context)
    }
}
