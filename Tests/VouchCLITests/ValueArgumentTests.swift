import Testing

/// Values on the command line: values that start with -, `--`, and `--param`.
@Suite("Values and parameters on the command line")
struct ValueArgumentTests {
    @Test("a value that starts with - is a value: with or without --, the same answers")
    func dashValues() {
        let plain = VouchProcess.run(["validate", "number", "42", "-12"])
        let separated = VouchProcess.run(["validate", "number", "--", "42", "-12"])
        #expect(plain.status == 0)
        #expect(plain.stdout == "ok\nok\n")
        #expect(separated.stdout == plain.stdout)
        #expect(separated.status == plain.status)
        #expect(VouchProcess.run(["format", "number", "--canonical", "-0042"]).stdout == "-42\n")
        #expect(VouchProcess.run(["validate", "text", "--", "--help"]).stdout == "ok\n", "after --, --help is a value")
        let unknown = VouchProcess.run(["validate", "number", "--12"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("vouch validate: unknown option --12 (a value that starts with -- is given after --)"))
    }

    @Test(
        "--param NAME=VALUE: JSON when it parses as JSON, else text",
        arguments: [
            (["format", "capitalize", "--param", "mode=words", "hello world"], 0, "Hello World\n"),
            (["format", "capitalize", "--param", #"mode="all""#, "hello"], 0, "HELLO\n"),
            (["format", "capitalize", "--param", "mode=words", "--param", "lowercase_rest=false", "mcDONALD"], 0, "McDONALD\n"),
            (["format", "max_length", "--param", "max=3", "abcdef"], 0, "abc\n"),
            (["validate", "number", "--param", "min=18", "17", "18"], 1, "Enter a value of at least 18.\nok\n"),
            (["validate", "number", "--param", "min=-5", "--", "-6", "-5"], 1, "Enter a value of at least -5.\nok\n"),
            (["validate", "length", "--param", "max=3", "abcd"], 1, "Enter at most 3 characters.\n"),
            (["validate", "one_of", "--param", #"values=["a","b"]"#, "b", "c"], 1, "ok\nChoose one of: a or b.\n"),
            (["validate", "choice", "--param", "options=[1,2]", "2"], 0, "ok\n"),
            (["validate", "text", "--param", "required=true", "--", ""], 1, "This field is required.\n"),
        ] as [([String], Int32, String)])
    func parameters(arguments: [String], status: Int32, stdout: String) {
        let outcome = VouchProcess.run(arguments)
        #expect(outcome.status == status, "\(outcome.stderr)")
        #expect(outcome.stdout == stdout)
    }

    @Test(
        "a bad --param is a usage error that names it",
        arguments: [
            (["format", "capitalize", "x"], #"formatter "capitalize" needs the parameter "mode""#),
            (["format", "capitalize", "--param", "mode", "x"], "--param takes NAME=VALUE, not mode"),
            (["format", "capitalize", "--param", "=words", "x"], "--param takes NAME=VALUE, not =words"),
            (["format", "capitalize", "--param", "mode=words", "--param", "mode=all", "x"], "--param mode is given twice"),
            (["format", "capitalize", "--param", "mode=shouting", "x"], #"parameter "mode" must be one of "none", "words""#),
            (["validate", "number", "--param", "colour=red", "1"], "colour"),
            (["validate", "number", "--param", "min=abc", "1"], "min"),
        ])
    func badParameters(arguments: [String], message: String) {
        let outcome = VouchProcess.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }
}
