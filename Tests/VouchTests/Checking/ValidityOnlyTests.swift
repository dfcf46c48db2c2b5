import Testing
import VouchBase

@testable import Vouch

/// `FormSchema.isValid(json:)` (the C API's `vouch_form_check_valid`) stops at a record's first
/// field with a violation and makes no message nor value: its answer must be that of the whole
/// check, and the whole check that follows it on the same thread must not see what it left.
@Suite("Checking a record's validity alone")
struct ValidityOnlyTests {
    static let registry = Registry()

    static let schema: FormSchema = try! FormSchema(
        json: """
            {"vouch": 1, "locale": "en-US", "fields": [
              {"name": "first_name", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 12}]},
              {"name": "email", "kind": "email", "required": true},
              {"name": "phone", "kind": "phone"},
              {"name": "born", "kind": "date", "min": "1900-01-01", "max": "2010-12-31"},
              {"name": "secret", "kind": "password", "rules": [{"rule": "length", "min": 4}]},
              {"name": "again", "kind": "password", "rules": [{"rule": "equals_field", "field": "secret"}]},
              {"name": "news", "kind": "choice", "options": [{"value": "yes", "label": "Yes, please"}, "no"]},
              {"name": "topics", "kind": "tokens", "when": {"field": "news", "equals": "yes"},
               "rules": [{"rule": "one_of", "values": ["swift", "forms"]}]},
              {"name": "days", "kind": "tokens", "token_kind": "date", "max_count": 1}
            ]}
            """, registry: registry)

    static let records = [
        #"{"first_name": "ada", "email": "ada@example.com", "phone": "(201) 555-0123", "born": "12/10/1985"}"#,
        #"{"first_name": "ada", "email": "ada@example.com", "news": "yes", "topics": "swift, forms"}"#,
        #"{"first_name": "ada", "email": "ada@example.com", "news": "yes", "topics": ["swift", "cobol"]}"#,
        #"{"first_name": "ada", "email": "ada@example.com", "news": "no", "topics": "cobol"}"#,
        #"{"first_name": "", "email": "nope", "phone": "12", "born": "13/45/2001"}"#,
        #"{"first_name": "ada", "email": "ada@example.com", "born": "02/30/1982"}"#,
        #"{"first_name": "ada lovelace byron", "email": "ada@example.com"}"#,
        #"{"first_name": "ada", "email": "ada@example.com", "secret": "abcd", "again": "abce"}"#,
        #"{"first_name": "ada", "email": "ada@example.com", "secret": "abcd", "again": "abcd", "news": "maybe"}"#,
        #"{"first_name": 12, "email": "ada@example.com"}"#,
        // Tokens are told apart by their values: one day written two ways, and two days.
        #"{"first_name": "ada", "email": "ada@example.com", "days": "01/02/2020, 2020-01-02"}"#,
        #"{"first_name": "ada", "email": "ada@example.com", "days": "01/02/2020, 01/03/2020"}"#,
        #"{"first_name": "ada", "email": "ada@example.com", "days": "01/02/2020, 2020-01-02, 01/03/2020"}"#,
        // Without a count, validity alone makes no token's value: a repeated token, then a bad one.
        #"{"first_name": "ada", "email": "ada@example.com", "news": "yes", "topics": "swift, swift"}"#,
        #"{"first_name": "ada", "email": "ada@example.com", "news": "yes", "topics": "swift, swift, cobol"}"#,
    ]

    @Test("the answer is the whole check's, and the whole check after it is unchanged", arguments: records)
    func agrees(record: String) throws {
        let bytes = Array(record.utf8)
        let whole = try #require(try JSONParser().parse(bytes).objectValue)
        let expected = Self.schema.validate(whole)
        var before: [UInt8] = []
        _ = bytes.withUnsafeBufferPointer { Self.schema.checkJSON($0, display: true, into: &before) }
        let valid = bytes.withUnsafeBufferPointer { Self.schema.isValid(json: $0) }
        #expect(try valid.get() == expected.isValid, "\(record)")
        // The thread's state, used by both, gives the whole check again as before.
        var after: [UInt8] = []
        _ = bytes.withUnsafeBufferPointer { Self.schema.checkJSON($0, display: true, into: &after) }
        #expect(after == before, "\(record)")
        #expect(Self.schema.validate(whole).description == expected.description, "\(record)")
    }

    @Test("a record given member by member is valid as its JSON object is, in either order", arguments: records)
    func members(record: String) throws {
        let whole = try #require(try JSONParser().parse(Array(record.utf8)).objectValue)
        let expected = Self.schema.validate(whole).isValid
        // Each member's name and value as bytes that outlive the check.
        let parts: [(name: [UInt8], value: JSONValue, text: [UInt8])] = whole.map { name, value in
            if case .string(let text) = value { return (Array(name.utf8), value, Array(text.utf8)) }
            return (Array(name.utf8), value, Array(value.jsonText.utf8))
        }
        for order in [parts, parts.reversed()] {
            let valid = try Self.withMembers(order) { try Self.schema.isValid(members: $0).get() }
            #expect(valid == expected, "\(record)")
        }
    }

    /// The members as a C caller would hold them: each name and text a buffer of its own.
    private static func withMembers<R>(
        _ parts: [(name: [UInt8], value: JSONValue, text: [UInt8])], _ body: (UnsafeBufferPointer<RecordMember>) throws -> R
    ) rethrows -> R {
        var buffers: [UnsafeMutableBufferPointer<UInt8>] = []
        defer { for buffer in buffers { buffer.deallocate() } }
        func copy(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            buffers.append(buffer)
            return UnsafeBufferPointer(buffer)
        }
        let members = parts.map { part in
            let name = copy(part.name)
            switch part.value {
            case .string: return RecordMember(name: name, value: .string(copy(part.text)))
            case .null: return RecordMember(name: name, value: .null)
            case .bool(let flag): return RecordMember(name: name, value: .bool(flag))
            default: return RecordMember(name: name, value: .json(copy(part.text)))
            }
        }
        return try members.withUnsafeBufferPointer(body)
    }

    @Test("a choice's value and display are those of its option")
    func choiceValue() throws {
        let result = Self.schema.validate(["first_name": "ada", "email": "ada@example.com", "news": "yes", "topics": "swift"])
        #expect(result.field("news")?.value == TypedValue(canonical: .string("yes"), display: "Yes, please"))
        #expect(result.field("topics")?.value?.canonical == .array([.string("swift")]))
        let no = Self.schema.validate(["first_name": "ada", "email": "ada@example.com", "news": "no"])
        #expect(no.field("news")?.value == TypedValue(canonical: .string("no"), display: "no"))
    }
}
