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
        self.parameters = PluginParameters.arguments(parameters)
        let request: JSONObject = ["plugin": .string(path), "rule": .string(name), "parameters": .object(parameters)]
        channel = PluginChannel(isolation: isolation, request: request)
    }

    func check(_ value: String, context: RuleContext) -> [RuleViolation] {
        guard let answer = channel.call(value: value, locale: context.locale.tag), let found = answer["violations"]?.arrayValue else {
            return [RuleViolation("plugin_error", ["rule": .string(name)])]
        }
        return found.compactMap { item -> RuleViolation? in
            guard let code = item["code"]?.stringValue else { return nil }
            var violation = RuleViolation(code, PluginParameters.arguments(item["args"]?.objectValue ?? [:]))
            PluginParameters.markRepeated(parameters, in: &violation)
            return violation
        }
    }
}
