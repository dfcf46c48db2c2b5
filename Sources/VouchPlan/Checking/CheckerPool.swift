@_spi(VouchInternal) import VouchBase

/// Checking state kept for the threads that validate with one form, so that each call of
/// ``FormSchema/validate(_:)-(JSONObject)`` reuses buffers instead of making them.
final class CheckerPool: Sendable {
    private let states = Lock<[CheckState]>([])
    /// Enough for the threads of a busy process; more are made and dropped as needed.
    private static let capacity = 16

    /// Runs `body` with checking state that no other thread is using.
    func withState<R>(_ body: (CheckState) -> R) -> R {
        let state = take()
        defer { giveBack(state) }
        return body(state)
    }

    /// State that no other thread is using, until it is given back.
    func take() -> CheckState {
        states.withLock { $0.popLast() } ?? CheckState()
    }

    func giveBack(_ state: CheckState) {
        states.withLock { states in
            if states.count < Self.capacity { states.append(state) }
        }
    }
}
