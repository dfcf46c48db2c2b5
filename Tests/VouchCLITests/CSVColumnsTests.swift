import Testing
import VouchTestSupport

@testable import VouchCLI

/// A CSV header that does not match the form: one warning naming the columns, or with
/// `--strict-columns` an error (exit status 2) before any output.
@Suite("CSV headers against the form")
struct CSVColumnsTests {
    static let form: String = {
        let path = VouchProcess.temporaryDirectory() + "/form.json"
        VouchProcess.write(
            #"{"vouch": 1, "fields": [{"name": "name", "kind": "name", "required": true}, {"name": "email", "kind": "email"}]}"#,
            to: path)
        return path
    }()

    static func csv(_ text: String) -> String {
        let path = VouchProcess.temporaryDirectory() + "/records.csv"
        VouchProcess.write(text, to: path)
        return path
    }

    /// A header, and the warning it gets (nil: none).
    static let headers: [(String, String?)] = [
        ("name,email\nAda,ada@example.com\n", nil),
        ("email,name\nada@example.com,Ada\n", nil),
        (
            "nme,email\nAda,ada@example.com\n",
            #"the CSV header has no column for the field "name"; the column "nme" is no field of the form (did you mean "name"?)"#
        ),
        ("name\nAda\n", #"the CSV header has no column for the field "email""#),
        ("name,email,phone,notes\nAda,ada@example.com,1,x\n", #"the columns "phone" and "notes" are no fields of the form"#),
        (
            "\u{FEFF}nme,emial\nAda,ada@example.com\n",
            #"the CSV header has no column for the fields "name" and "email"; the columns "nme" and "emial" are no fields of the form (did you mean "name" for "nme", "email" for "emial"?)"#
        ),
    ]

    @Test("one warning on stderr naming the columns, and the records checked", arguments: headers)
    func warning(text: String, expected: String?) {
        let input = Self.csv(text)
        let outcome = VouchProcess.run(["check", "--quiet", "--form", Self.form, input])
        let warnings = outcome.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(!outcome.stdout.isEmpty)
        guard let expected else {
            #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
            return
        }
        #expect(warnings == ["vouch check: warning: \(input): \(expected)"[...]], "\(outcome.stderr)")
    }

    @Test("--strict-columns: an error naming them, exit status 2, no output", arguments: headers)
    func strict(text: String, expected: String?) {
        let input = Self.csv(text)
        let outcome = VouchProcess.run(["check", "--quiet", "--strict-columns", "--form", Self.form, input])
        guard let expected else {
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return
        }
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "vouch check: \(input): \(expected)\n")
    }

    @Test("from standard input the warning says so")
    func standardInput() {
        let outcome = VouchProcess.run(["check", "--quiet", "--form", Self.form, "--input-format", "csv"], stdin: "nme\nAda\n")
        #expect(
            outcome.stderr.hasPrefix(
                #"vouch check: warning: standard input: the CSV header has no column for the fields "name" and "email""#))
    }
}

/// Every error about an input file names the file.
@Suite("Input files named in errors")
struct InputFileErrorTests {
    @Test("a CSV header that is not UTF-8, an empty CSV, and a directory as input")
    func named() {
        let directory = VouchProcess.temporaryDirectory()
        let bad = directory + "/latin1.csv"
        VouchProcess.write(bytes: Array("na".utf8) + [0xE9] + Array("e\nx\n".utf8), to: bad)
        let empty = directory + "/empty.csv"
        VouchProcess.write("", to: empty)
        let cases = [
            (bad, "\(bad): the CSV header (line 1) is not valid UTF-8"),
            (empty, "\(empty): the CSV input is empty: it needs a header row"),
            (directory, "\(directory): cannot read: Is a directory"),
        ]
        for (input, expected) in cases {
            let outcome = VouchProcess.run(["check", "--quiet", "--form", CSVColumnsTests.form, "--input-format", "csv", input])
            #expect(outcome.status == 2)
            #expect(outcome.stderr == expected + "\n", "\(outcome.stderr)")
        }
    }

    @Test("a form spec that starts with a UTF-8 byte order mark is read as without one")
    func specByteOrderMark() {
        let directory = VouchProcess.temporaryDirectory()
        let spec = #"{"vouch": 1, "fields": [{"name": "email", "kind": "email", "required": true}]}"#
        VouchProcess.write(spec, to: directory + "/plain.json")
        VouchProcess.write("\u{FEFF}" + spec, to: directory + "/marked.json")
        let expected = VouchProcess.run(
            ["check", "--quiet", "--form", directory + "/plain.json"], stdin: #"{"email": "A@Example.com"}"# + "\n")
        let outcome = VouchProcess.run(
            ["check", "--quiet", "--form", directory + "/marked.json"], stdin: #"{"email": "A@Example.com"}"# + "\n")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == expected.stdout)
        let schema = VouchProcess.run(["schema", "--form", directory + "/marked.json"])
        #expect(schema.status == 0, "\(schema.stderr)")
        // A pack.json too.
        let pack = TestFiles.read("Sources/VouchData/packs/nl-NL.json").replacing("\"nl-NL\"", with: "\"nl-BE\"")
        VouchProcess.write("\u{FEFF}" + pack, to: directory + "/pack.json")
        let locales = VouchProcess.run(["list", "locales", "--pack", directory + "/pack.json"])
        #expect(locales.status == 0, "\(locales.stderr)")
        #expect(locales.lines.contains("nl-BE"))
    }
}
