// The cases of the table-driven tests are data: Tests/VouchTests/Vectors/*.json, one file a suite.
// Each file is one JSON object; each key names a test and holds its rows, and each row is an array
// of that test's arguments in order (null where an optional is absent). Kept as plain JSON so that
// other bindings (a C or a Python test of the same library) can run the very same cases.

import VouchTestSupport

@testable import Vouch

/// A value a vector row can hold.
protocol VectorValue: Sendable {
    /// The value `json` stands for, or nil if it is of another type.
    static func from(vector json: JSONValue) -> Self?
}

extension String: VectorValue { static func from(vector json: JSONValue) -> String? { json.stringValue } }
extension Int: VectorValue { static func from(vector json: JSONValue) -> Int? { json.intValue } }
extension JSONObject: VectorValue { static func from(vector json: JSONValue) -> JSONObject? { json.objectValue } }

extension Optional: VectorValue where Wrapped: VectorValue {
    /// `null` is nil (a value: `.some(nil)`); anything else must be a `Wrapped`.
    static func from(vector json: JSONValue) -> Wrapped?? {
        if json.isNull { return .some(nil) }
        return Wrapped.from(vector: json).map { .some($0) }
    }
}

extension Array: VectorValue where Element: VectorValue {
    static func from(vector json: JSONValue) -> [Element]? {
        guard let items = json.arrayValue else { return nil }
        var elements: [Element] = []
        for item in items {
            guard let element = Element.from(vector: item) else { return nil }
            elements.append(element)
        }
        return elements
    }
}

/// Reads the test vectors. Every mistake throws, naming the file, the key and the row: a test
/// whose arguments cannot be read fails rather than running fewer cases.
enum Vectors {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Where the files are, from the package root, where `swift test` runs (as for Tests/Fixtures).
    static let directory = "Tests/VouchTests/Vectors"

    /// The rows under `key` in `file`.json, each with exactly `arity` values.
    static func rows(_ file: String, _ key: String, arity: Int) throws -> [[JSONValue]] {
        let path = "\(directory)/\(file).json"
        let text = TestFiles.read(path)
        guard !text.isEmpty else { throw Failure(description: "\(path): no such file, or empty") }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
        guard let table = document[key] else { throw Failure(description: "\(path): no key \"\(key)\"") }
        guard let rows = table.arrayValue, !rows.isEmpty else {
            throw Failure(description: "\(path): \"\(key)\" is not a non-empty array of rows")
        }
        return try rows.enumerated().map { index, row in
            guard let values = row.arrayValue, values.count == arity else {
                throw Failure(description: "\(path): \(key)[\(index)] is not an array of \(arity) values: \(row)")
            }
            return values
        }
    }

    /// The rows under `key` in `file`.json as tuples of `types`, one value a column: for example
    /// `rows("case-mapping", "upper", as: (String, String, String).self)`.
    static func rows<each Value: VectorValue>(_ file: String, _ key: String, as types: (repeat each Value).Type) throws
        -> [(repeat each Value)]
    {
        var arity = 0
        for _ in repeat (each Value).self { arity += 1 }
        return try rows(file, key, arity: arity).enumerated().map { index, row in
            var column = 0
            func next<V: VectorValue>(_ type: V.Type) throws -> V {
                defer { column += 1 }
                guard let value = V.from(vector: row[column]) else {
                    throw Failure(
                        description: "\(directory)/\(file).json: \(key)[\(index)][\(column)] is \(row[column]), not of type \(V.self)")
                }
                return value
            }
            return (repeat try next((each Value).self))
        }
    }
}
