/// A form, built and checked: ordered fields, conditions, form-level rules and a locale.
///
/// Build one from a JSON spec (``init(json:registry:)``, see `docs/form-spec.md`) or in code. A
/// schema is immutable and safe to use from many threads: validate records with it in bulk, or
/// make interactive ``Form`` objects from it.
public struct FormSchema: Sendable {
    /// The form's locale, with everything its packs say.
    public let locale: LocaleProfile
    /// The fields, in order.
    public let fields: [FieldSchema]
    /// Cross-field rules, each tied to the field its violations belong to.
    let formRules: [FormRule]
    private let indexByName: [String: Int]

    /// A form-level rule and the field its violations belong to.
    struct FormRule: Sendable {
        let field: Int
        let bound: FieldSchema.BoundRule
    }

    init(locale: LocaleProfile, fields: [FieldSchema], formRules: [FormRule]) {
        self.locale = locale
        self.fields = fields
        self.formRules = formRules
        var index: [String: Int] = [:]
        for (offset, field) in fields.enumerated() { index[field.name] = offset }
        self.indexByName = index
    }

    /// Reads a form from its JSON spec.
    ///
    /// - Throws: ``VouchError`` with code `invalid_json` (with line and column) or `invalid_spec`,
    ///   `unknown_name`, `invalid_parameter`, `bad_regex`… located by the JSON path of the problem.
    public init(json: some Collection<UInt8>, registry: Registry) throws(VouchError) {
        self = try FormSpecReader(registry: registry).read(json: Array(json))
    }

    /// Reads a form from its JSON spec, given as text.
    public init(json: String, registry: Registry) throws(VouchError) {
        try self.init(json: Array(json.utf8), registry: registry)
    }

    /// Reads a form from its JSON spec in a file; errors name the file (`form.json: fields[2].kind`).
    ///
    /// - Parameter locale: a locale to use instead of the spec's.
    public init(file path: String, registry: Registry, locale: String? = nil) throws(VouchError) {
        let bytes = try FileBytes.read(path)
        var spec: JSONValue
        do {
            spec = try JSONParser().parse(bytes)
        } catch {
            throw VouchError(.invalidJSON, "the form spec is not valid JSON: \(error.message)", at: "\(path):\(error.line):\(error.column)")
        }
        if let locale, case .object(var object) = spec {
            object["locale"] = .string(locale)
            spec = .object(object)
        }
        do {
            self = try FormSpecReader(registry: registry).read(spec)
        } catch {
            throw error.inFile(path)
        }
    }

    /// Reads a form from an already parsed spec.
    public init(spec: JSONValue, registry: Registry) throws(VouchError) {
        self = try FormSpecReader(registry: registry).read(spec)
    }

    /// The position of the field `name`.
    public func index(of name: String) -> Int? { indexByName[name] }

    /// The field `name`.
    public func field(_ name: String) -> FieldSchema? { indexByName[name].map { fields[$0] } }

    // MARK: Validating

    /// Validates a record (field name to value). Strings are the usual values; numbers and booleans
    /// are read as their text, `null` or a missing key as empty; a `tokens` field takes an array of
    /// strings or a string with separators. Keys that are not fields are ignored.
    public func validate(_ record: JSONObject) -> ValidationResult {
        var inputs = [FieldInput](repeating: .text(""), count: fields.count)
        for (index, field) in fields.enumerated() {
            inputs[index] = FieldInput(record[field.name], isTokens: field.kind.tokens != nil)
        }
        return validate(inputs)
    }

    /// Validates values given as text, by field name.
    public func validate(_ values: [String: String]) -> ValidationResult {
        validate(fields.map { FieldInput.text(values[$0.name] ?? "") })
    }

    /// A field's raw input: text, a list (for tokens), or a value of the wrong type.
    enum FieldInput {
        case text(String)
        case list([String])
        case wrongType(String)

        init(_ value: JSONValue?, isTokens: Bool) {
            switch value {
            case nil: self = .text("")
            case .array(let items) where isTokens:
                let texts = items.compactMap(\.textValue)
                self = texts.count == items.count ? .list(texts) : .wrongType("an array of strings")
            case let value?:
                if let text = value.textValue { self = .text(text) } else { self = .wrongType(isTokens ? "a string or an array of strings" : "a string") }
            }
        }
    }

    func validate(_ inputs: [FieldInput]) -> ValidationResult {
        var state = RecordState(schema: self, normalized: inputs.enumerated().map { index, input in
            switch input {
            case .text(let text): fields[index].normalize(text)
            case .list(let items): fields[index].normalize(items.joined(separator: "\n"))
            case .wrongType: ""
            }
        })
        let included = fields.indices.map { state.isIncluded($0) }
        var outcomes = [FieldSchema.Outcome?](repeating: nil, count: fields.count)
        for (index, field) in fields.enumerated() where included[index] {
            let context = RuleContext(field: field.name, locale: locale, others: state)
            switch inputs[index] {
            case .wrongType(let expected):
                outcomes[index] = FieldSchema.Outcome(violations: [
                    field.violation(RuleViolation("type", ["expected": .string(expected)]), message: nil, locale: locale)
                ])
            case .list(let items) where field.kind.tokens != nil:
                outcomes[index] = field.checkTokens(items, context: context)
            case .text(let text) where field.kind.tokens != nil:
                outcomes[index] = field.checkTokens(field.kind.tokens!.split(text), context: context)
            default:
                outcomes[index] = field.check(normalized: state.normalized[index], context: context)
            }
        }
        for formRule in formRules {
            guard var outcome = outcomes[formRule.field] else { continue }
            let field = fields[formRule.field]
            if field.isReadOnly || (field.stopAtFirst && !outcome.violations.isEmpty) { continue }
            let text = state.normalized[formRule.field]
            guard !text.isEmpty || formRule.bound.rule.checksEmptyValues else { continue }
            let found = formRule.bound.rule.check(text, context: RuleContext(field: field.name, locale: locale, others: state))
            guard !found.isEmpty else { continue }
            if text.isEmpty && !outcome.violations.isEmpty { continue }  // still one violation for an empty field
            outcome.violations += found.prefix(field.stopAtFirst ? 1 : found.count).map {
                field.violation($0, message: formRule.bound.message, locale: locale)
            }
            outcome.value = nil
            outcomes[formRule.field] = outcome
        }
        return ValidationResult(fields: fields.indices.compactMap { index in
            outcomes[index].map { outcome in
                ValidationResult.FieldResult(
                    name: fields[index].name, value: outcome.value, violations: outcome.violations, isSecret: fields[index].isSecret)
            }
        })
    }

    /// Whether each field is included, given every field's normalized text; an excluded field's
    /// value counts as empty in the conditions of others.
    func inclusion(normalized: [String]) -> [Bool] {
        var state = RecordState(schema: self, normalized: normalized)
        return fields.indices.map { state.isIncluded($0) }
    }
}

/// The normalized values of one record, and which fields are included, worked out on demand.
struct RecordState: FieldValueProvider {
    let schema: FormSchema
    let normalized: [String]
    private var included: [Bool?]

    init(schema: FormSchema, normalized: [String]) {
        self.schema = schema
        self.normalized = normalized
        self.included = schema.fields.map { $0.condition == nil ? true : nil }
    }

    /// Whether field `index` is included. Conditions cannot form cycles (the spec reader refuses
    /// them), so the recursion ends.
    mutating func isIncluded(_ index: Int) -> Bool {
        if let known = included[index] { return known }
        var values: [String: String?] = [:]
        for name in schema.fields[index].condition!.fields {
            guard let other = schema.index(of: name) else { continue }
            values[name] = isIncluded(other) ? normalized[other] : nil
        }
        let result = schema.fields[index].condition!.holds { values[$0] ?? nil }
        included[index] = result
        return result
    }

    func normalizedText(of field: String) -> String? {
        guard let index = schema.index(of: field) else { return nil }
        // Conditions were all worked out before any rule runs.
        return included[index] == true ? normalized[index] : nil
    }
}
