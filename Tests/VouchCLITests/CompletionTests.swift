import Testing
import VouchTestSupport

/// The shell completions and the man page, written from the commands' own specs, tried in the
/// shells themselves.
@Suite("Completions and the man page")
struct CompletionTests {
    /// `vouch completions SHELL` in a file, written once for all the cases of a shell (an empty
    /// file if the command failed, which every case then shows).
    static func script(_ shell: String) -> String {
        let outcome = VouchProcess.run(["completions", shell])
        let path = VouchProcess.temporaryDirectory() + "/vouch." + shell
        VouchProcess.write(outcome.status == 0 ? outcome.stdout : "", to: path)
        return path
    }
    static let bashScript = script("bash")
    static let fishScript = script("fish")

    @Test(
        "bash offers commands, options, their choices and files",
        arguments: [
            ("vouch ch", "check"),
            ("vouch s", "schema"),
            ("vouch check --ou", "--output"),
            ("vouch check --output ''", "jsonl csv"),
            ("vouch check --only i", "invalid"),
            ("vouch check --input-format ''", "jsonl csv"),
            ("vouch validate number --pa", "--pack --param"),
            ("vouch list f", "formatters"),
            ("vouch completions ''", "bash zsh fish"),
            ("vouch check --form Examples/signup.f", "Examples/signup.form.json"),
            ("vouch validate text -- --ou", ""),
        ])
    func bash(line: String, offered: String) {
        let script = Self.bashScript
        let command = """
            source \(script); COMP_WORDS=(\(line)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _vouch; echo "${COMPREPLY[*]}"
            """
        let outcome = ChildProcess.run("/bin/bash", ["-c", command], stdin: "", environment: ["PATH=/usr/bin:/bin"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == offered + "\n", "\(line)")
    }

    @Test(
        "fish offers commands, options and their choices",
        arguments: [
            ("vouch sch", ["schema"]),
            ("vouch check --onl", ["--only"]),
            ("vouch check --output ", ["csv", "jsonl"]),
            ("vouch format --can", ["--canonical"]),
            ("vouch list ", ["formatters", "kinds", "locales", "plugins", "rules"]),
        ])
    func fish(line: String, offered: [String]) {
        let script = Self.fishScript
        let outcome = ChildProcess.run(
            "/usr/bin/fish", ["--no-config", "-c", "source \(script); complete -C '\(line)'"], stdin: "",
            environment: ["PATH=/usr/bin:/bin", "HOME=/tmp"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let words = outcome.lines.map { String($0.split(separator: "\t").first ?? "") }.sorted()
        #expect(words == offered, "\(line)")
    }

    @Test("zsh reads its script, which has every command and option")
    func zsh() {
        let script = Self.script("zsh")
        let outcome = ChildProcess.run("/usr/bin/zsh", ["-n", script], stdin: "", environment: ["PATH=/usr/bin:/bin"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let text = VouchProcess.read(script)
        #expect(text.hasPrefix("#compdef vouch\n"))
        #expect(
            text.contains(
                "'--output=[the output: JSON lines (default), or CSV with a column per field, valid and errors]:jsonl|csv:(jsonl csv)'"))
        #expect(text.contains("'*--pack=[load locale packs from DIR (a pack, or a directory of packs)]:DIR:_files -/'"))
        #expect(text.contains("'schema:Write a JSON Schema (2020-12) of the records a form spec reads.'"))
        // Loaded into a shell with completion, the function is defined.
        let loaded = ChildProcess.run(
            "/usr/bin/zsh",
            [
                "-f", "-c",
                "autoload -Uz compinit && compinit -u -d /tmp/vouch-zcompdump-$$; source \(script) 2>/dev/null; whence -w _vouch",
            ],
            stdin: "", environment: ["PATH=/usr/bin:/bin", "HOME=/tmp"])
        #expect(loaded.stdout == "_vouch: function\n", "\(loaded.stderr)")
    }

    @Test("the man page has every command and option, and man renders it without a warning")
    func manPage() {
        let outcome = VouchProcess.run(["man"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix(".TH VOUCH 1 "))
        for command in ["check", "validate", "format", "edit", "list", "schema", "completions", "man"] {
            #expect(outcome.stdout.contains(".SS vouch \(command)"), "\(command)")
        }
        for option in ["\\-\\-output", "\\-\\-only", "\\-\\-param", "\\-\\-form", "\\-\\-canonical", "\\-\\-max\\-record\\-bytes"] {
            #expect(outcome.stdout.contains(".B \(option)"), "\(option)")
        }
        let path = VouchProcess.temporaryDirectory() + "/vouch.1"
        VouchProcess.write(outcome.stdout, to: path)
        let rendered = ChildProcess.run(
            "/usr/bin/man", ["--warnings", "-E", "UTF-8", "-l", path], stdin: "",
            environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat"])
        #expect(rendered.status == 0)
        #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
        #expect(rendered.stdout.contains("vouch validate text -- --x"), "-- is documented")
        #expect(rendered.stdout.contains("VOUCH_PLUGIN_PATH"))
    }
}
