@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// One field of a form, built and checked: its kind, formatters, rules, messages and condition.
///
/// A schema is immutable and safe to use from many threads; interactive ``Field`` objects and bulk
/// validation (``FormSchema/validate(_:)-(JSONObject)``) both run it.
public final class FieldSchema: Sendable {
    /// The field's name: the key of its value in records and output.
    public let name: String
    /// A label for people (defaults to the name).
    public let label: String
    /// A hint shown in the empty field.
    public let placeholder: String?
    /// The field's kind, built for the form's locale.
    public let kind: Kind
    /// Whether an empty value is a `required` violation.
    public let isRequired: Bool
    /// The kind's formatters, then the field's own.
    public let formatters: [any TextFormatter]
    /// The kind's rules, then the field's own (`required` first when the field is required, and
    /// what the kind adds to it: a boolean's `accepted`).
    let rules: [BoundRule]
    /// The field is part of the form only while this holds; `nil` for always.
    public let condition: Condition?
    /// When an interactive field validates itself.
    public let timing: ValidationTiming
    /// Report only the first violation of this field.
    public let stopAtFirst: Bool
    /// Shown but never edited: skipped by navigation, not validated.
    public let isReadOnly: Bool
    /// Input hints for a UI, the kind's with the field's overrides.
    public let hints: InputHints
    /// Message templates the field gives for violation codes; `*` for every code.
    let messages: [String: MessageTemplate]
    /// How the field's text changes as it is typed.
    package let editor: FieldEditor
    /// The field's steps, compiled for the checking path.
    let plan: FieldPlan
    /// For a `tokens` field, each token's steps: the token kind's formatters, rules and value,
    /// then the field's own formatters and rules (not `required`, which is the field's).
    let tokenPlan: FieldPlan?
    /// ``plan`` and ``tokenPlan``, without reference counting.
    let planRef: LentReference<FieldPlan>
    let tokenPlanRef: LentReference<FieldPlan>?
    /// A `tokens` field's settings (its kind's), without reference counting.
    let tokensRef: LentReference<TokenSettings>?
    /// A `tokens` field (its kind has token settings).
    var isTokens: Bool { tokensRef != nil }
    /// Whether the field has a `when` condition.
    let isConditional: Bool

    /// Whether the value is secret (a password): never in messages, logs or output.
    public var isSecret: Bool { hints.secureEntry }

    init(
        name: String, label: String?, placeholder: String?, kind: Kind, isRequired: Bool, formatters: [any TextFormatter],
        rules: [BoundRule], condition: Condition?, timing: ValidationTiming, stopAtFirst: Bool, isReadOnly: Bool,
        hints: InputHints, messages: [String: MessageTemplate], overwrites: Bool = false
    ) {
        self.name = name
        self.label = label ?? name
        self.placeholder = placeholder
        self.kind = kind
        self.isRequired = isRequired
        let allFormatters = kind.formatters + formatters
        self.formatters = allFormatters
        self.editor = FieldEditor(formatters: kind.formatters + kind.typing + formatters, hints: hints, overwrites: overwrites)
        self.rules =
            (isRequired ? ([RequiredRule()] as [any Rule] + kind.whenRequired).map { BoundRule(rule: $0, message: nil) } : [])
            + kind.rules.map { BoundRule(rule: $0, message: nil) } + rules
        self.condition = condition
        self.timing = timing
        self.stopAtFirst = stopAtFirst
        self.isReadOnly = isReadOnly || kind.isReadOnly
        self.hints = hints
        self.messages = messages
        self.plan = FieldPlan(formatters: allFormatters, rules: self.rules, value: kind.value)
        self.tokenPlan = kind.tokens.map { settings in
            FieldPlan(
                formatters: settings.tokenKind.formatters + formatters,
                rules: settings.tokenKind.rules.map { BoundRule(rule: $0, message: nil) } + rules.filter { !($0.rule is RequiredRule) },
                value: settings.tokenKind.value)
        }
        self.planRef = LentReference(plan)
        self.tokenPlanRef = tokenPlan.map { LentReference($0) }
        self.tokensRef = kind.tokens.map { LentReference($0) }
        self.isConditional = condition != nil
    }

    /// The field's text after an as-you-type edit of `text`: masks, length limits, character
    /// filters and capitalization applied, the caret after what was typed. Offsets count UTF-16
    /// code units, as UIKit and the DOM do.
    /// A read-only field takes no edit: its text comes from the record or the spec.
    public func edit(_ edit: TextEdit, in text: String) -> EditResult {
        guard !isReadOnly else { return EditResult(text: text, caret: edit.location, accepted: false, isComplete: isComplete(text)) }
        return editor.apply(edit, to: text)
    }

    /// Whether `text` fills the field: every slot of its mask (a whole phone number, a date with
    /// its year); for a field without a mask, whether it has text.
    public func isComplete(_ text: String) -> Bool { editor.isComplete(text) }

    /// The field's mask with `text` laid into it and each open slot as `placeholder`
    /// (`(20_) ___-____`), for a UI that shows the empty mask; nil for a field without one.
    public func maskedPlaceholder(for text: String = "", placeholder: Character = "_") -> String? {
        guard let mask = editor.layout?.typingPlaceholder, let characters = editor.mask else { return nil }
        return mask.render(characters.significant(in: text), placeholder: placeholder)
    }

    /// The text after every formatter ran: what "empty" is judged on and what rules see. A
    /// `tokens` field's tokens are each normalized, empty ones left out, and joined by ", ".
    public func normalize(_ text: String) -> String {
        guard let tokens = kind.tokens, let tokenPlan else { return plan.normalize(text) }
        return tokens.split(text).map(tokenPlan.normalize).filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// Checks tokens as the field's tokens, on their own (an interactive token field's new token):
    /// its violations, and its value, the array of canonical tokens, when it has none.
    package func checkTokens(_ tokens: [String], locale: LocaleProfile) -> (violations: [Violation], value: TypedValue?) {
        CheckState.shared.withObject { state in
            state.record.pointee.checkTokens(of: self, tokens, locale: locale, scratch: &state.scratch.pointee)
        }
    }

    /// A rule's finding as a violation of this field, with its message: the rule entry's own
    /// template, else the field's for the code, else the field's for every code, else the locale's.
    func violation(_ found: RuleViolation, message: MessageTemplate?, locale: LocaleProfile) -> Violation {
        // A secret's violation keeps only arguments that say nothing of the value (not its length,
        // `count`): a plugin's, only those that repeat the parameters the spec gave it.
        let kept =
            isSecret
            ? found.arguments.filter { found.parameterArguments?.contains($0.key) ?? Self.argumentsOfSecrets.contains($0.key) }
            : found.arguments
        var arguments = kept
        arguments["field"] = .string(label)
        let text = (message ?? messages[found.code] ?? messages["*"])?.format(arguments) ?? locale.message(for: found.code, arguments)
        return Violation(field: name, code: found.code, message: text, arguments: kept)
    }

    /// The arguments a secret field's violation may carry: the rules' parameters, never the value's.
    static let argumentsOfSecrets: Set<String> = [
        "min", "max", "other", "options", "example", "expected", "limit", "schemes", "op", "order", "rule",
    ]
}
