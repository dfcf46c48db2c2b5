@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// The distinct canonical values of a `tokens` field's tokens, in the order they came: the field's
/// value. Two values are the same when they are equal as JSON values (text by Unicode canonical
/// equivalence, numbers by value), as a `Set<JSONValue>` would find; the bytes are compared first,
/// and no `String` is made while a list is short and its texts differ in their bytes or are ASCII.
struct DistinctTokens: ~Copyable {
    /// The values' canonical bytes, one after another.
    private var bytes = ByteBuffer()
    private var items: [Item] = []
    /// The values as JSON values, once a list is longer than ``linearLimit``.
    private var seen: Set<JSONValue>?
    private static let linearLimit = 16

    private struct Item {
        let range: Range<Int>
        /// A JSON number or boolean written as it is; otherwise the text of a string.
        let isNumber: Bool
    }

    var count: Int { items.count }

    mutating func removeAll() {
        bytes.removeAll()
        items.removeAll(keepingCapacity: true)
        seen = nil
    }

    /// Adds a value unless the list has one equal to it; whether it was added.
    mutating func insert(_ canonical: ByteText, isNumber: Bool) -> Bool {
        if seen == nil && items.count >= Self.linearLimit {
            seen = Set(items.indices.map { jsonValue(at: $0) })
        }
        if seen != nil {
            guard seen!.insert(Self.jsonValue(canonical, isNumber: isNumber)).inserted else { return false }
        } else {
            for index in items.indices where items[index].isNumber == isNumber {
                if isSame(text(index), canonical, isNumber: isNumber) { return false }
            }
        }
        let start = bytes.count
        bytes.append(contentsOf: canonical)
        items.append(Item(range: start..<bytes.count, isNumber: isNumber))
        return true
    }

    /// The list as a JSON array, as ``JSONWriter`` writes it.
    func writeJSON(into output: inout ByteBuffer) {
        output.append(.openBracket)
        for index in items.indices {
            if index > 0 { output.append(.comma) }
            if items[index].isNumber {
                var json: [UInt8] = []
                JSONWriter.write(jsonValue(at: index), into: &json)
                output.append(contentsOf: json)
            } else {
                output.appendJSONString(bytes[items[index].range])
            }
        }
        output.append(.closeBracket)
    }

    private func text(_ index: Int) -> ByteText { ByteText(unsafeBuffer: bytes[items[index].range]) }

    private func isSame(_ known: ByteText, _ value: ByteText, isNumber: Bool) -> Bool {
        if known.hasSameBytes(as: value) { return true }
        // Other bytes may still be the same value: 1e2 and 100; a precomposed letter and its
        // decomposition (texts that are ASCII both are the same only byte for byte).
        if !isNumber && known.isASCII && value.isASCII { return false }
        return Self.jsonValue(known, isNumber: isNumber) == Self.jsonValue(value, isNumber: isNumber)
    }

    private func jsonValue(at index: Int) -> JSONValue {
        Self.jsonValue(text(index), isNumber: items[index].isNumber)
    }

    private static func jsonValue(_ canonical: ByteText, isNumber: Bool) -> JSONValue {
        if isNumber, let value = canonical.withUnsafeBufferPointer({ try? JSONParser().parse($0) }) { return value }
        return .string(canonical.string)
    }
}
