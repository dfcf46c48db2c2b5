/// One value per field of a form, in memory a record check keeps from record to record: read and
/// written in place, with no check that the storage is shared (it cannot be: it is not copyable).
/// Every index is a field's of the form the slots were made for; as with `UnsafeBufferPointer`,
/// debug builds check it, release builds do not (the checks cost the field loop 3%).
struct FieldSlots<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0

    /// No slots.
    init() {}

    init(repeating value: Element, count: Int) {
        let base = UnsafeMutablePointer<Element>.allocate(capacity: count)
        base.initialize(repeating: value, count: count)
        self.base = base
        self.count = count
    }

    deinit {
        base?.deinitialize(count: count)
        base?.deallocate()
    }

    var indices: Range<Int> { 0..<count }

    subscript(index: Int) -> Element {
        _read {
            assert(index >= 0 && index < count, "index out of range")
            yield base.unsafelyUnwrapped[index]
        }
        _modify {
            assert(index >= 0 && index < count, "index out of range")
            yield &base.unsafelyUnwrapped[index]
        }
    }

    /// The slots; valid until they are made again for another number of fields.
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// The slots to write, as ``buffer``.
    var mutableBuffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R { body(buffer) }
}
