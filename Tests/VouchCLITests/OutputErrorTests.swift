import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Output that cannot be written is an error: the command never reports success for it.
@Suite("Output that cannot be written")
struct OutputErrorTests {
    @Test(
        "a full disk ends every command with exit 2 and a message",
        arguments: [
            ["check", "--quiet", "--form", "Examples/signup.form.json", "Examples/signups.jsonl"],
            ["--version"],
            ["format", "phone", "2015550123"],
            ["validate", "email", "a@example.com"],
            ["list"],
            ["check", "--help"],
        ])
    func fullDisk(arguments: [String]) {
        let outcome = VouchProcess.run(arguments, stdoutPath: "/dev/full")
        #expect(outcome.status == 2, "\(arguments)")
        #expect(outcome.stderr.contains("vouch: cannot write the output: No space left on device"), "\(outcome.stderr)")
        #expect(outcome.stderr.ranges(of: "cannot write").count == 1, "said once: \(outcome.stderr)")
    }

    /// A form of one email field and 400,000 valid records of it: more output than a pipe holds.
    static func manyRecords() -> (form: String, input: String) {
        let directory = VouchProcess.temporaryDirectory()
        let form = directory + "/form.json"
        VouchProcess.write(#"{"vouch": 1, "fields": [{"name": "email", "kind": "email"}]}"#, to: form)
        let input = directory + "/many.jsonl"
        VouchProcess.write((0..<400_000).map { #"{"email": "user\#($0)@example.org"}"# }.joined(separator: "\n"), to: input)
        return (form, input)
    }

    @Test("check into `head -1` ends with exit 2, not killed by SIGPIPE (141)")
    func pipeToHead() {
        let (form, input) = Self.manyRecords()
        // SIGPIPE as a shell leaves it (the test runner may ignore it, and its children with it).
        let script = """
            env --default-signal=PIPE "\(VouchProcess.executable)" check --quiet --form "\(form)" "\(input)" | head -1
            echo "status ${PIPESTATUS[0]}"
            """
        let result = shell(script)
        if let report = SanitizerReport.find(in: result) { Issue.record("\(report)") }
        #expect(result.hasPrefix(#"{"record":1,"valid":true"#), "\(result.prefix(200))")
        #expect(result.contains("status 2"), "\(result)")
        #expect(result.ranges(of: "the reader of the output went away").count == 1, "\(result)")
    }

    @Test("with SIGPIPE ignored, check stops when its reader goes away, with exit 2")
    func closedPipe() {
        let (form, input) = Self.manyRecords()
        // `trap "" PIPE` leaves SIGPIPE ignored for vouch, as process supervisors often do.
        let script = """
            trap "" PIPE
            "\(VouchProcess.executable)" check --quiet --jobs 1 --form "\(form)" "\(input)" | head -c 100 > /dev/null
            echo "status ${PIPESTATUS[0]}"
            """
        let result = shell(script)
        if let report = SanitizerReport.find(in: result) { Issue.record("\(report)") }
        #expect(result.contains("status 2"), "\(result)")
        #expect(result.contains("vouch: cannot write the output: the reader of the output went away"), "\(result)")
    }

    /// Runs a bash script; its standard output and error together.
    func shell(_ script: String) -> String {
        let directory = VouchProcess.temporaryDirectory()
        let path = directory + "/script.sh"
        VouchProcess.write(script, to: path)
        guard let pipe = popen("/bin/bash \(path) 2>&1", "r") else { return "popen failed" }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            output += buffer[..<count]
        }
        pclose(pipe)
        return String(decoding: output, as: UTF8.self)
    }
}

/// Numbers from the command line and from edits files are range-checked: a usage error, never a
/// trap or a run that eats the machine.
@Suite("Numbers out of range")
struct NumberRangeTests {
    @Test(
        "check's numeric options",
        arguments: [
            ("--jobs", "2251799813685248"), ("--jobs", "0"), ("--jobs", "-3"), ("--max-record-bytes", "9223372036854775807"),
            ("--max-value-bytes", "99999999999999999999"),
        ])
    func options(option: String, value: String) {
        let outcome = VouchProcess.run(["check", option, value, "--form", "Examples/signup.form.json", "Examples/signups.jsonl"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("\(option) takes a whole number from 1 to"), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
    }

    @Test(
        "edit steps with counts and offsets too large",
        arguments: [
            (#"{"backspace": 9007199254740992}"#, "backspace takes a count from 1 to 10000"),
            (#"{"backspace": 100000000}"#, "backspace takes a count from 1 to 10000"),
            (#"{"backspace": 0}"#, "backspace takes a count from 1 to 10000"),
            (#"{"replace": [9007199254740992, 1], "with": "x"}"#, "replace takes a start and a length from 0 to 1000000"),
            (#"{"replace": [0, -1], "with": "x"}"#, "replace takes a start and a length from 0 to 1000000"),
        ])
    func edits(step: String, message: String) {
        let path = VouchProcess.temporaryDirectory() + "/edits.json"
        VouchProcess.write(#"{"kind": "phone", "locale": "en-US", "edits": [{"type": "201"}, \#(step)]}"#, to: path)
        let outcome = VouchProcess.run(["edit", path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("edits[1]: \(message)"), "\(outcome.stderr)")
    }
}

/// A byte order mark at the start of the input (as spreadsheets write it) is not part of the data.
@Suite("Byte order marks")
struct ByteOrderMarkTests {
    @Test("CSV and JSON lines that start with a byte order mark are read as without one", arguments: ["csv", "jsonl"])
    func skipped(format: String) {
        let directory = VouchProcess.temporaryDirectory()
        let form = directory + "/form.json"
        VouchProcess.write(#"{"vouch": 1, "fields": [{"name": "email", "kind": "email", "required": true}]}"#, to: form)
        let body = format == "csv" ? "email\na@example.com\n" : #"{"email": "a@example.com"}"# + "\n"
        let plain = directory + "/plain." + format
        let marked = directory + "/marked." + format
        VouchProcess.write(body, to: plain)
        VouchProcess.write("\u{FEFF}" + body, to: marked)
        let expected = VouchProcess.run(["check", "--quiet", "--form", form, plain])
        let outcome = VouchProcess.run(["check", "--quiet", "--form", form, marked])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == expected.stdout)
        #expect(outcome.stdout.contains(#""valid":true"#))
    }
}

/// Specs, packs and edit scripts are regular files of a bounded size: a device, a FIFO or a huge
/// file is refused before it is read, never read whole or waited on.
@Suite("Files read with limits")
struct FileLimitTests {
    static func directory() -> String { VouchProcess.temporaryDirectory() }

    @Test("a device, a FIFO and a sparse gigabyte as the form spec")
    func forms() {
        let folder = Self.directory()
        let fifo = folder + "/fifo.json"
        mkfifo(fifo, 0o600)
        let sparse = folder + "/sparse.json"
        let descriptor = open(sparse, O_WRONLY | O_CREAT, 0o600)
        ftruncate(descriptor, 1 << 30)
        close(descriptor)
        for (path, message) in [
            ("/dev/zero", "not a regular file"), (fifo, "not a regular file"), (sparse, "more than the limit of 16777216"),
        ] {
            let outcome = VouchProcess.run(["check", "--form", path, "Examples/signups.jsonl"])
            #expect(outcome.status == 2, "\(path)")
            #expect(outcome.stderr.contains(message), "\(path): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
    }

    @Test("--max-file-bytes lowers or raises the limit, for specs, packs and plugins")
    func limit() {
        let folder = Self.directory()
        let form = folder + "/form.json"
        VouchProcess.write(#"{"vouch": 1, "fields": [{"name": "email", "kind": "email"}]}"#, to: form)
        let small = VouchProcess.run(["check", "--quiet", "--max-file-bytes", "20", "--form", form], stdin: #"{"email": "a@b.org"}"#)
        #expect(small.status == 2)
        #expect(small.stderr.contains("more than the limit of 20"), "\(small.stderr)")
        let enough = VouchProcess.run(["check", "--quiet", "--max-file-bytes", "1000", "--form", form], stdin: #"{"email": "a@b.org"}"#)
        #expect(enough.status == 0)
        let plugin = String(VouchProcess.executable[..<VouchProcess.executable.lastIndex(of: "/")!]) + "/libvouch-iban.so"
        let smallPlugin = VouchProcess.run(["check", "--quiet", "--max-file-bytes", "1000", "--plugin", plugin, "--form", form], stdin: "")
        #expect(smallPlugin.status == 2)
        #expect(smallPlugin.stderr.hasPrefix("\(plugin): the file has "), "\(smallPlugin.stderr)")
        #expect(smallPlugin.stderr.contains("more than the limit of 1000"), "\(smallPlugin.stderr)")
        #expect(
            VouchProcess.run(["check", "--quiet", "--plugin", plugin, "--form", form], stdin: "").status == 0,
            "64 MiB for plugins unless given")
        mkdir(folder + "/pack", 0o700)
        mkfifo(folder + "/pack/pack.json", 0o600)
        let pack = VouchProcess.run(["check", "--quiet", "--pack", folder + "/pack", "--form", form], stdin: #"{"email": "a@b.org"}"#)
        #expect(pack.status == 2)
        #expect(pack.stderr.contains("pack.json"), "\(pack.stderr)")
        #expect(pack.stderr.contains("not a regular file"), "\(pack.stderr)")
    }
}
