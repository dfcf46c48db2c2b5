/// A condition on other fields' values, for a field's `when` and the `required_if` rule.
///
/// In JSON:
/// - `{"field": "country", "equals": "US"}` (a string, number or boolean, compared as text)
/// - `{"field": "country", "in": ["US", "CA"]}`
/// - `{"field": "newsletter", "filled": true}` (not empty; `false` for empty)
/// - `{"all": [...]}`, `{"any": [...]}`, `{"not": {...}}`
///
/// A condition compares the field's canonical value as text: a choice's value (not its label),
/// `true` or `false` for a boolean, a number without its groups, an ISO date; a text field's text
/// after its formatters. An excluded field counts as empty.
public indirect enum Condition: Sendable, Hashable {
    case equals(field: String, value: String)
    case oneOf(field: String, values: [String])
    case filled(field: String, Bool)
    case all([Condition])
    case any([Condition])
    case not(Condition)

    /// Reads a condition from JSON, with errors located at `path`.
    public init(_ json: JSONValue, at path: JSONPath = JSONPath()) throws(VouchError) {
        guard let object = json.objectValue else {
            throw VouchError(
                .invalidSpec, "a condition is an object such as {\"field\": \"country\", \"equals\": \"US\"}, not \(json.typeName)",
                at: path.description)
        }
        func conditions(_ key: String) throws(VouchError) -> [Condition] {
            guard let items = object[key]!.arrayValue, !items.isEmpty else {
                throw VouchError(.invalidSpec, "\"\(key)\" takes a non-empty array of conditions", at: path.appending(key).description)
            }
            var result: [Condition] = []
            for (index, item) in items.enumerated() { result.append(try Condition(item, at: path.appending(key).appending(index))) }
            return result
        }
        let keys = Set(object.keys)
        if keys == ["all"] {
            self = .all(try conditions("all"))
        } else if keys == ["any"] {
            self = .any(try conditions("any"))
        } else if keys == ["not"] {
            self = .not(try Condition(object["not"]!, at: path.appending("not")))
        } else if keys.count == 2, let field = object["field"]?.stringValue {
            let test = keys.subtracting(["field"]).first!
            let value = object[test]!
            switch (test, value) {
            case ("equals", _) where value.textValue != nil:
                self = .equals(field: field, value: value.textValue!)
            case ("in", .array(let items)) where items.allSatisfy({ $0.textValue != nil }):
                self = .oneOf(field: field, values: items.map { $0.textValue! })
            case ("filled", .bool(let filled)):
                self = .filled(field: field, filled)
            default:
                throw VouchError(
                    .invalidSpec,
                    "\"\(test)\" is not a test of a condition with this value: use \"equals\" (a string, number or boolean), \"in\" (an array of them) or \"filled\" (true or false)",
                    at: path.appending(test).description)
            }
        } else {
            throw VouchError(
                .invalidSpec,
                "a condition is {\"field\", and one of \"equals\", \"in\", \"filled\"}, or {\"all\"}, {\"any\"}, {\"not\"}; got keys \(object.keys.joined(separator: ", "))",
                at: path.description)
        }
    }

    /// Every field the condition reads.
    public var fields: Set<String> {
        switch self {
        case .equals(let field, _), .oneOf(let field, _), .filled(let field, _): [field]
        case .all(let conditions), .any(let conditions): conditions.reduce(into: []) { $0.formUnion($1.fields) }
        case .not(let condition): condition.fields
        }
    }

    /// The values the condition compares each field with (`equals` and `in`), by field.
    package var comparedValues: [(field: String, value: String)] {
        switch self {
        case .equals(let field, let value): [(field, value)]
        case .oneOf(let field, let values): values.map { (field, $0) }
        case .filled: []
        case .all(let conditions), .any(let conditions): conditions.flatMap(\.comparedValues)
        case .not(let condition): condition.comparedValues
        }
    }

    /// What a condition compares for a field with this normalized text, whose kind types values
    /// with `converter`: the canonical value as text (a choice's value, `true` for a ticked box, a
    /// number without its groups, an ISO date), or the text itself when the kind keeps text or
    /// the text has no value.
    package static func comparedText(_ text: String, converter: any ValueConverter, context: RuleContext) -> String {
        guard !text.isEmpty, !(converter is TextValue) else { return text }
        guard case .value(let typed) = converter.convert(text, context: context) else { return text }
        return typed.canonical.textValue ?? text
    }

    /// Whether the condition holds, given each field's value (`nil` for an absent or excluded field).
    public func holds(_ value: (String) -> String?) -> Bool {
        switch self {
        case .equals(let field, let expected): (value(field) ?? "") == expected
        case .oneOf(let field, let values): values.contains(value(field) ?? "")
        case .filled(let field, let filled): !(value(field) ?? "").isEmpty == filled
        case .all(let conditions): conditions.allSatisfy { $0.holds(value) }
        case .any(let conditions): conditions.contains { $0.holds(value) }
        case .not(let condition): !condition.holds(value)
        }
    }
}

extension JSONValue {
    /// A scalar as the text a field would hold: strings as they are, numbers without a needless
    /// `.0`, booleans as `true`/`false`, null as empty. `nil` for arrays and objects.
    package var textValue: String? {
        switch self {
        case .string(let s): s
        case .number: jsonText
        case .bool(let b): b ? "true" : "false"
        case .null: ""
        case .array, .object: nil
        }
    }
}
