import Synchronization

/// What one thread keeps from record to record while it checks: PCRE2 match data, buffers, and
/// what the last steps read, so that checking a valid record allocates nothing.
///
/// A scratch belongs to one thread at a time; steps receive it (`inout`) with the text they work on.
struct CheckScratch: ~Copyable {
    /// Match data for every regex the thread matches.
    let matchData = RegexMatchData()
    /// A buffer a rule may use for a normal form of its text.
    var formatted = ByteBuffer(capacity: 256)
    /// A buffer steps may use for a moment (a formatter's second pass, a rule's normal form).
    var temporary = ByteBuffer(capacity: 256)
    /// What steps keep on this thread from record to record, by ``ScratchSlot``: made the first
    /// time a step asks, and released with the scratch.
    private var states: [UnsafeMutableRawPointer?] = []
    private var releases: [() -> Void] = []

    init() {}

    deinit {
        for release in releases { release() }
    }

    /// Calls `body` with this thread's state of `slot`.
    @inline(__always)
    mutating func withState<State: ~Copyable, Result>(_ slot: ScratchSlot<State>, _ body: (inout State) -> Result) -> Result {
        body(&state(slot).pointee)
    }

    private mutating func state<State: ~Copyable>(_ slot: ScratchSlot<State>) -> UnsafeMutablePointer<State> {
        if slot.index < states.count, let state = states[slot.index] { return state.assumingMemoryBound(to: State.self) }
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: slot.make())
        if slot.index >= states.count { states.append(contentsOf: repeatElement(nil, count: slot.index + 1 - states.count)) }
        states[slot.index] = UnsafeMutableRawPointer(state)
        releases.append {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        return state
    }
}

/// Tells apart the steps whose last result a thread remembers (a phone plan, a postal code format).
final class StepIdentity: Sendable {}

/// The slots' numbers, given out in order.
private let scratchSlots = Atomic<Int>(0)

/// A place in every thread's ``CheckScratch`` for one sort of state that steps keep from record to
/// record (the last phone number read, the domain names converted to ASCII). The steps that share
/// the state declare its slot once, as a `static let`, and reach the state with
/// ``CheckScratch/withState(_:_:)``, which makes it the first time on each thread.
struct ScratchSlot<State: ~Copyable>: Sendable {
    let index: Int
    let make: @Sendable () -> State

    init(_ make: @escaping @Sendable () -> State) {
        index = scratchSlots.add(1, ordering: .relaxed).oldValue
        self.make = make
    }
}

/// The last text some step wrote, and which step (by identity) wrote it.
struct LastText: ~Copyable {
    private var text = ByteBuffer()
    private var owner: ObjectIdentifier?

    /// Whether `text` is the last text `owner` wrote.
    func isLast(_ text: ByteText, by owner: AnyObject) -> Bool {
        self.owner == ObjectIdentifier(owner) && self.text.text.hasSameBytes(as: text)
    }

    mutating func remember(_ text: ByteText, by owner: AnyObject) {
        self.text.removeAll()
        self.text.append(contentsOf: text)
        self.owner = ObjectIdentifier(owner)
    }
}
