/// A plugin's rule run in a child process (see ``PluginIsolation``): the value goes to the child as
/// a line of JSON, its violations come back as one; a child that dies, hangs past the time limit or
/// answers nonsense is killed, the value gets a `plugin_error` violation, and the next value starts
/// a new child.
struct IsolatedPluginRule: Rule {
    let name: String
    let checksEmptyValues: Bool
    let channel: PluginChannel
    /// The parameters the spec gave (text and numbers), which a violation may repeat.
    let parameters: [String: MessageArgument]

    init(name: String, path: String, parameters: JSONObject, checksEmptyValues: Bool, isolation: PluginIsolation) {
        self.name = name
        self.checksEmptyValues = checksEmptyValues
        var given: [String: MessageArgument] = [:]
        for (key, value) in parameters {
            switch value {
            case .string(let text): given[key] = .string(text)
            case .number(let number): given[key] = .number(number)
            default: break
            }
        }
        self.parameters = given
        let request: JSONObject = ["plugin": .string(path), "rule": .string(name), "parameters": .object(parameters)]
        channel = PluginChannel(isolation: isolation, request: request)
    }

    func check(_ value: String, context: RuleContext) -> [RuleViolation] {
        guard let answer = channel.call(value: value, locale: context.locale.tag), let found = answer["violations"]?.arrayValue else {
            return [RuleViolation("plugin_error", ["rule": .string(name)])]
        }
        return found.compactMap { item -> RuleViolation? in
            guard let code = item["code"]?.stringValue else { return nil }
            var violation = RuleViolation(code)
            for (key, argument) in item["args"]?.objectValue ?? [:] {
                switch argument {
                case .string(let text): violation.arguments[key] = .string(text)
                case .number(let number): violation.arguments[key] = .number(number)
                default: break
                }
            }
            violation.parameterArguments = Set(violation.arguments.compactMap { parameters[$0.key] == $0.value ? $0.key : nil })
            return violation
        }
    }
}
