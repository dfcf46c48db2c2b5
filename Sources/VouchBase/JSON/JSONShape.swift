/// Reads the expected shapes out of a JSON document (a form spec, a pack): each value of the type
/// asked for, or an error with the document's error code, what was expected, and the value's
/// JSON path.
@_spi(VouchInternal) public struct JSONShape: Sendable {
    /// The code of every error: ``VouchError/Code/invalidSpec``, ``VouchError/Code/invalidPack``.
    public let code: VouchError.Code

    public init(code: VouchError.Code) { self.code = code }

    /// The value as an object; `what` names it in the error ("a field").
    public func object(_ value: JSONValue, at path: JSONPath, what: String) throws(VouchError) -> JSONObject {
        guard let object = value.objectValue else { throw mismatch(value, expected: "\(what) as a JSON object", at: path) }
        return object
    }

    /// The items of an array; none when the value is absent.
    public func array(_ value: JSONValue?, at path: JSONPath) throws(VouchError) -> [JSONValue] {
        guard let value else { return [] }
        guard let items = value.arrayValue else { throw mismatch(value, expected: "an array", at: path) }
        return items
    }

    /// A string, or nil when the value is absent.
    public func string(_ value: JSONValue?, at path: JSONPath) throws(VouchError) -> String? {
        guard let value else { return nil }
        guard let text = value.stringValue else { throw mismatch(value, expected: "a string", at: path) }
        return text
    }

    /// A boolean, or nil when the value is absent.
    public func bool(_ value: JSONValue?, at path: JSONPath) throws(VouchError) -> Bool? {
        guard let value else { return nil }
        guard let flag = value.boolValue else { throw mismatch(value, expected: "true or false", at: path) }
        return flag
    }

    /// Refuses the first key not in `allowed`; `place` says where (`in a field`, `for kind "phone"`).
    public func checkKeys(_ object: JSONObject, allowed: some Collection<String>, at path: JSONPath, _ place: String) throws(VouchError) {
        for key in object.keys where !allowed.contains(key) {
            throw VouchError(
                code, "unknown key \"\(key)\" \(place) (known: \(allowed.sorted().joined(separator: ", ")))",
                at: path.appending(key).description)
        }
    }

    /// `expected a string, not a number`, at the value's path.
    public func mismatch(_ value: JSONValue, expected: String, at path: JSONPath) -> VouchError {
        VouchError(code, "expected \(expected), not \(value.typeName)", at: path.description)
    }
}
