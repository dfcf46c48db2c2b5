@_spi(VouchInternal) import VouchBase

/// One option of a `choice` field: the value stored, and the label shown.
public struct ChoiceOption: Sendable, Hashable {
    public let value: String
    public let label: String

    public init(value: String, label: String? = nil) {
        self.value = value
        self.label = label ?? value
    }
}

/// `choice`: one of a list of options (from the spec, or the locale's regions), by value or label;
/// with `manual_entry`, free text is accepted too.
enum ChoiceKind {
    static let definition = KindDefinition(
        "choice", summary: "One of a list of options; optionally free text (\"manual entry\").",
        parameters: [
            ParameterSpec("options", .json, summary: "an array of values, or of {\"value\", \"label\"}"),
            ParameterSpec("options_from", .choice(["regions"]), summary: "take the options from the locale's regions"),
            ParameterSpec("manual_entry", .json, summary: "true, or the label of the manual-entry option, to accept free text"),
            ParameterSpec("manual_rules", .json, summary: "rule entries that free text must pass (with manual_entry)"),
        ]
    ) { parameters, context throws(VouchError) in
        var options: [ChoiceOption] = []
        if parameters.string("options_from") == "regions" {
            if parameters["options"] != nil { throw context.invalid("options", "cannot be given with options_from") }
            options = context.locale.regions.map { ChoiceOption(value: $0.code, label: $0.name) }
        } else {
            guard let items = parameters["options"]?.arrayValue, !items.isEmpty else {
                throw context.invalid("options", "must be a non-empty array (or give options_from)")
            }
            for (index, item) in items.enumerated() {
                if let text = item.textValue, !text.isEmpty {
                    options.append(ChoiceOption(value: text))
                } else if let object = item.objectValue, let value = object["value"]?.textValue, !value.isEmpty,
                    object.keys.allSatisfy({ $0 == "value" || $0 == "label" }), object["label"].map({ $0.stringValue != nil }) ?? true
                {
                    options.append(ChoiceOption(value: value, label: object["label"]?.stringValue))
                } else {
                    throw VouchError(
                        .invalidParameter, context.describe("an option is a value or {\"value\", \"label\"} with a string label"),
                        at: context.path.appending("options").appending(index).description)
                }
            }
            var seen = Set<String>()
            for option in options where !seen.insert(option.value).inserted {
                throw context.invalid("options", "lists the value \"\(option.value)\" twice")
            }
        }
        var manualEntry: String?
        switch parameters["manual_entry"] {
        case nil, .bool(false): manualEntry = nil
        case .bool(true): manualEntry = context.locale.manualEntryLabel
        case .string(let label): manualEntry = label
        default: throw context.invalid("manual_entry", "must be true, false or a label")
        }
        var manualRules: [BoundRule] = []
        if let entries = parameters["manual_rules"] {
            guard manualEntry != nil, let items = entries.arrayValue else {
                throw context.invalid("manual_rules", "is an array of rule entries, given with manual_entry")
            }
            for (index, entry) in items.enumerated() {
                manualRules.append(
                    try context.registry.readRule(
                        entry, context: context.with(subject: "", path: context.path.appending("manual_rules").appending(index))))
            }
        }
        var kind = Kind(
            name: "choice", hints: InputHints(control: .picker, capitalization: .none, autocorrection: false),
            formatters: [TrimFormatter()],
            value: ChoiceValue(options: options, manualEntryLabel: manualEntry, manualRules: manualRules, locale: context.locale.icuLocale),
            options: options)
        kind.manualEntryLabel = manualEntry
        return kind
    }.describingInput(inputSchema)

    /// An option's value or label in any case; with manual entry, anything its manual rules take.
    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        guard field.kind.manualEntryLabel == nil else {
            return SchemaContribution(text: .trimmed, unsaid: ["an option, or other text by its manual_rules"])
        }
        let options = field.kind.options
        return SchemaContribution(
            text: .trimmed,
            constraints: [
                SchemaPattern.choice(
                    options.map(\.value) + options.map(\.label), exact: exactOptions(field.entry, options: options), ignoringCase: true)
            ],
            unsaid: ["an option's label or value without its accents"])
    }

    /// The option values and labels as the spec gives them (numbers and booleans as JSON has them,
    /// too), or as the kind has them (`options_from`).
    private static func exactOptions(_ entry: JSONObject, options: [ChoiceOption]) -> [JSONValue] {
        var exact: [JSONValue] = []
        let given = entry["options"]?.arrayValue ?? options.map { ["value": .string($0.value), "label": .string($0.label)] }
        for option in given {
            let value = option.objectValue?["value"] ?? option
            let label = option.objectValue?["label"].map { [$0] } ?? []
            for form in [value] + label + (value.stringValue == nil ? [.string(value.jsonText)] : []) where !exact.contains(form) {
                exact.append(form)
            }
        }
        return exact
    }
}

/// Choices: canonical the option's value, display its label; free text as itself when manual
/// entry is on.
package struct ChoiceValue: TextReadingConverter {
    package let options: [ChoiceOption]
    let manualEntryLabel: String?
    let manualRules: [BoundRule]
    private let byValue: [String: Int]
    /// The options' values by their bytes, and each option as a value: an option written as its
    /// value is read without a `String`.
    private let valueBytes: ByteKeyTable
    private let optionValues: [TypedValue]
    /// Each option's value as ``ValueBytes/set(_:)`` writes it, made once: its canonical bytes,
    /// and its display bytes when they differ.
    private let optionBytes: [(canonical: [UInt8], display: [UInt8]?)]
    private let byFoldedText: [String: Int]
    private let locale: String

    init(options: [ChoiceOption], manualEntryLabel: String?, manualRules: [BoundRule], locale: String) {
        self.options = options
        self.manualEntryLabel = manualEntryLabel
        self.manualRules = manualRules
        self.locale = locale
        var byValue: [String: Int] = [:]
        var byFolded: [String: Int] = [:]
        for (index, option) in options.enumerated() {
            byValue[option.value] = index
            for text in [option.label, option.value] where byFolded[CaseMapping.lower(text, locale: locale)] == nil {
                byFolded[CaseMapping.lower(text, locale: locale)] = index
            }
        }
        self.byValue = byValue
        self.valueBytes = ByteKeyTable(options.map(\.value))
        self.optionValues = options.map { TypedValue(canonical: .string($0.value), display: $0.label) }
        self.optionBytes = options.map { option in
            (Array(option.value.utf8), option.label.utf8.elementsEqual(option.value.utf8) ? nil : Array(option.label.utf8))
        }
        self.byFoldedText = byFolded
    }

    /// The index of the option that `text` names: by value, else by label or value ignoring case,
    /// else ignoring case and accents as the locale reads them ("sao paulo" names "São Paulo").
    package func optionIndex(matching text: String) -> Int? {
        if let index = byValue[text] ?? byFoldedText[CaseMapping.lower(text, locale: locale)] { return index }
        return options.firstIndex { option in
            Collation.equalIgnoringCaseAndAccents(text, option.label, locale: locale)
                || Collation.equalIgnoringCaseAndAccents(text, option.value, locale: locale)
        }
    }

    package func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        if let index = valueBytes.index(of: text) {
            guard context.wantsValue else { return }
            value.canonical.append(contentsOf: optionBytes[index].canonical)
            if let display = optionBytes[index].display {
                value.displayIsCanonical = false
                value.display.append(contentsOf: display)
            }
            return
        }
        convertAsText(text, context: context, into: &value, violations: &violations)
    }

    func conversion(of text: String, context: RuleContext) -> Conversion {
        if let index = optionIndex(matching: text) { return .value(optionValues[index]) }
        guard manualEntryLabel != nil else { return .violations([RuleViolation("choice")]) }
        let found = manualRules.flatMap { $0.rule.check(text, context: context) }
        return found.isEmpty ? .value(TypedValue(text: text)) : .violations(found)
    }
}
