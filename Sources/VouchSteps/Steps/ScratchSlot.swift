import Synchronization

/// The slots' numbers, given out in order.
private let slotCount = Atomic<Int>(0)

/// A place in every thread's ``CheckScratch`` for what a step keeps there from record to record
/// (the last phone number read, the domain names converted to ASCII). The step declares its state
/// type and the slot for it, as a `static let`, in its own file:
///
/// ```swift
/// struct LastPhoneReading: ScratchState, ~Copyable { … }
///
/// extension LastPhoneReading {
///     static let slot = ScratchSlot<LastPhoneReading>()
/// }
/// ```
///
/// and reaches the state with `scratch[slot]`, which makes it (empty) the first time on each
/// thread. A step on the checking path holds a copy of its slot (`let lastReading =
/// LastPhoneReading.slot`), which it reaches without asking for the static.
struct ScratchSlot<State: ScratchState & ~Copyable>: Sendable {
    /// Where the state is in a scratch's table. Four bytes, so that a step's struct may hold its
    /// slot in the room a `Bool` leaves.
    let index: Int32

    init() {
        let index = slotCount.add(1, ordering: .relaxed).oldValue
        precondition(index < Int32.max, "too many scratch slots")
        self.index = Int32(index)
    }
}

/// What a step keeps in a ``ScratchSlot``: made empty the first time a thread reaches it, and
/// released with the thread's scratch.
protocol ScratchState: ~Copyable {
    init()
}
