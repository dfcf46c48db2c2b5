@_spi(VouchInternal) import VouchBase

/// What one thread keeps from record to record while it checks: PCRE2 match data, buffers, and
/// what steps keep in their ``ScratchSlot``s, so that checking a valid record allocates nothing.
///
/// A scratch belongs to one thread at a time; steps receive it (`inout`) with the text they work on.
package struct CheckScratch: ~Copyable {
    /// Match data for every regex the thread matches.
    let matchData = RegexMatchData()
    /// A buffer a rule may use for a normal form of its text.
    var formatted = ByteBuffer(capacity: 256)
    /// A buffer steps may use for a moment (a formatter's second pass, a rule's normal form).
    var temporary = ByteBuffer(capacity: 256)
    /// The steps' states, by ``ScratchSlot/index``: nil until a step reaches its slot on this
    /// thread. The states are held in memory of their own, so that reaching one costs no
    /// reference counting nor exclusivity check.
    private var states: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    /// How many slots `states` has room for; it grows when a step reaches a slot past them.
    private var capacity = 0
    /// How to release each state made, with its memory.
    private var releases: [() -> Void] = []

    package init() {}

    deinit {
        for release in releases { release() }
        states?.deallocate()
    }

    /// This thread's state of `slot`, made the first time it is reached.
    subscript<State: ScratchState & ~Copyable>(slot: ScratchSlot<State>) -> State {
        @inline(__always) mutating unsafeAddress { UnsafePointer(state(slot)) }
        @inline(__always) mutating unsafeMutableAddress { state(slot) }
    }

    @inline(__always)
    private mutating func state<State: ScratchState & ~Copyable>(_ slot: ScratchSlot<State>) -> UnsafeMutablePointer<State> {
        if slot.index < capacity, let state = states.unsafelyUnwrapped[Int(slot.index)] { return state.assumingMemoryBound(to: State.self) }
        return makeState(slot)
    }

    @inline(never)
    private mutating func makeState<State: ScratchState & ~Copyable>(_ slot: ScratchSlot<State>) -> UnsafeMutablePointer<State> {
        let index = Int(slot.index)
        if index >= capacity {
            let larger = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: max(8, 2 * index))
            larger.initialize(repeating: nil, count: max(8, 2 * index))
            if let states {
                larger.update(from: states, count: capacity)
                states.deallocate()
            }
            states = larger
            capacity = max(8, 2 * index)
        }
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        states.unsafelyUnwrapped[index] = UnsafeMutableRawPointer(state)
        releases.append {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        return state
    }
}

/// Tells apart the steps whose last result a thread remembers (a phone plan, a postal code format).
final class StepIdentity: Sendable {}
