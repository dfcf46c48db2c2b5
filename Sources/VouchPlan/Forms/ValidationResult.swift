/// The outcome of validating a form: every violation tied to its field, and the typed values.
public struct ValidationResult: Sendable, CustomStringConvertible {
    /// One included field's outcome.
    public struct FieldResult: Sendable, CustomStringConvertible {
        public let name: String
        /// The typed value; `nil` when the field is empty or invalid.
        public let value: TypedValue?
        public let violations: [Violation]
        /// A secret (password) field: its value is left out of ``json`` and descriptions.
        public let isSecret: Bool

        public var isValid: Bool { violations.isEmpty }

        public var description: String {
            let shown = isSecret ? (value == nil ? "nil" : "<secret>") : (value?.display ?? "nil")
            return violations.isEmpty ? "\(name) = \(shown)" : "\(name): " + violations.map(\.code).joined(separator: ", ")
        }
    }

    /// The included fields, in form order (excluded fields are neither validated nor output).
    public let fields: [FieldResult]

    /// Every violation, in field order.
    public var violations: [Violation] { fields.flatMap(\.violations) }

    /// Whether no field has a violation.
    public var isValid: Bool { fields.allSatisfy(\.isValid) }

    /// The outcome of the field `name`, if it is included.
    public func field(_ name: String) -> FieldResult? { fields.first { $0.name == name } }

    /// The typed value of the field `name`, if included, valid and not empty.
    public func value(of name: String) -> TypedValue? { field(name)?.value }

    /// Canonical values by field name, in form order: `null` for empty fields; invalid and secret
    /// fields are left out.
    public var canonicalValues: JSONObject { values(\.canonical) }

    /// Display values by field name, like ``canonicalValues``.
    public var displayValues: JSONObject { values { .string($0.display) } }

    private func values(_ pick: (TypedValue) -> JSONValue) -> JSONObject {
        JSONObject(
            fields.compactMap { field in
                guard field.isValid, !field.isSecret else { return nil }
                return (field.name, field.value.map(pick) ?? .null)
            })
    }

    /// `{"valid": …, "values": {…}, "errors": [{"field", "code", "message", "args"}]}`, with no
    /// secret in it (see ``Violation/json``):
    /// the shape `vouch check` and the C API write. `display` gives display values in `"values"`;
    /// `includingDisplay` adds `"display"` after the canonical `"values"`, as the C API does.
    public func json(display: Bool = false, includingDisplay: Bool = false) -> JSONValue {
        var object: JSONObject = ["valid": .bool(isValid), "values": .object(display ? displayValues : canonicalValues)]
        if includingDisplay { object["display"] = .object(displayValues) }
        object["errors"] = .array(violations.map(\.json))
        return .object(object)
    }

    public var description: String { fields.map(\.description).joined(separator: "; ") }
}
