import Vouch
@_spi(VouchInternal) import VouchBase
import VouchBatch

/// `vouch schema`: a JSON Schema (draft 2020-12) of the records a form reads.
enum SchemaCommand: Command {
    static let spec = CommandSpec(
        name: "schema", summary: "Write a JSON Schema (2020-12) of the records a form spec reads.", usage: "--form FORM.json [options]",
        options: CommonOptions.all + [OptionSpec("--form", value: "FORM.json", "the form spec (required)")], positionals: 0...0,
        details: """
            The schema takes every record vouch check takes, and refuses what JSON Schema can say of the form: required fields,
            value types, lengths, patterns, choices and regions, whole numbers, token lists, fields under a condition (if/then).
            What only Vouch checks (phone numbers, postal codes, dates, cross-field rules, plugins) is listed in its $comment.
            """)

    static func run(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> ExitStatus {
        guard let formPath = arguments.value("--form") else { throw CommandError("vouch schema: --form FORM.json is required") }
        let registry = try CommonOptions.registry(arguments)
        let limit = try CommonOptions.maxFileBytes(arguments)
        let form = try CommonOptions.form(formPath, locale: arguments.value("--locale"), registry: registry, maxFileBytes: limit)
        // The form was read: the spec is a JSON object.
        let spec: JSONObject
        do {
            spec = try JSONParser().parse(try FileBytes.read(formPath, limit: limit)).objectValue ?? [:]
        } catch {
            throw CommandError("\(formPath): \(error)")
        }
        let name = spec["name"]?.stringValue ?? String(formPath.split(separator: "/").last ?? "")
        var schema = InputSchema(form: form, spec: spec)
        output.write(JSONWriter.string(schema.schema(title: name), pretty: true) + "\n")
        return .success
    }
}
