/// Declares one parameter of a rule, formatter or kind: its name, JSON type and whether it is required.
///
/// The registry checks parameters against these declarations when it builds a rule, so a rule's
/// factory only ever sees parameters of the declared types.
public struct ParameterSpec: Sendable, Hashable {
    /// The JSON types a parameter may take.
    public enum ValueType: Sendable, Hashable, CustomStringConvertible {
        case string
        case integer
        case number
        case boolean
        /// An array of strings.
        case strings
        /// One of the listed strings.
        case choice([String])
        /// Any JSON value; the factory checks it.
        case json

        public var description: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .number: "a number"
            case .boolean: "true or false"
            case .strings: "an array of strings"
            case .choice(let values): "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
            case .json: "a JSON value"
            }
        }

        func accepts(_ value: JSONValue) -> Bool {
            switch (self, value) {
            case (.string, .string), (.number, .number), (.boolean, .bool), (.json, _): true
            case (.integer, .number): value.intValue != nil
            case (.strings, .array(let items)): items.allSatisfy { $0.stringValue != nil }
            case (.choice(let values), .string(let s)): values.contains(s)
            default: false
            }
        }
    }

    public let name: String
    public let type: ValueType
    public let isRequired: Bool
    /// One line for `vouch list` and the docs.
    public let summary: String

    public init(_ name: String, _ type: ValueType, required: Bool = false, summary: String = "") {
        self.name = name
        self.type = type
        self.isRequired = required
        self.summary = summary
    }

    /// The two bounds of an inclusive range, `min` and `max`, of `type`; `summary` says what they
    /// bound.
    public static func range(_ type: ValueType, _ lower: String = "min", _ upper: String = "max", summary: String = "") -> [ParameterSpec] {
        [ParameterSpec(lower, type, summary: summary), ParameterSpec(upper, type, summary: summary)]
    }
}

/// Parameters that have been checked against their declarations, with typed accessors.
public struct Parameters: Sendable {
    public let values: JSONObject

    init(checked values: JSONObject) { self.values = values }

    /// Parameters that were not checked; for building rules in code.
    public init(_ values: JSONObject = [:]) { self.values = values }

    public subscript(name: String) -> JSONValue? { values[name] }
    public func string(_ name: String) -> String? { values[name]?.stringValue }
    public func int(_ name: String) -> Int? { values[name]?.intValue }
    public func double(_ name: String) -> Double? { values[name]?.doubleValue }
    public func bool(_ name: String) -> Bool? { values[name]?.boolValue }
    public func strings(_ name: String) -> [String]? {
        values[name]?.arrayValue?.compactMap(\.stringValue)
    }

    /// These parameters without `name`: a kind's own, before its rule is made from the rest.
    func removing(_ name: String) -> Parameters { Parameters(checked: JSONObject(values.filter { $0.0 != name })) }

    /// Checks `given` against `specs`: no unknown names, every required one present, each of its type.
    ///
    /// - Parameters:
    ///   - what: names the owner in messages, e.g. `rule "length"`.
    ///   - path: where the parameters sit in the document, for `location`.
    static func check(
        _ given: JSONObject, against specs: [ParameterSpec], for what: String, at path: JSONPath
    ) throws(VouchError) -> Parameters {
        for (name, value) in given {
            guard let spec = specs.first(where: { $0.name == name }) else {
                let known = specs.map(\.name)
                let hint = known.isEmpty ? "it takes no parameters" : "it takes " + known.joined(separator: ", ")
                throw VouchError(.unknownParameter, "\(what) has no parameter \"\(name)\" (\(hint))", at: path.appending(name).description)
            }
            guard spec.type.accepts(value) else {
                var hint = ""
                if case .choice(let choices) = spec.type, let text = value.stringValue {
                    hint = NameSuggestion.didYouMean(text, among: choices)
                }
                throw VouchError(
                    .invalidParameter, "\(what): parameter \"\(name)\" must be \(spec.type), not \(value.described)\(hint)",
                    at: path.appending(name).description)
            }
        }
        for spec in specs where spec.isRequired && given[spec.name] == nil {
            throw VouchError(.missingParameter, "\(what) needs the parameter \"\(spec.name)\" (\(spec.type))", at: path.description)
        }
        return Parameters(checked: given)
    }
}
