import CVouchAPI
@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchPlan

/// A caller's array of `vouch_member`s, read in place as ``RecordMember``s: checked once when it is
/// made, so that reading a member is only a matter of taking its fields.
struct MemberArray: RandomAccessCollection {
    private let members: UnsafeBufferPointer<vouch_member>

    /// The `count` members at `members`, refused as vouch_form_check_valid_members refuses them: a
    /// NULL or a length that no buffer has, a value type that is none, then, when a value is JSON
    /// text, text that is not UTF-8 and a JSON value that is not one.
    init(_ members: UnsafePointer<vouch_member>?, count: Int) throws(APIFailure) {
        guard count >= 0 else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the count of members is larger than any array") }
        guard count == 0 || members != nil else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the members are NULL") }
        self.members = UnsafeBufferPointer(start: members, count: count)
        var hasJSON = false
        for position in self.members.indices {
            let member = self.members[position]
            if let flaw = Self.flaw(of: member) { throw Self.failure(flaw, of: member, at: position) }
            hasJSON = hasJSON || member.type == VOUCH_VALUE_JSON
        }
        if hasJSON { try checkJSONValues() }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { members.count }

    subscript(position: Int) -> RecordMember {
        let member = members[position]
        let name = Self.bytes(member.name, member.name_length)
        switch member.type {
        case VOUCH_VALUE_STRING: return RecordMember(name: name, value: .string(Self.bytes(member.value, member.value_length)))
        case VOUCH_VALUE_NULL: return RecordMember(name: name, value: .null)
        case VOUCH_VALUE_TRUE: return RecordMember(name: name, value: .bool(true))
        case VOUCH_VALUE_FALSE: return RecordMember(name: name, value: .bool(false))
        // The only type left, once checked.
        default: return RecordMember(name: name, value: .json(Self.bytes(member.value, member.value_length)))
        }
    }

    /// A checked pointer and length as bytes.
    @inline(__always)
    private static func bytes(_ pointer: CText, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafeRawPointer(pointer)?.assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// What can be wrong with a member, in the order it is looked for.
    private enum Flaw {
        case nameLength, nameNULL, type, valueLength, valueNULL
    }

    /// What is wrong with a member, if anything: a name or a value NULL with a length, or with a
    /// length that no buffer has, or a value type that is none.
    @inline(__always)
    private static func flaw(of member: vouch_member) -> Flaw? {
        if member.name_length < 0 { return .nameLength }
        if member.name == nil && member.name_length != 0 { return .nameNULL }
        switch member.type {
        case VOUCH_VALUE_STRING, VOUCH_VALUE_JSON:
            if member.value_length < 0 { return .valueLength }
            if member.value == nil && member.value_length != 0 { return .valueNULL }
        case VOUCH_VALUE_NULL, VOUCH_VALUE_TRUE, VOUCH_VALUE_FALSE: break
        default: return .type
        }
        return nil
    }

    /// The error of a member's flaw. (Made only when there is one.)
    @inline(never)
    private static func failure(_ flaw: Flaw, of member: vouch_member, at position: Int) -> APIFailure {
        let message =
            switch flaw {
            case .nameLength: "the length of the name of member \(position) is larger than any buffer"
            case .nameNULL: "the name of member \(position) is NULL"
            case .type: "member \(position) has no value type \(member.type.rawValue)"
            case .valueLength: "the length of the value of member \(position) is larger than any buffer"
            case .valueNULL: "the value of member \(position) is NULL"
            }
        return APIFailure(VOUCH_ERROR_ARGUMENT, message)
    }

    /// Refuses members whose JSON values are not each one JSON value (`1, "b": 2` would add a
    /// member to the object they stand for), as the JSON text of the record would be refused: text
    /// that is not UTF-8 first, wherever it is, then the first value that is not JSON.
    private func checkJSONValues() throws(APIFailure) {
        for (position, member) in enumerated() {
            var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            switch member.value {
            case .string(let bytes), .json(let bytes): text = bytes
            case .null, .bool: break
            }
            guard UTF8Validation.isValid(member.name), UTF8Validation.isValid(text) else {
                throw APIFailure(VOUCH_ERROR_UTF8, "member \(position) is not valid UTF-8")
            }
        }
        for (position, member) in enumerated() {
            guard case .json(let text) = member.value else { continue }
            do {
                _ = try JSONParser().parse(text)
            } catch {
                // A string's content may be a password: the error quotes none of it.
                throw APIFailure(VOUCH_ERROR_JSON, "the value of member \(position) is not one JSON value: \(error.withoutStringContent)")
            }
        }
    }
}
