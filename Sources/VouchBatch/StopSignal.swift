import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP, caught while `vouch check` runs, so that it stops reading, writes
/// the records it has read as whole lines, and ends with 128 + the signal's number, instead of
/// dying in the middle of a line. A second signal of the same kind ends it at once. A SIGHUP that
/// was ignored when the command started (`nohup`) stays ignored.
package enum StopSignal {
    private static let received = Atomic<Int32>(0)
    package static let caught: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Catches the signals (once for each: the handler is reset when one arrives).
    package static func install() {
        _ = received.load(ordering: .relaxed)  // made before any handler may run
        for number in caught {
            if number == SIGHUP && isIgnored(number) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in StopSignal.received.store(number, ordering: .relaxed) }
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The signal that asked to stop, or nil.
    package static var signal: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// The signal's name: `SIGTERM`.
    package static func name(_ number: Int32) -> String {
        switch number {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}
