// A JSON document model for Vouch: values, objects that keep their keys in
// document order, literal conformances and convenience accessors.
//
// No Foundation: everything here is plain Swift standard library.

/// A JSON value (RFC 8259).
///
/// Numbers are stored as `Double` (IEEE 754 binary64), as most JSON
/// implementations do; integers beyond ±2^53 lose precision.
///
/// Equality follows JSON semantics: numbers compare as doubles (so `-0`
/// equals `0`), and objects compare as unordered maps (see `JSONObject`).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

// MARK: - Accessors

extension JSONValue {
    /// The string, if this is a `.string`.
    @inlinable public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number, if this is a `.number`.
    @inlinable public var doubleValue: Double? {
        if case .number(let d) = self { return d }
        return nil
    }

    /// The number as an `Int`, only if this is a `.number` whose value is
    /// integral and representable as `Int` (so `3.0` gives 3, `3.5` and
    /// `1e300` give nil).
    @inlinable public var intValue: Int? {
        if case .number(let d) = self { return Int(exactly: d) }
        return nil
    }

    /// The Boolean, if this is a `.bool`.
    @inlinable public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, if this is an `.array`.
    @inlinable public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, if this is an `.object`.
    @inlinable public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// Whether this is `.null`.
    @inlinable public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The JSON type name for error messages: "null", "boolean", "number",
    /// "string", "array" or "object". (Integral numbers are still "number";
    /// check `intValue` when an integer is required.)
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The value as an error message names it: `the string "word"`, `the number 1.5`, `true`,
    /// `null`, `the array ["a",2]` (text past 40 characters cut with `…`), `an object`.
    public var described: String {
        func cut(_ text: String) -> String { text.count <= 40 ? text : String(text.prefix(39)) + "…" }
        switch self {
        case .null, .bool: return jsonText
        case .number: return "the number " + jsonText
        case .string(let text): return "the string " + cut(JSONValue.string(text).jsonText)
        case .array: return "the array " + cut(jsonText)
        case .object: return "an object"
        }
    }

    /// The member named `key`, if this is an object that has it.
    @inlinable public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The element at `index`, if this is an array and the index is in bounds.
    @inlinable public subscript(index: Int) -> JSONValue? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral {
    @inlinable public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    @inlinable public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    @inlinable public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    @inlinable public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    @inlinable public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    @inlinable public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Builds an object; see `JSONObject.init(_:)` for repeated keys.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

// MARK: - JSONObject

/// A JSON object: members in document order, with lookup by key.
///
/// Keys are unique. Lookup uses Swift `String` equality, which is Unicode
/// canonical equivalence, so `"é"` (U+00E9) and `"e\u{301}"` are the same key
/// (the parser reports such a pair as a duplicate key).
///
/// Iteration, `keys`, `values` and the writer use member order. Equality and
/// hashing ignore order, as JSON objects are unordered: `{"a":1,"b":2}` equals
/// `{"b":2,"a":1}`.
public struct JSONObject: Sendable {
    public typealias Member = (key: String, value: JSONValue)

    /// Objects up to this many members are searched linearly; larger ones get
    /// a hash index.
    @usableFromInline static var linearLimit: Int { 12 }

    @usableFromInline var storage: [Member]
    /// Key -> position in `storage`; present only when `storage.count > linearLimit`.
    @usableFromInline var index: [String: Int]?

    /// An empty object.
    @inlinable public init() {
        storage = []
        index = nil
    }

    /// Builds an object from members in order. When a key repeats, the later
    /// value replaces the earlier one, which keeps its original position.
    public init(_ pairs: [(String, JSONValue)]) {
        self.init()
        storage.reserveCapacity(pairs.count)
        for (k, v) in pairs { self[k] = v }
    }

    /// Trusted initializer: `members` must have unique keys; `index`, when
    /// given, must map every key to its position.
    @_spi(VouchInternal) public init(uniqueMembers members: [Member], index: [String: Int]?) {
        storage = members
        if members.count > Self.linearLimit {
            self.index = index ?? Self.buildIndex(members)
        } else {
            self.index = nil
        }
    }

    @usableFromInline static func buildIndex(_ members: [Member]) -> [String: Int] {
        var d = [String: Int](minimumCapacity: members.count)
        for (i, m) in members.enumerated() { d[m.key] = i }
        return d
    }

    /// Number of members.
    @inlinable public var count: Int { storage.count }

    @inlinable public var isEmpty: Bool { storage.isEmpty }

    /// The keys, in member order.
    @inlinable public var keys: [String] { storage.map(\.key) }

    /// The values, in member order.
    @inlinable public var values: [JSONValue] { storage.map(\.value) }

    /// The members, in order.
    @inlinable public var members: [Member] { storage }

    /// Position of `key` in member order.
    @inlinable public func position(of key: String) -> Int? {
        if let index { return index[key] }
        for i in storage.indices where storage[i].key == key { return i }
        return nil
    }

    /// The value for `key`. Setting a new key appends it; setting an existing
    /// key replaces its value in place; setting nil removes the member.
    @inlinable public subscript(key: String) -> JSONValue? {
        get {
            guard let i = position(of: key) else { return nil }
            return storage[i].value
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets `value` for `key` (appending a new member if needed) and returns
    /// the previous value.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let i = position(of: key) {
            let old = storage[i].value
            storage[i].value = value
            return old
        }
        storage.append((key, value))
        if index != nil {
            index![key] = storage.count - 1
        } else if storage.count > Self.linearLimit {
            index = Self.buildIndex(storage)
        }
        return nil
    }

    /// Removes the member for `key`, keeping the order of the others, and
    /// returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let i = position(of: key) else { return nil }
        let old = storage.remove(at: i).value
        index = storage.count > Self.linearLimit ? Self.buildIndex(storage) : nil
        return old
    }
}

extension JSONObject: Sequence {
    public typealias Element = Member
    public typealias Iterator = IndexingIterator<[Member]>
    @inlinable public func makeIterator() -> Iterator { storage.makeIterator() }
    @inlinable public var underestimatedCount: Int { storage.count }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject: Hashable {
    /// Order-insensitive: same keys with equal values.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (i, m) in lhs.storage.enumerated() {
            // Fast path for the common case of identical order.
            if i < rhs.storage.count, rhs.storage[i].key == m.key {
                if rhs.storage[i].value != m.value { return false }
                continue
            }
            guard let v = rhs[m.key], v == m.value else { return false }
        }
        return true
    }

    /// Order-insensitive, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined: Int = 0
        for m in storage {
            var h = Hasher()
            h.combine(m.key)
            h.combine(m.value)
            combined = combined &+ h.finalize()
        }
        hasher.combine(storage.count)
        hasher.combine(combined)
    }
}
