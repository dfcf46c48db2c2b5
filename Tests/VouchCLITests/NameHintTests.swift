import Testing
import VouchTestSupport

/// A mistyped name on the command line gets the name it was probably meant to be, and a plugin's
/// rule used without its plugin names the plugin; a parameter's refused value is named.
@Suite("Hints for mistyped names")
struct NameHintTests {
    static let directory = String(VouchProcess.executable[..<VouchProcess.executable.lastIndex(of: "/")!])

    /// Arguments, and what the error must say.
    static let cases: [([String], String)] = [
        (["chek"], #"vouch: unknown command chek (did you mean "check"?)"#),
        (["valdate", "email", "a@b.org"], #"unknown command valdate (did you mean "validate"?)"#),
        (["validate", "emial", "a@b.org"], #"no kind or rule is named "emial" (did you mean "email"?)"#),
        (["validate", "lenght", "abc"], #"no kind or rule is named "lenght" (did you mean "length"?)"#),
        (["format", "captialize", "ada"], #"no kind or formatter is named "captialize" (did you mean "capitalize"?)"#),
        (["format", "phnoe", "2015550123"], #"no kind or formatter is named "phnoe" (did you mean "phone"?)"#),
        (["list", "rulez"], #"there is no list of rulez (did you mean "rules"?)"#),
        (["validate", "email", "--locael", "de", "a@b.org"], "unknown option --locael (did you mean --locale?)"),
        (
            ["format", "capitalize", "--param", "mode=word", "ada"],
            #"parameter "mode" must be one of "#
        ),
        (["format", "capitalize", "--param", "mode=word", "ada"], #"not the string "word" (did you mean "words"?)"#),
        (["validate", "length", "--param", "max=ten", "abc"], #"parameter "max" must be an integer, not the string "ten""#),
    ]

    @Test("the error names the closest known name, or the value refused", arguments: cases)
    func hint(arguments: [String], expected: String) {
        let outcome = VouchProcess.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(expected), "\(outcome.stderr)")
    }

    @Test("nothing close, no hint")
    func noHint() {
        let outcome = VouchProcess.run(["validate", "zzzzzz", "a"])
        #expect(outcome.status == 2)
        #expect(!outcome.stderr.contains("did you mean"), "\(outcome.stderr)")
    }

    @Test("a plugin's rule without --plugin names the plugin that provides it, when it can be found")
    func pluginNamed() {
        let outcome = VouchProcess.run(["validate", "card.luhn", "4111111111111111"])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.contains(
                #"no kind or rule is named "card.luhn" ("card." names come from the plugin "card", at \#(Self.directory)/libvouch-card.so, which is not loaded: --plugin card)"#
            ), "\(outcome.stderr)")
        let form = VouchProcess.temporaryDirectory() + "/form.json"
        VouchProcess.write(#"{"vouch": 1, "fields": [{"name": "card", "rules": ["card.number"]}]}"#, to: form)
        let check = VouchProcess.run(["check", "--form", form], stdin: "{}\n")
        #expect(check.status == 2)
        #expect(check.stderr.contains(#"no rule is named "card.number" ("card." names come from the plugin "card""#), "\(check.stderr)")
        // Loaded, the plugin's rule is found, and a name it does not have gets the closest of its
        // names, not the plugin again; a namespace no plugin has gets no hint.
        #expect(VouchProcess.run(["check", "--quiet", "--plugin", "card", "--form", form], stdin: "{}\n").status == 0)
        let loaded = VouchProcess.run(["validate", "--plugin", "card", "card.numbr", "4111111111111111"])
        #expect(loaded.status == 2)
        #expect(
            loaded.stderr.contains(#"no kind or rule is named "card.numbr" (did you mean "card.number"?)"#)
                && !loaded.stderr.contains("names come from"), "\(loaded.stderr)")
        let unknown = VouchProcess.run(["validate", "acme.even", "ab"])
        #expect(unknown.status == 2)
        #expect(!unknown.stderr.contains("plugin"), "\(unknown.stderr)")
    }
}
