import Dispatch
import Vouch
import VouchBatch

#if canImport(Glibc)
    import Glibc
#endif

/// `vouch check`: checks and normalizes records (JSON lines or CSV) against a form spec, in input
/// order, using every core, in constant memory.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", summary: "Check and normalize records against a form spec: one JSON object per record on stdout.",
        usage: "--form FORM.json [options] [INPUT]",
        options: CommonOptions.all + [
            OptionSpec("--form", value: "FORM.json", "the form spec (required)"),
            OptionSpec("--input-format", value: "jsonl|csv", "the input's format (default: by its extension; stdin is jsonl)"),
            OptionSpec(
                "--output", value: "jsonl|csv", "the output: JSON lines (default), or CSV with a column per field, valid and errors"),
            OptionSpec(
                "--csv-formulas", "with --output csv, write cells that start with = + - @ as they are (a spreadsheet may run them)"),
            OptionSpec("--only", value: "valid|invalid", "write only the valid or only the invalid records (the summary counts all)"),
            OptionSpec("--jobs", value: "N", "threads to use (default: every core)"),
            OptionSpec(
                "--isolate-plugins",
                "run plugins' rules in child processes: a crash, a hang or output of theirs fails only the value being checked"),
            OptionSpec("--plugin-timeout", value: "SECONDS", "with --isolate-plugins, the longest one check may take (default 10)"),
            OptionSpec("--max-record-bytes", value: "N", "longest record read (default 1048576)"),
            OptionSpec("--max-value-bytes", value: "N", "longest field value (default 65536)"),
            OptionSpec("--quiet", "no progress bar and no summary on stderr"),
            OptionSpec("--strict-columns", "exit 2 when a CSV header lacks a field of the form or has a column the form does not know"),
        ],
        positionals: 0...1,
        details: """
            INPUT is a file of JSON lines (.jsonl, .ndjson, .json) or CSV with a header row (.csv); - or none reads stdin.
            A CSV header that lacks a field of the form, or has a column no field reads, gets one warning on stderr naming
            them (with --strict-columns, an error and exit status 2, before any output).
            Each output object is {"record": N, "valid": …, "values": {…canonical values…}, "errors": [{"field", "code", "message"}]};
            an unreadable record also has "line" and one error with its reason. A summary per field goes to stderr.
            --output csv writes a header row, then per record: record, each field's canonical value (not the secret ones;
            arrays and numbers as JSON), valid (true or false) and errors ("field: message", separated by "; "); a cell that
            starts with = + - @ tab or CR gets a ' before it (so that no spreadsheet runs it), control characters are
            written as their Unicode pictures (␀, ␛); --csv-formulas writes such cells as they are.
            Exit status: 0 when every record is valid, 1 when some are not, 2 for a usage, spec, pack or plugin error.
            Output follows input that comes slowly (tail -f). On SIGTERM, SIGINT or SIGHUP it stops reading, writes the
            records read as whole lines, says on stderr how far it got, and exits with 128 + the signal's number
            (a SIGHUP ignored at start, as under nohup, stays ignored).
            """,
        positionalCompletion: .file)

    static func run(_ arguments: ParsedArguments, output writer: OutputWriter) throws(CommandError) -> ExitStatus {
        guard let formPath = arguments.value("--form") else { throw CommandError("vouch check: --form FORM.json is required") }
        let registry = try CommonOptions.registry(arguments)
        let schema = try CommonOptions.form(
            formPath, locale: arguments.value("--locale"), registry: registry, maxFileBytes: CommonOptions.maxFileBytes(arguments))
        let input = arguments.positionals.first
        let format = try inputFormat(arguments.value("--input-format"), input: input)
        let jobs =
            try CommonOptions.positiveInteger(arguments, "--jobs", maximum: CheckPipeline.maximumJobs)
            ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let maxRecordBytes =
            try CommonOptions.positiveInteger(arguments, "--max-record-bytes", maximum: InMemoryCheck.maximumLimit)
            ?? InMemoryCheck.defaultMaxRecordBytes
        let maxValueBytes =
            try CommonOptions.positiveInteger(arguments, "--max-value-bytes", maximum: InMemoryCheck.maximumLimit)
            ?? InMemoryCheck.defaultMaxValueBytes
        let quiet = arguments.has("--quiet")
        let output = CheckOutput(
            format: try choice(arguments, "--output") ?? .jsonl, only: try choice(arguments, "--only"), fields: schema.fields,
            formulasAsIs: arguments.has("--csv-formulas"))

        let summary: CheckSummary
        let progress: ProgressBar?
        do throws(BatchError) {
            let source = try ByteSource.open(input)
            // Before the first read, which may wait for input: a signal that comes while it waits
            // stops the run as one that comes later does (even SIGINT, which a shell's background
            // job starts with ignored).
            StopSignal.install()
            try source.skipByteOrderMark()
            let reader: any RecordReader
            let header: [String]?
            if format == "csv" {
                var csv = CSVReader(source: source, maxRecordBytes: maxRecordBytes)
                header = try csv.readHeader()
                reader = csv
                let columns = CSVColumns(header: header ?? [], fields: schema.fields.map(\.name))
                if !columns.match {
                    if arguments.has("--strict-columns") { throw BatchError("vouch check: \(columns.describe(input: source.name))") }
                    printError("vouch check: warning: \(columns.describe(input: source.name))")
                }
            } else {
                header = nil
                reader = JSONLinesReader(source: source, maxRecordBytes: maxRecordBytes)
            }
            let names = schema.fields.map(\.name)
            progress = ProgressBar(total: source.size, quiet: quiet)
            writer.write(output.header)
            let pipeline = CheckPipeline(
                reader: reader, source: source, fieldNames: names, output: writer, progress: progress,
                batchBytes: CheckPipeline.batchBytes(inputBytes: source.size, jobs: jobs)
            ) {
                var checker = RecordChecker(schema: schema, header: header, maxValueBytes: maxValueBytes, format: output)
                // Without a summary to print, the exit status needs the records counted, not their fields.
                if quiet { checker.counting = .records }
                return checker
            }
            if let descriptor = writer.descriptor { CrashOutput.install(output: descriptor) }
            summary = try pipeline.run(jobs: jobs)
            try writer.finish()
        } catch {
            throw CommandError(error.message)
        }
        progress?.finish()
        if !quiet { printError(summary.text) }
        if let signal = StopSignal.signal {
            // Said even with --quiet: the output is not all the input's.
            printError(
                "vouch check: stopped by \(StopSignal.name(signal)): \(summary.records) records checked and written, each a whole "
                    + "line; record \(summary.records + 1) and those after it were not checked")
            return ExitStatus(code: 128 + signal)
        }
        return summary.valid == summary.records ? .success : .invalidRecords
    }

    /// The value of an option among its choices (`--output csv`), or nil when not given.
    static func choice<Choice: RawRepresentable & CaseIterable>(_ arguments: ParsedArguments, _ option: String) throws(CommandError)
        -> Choice? where Choice.RawValue == String
    {
        guard let given = arguments.value(option) else { return nil }
        guard let choice = Choice(rawValue: given) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: " or ")
            throw CommandError(
                "vouch check: \(option) is \(names), not \(given)"
                    + NameSuggestion.didYouMean(given, among: Choice.allCases.map(\.rawValue)))
        }
        return choice
    }

    /// jsonl or csv: as given, else by the input's extension; stdin is JSON lines.
    static func inputFormat(_ given: String?, input: String?) throws(CommandError) -> String {
        if let given {
            guard ["jsonl", "csv"].contains(given) else { throw CommandError("vouch check: --input-format is jsonl or csv, not \(given)") }
            return given
        }
        guard let input, input != "-" else { return "jsonl" }
        let lower = input.lowercased()
        if lower.hasSuffix(".csv") { return "csv" }
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") || lower.hasSuffix(".json") { return "jsonl" }
        throw CommandError("vouch check: cannot tell the format of \(input) from its extension: give --input-format jsonl or csv")
    }
}
