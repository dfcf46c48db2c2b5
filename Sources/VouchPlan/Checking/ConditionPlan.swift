@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// A field's condition (``Condition``) compiled for the checking path: fields by their place in
/// the form, and the compared values as bytes, so that a record's conditions are read on its
/// normalized bytes with no look-up by name and no `String`.
///
/// A class whose parts are read without reference counting, so that threads sharing a form never
/// count references while they check.
final class ConditionPlan: @unchecked Sendable {
    /// One test of the condition; `all`, `any` and `not` name their parts by their place in
    /// ``nodes`` through ``parts``.
    struct Node {
        enum Test { case equals, filled, notFilled, all, any, not }
        let test: Test
        /// The field tested (its place in the form), or -1 for a name that is no field.
        let field: Int
        /// The compared values (``equals``, which also stands for `in`) or the parts, in
        /// ``values`` or ``parts``.
        let items: Range<Int>
    }

    /// A compared value: its bytes in ``bytes``, whether they are all ASCII, and whether the
    /// field compares as written: a field whose normalized text is these bytes compares as this
    /// value, without its value being made (see ``init(_:indexByName:comparesAsWritten:)``).
    struct Value {
        let bytes: Range<Int>
        let isASCII: Bool
        let comparesAsWritten: Bool
    }

    /// The tests; the first is the condition itself.
    let nodes: UncountedArray<Node>
    let parts: UncountedArray<Int>
    let values: UncountedArray<Value>
    let bytes: UncountedArray<UInt8>
    /// The compared values as text, for comparing texts that are not ASCII as `String` does
    /// (canonical equivalence).
    let texts: [String]
    /// The fields the condition reads, by their place in the form.
    let sources: UncountedArray<Int>

    /// `comparesAsWritten(field, value)` says whether the field's text `value`, normalized,
    /// compares in conditions as `value` itself (its compared text is the same function of the
    /// normalized text in every record).
    init(_ condition: Condition, indexByName: [String: Int], comparesAsWritten: (Int, String) -> Bool) {
        var nodes: [Node] = []
        var parts: [Int] = []
        var values: [Value] = []
        var bytes: [UInt8] = []
        var texts: [String] = []
        func add(_ condition: Condition) -> Int {
            let at = nodes.count
            func field(_ name: String) -> Int { indexByName[name] ?? -1 }
            func compared(_ items: [String], of field: Int) -> Range<Int> {
                let start = values.count
                for text in items {
                    let first = bytes.count
                    bytes.append(contentsOf: text.utf8)
                    values.append(
                        Value(
                            bytes: first..<bytes.count, isASCII: text.utf8.allSatisfy { $0 < 0x80 },
                            comparesAsWritten: field >= 0 && comparesAsWritten(field, text)))
                    texts.append(text)
                }
                return start..<values.count
            }
            switch condition {
            case .equals(let name, let value):
                let tested = field(name)
                nodes.append(Node(test: .equals, field: tested, items: compared([value], of: tested)))
            case .oneOf(let name, let items):
                let tested = field(name)
                nodes.append(Node(test: .equals, field: tested, items: compared(items, of: tested)))
            case .filled(let name, let filled): nodes.append(Node(test: filled ? .filled : .notFilled, field: field(name), items: 0..<0))
            case .all(let conditions), .any(let conditions):
                let test: Node.Test = if case .all = condition { .all } else { .any }
                nodes.append(Node(test: test, field: -1, items: 0..<0))
                let children = conditions.map(add)
                let start = parts.count
                parts.append(contentsOf: children)
                nodes[at] = Node(test: test, field: -1, items: start..<parts.count)
            case .not(let inner):
                nodes.append(Node(test: .not, field: -1, items: 0..<0))
                let child = add(inner)
                parts.append(child)
                nodes[at] = Node(test: .not, field: -1, items: parts.count - 1..<parts.count)
            }
            return at
        }
        _ = add(condition)
        self.nodes = UncountedArray(nodes)
        self.parts = UncountedArray(parts)
        self.values = UncountedArray(values)
        self.bytes = UncountedArray(bytes)
        self.texts = texts
        self.sources = UncountedArray(condition.fields.compactMap { indexByName[$0] }.sorted())
    }

    deinit {
        nodes.free()
        parts.free()
        values.free()
        bytes.free()
        sources.free()
    }

    /// The bytes of a compared value.
    private func text(of value: Value) -> ByteText { ByteText(unsafeBuffer: UnsafeBufferPointer(rebasing: bytes.buffer[value.bytes])) }

    /// Whether field `text`, normalized, is compared value `index` by the fast way: the value
    /// compares as written, and `text` has its bytes.
    func value(_ index: Int, isWritten text: UnsafeBufferPointer<UInt8>) -> Bool {
        let value = values[index]
        return value.comparesAsWritten && self.text(of: value).hasSameBytes(as: ByteText(unsafeBuffer: text))
    }

    /// Whether compared value `index` is `text`, as `String`'s `==` says: the same bytes, or,
    /// when either is not ASCII, canonically equivalent texts.
    func value(_ index: Int, is text: UnsafeBufferPointer<UInt8>) -> Bool {
        let value = values[index]
        if self.text(of: value).hasSameBytes(as: ByteText(unsafeBuffer: text)) { return true }
        if value.isASCII && !text.contains(where: { $0 >= 0x80 }) { return false }
        return String(decoding: text, as: UTF8.self) == texts[index]
    }
}
