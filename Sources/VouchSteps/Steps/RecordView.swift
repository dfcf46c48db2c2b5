@_spi(VouchInternal) import VouchBase

/// The normalized texts of one record's fields as rules see them: excluded fields have none.
/// Borrows the record's buffers for the length of one call.
@_spi(VouchInternal) public struct RecordView: FieldValueProvider {
    /// The form's fields; nil for a value checked on its own, with no other fields around it.
    @usableFromInline unowned(unsafe) let form: FormFields?
    /// Each field's normalized text, wherever the record keeps it.
    @usableFromInline let texts: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    public let included: UnsafeBufferPointer<Bool>

    public init(form: FormFields?, texts: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, included: UnsafeBufferPointer<Bool>) {
        self.form = form
        self.texts = texts
        self.included = included
    }

    /// The view of a value on its own: no other field has a text.
    public static var alone: RecordView {
        RecordView(form: nil, texts: .init(start: nil, count: 0), included: .init(start: nil, count: 0))
    }

    /// The normalized bytes of `field`, or nil if the form has no such field or it is excluded.
    func normalizedBytes(of field: String) -> UnsafeBufferPointer<UInt8>? {
        guard let index = form?.indexByName[field] else { return nil }
        return normalizedBytes(at: index)
    }

    /// ``normalizedBytes(of:)``, read at `index` when the form has the field there, as it has
    /// where the field's form was built: no name is looked up.
    func normalizedBytes(of field: String, at index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let form, index < form.names.count, form.names[index] == field else {
            return normalizedBytes(of: field)
        }
        return normalizedBytes(at: index)
    }

    @inlinable public func normalizedBytes(at index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard included[index] else { return nil }
        return texts[index]
    }

    func normalizedText(of field: String) -> String? {
        normalizedBytes(of: field).map { String(decoding: $0, as: UTF8.self) }
    }
}
