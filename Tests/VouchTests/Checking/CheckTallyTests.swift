import Dispatch
import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan

/// The tally of a bulk check counts each field's violations by code, as the results list them,
/// whether one checker counts every record or the tallies of several are merged: checkers of one
/// form on several threads, or of forms compiled apart, which number the codes in another order.
@Suite("Counting checked records by field and code")
struct CheckTallyTests {
    static let spec = #"""
        {"vouch": 1, "fields": [
          {"name": "code", "required": true, "rules": [{"rule": "length", "min": 2, "max": 3}, {"rule": "pattern", "regex": "^[a-z]+$"}]},
          {"name": "email", "kind": "email", "required": true}
        ]}
        """#

    static let records = [
        #"{"code": "ab", "email": "a@b.example"}"#,
        #"{"code": "abcd1", "email": "nope"}"#,
        #"{"email": "a@b.example"}"#,
        #"{"code": "x", "email": ""}"#,
        #"{"code": "AB"}"#,
    ]

    /// Each field's codes and their counts, from the results of `records`.
    static func expectedCodes(_ schema: FormSchema, _ records: [String]) throws -> [[String: Int]] {
        var codes = Array(repeating: [String: Int](), count: schema.fields.count)
        for record in records {
            let result = schema.validate(try #require(try JSONParser().parse(Array(record.utf8)).objectValue))
            for (index, field) in result.fields.enumerated() {
                for violation in field.violations { codes[index][violation.code, default: 0] += 1 }
            }
        }
        return codes
    }

    static func tally(_ checker: FormChecker, _ records: some Sequence<String>, into tally: inout CheckTally) {
        for record in records {
            var output: [UInt8] = []
            let outcome = Array(record.utf8).withUnsafeBufferPointer { checker.checkJSON($0, into: &output) }
            if case .success = outcome { checker.count(into: &tally) }
        }
    }

    static func tally(_ checker: FormChecker, _ records: some Sequence<String>) -> CheckTally {
        var tally = CheckTally(fields: checker.schema.fields.count)
        Self.tally(checker, records, into: &tally)
        return tally
    }

    /// A form compiled from ``spec`` that has numbered the codes of `records`, in their order.
    static func form(numbering records: [String]) throws -> FormSchema {
        let schema = try FormSchema(json: spec, registry: Registry())
        _ = tally(FormChecker(schema: schema), records)
        return schema
    }

    @Test("one checker's tally has each code as often as the results do")
    func counts() throws {
        let schema = try FormSchema(json: Self.spec, registry: Registry())
        let tally = Self.tally(FormChecker(schema: schema), Self.records)
        let expected = try Self.expectedCodes(schema, Self.records)
        #expect(expected[0].count >= 2, "the records break the code field in more than one way")
        #expect(tally.fields.map(\.codes) == expected)
        #expect(tally.records == Self.records.count)
        #expect(tally.valid == 1)
    }

    @Test("each field counts the records that included it and those that broke it, as the results do")
    func checkedAndInvalid() throws {
        let schema = try FormSchema(
            json: #"""
                {"vouch": 1, "fields": [
                  {"name": "code", "rules": [{"rule": "length", "min": 2, "max": 3}]},
                  {"name": "email", "kind": "email", "required": true},
                  {"name": "note", "when": {"field": "code", "equals": "ab"}, "required": true}
                ]}
                """#, registry: Registry())
        let records = Self.records + [#"{"code": "ab", "email": "a@b.example", "note": "n"}"#, "{}", #"{"note": "n"}"#]
        let tally = Self.tally(FormChecker(schema: schema), records)
        var checked = Array(repeating: 0, count: schema.fields.count)
        var invalid = checked
        var valid = 0
        for record in records {
            let result = schema.validate(try #require(try JSONParser().parse(Array(record.utf8)).objectValue))
            if result.isValid { valid += 1 }
            for field in result.fields {
                let index = try #require(schema.index(of: field.name))
                checked[index] += 1
                if !field.violations.isEmpty { invalid[index] += 1 }
            }
        }
        #expect(Set(checked).count > 1, "some records leave out some fields")
        #expect(tally.fields.map(\.checked) == checked)
        #expect(tally.fields.map(\.invalid) == invalid)
        #expect(tally.valid == valid && valid > 0 && valid < records.count)
    }

    @Test("merged tallies count as one")
    func merged() throws {
        let schema = try FormSchema(json: Self.spec, registry: Registry())
        var tally = Self.tally(FormChecker(schema: schema), Self.records.prefix(2))
        tally.merge(Self.tally(FormChecker(schema: schema), Self.records.dropFirst(2)))
        #expect(tally.fields.map(\.codes) == (try Self.expectedCodes(schema, Self.records)))
        #expect(tally.records == Self.records.count)
    }

    @Test("codes set by name read back")
    func codesByName() {
        var field = CheckTally.Field()
        field.codes = ["required": 2, "email": 5]
        #expect(field.codes == ["required": 2, "email": 5])
    }

    @Test("codes set by name add up with codes counted")
    func codesByNameMerged() throws {
        let schema = try FormSchema(json: Self.spec, registry: Registry())
        var tally = CheckTally(fields: schema.fields.count)
        tally.fields[1].codes = ["required": 2, "elsewhere": 1]
        Self.tally(FormChecker(schema: schema), Self.records, into: &tally)
        var expected = try Self.expectedCodes(schema, Self.records)
        expected[1]["required", default: 0] += 2
        expected[1]["elsewhere"] = 1
        #expect(tally.fields.map(\.codes) == expected)
    }

    @Test("a form numbers only the codes its own checks made")
    func numberingIsTheForm() throws {
        let first = try Self.form(numbering: Self.records)
        let second = try FormSchema(json: Self.spec, registry: Registry())
        #expect(!first.plan.codes.codes(upTo: .max).isEmpty)
        #expect(second.plan.codes.codes(upTo: .max).isEmpty)
        _ = Self.tally(FormChecker(schema: second), Self.records.prefix(2))
        let made = Set(try Self.expectedCodes(second, Array(Self.records.prefix(2))).flatMap(\.keys))
        #expect(Set(second.plan.codes.codes(upTo: .max)).subtracting(["invalid"]) == made)
    }

    @Test("tallies of two forms that number the codes in another order merge code by code")
    func twoForms() throws {
        let forward = try Self.form(numbering: Self.records)
        let backward = try Self.form(numbering: Self.records.reversed())
        let numbers = { (schema: FormSchema) in ["too_long", "pattern", "required", "email"].map { schema.plan.codes.number(of: $0) } }
        #expect(numbers(forward) != numbers(backward), "the forms number the codes in another order")
        let expected = try Self.expectedCodes(forward, Self.records + Self.records)

        var tally = Self.tally(FormChecker(schema: forward), Self.records)
        tally.merge(Self.tally(FormChecker(schema: backward), Self.records))
        #expect(tally.fields.map(\.codes) == expected)

        // One tally counted by checkers of both forms, in turn.
        var shared = CheckTally(fields: forward.fields.count)
        Self.tally(FormChecker(schema: backward), Self.records.prefix(3), into: &shared)
        Self.tally(FormChecker(schema: forward), Self.records, into: &shared)
        Self.tally(FormChecker(schema: backward), Self.records.dropFirst(3), into: &shared)
        #expect(shared.fields.map(\.codes) == expected)
        #expect(shared.records == 2 * Self.records.count)
    }

    /// Checkers handed to threads, each used by one thread only.
    final class Checkers: @unchecked Sendable {
        let all: [FormChecker]
        init(_ all: [FormChecker]) { self.all = all }
    }

    @Test("tallies of threads checking with one form merge as one", arguments: [2, 4])
    func threads(count: Int) throws {
        let schema = try FormSchema(json: Self.spec, registry: Registry())
        let rounds = 50
        // Each thread meets the codes in another order, so that which numbers them first varies.
        let orders = (0..<count).map { thread in
            (0..<rounds).flatMap { round in
                let shift = (thread + round) % Self.records.count
                let records = Array(Self.records[shift...] + Self.records[..<shift])
                return thread % 2 == 0 ? records : records.reversed()
            }
        }
        // Made before any starts, so that each has checking state of its own.
        let checkers = Checkers((0..<count).map { _ in FormChecker(schema: schema) })
        let tallies = Lock([CheckTally?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { thread in
            let tally = Self.tally(checkers.all[thread], orders[thread])
            tallies.withLock { $0[thread] = tally }
        }
        var tally = CheckTally(fields: schema.fields.count)
        for one in tallies.withLock({ $0 }) { tally.merge(try #require(one)) }
        let once = try Self.expectedCodes(schema, Self.records)
        #expect(tally.fields.map(\.codes) == once.map { $0.mapValues { $0 * rounds * count } })
        #expect(tally.records == Self.records.count * rounds * count)
        let numbered = schema.plan.codes.codes(upTo: .max)
        #expect(Set(numbered).count == numbered.count, "each code has one number")
    }
}
