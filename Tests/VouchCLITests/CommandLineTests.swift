import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `vouch` command, end to end: run as a process, its output and exit status checked.
@Suite("The vouch command")
struct CommandLineTests {
    static let form = "Examples/signup.form.json"
    static let records = "Examples/signups.jsonl"

    static let smallForm = #"""
        {"vouch": 1, "fields": [{"name": "email", "kind": "email", "required": true}, {"name": "zip", "kind": "zip"}]}
        """#

    static func file(_ name: String, _ text: String) -> String {
        let path = VouchProcess.temporaryDirectory() + "/" + name
        VouchProcess.write(text, to: path)
        return path
    }

    @Test("check: one object per record in order, a summary on stderr, exit 1 when some are invalid")
    func check() throws {
        let outcome = VouchProcess.run(["check", "--form", Self.form, Self.records])
        #expect(outcome.status == 1)
        #expect(outcome.lines.count == 4)
        #expect(outcome.lines[0].hasPrefix(#"{"record":1,"valid":true,"values":{"first_name":"Ada""#))
        #expect(outcome.lines[2].contains(#""valid":false"#))
        #expect(!outcome.stdout.contains("correct horse"), "passwords are never output")
        #expect(outcome.stderr.hasPrefix("vouch check: 4 records: 2 valid, 2 invalid, 0 unreadable"))
        #expect(outcome.stderr.contains("  topics                  2        1  one_of (1)"))
        let quiet = VouchProcess.run(["check", "--quiet", "--form", Self.form, Self.records])
        #expect(quiet.stderr.isEmpty)
        #expect(quiet.stdout == outcome.stdout)
    }

    @Test("check: exit 0 when every record is valid; stdin, CSV and --locale")
    func checkValid() throws {
        let form = Self.file("form.json", Self.smallForm)
        let stdin = VouchProcess.run(["check", "--form", form], stdin: "{\"email\": \"a@b.org\", \"zip\": \"94103\"}\n")
        #expect(stdin.status == 0)
        #expect(stdin.stdout == "{\"record\":1,\"valid\":true,\"values\":{\"email\":\"a@b.org\",\"zip\":\"94103\"},\"errors\":[]}\n")
        let csv = Self.file("in.csv", "email,zip\na@b.org,01310100\n")
        let brazil = VouchProcess.run(["check", "--locale", "pt-BR", "--form", form, csv])
        #expect(brazil.status == 0)
        #expect(brazil.stdout.contains("\"zip\":\"01310-100\""))
        let dash = VouchProcess.run(["check", "--form", form, "--input-format", "csv", "-"], stdin: "zip,email\n,\n")
        #expect(dash.status == 1)
        #expect(dash.stdout.contains("Este campo") == false)
        #expect(dash.stdout.contains("This field is required."))
    }

    @Test("check: bad input is that record's error, with its line number, and the run goes on")
    func badInput() throws {
        let form = Self.file("form.json", Self.smallForm)
        let long = String(repeating: "y", count: 100) + "@b.org"
        let input: [[UInt8]] = [
            Array(#"{"email": "a@b.org"}"#.utf8), Array(#"{"email": "#.utf8), [], Array("[1]".utf8),
            Array(#"{"email": "x"#.utf8) + [0xFF] + Array(#""}"#.utf8),  // not UTF-8
            Array(#"{"email": "\#(long)"}"#.utf8), Array(#"{"email": "c@d.org"}"#.utf8),
        ]
        let path = VouchProcess.temporaryDirectory() + "/in.jsonl"
        VouchProcess.write(bytes: input.flatMap { $0 + [UInt8(ascii: "\n")] }, to: path)
        let outcome = VouchProcess.run(["check", "--max-value-bytes", "50", "--form", form, path])
        #expect(outcome.status == 1)
        let lines = outcome.lines
        #expect(lines.count == 6, "no record dropped or merged")
        #expect(lines[0].hasPrefix(#"{"record":1,"valid":true"#))
        #expect(
            lines[1].hasPrefix(
                #"{"record":2,"line":2,"valid":false,"values":{},"errors":[{"field":null,"code":"invalid_json","message":"line 2: column"#))
        #expect(lines[2].contains(#""record":3,"line":4"#))
        #expect(lines[2].contains("not_an_object"))
        #expect(lines[3].contains(#""record":4,"line":5"#))
        #expect(lines[3].contains("invalid_utf8"))
        #expect(lines[4].contains(#""record":5,"line":6"#))
        #expect(lines[4].contains("value_too_large"))
        #expect(lines[4].contains("field \\\"email\\\""))
        #expect(lines[5].hasPrefix(#"{"record":6,"valid":true"#))
        #expect(outcome.stderr.contains("unreadable records:"))
    }

    @Test("check: a CSV row with the wrong number of cells is reported and skipped over")
    func csvCells() {
        let form = Self.file("form.json", Self.smallForm)
        let outcome = VouchProcess.run(
            ["check", "--form", form, "--input-format", "csv"], stdin: "email,zip\na@b.org,94103,extra\nc@d.org,94103\n")
        #expect(outcome.lines.count == 2)
        #expect(outcome.lines[0].contains(#""code":"cell_count","message":"line 2: the row has 3 cells; the header has 2""#))
        #expect(outcome.lines[1].contains(#""record":2,"valid":true"#))
    }

    @Test("check: a CSV value over --max-value-bytes is that row's error, on a line of its own")
    func csvValueTooLarge() {
        let form = Self.file("form.json", Self.smallForm)
        let long = String(repeating: "y", count: 60) + "@b.org"
        let outcome = VouchProcess.run(
            ["check", "--max-value-bytes", "50", "--form", form, "--input-format", "csv"],
            stdin: "email,zip\n\(long),94103\nc@d.org,94103\n")
        #expect(outcome.lines.count == 2, "no record merged with the next")
        #expect(outcome.lines[0].contains(#""code":"value_too_large","message":"line 2: field \"email\" has more than 50 bytes""#))
        #expect(outcome.lines[0].hasSuffix("}"))
        #expect(outcome.lines.count == 2)
        #expect(outcome.lines[1].hasPrefix(#"{"record":2,"valid":true"#))
    }

    @Test("check: output order is input order, whatever the number of threads")
    func order() {
        let form = Self.file("form.json", Self.smallForm)
        let input = (0..<20_000).map { #"{"email": "user\#($0)@example.org", "zip": "\#($0 % 7 == 0 ? "1" : "94103")"}"# }.joined(
            separator: "\n")
        let path = Self.file("many.jsonl", input)
        let one = VouchProcess.run(["check", "--quiet", "--jobs", "1", "--form", form, path])
        let many = VouchProcess.run(["check", "--quiet", "--jobs", "4", "--form", form, path])
        #expect(one.lines.count == 20_000)
        #expect(one.stdout == many.stdout)
        #expect(many.lines[19_999].hasPrefix(#"{"record":20000,"#))
    }

    @Test("check: a bad spec, pack or plugin stops before any output, with exit 2 and the file and place")
    func refusals() {
        let badSpec = Self.file("form.json", #"{"vouch": 1, "fields": [{"name": "zip", "kind": "zipp"}]}"#)
        let spec = VouchProcess.run(["check", "--form", badSpec, Self.records])
        #expect(spec.status == 2)
        #expect(spec.stdout.isEmpty)
        #expect(spec.stderr.hasPrefix("\(badSpec): fields[0].kind: field \"zip\", no kind is named \"zipp\" (did you mean \"zip\"?)"))
        let notJSON = Self.file("form.json", "{\"vouch\": 1,\n  \"fields\": [}")
        #expect(
            VouchProcess.run(["check", "--form", notJSON, Self.records]).stderr.hasPrefix(
                "\(notJSON): line 2, column 14: the form spec is not valid JSON"))
        let pack = VouchProcess.run(["check", "--pack", "Tests/Fixtures/packs/bad-message", "--form", Self.form, Self.records])
        #expect(pack.status == 2)
        #expect(pack.stdout.isEmpty)
        #expect(pack.stderr.hasPrefix("Tests/Fixtures/packs/bad-message/pack.json: messages.too_short: ICU cannot parse"))
        let plugin = VouchProcess.run(["check", "--plugin", "/nonexistent/libvouch-x.so", "--form", Self.form, Self.records])
        #expect(plugin.status == 2)
        #expect(plugin.stderr.hasPrefix("/nonexistent/libvouch-x.so: cannot load the plugin"))
        let missing = VouchProcess.run(["check", "--form", Self.form, "/nonexistent/input.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot open"))
        let usage = VouchProcess.run(["check", Self.records])
        #expect(usage.status == 2)
        #expect(usage.stderr.hasPrefix("vouch check: --form FORM.json is required"))
    }

    @Test("check with a plugin found along VOUCH_PLUGIN_PATH")
    func plugin() {
        let form = Self.file(
            "form.json", #"{"vouch": 1, "fields": [{"name": "iban", "rules": ["iban.iban"], "formatters": ["iban.print"]}]}"#)
        let directory = String(VouchProcess.executable[..<VouchProcess.executable.lastIndex(of: "/")!])
        let outcome = VouchProcess.run(
            ["check", "--plugin", "iban", "--form", form], stdin: "{\"iban\": \"de89370400440532013000\"}\n",
            environment: ["VOUCH_PLUGIN_PATH": directory])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("\"iban\":\"DE89 3704 0044 0532 0130 00\""))
    }

    @Test("validate: ok or the message, one line per value; exit 0 only when all are valid")
    func validate() {
        let good = VouchProcess.run(["validate", "email", "ada@example.org", "grace@example.org"])
        #expect(good.status == 0)
        #expect(good.stdout == "ok\nok\n")
        let mixed = VouchProcess.run(["validate", "--locale", "de-DE", "zip", "10117", "1011"])
        #expect(mixed.status == 1)
        #expect(mixed.stdout == "ok\nGeben Sie eine gültige Postleitzahl ein.\n")
        let rule = VouchProcess.run(["validate", "length", "x"])
        #expect(rule.status == 2)
        #expect(rule.stderr.contains("rule \"length\", parameter \"min\" or \"max\" must be given"))
        let unknown = VouchProcess.run(["validate", "zipp", "1"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no kind or rule is named \"zipp\""))
    }

    @Test("validate answers in the locale's language, right-to-left ones without bidirectional controls")
    func validateInLanguages() {
        let spanish = VouchProcess.run(["validate", "email", "--locale", "es-ES", "bad"])
        #expect(spanish.status == 1)
        #expect(spanish.stdout == "Introduzca una dirección de correo electrónico válida.\n")
        #expect(VouchProcess.run(["validate", "email", "--locale", "zh-TW", "bad"]).stdout == "請輸入有效的電子郵件地址。\n")
        let arabic = VouchProcess.run(["validate", "email", "--locale", "ar-EG", "bad"])
        #expect(arabic.stdout == "يُرجى إدخال عنوان بريد إلكتروني صالح.\n")
        let controls: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]
        for kind in ["phone", "postal_code", "money", "email"] {
            let output = VouchProcess.run(["validate", kind, "--locale", "ar-EG", "x"]).stdout
            #expect(!output.unicodeScalars.contains { controls.contains($0) }, "\(kind): \(output)")
        }
    }

    @Test("format: display or canonical, one line per value; passwords are never printed")
    func format() {
        #expect(VouchProcess.run(["format", "phone", "2015550123", "(415) 555 0199"]).stdout == "(201) 555-0123\n(415) 555-0199\n")
        #expect(VouchProcess.run(["format", "phone", "--canonical", "2015550123"]).stdout == "+12015550123\n")
        #expect(VouchProcess.run(["format", "date", "--locale", "ja-JP", "--canonical", "1982/02/22"]).stdout == "1982-02-22\n")
        #expect(VouchProcess.run(["format", "capitalize", "x"]).status == 2)
        #expect(VouchProcess.run(["format", "upper", "--locale", "tr-TR", "istanbul"]).stdout == "İSTANBUL\n")
        let secret = VouchProcess.run(["format", "password", "hunter2"])
        #expect(secret.status == 2)
        #expect(!secret.stdout.contains("hunter2"))
        #expect(!secret.stderr.contains("hunter2"))
    }

    @Test("edit: replays edits and prints each step with the caret")
    func edit() {
        // Columns are padded: compare with runs of spaces made single.
        func steps(_ outcome: VouchProcess.Outcome) -> [String] { outcome.lines.map { $0.split(separator: " ").joined(separator: " ") } }
        let outcome = VouchProcess.run(["edit", "Examples/edits/phone.json"])
        #expect(outcome.status == 0)
        let lines = steps(outcome)
        #expect(lines.first == "type \"2015550123\" (2|")
        #expect(lines.contains("(201) 555-0123|"))
        #expect(lines.contains("replace [4, 1] with \"\" (20|5) 550-123"), "deleting ) deletes the 1 behind it")
        #expect(lines.contains("type \"1\" (201|) 555-0123"))
        #expect(lines.last == "valid: \"+14155550199\"")
        let script = Self.file("e.json", #"{"kind": "state", "edits": [{"type": "cax"}]}"#)
        #expect(steps(VouchProcess.run(["edit", script])) == ["type \"cax\" C|", "CA|", "CA| (refused)", "valid: \"CA\""])
        #expect(VouchProcess.run(["edit", Self.file("bad.json", #"{"kind": "phone", "edits": [{"jump": 1}]}"#)]).status == 2)
    }

    @Test(
        "edit: the examples of typing into masks, dates, times and amounts replay as documented",
        arguments: [
            ("zip-slots", ["9| (refused)", "941| (refused)", "94100-1234| (refused)"], "valid: \"94100-1234\""),
            ("phone-bounded", ["replace [4, 0] with \"9\" (201|) 555-0123 (refused)"], "valid: \"+12015550123\""),
            ("date-de", ["22.02.1982|", "type \"5\" 15|.02.1982", "type \"7\" 15|.02.1982 (refused)"], "valid: \"1982-02-15\""),
            ("time-en", ["03:05 P|"], "valid: \"15:05\""),
            (
                "amount-de", ["1.234.567,89| (refused)", "replace [0, 0] with \"9\" 9|1.234.567,89", "type \"€\" 9|1.234.567,89"],
                "valid: \"91234567.89 EUR\""
            ),
            ("plate-mask", ["AB-1234-x/|", "replace [3, 0] with \"9\" AB-9|234-x/"], "valid: \"AB-9234-x/\""),
        ])
    func editExamples(name: String, steps: [String], last: String) {
        let outcome = VouchProcess.run(["edit", "Examples/edits/\(name).json"])
        #expect(outcome.status == 0)
        // Columns are padded, and ICU may write a narrow no-break space before PM: compare words.
        let lines = outcome.lines.map { $0.split(whereSeparator: { $0 == " " || $0 == "\u{202F}" }).joined(separator: " ") }
        for step in steps { #expect(lines.contains(step), "\(name): \(step)") }
        #expect(lines.last == last)
    }

    @Test("list, --version and --help")
    func listVersionHelp() {
        let kinds = VouchProcess.run(["list", "kinds"])
        #expect(kinds.status == 0)
        #expect(kinds.lines.contains { $0.hasPrefix("zip (postal_code)") })
        let all = VouchProcess.run(["list"])
        for section in ["rules:", "formatters:", "kinds:", "locales:", "plugins:"] { #expect(all.lines.contains(section)) }
        #expect(VouchProcess.run(["list", "colours"]).status == 2)
        #expect(VouchProcess.run(["--version"]).stdout == "vouch \(VersionTests.header)\n")
        #expect(VouchProcess.run(["--help"]).stdout.contains("check       Check and normalize records"))
        for command in ["check", "validate", "format", "edit", "list", "schema", "completions", "man"] {
            let help = VouchProcess.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.hasPrefix("usage: vouch \(command)"))
        }
        let unknown = VouchProcess.run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("vouch: unknown command frobnicate"))
        #expect(VouchProcess.run([]).status == 2)
    }
}
