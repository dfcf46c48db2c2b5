import Vouch
import VouchBatch

/// `--param NAME=VALUE`: a parameter of the kind, rule or formatter a command uses. VALUE is read
/// as JSON when it is JSON (`18`, `true`, `["visa"]`, `"words"`), else as text (`words`).
enum ParameterOption {
    static let spec = OptionSpec(
        "--param", value: "NAME=VALUE", repeatable: true,
        "a parameter of the kind, rule or formatter: VALUE as JSON when it is JSON (18, true, [\"visa\"]), else as text")

    /// The parameters given, in order; a name given twice, or without `=`, is refused.
    static func parameters(_ arguments: ParsedArguments, command: String) throws(CommandError) -> JSONObject {
        var parameters = JSONObject()
        for given in arguments.all(spec.name) {
            guard let equals = given.firstIndex(of: "="), equals != given.startIndex else {
                throw CommandError("vouch \(command): --param takes NAME=VALUE, not \(given)")
            }
            let name = String(given[..<equals])
            let text = String(given[given.index(after: equals)...])
            guard parameters[name] == nil else { throw CommandError("vouch \(command): --param \(name) is given twice") }
            parameters[name] = (try? JSONParser().parse(text)) ?? .string(text)
        }
        return parameters
    }
}
