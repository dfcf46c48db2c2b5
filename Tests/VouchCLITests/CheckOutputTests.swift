import Testing

/// `vouch check --output csv` and `--only`.
@Suite("What vouch check writes")
struct CheckOutputTests {
    static let form = "Examples/signup.form.json"
    static let records = "Examples/signups.jsonl"

    @Test("--output csv: a header, then per record its number, each field's canonical value, valid and errors")
    func csv() {
        let outcome = VouchProcess.run(["check", "--quiet", "--output", "csv", "--form", Self.form, Self.records])
        #expect(outcome.status == 1)
        let lines = outcome.lines
        #expect(lines.count == 5)
        #expect(
            lines[0] == "record,first_name,last_name,email,phone,zip,state,birth_date,website,newsletter,topics,valid,errors",
            "no column for the passwords")
        #expect(
            lines[1]
                == #"1,Ada,Lovelace,ada@example.com,"'+12015550123",94103,CA,1985-12-10,https://example.com/ada,yes,"[""swift"",""forms""]",true,"#
        )
        #expect(lines[2] == #"2,Mary-Jane,O'Neil,mj@bücher.example,"'+14155550199",10001-1234,NY,1990-07-04,,no,,true,"#)
        #expect(lines[3].hasPrefix(#"3,,Turing,,,,,,,,,false,"first_name: This field is required.; email: Enter a valid email address.; "#))
        #expect(
            lines[4]
                == #"4,Grace,Hopper,grace@navy.example,"'+12025550147",20001,DC,1906-12-09,,yes,,false,"topics[1]: Choose one of: swift, forms, or i18n.""#
        )
        #expect(!outcome.stdout.contains("correct horse"))
    }

    @Test(
        "CSV cells are quoted when they hold a comma, a quote, a line break or space at an end",
        arguments: [
            ("plain", "plain"), ("a, b", #""a, b""#), (#"say "hi""#, #""say ""hi""""#), ("two\nlines", "\"two\nlines\""),
            ("", ""),
        ])
    func quoting(value: String, cell: String) throws {
        let directory = VouchProcess.temporaryDirectory()
        VouchProcess.write(#"{"vouch": 1, "fields": [{"name": "note", "kind": "area"}]}"#, to: directory + "/form.json")
        var escaped = ""
        for character in value { escaped += character == "\n" ? "\\n" : character == "\"" ? "\\\"" : String(character) }
        let outcome = VouchProcess.run(
            ["check", "--quiet", "--output", "csv", "--form", directory + "/form.json"], stdin: "{\"note\": \"\(escaped)\"}\n")
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "record,note,valid,errors\n1,\(cell),true,\n")
    }

    @Test(
        "CSV cells a spreadsheet would run as formulas get a ' (OWASP), control characters their pictures",
        arguments: [
            ("=HYPERLINK(\"http://x.example\")", #""'=HYPERLINK(""http://x.example"")""#, #""=HYPERLINK(""http://x.example"")""#),
            ("@SUM(A1:A9)", #""'@SUM(A1:A9)""#, "@SUM(A1:A9)"), ("+1", #""'+1""#, "+1"), ("-1", #""'-1""#, "-1"),
            ("a=b", "a=b", "a=b"),
            ("nul\u{0}esc\u{1B}del\u{7F}", "nul␀esc␛del␡", "nul␀esc␛del␡"),
        ])
    func formulas(value: String, cell: String, asIs: String) throws {
        let directory = VouchProcess.temporaryDirectory()
        VouchProcess.write(#"{"vouch": 1, "fields": [{"name": "note", "kind": "area"}]}"#, to: directory + "/form.json")
        var escaped = ""
        for scalar in value.unicodeScalars {
            escaped +=
                scalar == "\""
                ? "\\\""
                : scalar.value < 0x20 || scalar.value == 0x7F
                    ? "\\u00" + String(scalar.value, radix: 16).uppercased().leftPadded() : String(scalar)
        }
        let record = "{\"note\": \"\(escaped)\"}\n"
        let safe = VouchProcess.run(["check", "--quiet", "--output", "csv", "--form", directory + "/form.json"], stdin: record)
        #expect(safe.stdout == "record,note,valid,errors\n1,\(cell),true,\n", "\(safe.stdout) \(safe.stderr)")
        let raw = VouchProcess.run(
            ["check", "--quiet", "--output", "csv", "--csv-formulas", "--form", directory + "/form.json"], stdin: record)
        #expect(raw.stdout == "record,note,valid,errors\n1,\(asIs),true,\n")
    }

    @Test("--only valid and --only invalid: the records written; the summary still counts all")
    func only() {
        let invalid = VouchProcess.run(["check", "--only", "invalid", "--form", Self.form, Self.records])
        #expect(invalid.status == 1)
        #expect(invalid.lines.map { String($0.prefix(12)) } == [#"{"record":3,"#, #"{"record":4,"#])
        #expect(invalid.stderr.hasPrefix("vouch check: 4 records: 2 valid, 2 invalid, 0 unreadable"))
        let valid = VouchProcess.run(["check", "--quiet", "--only", "valid", "--output", "csv", "--form", Self.form, Self.records])
        #expect(valid.lines.map { String($0.prefix(2)) } == ["re", "1,", "2,"])
        let unreadable = VouchProcess.run(
            ["check", "--quiet", "--only", "invalid", "--output", "csv", "--form", Self.form], stdin: "{\"first_name\": \n")
        #expect(unreadable.lines.count == 2)
        #expect(unreadable.lines[1].hasPrefix(#"1,,,,,,,,,,,false,"line 1: "#), "an unreadable record is invalid, its reason in errors")
        let all = VouchProcess.run(["check", "--quiet", "--form", Self.form, Self.records])
        let both = VouchProcess.run(["check", "--quiet", "--only", "valid", "--form", Self.form, Self.records]).lines + invalid.lines
        #expect(both.sorted() == all.lines.sorted())
    }

    @Test("a bad --output or --only is a usage error before any output")
    func badChoices() {
        for (option, value, message) in [
            ("--output", "xml", "--output is jsonl or csv, not xml"), ("--only", "some", "--only is valid or invalid, not some"),
        ] {
            let outcome = VouchProcess.run(["check", option, value, "--form", Self.form, Self.records])
            #expect(outcome.status == 2)
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr.contains(message))
        }
    }
}

extension String {
    /// Two hex digits.
    fileprivate func leftPadded() -> String { count < 2 ? "0" + self : self }
}
