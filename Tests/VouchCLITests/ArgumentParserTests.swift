import Testing

@testable import VouchCLI

@Suite("The argument parser")
struct ArgumentParserTests {
    let spec = CommandSpec(
        name: "check", summary: "s", usage: "--form FORM [INPUT]",
        options: [
            OptionSpec("--form", value: "FORM", "f"), OptionSpec("--pack", value: "DIR", repeatable: true, "p"),
            OptionSpec("--quiet", "q"),
        ],
        positionals: 0...1, details: "")

    @Test("options with separate and inline values, repeatable options, flags and positionals")
    func parses() throws {
        let parsed = try spec.parse(["--form", "a.json", "--pack=one", "--quiet", "--pack", "two", "in.jsonl"])
        #expect(parsed.value("--form") == "a.json")
        #expect(parsed.all("--pack") == ["one", "two"])
        #expect(parsed.has("--quiet"))
        #expect(parsed.positionals == ["in.jsonl"])
        #expect(try spec.parse(["--", "--form"]).positionals == ["--form"], "-- ends the options")
        #expect(try spec.parse(["-"]).positionals == ["-"], "- is stdin, a positional")
        #expect(try spec.parse(["--form=x=y"]).value("--form") == "x=y")
        #expect(try spec.parse(["-h", "extra", "more"]).has("--help"), "help wins over other problems")
    }

    @Test(
        "mistakes are usage errors that say what is wrong",
        arguments: [
            (["--colour"], "vouch check: unknown option --colour (a value that starts with -- is given after --)"),
            (["--form"], "vouch check: --form needs a value (FORM)"),
            (["--form", "a", "--form", "b"], "vouch check: --form is given twice"),
            (["--quiet=yes"], "vouch check: --quiet takes no value"),
            (["a", "b"], "vouch check: unexpected argument b"),
        ])
    func mistakes(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try spec.parse(arguments) }
        #expect(error?.message == message)
        #expect(error?.description.hasSuffix("run 'vouch check --help' for its options") == true)
    }

    @Test(
        "a value may start with -: only -- words and -h are options, the word after an option is its value, all after -- are values",
        arguments: [
            (["-12"], ["-12"], nil),
            (["in", "-"], ["in", "-"], nil),
            (["-x", "--form", "-f.json"], ["-x"], "-f.json"),
            (["--form=-1", "-1"], ["-1"], "-1"),
            (["--", "--form", "-h"], ["--form", "-h"], nil),
            (["--", "--"], ["--"], nil),
        ] as [([String], [String], String?)])
    func dashValues(arguments: [String], positionals: [String], form: String?) throws {
        let wide = CommandSpec(
            name: "check", summary: "", usage: "", options: [OptionSpec("--form", value: "FORM", "f")], positionals: 0...3, details: "")
        let parsed = try wide.parse(arguments)
        #expect(parsed.positionals == positionals)
        #expect(parsed.value("--form") == form)
    }

    @Test("a value's completion is read from its name")
    func completions() {
        #expect(OptionSpec("--output", value: "jsonl|csv", "").completion == .choices(["jsonl", "csv"]))
        #expect(OptionSpec("--form", value: "FORM.json", "").completion == .file)
        #expect(OptionSpec("--plugin", value: "NAME_OR_PATH", "").completion == .file)
        #expect(OptionSpec("--pack", value: "DIR", "").completion == .directory)
        #expect(OptionSpec("--jobs", value: "N", "").completion == .none)
        #expect(OptionSpec("--quiet", "").completion == .none)
    }

    @Test("a missing positional names what is missing")
    func missingPositional() {
        let validate = CommandSpec(
            name: "validate", summary: "", usage: "KIND_OR_RULE [--locale TAG] VALUE...", options: [], positionals: 2...Int.max, details: ""
        )
        let error = #expect(throws: UsageError.self) { try validate.parse(["email"]) }
        #expect(error?.message == "vouch validate: missing arguments (usage: vouch validate KIND_OR_RULE [--locale TAG] VALUE...)")
    }

    @Test("help lists every option")
    func help() {
        let help = spec.help
        for option in ["--form FORM", "--pack DIR", "--quiet", "--help"] { #expect(help.contains(option)) }
        #expect(help.contains("(repeatable)"))
        #expect(help.hasPrefix("usage: vouch check --form FORM [INPUT]"))
    }

    @Test("each command has its own name, so a name can only ever run that command")
    func commandNames() {
        let names = VouchTool.commands.map { $0.spec.name }
        #expect(Set(names).count == names.count)
        #expect(names == ["check", "validate", "format", "edit", "list", "schema", "completions", "man"])
    }
}
