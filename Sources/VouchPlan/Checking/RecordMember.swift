@_spi(VouchInternal) import VouchBase

/// A member of a record given member by member instead of as JSON text: its name and its value,
/// each a view of the caller's bytes for the length of one check.
public struct RecordMember {
    public enum Value {
        /// A string's UTF-8 text, as it is (not JSON-escaped).
        case string(UnsafeBufferPointer<UInt8>)
        case null
        case bool(Bool)
        /// Any JSON value as its JSON text.
        case json(UnsafeBufferPointer<UInt8>)
    }

    /// The name's UTF-8 text, as it is (not JSON-escaped).
    public let name: UnsafeBufferPointer<UInt8>
    public let value: Value

    public init(name: UnsafeBufferPointer<UInt8>, value: Value) {
        self.name = name
        self.value = value
    }

    /// The JSON object of `members`, in their order, onto `json`: what a record given member by
    /// member stands for.
    @_spi(VouchInternal) public static func writeObject(_ members: some Collection<RecordMember>, into json: inout ByteBuffer) {
        json.append(.openBrace)
        for (position, member) in members.enumerated() {
            if position > 0 { json.append(.comma) }
            json.appendJSONString(member.name)
            json.append(.colon)
            switch member.value {
            case .string(let text): json.appendJSONString(text)
            case .null: json.append("null")
            case .bool(let flag): json.append(flag ? "true" : "false")
            case .json(let text): json.append(contentsOf: text)
            }
        }
        json.append(.closeBrace)
    }
}
