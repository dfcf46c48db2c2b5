@_spi(VouchInternal) import VouchBase

/// The normalized texts of one record's fields as rules see them: excluded fields have none.
/// Borrows the record's buffers for the length of one call.
struct RecordView: FieldValueProvider {
    /// The form's plan; nil for a value checked on its own, with no other fields around it.
    unowned(unsafe) let plan: FormPlan?
    let normalized: UnsafeBufferPointer<UInt8>
    let ranges: UnsafeBufferPointer<Range<Int>>
    let included: UnsafeBufferPointer<Bool>

    /// The view of a value on its own: no other field has a text.
    static var alone: RecordView {
        RecordView(
            plan: nil, normalized: .init(start: nil, count: 0), ranges: .init(start: nil, count: 0), included: .init(start: nil, count: 0))
    }

    /// The normalized bytes of `field`, or nil if the form has no such field or it is excluded.
    func normalizedBytes(of field: String) -> UnsafeBufferPointer<UInt8>? {
        guard let index = plan?.indexByName[field] else { return nil }
        return normalizedBytes(at: index)
    }

    /// ``normalizedBytes(of:)``, read at `index` when the form has the field there, as it has
    /// where the field's form was built: no name is looked up.
    func normalizedBytes(of field: String, at index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let plan, index < plan.fields.count, plan.fields[index]._withUnsafeGuaranteedRef({ $0.name == field }) else {
            return normalizedBytes(of: field)
        }
        return normalizedBytes(at: index)
    }

    func normalizedBytes(at index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard included[index] else { return nil }
        return UnsafeBufferPointer(rebasing: normalized[ranges[index]])
    }

    func normalizedText(of field: String) -> String? {
        normalizedBytes(of: field).map { String(decoding: $0, as: UTF8.self) }
    }
}
