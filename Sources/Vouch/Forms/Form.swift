/// An interactive form: its fields in order, focus and next/done navigation, and validation.
///
/// Not thread-safe: use a form from one thread at a time. The ``schema`` it is made from is
/// shared and thread-safe.
public final class Form {
    /// What to show on the return key of a field.
    public enum ReturnKey: String, Sendable, Hashable {
        /// Go to the next editable field.
        case next
        /// The last editable field: finish the form.
        case done
    }

    public let schema: FormSchema
    /// The fields, in order.
    public private(set) var fields: [Field] = []
    /// The field being edited, if any.
    public internal(set) var focused: Field?

    public init(schema: FormSchema) {
        self.schema = schema
        fields = schema.fields.map { Field(schema: $0, form: self) }
    }

    /// Builds a form from a JSON spec.
    public convenience init(json: String, registry: Registry) throws(VouchError) {
        self.init(schema: try FormSchema(json: json, registry: registry))
    }

    /// The field `name`.
    public func field(_ name: String) -> Field? { schema.index(of: name).map { fields[$0] } }

    public subscript(name: String) -> Field? { field(name) }

    /// Every field's text, by name.
    var texts: [String: String] {
        var texts: [String: String] = [:]
        for field in fields { texts[field.name] = field.text }
        return texts
    }

    /// Whether `field` is part of the form now, by its `when` condition.
    public func isIncluded(_ field: Field) -> Bool {
        guard field.schema.condition != nil, let index = schema.index(of: field.name) else { return true }
        return schema.inclusion(normalized: fields.map(\.normalizedText))[index]
    }

    // MARK: Navigation

    /// The editable fields (included, not read-only), in order.
    public var editableFields: [Field] {
        let included = schema.inclusion(normalized: fields.map(\.normalizedText))
        return fields.enumerated().filter { included[$0.offset] && !$0.element.schema.isReadOnly }.map(\.element)
    }

    /// The editable field after `field` (or the first, for `nil`), if any.
    public func field(after field: Field?) -> Field? {
        let editable = editableFields
        guard let field else { return editable.first }
        let position = schema.index(of: field.name)!
        return editable.first { schema.index(of: $0.name)! > position }
    }

    /// `next` for every editable field but the last, which gets `done`.
    public func returnKey(for field: Field) -> ReturnKey {
        self.field(after: field) == nil ? .done : .next
    }

    /// Moves focus to the next editable field, as the return key does; at the last one, ends
    /// editing and returns `nil` (call ``done()`` to finish).
    @discardableResult
    public func next() -> Field? {
        let target = field(after: focused)
        if let target { target.beginEditing() } else { focused?.endEditing() }
        return target
    }

    /// Finishes the form: ends editing, validates every included field and shows each one's errors.
    @discardableResult
    public func done() -> ValidationResult {
        focused?.endEditing()
        return validate()
    }

    /// Validates every included field now and shows the result on each.
    @discardableResult
    public func validate() -> ValidationResult {
        let result = schema.validate(texts)
        for field in fields { field.show(result.field(field.name)?.violations ?? []) }
        return result
    }

    /// The canonical values of the valid fields (see ``ValidationResult/canonicalValues``).
    public var values: JSONObject { schema.validate(texts).canonicalValues }
}
