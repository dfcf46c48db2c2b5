/// A violation tied to its field, with its message in the form's language.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// The field the violation belongs to.
    public var field: String
    /// Stable and machine-readable: `required`, `too_short`, `pattern`, `card.luhn`.
    public var code: String
    /// The localized message.
    public var message: String
    /// The arguments the message was made from (never the value itself).
    public var arguments: [String: MessageArgument]

    public init(field: String, code: String, message: String, arguments: [String: MessageArgument] = [:]) {
        self.field = field
        self.code = code
        self.message = message
        self.arguments = arguments
    }

    public var description: String { "\(field): \(code): \(message)" }

    /// For a violation of one token of a token list, the token's position in the list, from 0.
    public var item: Int? {
        guard case .number(let number)? = arguments["item"], let position = Int(exactly: number) else { return nil }
        return position - 1
    }

    /// The violation as programs read it, in every JSON output: `{"field", "code", "message",
    /// "args", "item"}`. `"args"` holds the message's arguments (`{"max": 100}`), never the value
    /// (a secret field's violation has no `count` either); `"item"` (a token list's violation
    /// only) the token's position.
    package var json: JSONValue {
        var object: JSONObject = ["field": .string(field), "code": .string(code), "message": .string(message)]
        var args = JSONObject()
        forEachArgument { name, argument in
            switch argument {
            case .number(let number): args[name] = .number(number)
            case .string(let text): args[name] = .string(text)
            }
        }
        object["args"] = .object(args)
        if let item { object["item"] = .number(Double(item)) }
        return .object(object)
    }

    /// Calls `body` with each argument programs read (`"args"`): all but `item`, in key order,
    /// without sorting them into an array (there are few).
    @_spi(VouchInternal) public func forEachArgument(_ body: (String, MessageArgument) -> Void) {
        var previous: String?
        while true {
            var next: (String, MessageArgument)?
            for (name, argument) in arguments where name != "item" && previous.map({ name > $0 }) ?? true {
                if next == nil || name < next!.0 { next = (name, argument) }
            }
            guard let (name, argument) = next else { return }
            body(name, argument)
            previous = name
        }
    }
}
