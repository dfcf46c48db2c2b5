/// Which other fields of a record a rule (or a form) reads the normalized texts of: what lets
/// checking leave out the formatters that only lay out the texts nothing reads
/// (``FormPlan/skipsLayout``).
package enum OtherFieldsRead: Sendable {
    /// No other field.
    case none
    /// These fields, by name.
    case named(Set<String>)
    /// Any field: a rule that does not say which (one with only a `String` path).
    case any

    /// Whether the field named `name` may be read.
    package func includes(_ name: String) -> Bool {
        switch self {
        case .none: false
        case .named(let names): names.contains(name)
        case .any: true
        }
    }

    /// Adds the fields `other` reads.
    package mutating func formUnion(_ other: OtherFieldsRead) {
        switch (self, other) {
        case (.any, _), (_, .none): return
        case (_, .any), (.none, _): self = other
        case (.named(let names), .named(let more)): self = .named(names.union(more))
        }
    }
}
