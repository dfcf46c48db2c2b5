import Testing

/// No character of a password value, nor where in it something went wrong, in any output or
/// error of the command.
@Suite("Secrets in messages")
struct SecretOutputTests {
    static let form = #"{"vouch": 1, "fields": [{"name": "password", "kind": "password"}]}"#

    @Test(
        "a record that cannot be read names the string's start, no character of it",
        arguments: [
            #"{"password":"SeCrEt\qXYZ"}"#, #"{"password":"SeCrEt\u12QXYZ"}"#, #"{"password":"SeCrEt\uD800XYZ"}"#,
            "{\"password\":\"SeCrEt\u{01}XYZ\"}", #"{"password":"SeCrEtXYZ"#, #"{"password":"SeCrEt\"#,
        ])
    func unreadable(record: String) {
        let directory = VouchProcess.temporaryDirectory()
        VouchProcess.write(Self.form, to: directory + "/form.json")
        let outcome = VouchProcess.run(["check", "--quiet", "--form", directory + "/form.json"], stdin: record + "\n")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains(#""code":"invalid_json""#), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("column 13: the string that starts here is not valid JSON"), "\(outcome.stdout)")
        for secret in ["'q'", "XYZ", "12Q", "D800", "U+0001", "SeCrEt"] {
            #expect(!outcome.stdout.contains(secret), "\(secret): \(outcome.stdout)")
        }
    }

    @Test("vouch edit of secret tokens shows where they are, never what they are")
    func editTokens() {
        let path = VouchProcess.temporaryDirectory() + "/edits.json"
        VouchProcess.write(
            #"""
            {"field": {"name": "keys", "kind": "tokens", "token_kind": "password"},
             "edits": [{"type": "SECRET1,SECRET2,SECR"}, {"backspace": 2}, {"paste": "SECRET3,"}, {"add": "SECRET4"}]}
            """#, to: path)
        let outcome = VouchProcess.run(["edit", path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stdout.contains("SEC"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("[•••] [•••] ••••|"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("token 3: <secret>"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("valid: <secret>"), "\(outcome.stdout)")
    }

    @Test(
        "vouch format of a secret kind is refused",
        arguments: [["password", "hunter2"], ["tokens", "--param", "token_kind=password", "a,b"]])
    func format(arguments: [String]) {
        let outcome = VouchProcess.run(["format"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("values are secret and are never written out"), "\(outcome.stderr)")
    }
}
