// A location inside a JSON document, for error messages.

/// A path from the root of a JSON document to a value inside it, built by
/// appending object keys and array indices.
///
/// Printing:
/// - the root (no components) prints as `$`;
/// - otherwise no `$` prefix: keys that are identifiers (`[A-Za-z_][A-Za-z0-9_]*`)
///   print as `.key` (no dot at the start), other keys as a bracketed JSON
///   string `["odd key"]`, indices as `[2]`.
///
/// So `fields[2].rules[0].max`, `[0].name`, `headers["Content-Type"]`,
/// `["$"]`, `[""]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case key(String)
        case index(Int)

        public init(stringLiteral value: String) { self = .key(value) }
        public init(integerLiteral value: Int) { self = .index(value) }
    }

    public private(set) var components: [Component]

    /// The root path.
    public init() { components = [] }

    public init(_ components: [Component]) { self.components = components }

    /// The root path.
    public static var root: JSONPath { JSONPath() }

    public var isRoot: Bool { components.isEmpty }

    /// The path without its last component; nil for the root.
    public var parent: JSONPath? {
        isRoot ? nil : JSONPath(Array(components.dropLast()))
    }

    public mutating func append(_ key: String) { components.append(.key(key)) }
    public mutating func append(_ index: Int) { components.append(.index(index)) }
    public mutating func append(_ component: Component) { components.append(component) }

    public func appending(_ key: String) -> JSONPath {
        var p = self
        p.append(key)
        return p
    }

    public func appending(_ index: Int) -> JSONPath {
        var p = self
        p.append(index)
        return p
    }

    public func appending(_ other: JSONPath) -> JSONPath {
        JSONPath(components + other.components)
    }

    public var description: String {
        if components.isEmpty { return "$" }
        var out = ""
        for c in components {
            switch c {
            case .index(let i):
                out += "[\(i)]"
            case .key(let k):
                if Self.isIdentifier(k) {
                    if !out.isEmpty { out += "." }
                    out += k
                } else {
                    out += "[" + JSONWriter.quoted(k) + "]"
                }
            }
        }
        return out
    }

    @_spi(VouchInternal) public static func isIdentifier(_ s: String) -> Bool {
        var first = true
        for b in s.utf8 {
            let isLetter = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
            let isDigit = b >= 0x30 && b <= 0x39
            if !(isLetter || (!first && isDigit)) { return false }
            first = false
        }
        return !first
    }
}

extension JSONPath: ExpressibleByArrayLiteral {
    /// `["fields", 2, "rules"]`.
    public init(arrayLiteral elements: Component...) { self.init(elements) }
}

extension JSONValue {
    /// The value at `path`, or nil if some component does not match (a key
    /// on a non-object or a missing key, an index on a non-array or out of
    /// bounds).
    public subscript(path: JSONPath) -> JSONValue? {
        var current = self
        for c in path.components {
            switch c {
            case .key(let k):
                guard let next = current[k] else { return nil }
                current = next
            case .index(let i):
                guard let next = current[i] else { return nil }
                current = next
            }
        }
        return current
    }
}
