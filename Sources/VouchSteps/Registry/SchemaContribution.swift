/// What a kind or a rule says of a field's input in the JSON Schema that `vouch schema` writes: the
/// JSON types a value may come as (a kind's), constraints on it, and what JSON Schema cannot say.
///
/// A kind or rule declares it on its definition (``StepDefinition/describingInput(_:)``); the
/// schema of a field of a kind, or with a rule, that declares none says so in its `$comment`.
public struct SchemaContribution: Sendable {
    /// How a kind's formatters change what is typed before its rules see it.
    public enum Text: Sendable {
        /// Not at all (a password): the rules see the text as typed.
        case exact
        /// Only white space at either end: patterns and choices can be said of the typed text.
        case trimmed
        /// In ways a schema cannot follow (a phone number's layout, upper-cased codes).
        case changed
    }

    /// What a contribution is made from: the spec entry as written (a kind's field keys such as
    /// `min` or `options`, a rule's parameters), the field's kind as built, the form's locale,
    /// whether the field is required, and for a rule how the field's text reaches it (a kind's is
    /// `.changed`).
    public struct Field: Sendable {
        public let entry: JSONObject
        public let kind: Kind
        public let locale: LocaleProfile
        public let required: Bool
        public let text: Text

        package init(entry: JSONObject, kind: Kind, locale: LocaleProfile, required: Bool = false, text: Text = .changed) {
            self.entry = entry
            self.kind = kind
            self.locale = locale
            self.required = required
            self.text = text
        }
    }

    /// The JSON types a value may come as.
    public var types: [String]
    public var text: Text
    /// Each a JSON Schema object the value must match (`{"pattern": …}`, `{"format": "iri"}`).
    public var constraints: [JSONObject]
    /// What Vouch checks and the schema cannot say, each a phrase that follows the field's name.
    public var unsaid: [String]

    public init(
        types: [String] = ["string", "number", "boolean"], text: Text = .changed, constraints: [JSONObject] = [], unsaid: [String] = []
    ) {
        self.types = types
        self.text = text
        self.constraints = constraints
        self.unsaid = unsaid
    }

    /// A rule's contribution when the schema cannot say it: `the rule <name>` in the `$comment`.
    public static func leftToVouch(rule name: String) -> SchemaContribution { SchemaContribution(unsaid: ["the rule \(name)"]) }
}
