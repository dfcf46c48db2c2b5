import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// Async rules ("is this user name free?"): debounced on the form's clock, pending meanwhile,
/// cancelled by later typing, applied only to the text they checked.
@Suite("Async rules")
@MainActor
struct AsyncRuleTests {
    /// The names the server says are taken, and every name it was asked about.
    final class Server: Sendable {
        let taken: Set<String>
        private let asked = Lock<[String]>([])
        init(taken: Set<String>) { self.taken = taken }
        var questions: [String] { asked.withLock { $0 } }
        func isFree(_ name: String) -> Bool {
            asked.withLock { $0.append(name) }
            return !taken.contains(name)
        }
    }

    nonisolated static let messages = [
        ("en-US", "This name is taken."), ("de-DE", "Dieser Name ist vergeben."), ("fr-FR", "Ce nom est déjà pris."),
        ("ja-JP", "この名前は使用されています。"), ("pt-BR", "Este nome já está em uso."),
    ]

    func form(locale: String, clock: ManualClock) throws -> Form {
        let spec = #"""
            {"vouch": 1, "locale": "\#(locale)", "fields": [
              {"name": "user", "required": true, "validate": "change", "rules": [{"rule": "length", "min": 3}]},
              {"name": "email", "kind": "email"}]}
            """#
        let form = try Form(json: spec, registry: Registry())
        form.clock = clock
        return form
    }

    @Test("typing on cancels the check under way; only the last text is checked, once", arguments: messages)
    func debounced(locale: String, message: String) async throws {
        let clock = ManualClock()
        let form = try form(locale: locale, clock: clock)
        let server = Server(taken: ["ada"])
        let user = try #require(form["user"])
        user.addAsyncRule(code: "name_taken", debounce: .milliseconds(300)) { name in server.isFree(name) ? nil : message }
        user.beginEditing()
        // Each step: the key typed, the time that passes, then the state.
        let table: [(String?, Duration, FieldState)] = [
            ("a", .zero, .error),  // too short: no async check
            ("d", .zero, .error),
            ("a", .zero, .pending),  // "ada": its own rules pass, the check waits
            (nil, .milliseconds(200), .pending),
            ("m", .zero, .pending),  // "adam": the wait starts again
            (nil, .milliseconds(200), .pending),  // 400 ms after "ada", 200 after "adam"
            (nil, .milliseconds(100), .active),  // 300 ms after "adam": checked, free
        ]
        for (index, (key, elapsed, state)) in table.enumerated() {
            if let key { user.type(key) }
            if elapsed > .zero {
                await settle { clock.sleeperCount > 0 }
                clock.advance(by: elapsed)
            }
            if state != .pending { await user.waitForAsyncChecks() }
            #expect(user.state == state, "step \(index + 1)")
        }
        #expect(server.questions == ["adam"], "ada was never asked: typing went on within the debounce interval")
        user.deleteBackward()
        #expect(user.state == .pending)
        await settle { clock.sleeperCount > 0 }
        clock.advance(by: .milliseconds(300))
        await user.waitForAsyncChecks()
        #expect(user.state == .error)
        #expect(user.violations.map(\.code) == ["name_taken"])
        #expect(user.violations.first?.message == message)
        #expect(form.firstInvalidField === user)
        user.type("x")
        #expect(user.violations.isEmpty, "a new text: the finding goes")
        #expect(form.isPending)
        // The last check ends before the test does.
        await settle { clock.sleeperCount > 0 }
        clock.advance(by: .milliseconds(300))
        await user.waitForAsyncChecks()
        #expect(!form.isPending && user.state == .active)
    }

    @Test("a finding that comes back after the text changed is not applied")
    func lateFinding() async throws {
        let clock = ManualClock()
        let form = try form(locale: "en-US", clock: clock)
        let user = try #require(form["user"])
        // The server answers only when the test lets it.
        let gate = Gate()
        let asked = Lock<[String]>([])
        user.addAsyncRule(code: "name_taken", debounce: .milliseconds(50)) { name in
            asked.withLock { $0.append(name) }
            await gate.wait()
            return "taken"
        }
        user.setText("grace")
        await settle { clock.sleeperCount > 0 }
        clock.advance(by: .milliseconds(50))
        await settle { asked.withLock { $0 } == ["grace"] }
        #expect(user.state == .pending, "the check runs")
        user.setText("grace2")  // cancels it while the server thinks
        gate.open()
        await settle { clock.sleeperCount > 0 }
        #expect(user.violations.isEmpty, "the finding on grace is dropped")
        #expect(user.state == .pending, "grace2 waits its own turn")
        user.disable()
        #expect(!user.isPending && user.state == .disabled, "disabling cancels the check")
        #expect(form.values["user"] == nil)
    }

    /// A door the test opens once; tasks that wait on it go on then.
    final class Gate: Sendable {
        private let state = Lock<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
        func wait() async {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.open { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
        func open() {
            let waiting = state.withLock { state in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }
}
