/// An interactive form: its fields in order, focus and next/done navigation, and validation.
///
/// Not thread-safe: use a form from one thread at a time. The ``schema`` it is made from is
/// shared and thread-safe.
public final class Form {
    /// What to show on the return key of a field (a field's hints may name one).
    public typealias ReturnKey = InputHints.ReturnKey

    public let schema: FormSchema
    /// The fields, in order.
    public private(set) var fields: [Field] = []
    /// The field being edited, if any.
    public internal(set) var focused: Field?
    /// The clock async rules wait their debounce interval on; a test gives one it moves itself.
    public var clock: any Clock<Duration> = ContinuousClock()

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

    /// The position of the field `name`.
    public func index(of name: String) -> Int? { schema.index(of: name) }

    /// The validation of every field's text now, disabled fields left out (as excluded ones are).
    func currentValidation() -> ValidationResult {
        var texts: [String: String] = [:]
        for field in fields where field.isEnabled { texts[field.name] = field.text }
        let disabled = Set(fields.indices.filter { !fields[$0].isEnabled })
        return schema.validate(texts, excluding: disabled)
    }

    /// Whether `field` is part of the form now, by its `when` condition (a disabled field's value
    /// counts as empty in the conditions of others).
    public func isIncluded(_ field: Field) -> Bool {
        guard field.schema.condition != nil, let index = schema.index(of: field.name) else { return true }
        return inclusion()[index]
    }

    private func inclusion() -> [Bool] { schema.inclusion(normalized: fields.map { $0.isEnabled ? $0.normalizedText : "" }) }

    // MARK: Navigation

    /// The editable fields (included, enabled, not read-only), in order.
    public var editableFields: [Field] {
        let included = inclusion()
        return fields.enumerated().filter { included[$0.offset] && $0.element.isEnabled && !$0.element.schema.isReadOnly }
            .map(\.element)
    }

    /// The editable field after `field` (or the first, for `nil`), if any.
    public func field(after field: Field?) -> Field? {
        let editable = editableFields
        guard let field else { return editable.first }
        let position = schema.index(of: field.name)!
        return editable.first { schema.index(of: $0.name)! > position }
    }

    /// The editable field before `field` (or the last, for `nil`), if any.
    public func field(before field: Field?) -> Field? {
        let editable = editableFields
        guard let field else { return editable.last }
        let position = schema.index(of: field.name)!
        return editable.last { schema.index(of: $0.name)! < position }
    }

    /// The return key of `field`: the one its hints name, else `next` for every editable field but
    /// the last, which gets `done`.
    public func returnKey(for field: Field) -> ReturnKey {
        field.schema.hints.returnKey ?? (self.field(after: field) == nil ? .done : .next)
    }

    /// Moves focus to the next editable field, as the return key does, and returns the field
    /// focused after the move; at the last one, ends editing and returns `nil` (call ``done()`` to
    /// finish). When the next field's ``Field/shouldBeginEditing`` says no, the focus stays where
    /// it was.
    @discardableResult
    public func next() -> Field? {
        guard let target = field(after: focused) else {
            focused?.endEditing()
            return nil
        }
        target.beginEditing()
        return focused
    }

    /// Moves focus to the editable field before the focused one (a toolbar's "previous" button), and
    /// returns the field focused after the move; at the first one, the focus stays.
    @discardableResult
    public func previous() -> Field? {
        if let target = field(before: focused), focused != nil { target.beginEditing() }
        return focused
    }

    /// Finishes the form: ends editing, validates every included, enabled field and shows each
    /// one's errors (``firstInvalidField`` is where a UI takes the user next).
    @discardableResult
    public func done() -> ValidationResult {
        focused?.endEditing()
        return validate()
    }

    /// Validates every included, enabled field now and shows the result on each.
    @discardableResult
    public func validate() -> ValidationResult {
        let result = currentValidation()
        for field in fields { field.show(result.field(field.name)?.violations ?? []) }
        return result
    }

    /// The first field, in form order, that shows an error: from validation, an async rule or the
    /// app; nil when none does.
    public var firstInvalidField: Field? { fields.first { $0.isEnabled && $0.isIncluded && !$0.violations.isEmpty } }

    /// Whether some field has an async check under way.
    public var isPending: Bool { fields.contains(where: \.isPending) }

    /// The canonical values of the valid, enabled fields (see ``ValidationResult/canonicalValues``).
    public var values: JSONObject { currentValidation().canonicalValues }
}
