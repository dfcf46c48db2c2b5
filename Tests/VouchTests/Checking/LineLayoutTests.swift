import Testing

@testable import VouchPlan

/// The scanner passes the bytes between a record's values with a compare when the last records had
/// the same ones (`LineLayout`): what it reads must be what reading byte by byte gives, whatever the
/// line that follows.
@Suite("The layout of a source's lines")
struct LineLayoutTests {
    static let spec = #"""
        {"vouch": 1, "fields": [{"name": "first_name"}, {"name": "email"}, {"name": "zip"}, {"name": "phone"}]}
        """#
    static let usual = #"{"first_name": "Ada", "email": "ada@example.org", "zip": "10001", "phone": "2015550123"}"#

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("a run learnt from one line is found in the next at its place, and nowhere else")
    func learnAndMatch() {
        var layout = LineLayout()
        let plan = ObjectIdentifier(Int.self)
        layout.begin(plan: plan, fields: 4)
        let first = bytes(#"{"first_name": "Ada", "email": "x"}"#)
        first.withUnsafeBufferPointer { line in
            // `{"first_name": "` at the start, then `, "email": "` after field 0's value.
            layout.learn(0, from: 0, through: 15, in: line, field: 0)
            layout.learn(1 + 1, from: 20, through: 31, in: line, field: 1)
        }
        let next = bytes(#"{"first_name": "Grace", "email": "g@example.org"}"#)
        next.withUnsafeBufferPointer { line in
            #expect(layout.match(0, at: 0, in: line)! == (0, 15))
            #expect(layout.match(2, at: 22, in: line)! == (1, 33))
            #expect(layout.match(2, at: 21, in: line) == nil, "one byte off")
            #expect(layout.match(1, at: 22, in: line) == nil, "nothing learnt at that place")
        }
        let spaced = bytes(#"{"first_name":  "Grace"}"#)
        spaced.withUnsafeBufferPointer { #expect(layout.match(0, at: 0, in: $0) == nil, "another space") }
        let short = bytes(#"{"first_na"#)
        short.withUnsafeBufferPointer { #expect(layout.match(0, at: 0, in: $0) == nil, "too few bytes to compare") }
        layout.begin(plan: ObjectIdentifier(String.self), fields: 4)
        next.withUnsafeBufferPointer { #expect(layout.match(0, at: 0, in: $0) == nil, "another form learns again") }
    }

    @Test(
        "after the usual lines, every line reads as it does in a new checker",
        arguments: [
            usual,
            #"{"first_name": "Ada"{"first_name": "Bo"}"#,
            #"{"x": 1{"first_name": "Ada", "email": "ada@example.org"}"#,
            #"{"x": 1, "first_name": "Ada", "email": "ada@example.org"}"#,
            #"{"first_name": "Ada", "first_name": "Bo"}"#,
            #"{"first_name": "Ada", "email": "ada@example.org", "zip": "10001", "phone": "2015550123", "first_name": "Bo"}"#,
            #"{"first_name": "Ada", "email": "ada@example.org", "zip": "10001", "phone": "2015550123"}  "#,
            #"{"first_name": "Ada", "email": "ada@example.org", "zip": "10001", "phone": "2015550123"}x"#,
            #" {"first_name": "Ada", "email": "ada@example.org"}"#,
            #"{"first_name": "A\"da", "email": "ada@example.org"}"#,
            #"{"first_name": "Ada", "email": true, "zip": "10001"}"#,
            #"{"first_name": "Ada", "email": null, "zip": "10001"}"#,
            #"{"first_name": "Ada",, "email": "ada@example.org"}"#,
            #"{"first_name": "Ada" "email": "ada@example.org"}"#,
            #"{"first_name": "Ada", "email": "ada@example.org""#,
            #"{"first_name": "Ada", "email": "ada@example.org", "zip": "10001", "phone": 2015550123}"#,
            #"{"first_name":"Ada","email":"ada@example.org","zip":"10001","phone":"2015550123"}"#,
            #"{"email": "ada@example.org", "first_name": "Ada", "zip": "10001", "phone": "2015550123"}"#,
            #"{"first_name": "Ada", "email": "ada@example.org", "zip": "10001", "phone": "2015550123""#,
            #"{"first_name": "Ada", "email": "ada@example.org", "zip": "10001", "phone": "20155\u00e90123"}"#,
            #"{}"#,
            #"["first_name", "Ada"]"#,
        ])
    func sameAsNew(line: String) throws {
        func check(_ lines: [String], with checker: FormChecker) -> [UInt8] {
            var output: [UInt8] = []
            for text in lines {
                output.removeAll()
                _ = bytes(text).withUnsafeBufferPointer { checker.checkJSON($0, into: &output) }
            }
            return output
        }
        // Each checker of a schema of its own: a form's checkers share their state.
        let warm = check([Self.usual, Self.usual, line], with: FormChecker(schema: try FormSchema(json: Self.spec, registry: Registry())))
        let new = check([line], with: FormChecker(schema: try FormSchema(json: Self.spec, registry: Registry())))
        #expect(warm == new)
    }
}
