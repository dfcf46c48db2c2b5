import Testing
import VouchTestSupport

/// `vouch check` on input that comes slowly, and stopped by a signal.
@Suite("Slow input and signals")
struct StreamingTests {
    /// Runs `script` with sh, the variables `vouch`, `form` and `dir` set, and the function `within`
    /// that waits until the command it is given succeeds, at most 120 s (a debug build starts slowly
    /// on a loaded machine), and fails after that; its standard output.
    static func run(_ script: String) -> String {
        let directory = VouchProcess.temporaryDirectory()
        VouchProcess.write(#"{"vouch": 1, "fields": [{"name": "email", "kind": "email", "required": true}]}"#, to: directory + "/form.json")
        let within = #"within() { n=0; until eval "$1"; do [ $n -lt 2400 ] || return 1; sleep 0.05; n=$((n+1)); done; }"#
        let outcome = ChildProcess.run(
            "/bin/sh",
            ["-c", "vouch='\(VouchProcess.executable)'; form='\(directory)/form.json'; dir='\(directory)'\n\(within)\n" + script],
            environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"] + SanitizerReport.environment)
        if let report = SanitizerReport.find(in: outcome.stdout + outcome.stderr) { Issue.record("\(report)") }
        return outcome.stdout
    }

    @Test(
        "records come out while the input is still open; a signal then ends the run with 128 + its number",
        arguments: [("TERM", 143), ("INT", 130), ("HUP", 129)])
    func slowInput(signal: String, status: Int) {
        let result = Self.run(
            """
            written() { cat "$dir/out" 2>/dev/null | wc -l; }
            mkfifo "$dir/in"
            "$vouch" check --quiet --jobs 2 --form "$form" < "$dir/in" > "$dir/out" 2> "$dir/err" &
            pid=$!
            exec 3> "$dir/in"
            i=0; while [ $i -lt 12 ]; do echo '{"email": "ada@example.org"}' >&3; i=$((i+1)); done
            # The 12 results, the input still open, also say that vouch catches the signals (it does
            # so before it reads). Without them the signal is not sent: a SIGINT could be ignored,
            # as a background job starts with it ignored, and the run would never end.
            if within '[ "$(written)" -ge 12 ]'; then
                echo "written while open: $(written)"
                kill -\(signal) $pid
                within 'grep -q "stopped by" "$dir/err"' || { echo "not stopped 120 s after SIG\(signal)"; kill -KILL $pid; }
            else
                echo "written while open in 120 s: $(written)"; kill -KILL $pid
            fi
            wait $pid; echo "status $?"
            exec 3>&-
            cat "$dir/err"
            """)
        #expect(result.contains("written while open: 12"), "\(result)")
        #expect(result.contains("status \(status)"), "\(result)")
        #expect(result.contains("vouch check: stopped by SIG\(signal): 12 records checked and written"), "\(result)")
    }

    @Test("a SIGHUP ignored at start (nohup) stays ignored: the run goes on to the end of its input")
    func hangupIgnoredUnderNohup() {
        let result = Self.run(
            """
            written() { cat "$dir/out" 2>/dev/null | wc -l; }
            mkfifo "$dir/in"
            (trap '' HUP; exec "$vouch" check --quiet --form "$form" < "$dir/in" > "$dir/out" 2> "$dir/err") &
            pid=$!
            exec 3> "$dir/in"
            echo '{"email": "ada@example.org"}' >&3
            if within '[ "$(written)" -ge 1 ]'; then
                kill -HUP $pid
                echo '{"email": "grace@example.org"}' >&3
                within '[ "$(written)" -ge 2 ]' || echo "stopped by the hangup"
            else
                echo "nothing written in 120 s"; kill -KILL $pid
            fi
            exec 3>&-
            wait $pid; echo "status $?"
            echo "lines $(written)"
            cat "$dir/err"
            """)
        #expect(result.contains("status 0"), "\(result)")
        #expect(result.contains("lines 2"), "\(result)")
        #expect(!result.contains("stopped by"), "\(result)")
    }

    @Test("stopped in the middle of a large input: whole lines only, and stderr says how far")
    func largeInput() {
        let result = Self.run(
            """
            mkfifo "$dir/in"
            "$vouch" check --quiet --form "$form" < "$dir/in" > "$dir/out" 2> "$dir/err" &
            pid=$!
            yes '{"email": "ada@example.org"}' > "$dir/in" &
            writer=$!
            within '[ -s "$dir/out" ]'
            kill -TERM $pid; wait $pid; echo "status $?"
            kill $writer
            echo "lines $(wc -l < "$dir/out")"
            echo "last byte $(tail -c 1 "$dir/out" | od -An -tx1 | tr -d ' ')"
            echo "whole $(grep -c '^{"record":[0-9]*,"valid":true,"values":{"email":"ada@example.org"},"errors":\\[\\]}$' "$dir/out")"
            cat "$dir/err"
            """)
        #expect(result.contains("status 143"), "\(result)")
        #expect(result.contains("last byte 0a"), "\(result)")
        let lines = result.firstMatch(of: /lines (\d+)/).map { String($0.1) } ?? "?"
        #expect(result.contains("whole \(lines)"), "every line is a whole record: \(result)")
        #expect(result.contains("stopped by SIGTERM: \(lines) records checked and written"), "\(result)")
    }
}
