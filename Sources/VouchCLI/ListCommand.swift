import Vouch
import VouchBatch

/// `vouch list`: what a registry has, with the packs and plugins given loaded.
enum ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", summary: "List what Vouch has: rules, formatters, kinds, locales or plugins (all when none is named).",
        usage: "[rules|formatters|kinds|locales|plugins]", options: Array(CommonOptions.all.dropFirst()), positionals: 0...1, details: "",
        positionalCompletion: .choices(["rules", "formatters", "kinds", "locales", "plugins"]))

    static func run(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> ExitStatus {
        let registry = try CommonOptions.registry(arguments)
        let sections: [(String, [(String, String)])] = [
            ("rules", registry.rules.map { ($0.name, $0.summary) }),
            ("formatters", registry.formatters.map { ($0.name, $0.summary) }),
            (
                "kinds",
                registry.kinds.map { ($0.name + ($0.aliases.isEmpty ? "" : " (\($0.aliases.joined(separator: ", ")))"), $0.summary) }
            ),
            ("locales", registry.localeTags.map { ($0, "") }),
            ("plugins", registry.plugins.map { ("\($0.name) \($0.version)", "\($0.summary) \($0.path)") }),
        ]
        let wanted = arguments.positionals.first
        if let wanted, !sections.contains(where: { $0.0 == wanted }) {
            throw CommandError(
                "vouch list: there is no list of \(wanted)" + NameSuggestion.didYouMean(wanted, among: sections.map(\.0))
                    + ": name rules, formatters, kinds, locales or plugins")
        }
        for (name, items) in sections where wanted == nil || wanted == name {
            if wanted == nil { output.write("\(name):\n") }
            let width = items.map(\.0.count).max() ?? 0
            for (item, summary) in items {
                let line = (wanted == nil ? "  " : "") + (summary.isEmpty ? item : item.padding(width) + "  " + summary)
                output.write(line + "\n")
            }
        }
        return .success
    }
}
