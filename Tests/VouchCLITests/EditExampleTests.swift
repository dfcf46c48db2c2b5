import Testing
import VouchTestSupport

/// `vouch edit` replays: every example of Examples/edits against its expected output, and the
/// errors of token and form scripts.
@Suite("vouch edit replays")
struct EditExampleTests {
    static let directory = "Examples/edits"
    static let examples = TestFiles.names(in: directory).filter { $0.hasSuffix(".json") }

    @Test("each example replays to its expected output (EXAMPLE.expected beside it)", arguments: examples)
    func example(name: String) {
        let script = "\(Self.directory)/\(name)"
        let expected = TestFiles.read(String(script.dropLast(".json".count)) + ".expected")
        #expect(!expected.isEmpty, "\(name) has no expected output")
        let outcome = VouchProcess.run(["edit", script])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == expected)
    }

    @Test("the examples show tokens made, selected, replaced and added, and disabled fields skipped")
    func examplesShowTheFeatures() {
        #expect(Self.examples.contains("tokens.json") && Self.examples.contains("states.json"))
        let tokens = VouchProcess.run(["edit", "\(Self.directory)/tokens.json"]).stdout
        #expect(tokens.contains(#"type "Bren,"                  [Brenden Mulligan] |"#), "made by the suggestions")
        #expect(tokens.contains("select 1                      [Brenden Mulligan] [*grace@navy.example*] nobody@|"))
        #expect(tokens.contains(#"type "x"                      [Brenden Mulligan] nobody@x|"#), "typing replaces the selected token")
        #expect(tokens.contains("(already there)"))
        #expect(tokens.contains(#"token 0: brenden@example.com  "Brenden Mulligan"  context {"contact":17}"#))
        let states = VouchProcess.run(["edit", "\(Self.directory)/states.json"]).stdout
        #expect(states.contains("next                          focus: phone                    name: inactive, phone: active"))
        #expect(states.contains("disable email                 focus: none                     email: disabled"))
        #expect(states.contains(#"done                          first invalid: phone            phone: error "This field is required.""#))
    }

    static func file(_ text: String) -> String {
        let path = VouchProcess.temporaryDirectory() + "/edits.json"
        VouchProcess.write(text, to: path)
        return path
    }

    @Test(
        "bad steps are usage errors that name the step",
        arguments: [
            (#"{"field": {"name": "t", "kind": "tokens"}, "edits": [{"select": 3}]}"#, "edits[0]: select takes the index of a token"),
            (#"{"field": {"name": "t", "kind": "tokens"}, "edits": [{"remove": 0}]}"#, "edits[0]: remove takes the index of a token"),
            (#"{"field": {"name": "t", "kind": "tokens"}, "edits": [{"jump": 0}]}"#, #"edits[0] is not {"type"}"#),
            (#"{"field": {"name": "t", "kind": "tokens"}, "edits": [{"add": 5}]}"#, "a token is \"text\""),
            (#"{"form": {"vouch": 1, "fields": [{"name": "a"}]}, "edits": [{"type": "x"}]}"#, "edits[0]: no field is focused"),
            (
                #"{"form": {"vouch": 1, "fields": [{"name": "a"}]}, "edits": [{"next": true}, {"disable": "b"}]}"#,
                #"edits[1]: the form has no field "b""#
            ),
            (#"{"form": {"vouch": 1, "fields": [{"name": "a"}]}, "edits": [{"jump": 1}]}"#, #"edits[0] is not one of {"next"}"#),
            (#"{"form": {"vouch": 1, "fields": [{"name": "a", "kind": "zipp"}]}, "edits": []}"#, "form: "),
            (#"{"form": [1], "edits": []}"#, "\"form\" is a form spec"),
        ])
    func badSteps(script: String, message: String) {
        let outcome = VouchProcess.run(["edit", Self.file(script)])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    @Test("a password typed into a replay shows as dots, never as text, in steps and values")
    func secret() {
        let single = VouchProcess.run(["edit", Self.file(#"{"kind": "password", "edits": [{"type": "hunter2"}, {"paste": "a|b"}]}"#)])
        #expect(single.status == 0)
        #expect(single.stdout.contains("type <secret>") && single.stdout.contains("•••••••|"), "\(single.stdout)")
        #expect(single.stdout.contains("••••••••••|\n"), "a | in the password is a dot too")
        #expect(!single.stdout.contains("hunter") && !single.stdout.contains("a|b") && !single.stdout.contains("\"hunter2"))
        let script =
            #"{"form": {"vouch": 1, "fields": [{"name": "pin", "kind": "password"}]}, "edits": [{"next": true}, {"type": "hunter2"}, {"set_text": "swordfish"}]}"#
        let outcome = VouchProcess.run(["edit", Self.file(script)])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("pin: •••••••|"))
        #expect(!outcome.stdout.contains("hunter") && !outcome.stdout.contains("swordfish"))
    }
}
