import Synchronization
import Testing

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// A step keeps state on a thread through a slot it declares itself: each slot of a scratch has
/// its own state, made empty the first time a step reaches it, kept from one use to the next,
/// and released with the scratch.
@Suite("Scratch slots", .serialized)
struct ScratchSlotTests {
    /// How many ``Tally`` states are alive.
    static let alive = Atomic<Int>(0)

    /// Something that outlives a use, as a step's cache does.
    final class Marker {
        init() { ScratchSlotTests.alive.add(1, ordering: .relaxed) }
        deinit { ScratchSlotTests.alive.subtract(1, ordering: .relaxed) }
    }

    /// A state as a step would declare it in its own file.
    struct Tally: ScratchState, ~Copyable {
        var count = 0
        let marker = Marker()
        init() {}
    }

    /// More slots than a scratch has room for at first, so that its table grows.
    static let slots = (0..<20).map { _ in ScratchSlot<Tally>() }

    @Test("each slot has its own state, kept from one use to the next")
    func statesAreApart() {
        var scratch = CheckScratch()
        for (place, slot) in Self.slots.enumerated() {
            #expect(scratch[slot].count == 0)
            scratch[slot].count += place + 1
        }
        for (place, slot) in Self.slots.enumerated().reversed() { scratch[slot].count += place + 1 }
        #expect(Self.slots.map { scratch[$0].count } == (0..<20).map { 2 * ($0 + 1) })
    }

    @Test("a scratch releases the states it made")
    func statesAreReleased() {
        let before = Self.alive.load(ordering: .relaxed)
        do {
            var scratch = CheckScratch()
            for slot in Self.slots.prefix(12) { scratch[slot].count = 1 }
            #expect(Self.alive.load(ordering: .relaxed) - before == 12)
        }
        #expect(Self.alive.load(ordering: .relaxed) == before)
    }

    @Test("two scratches keep their states apart")
    func scratchesAreApart() {
        var first = CheckScratch()
        var second = CheckScratch()
        first[Self.slots[3]].count = 5
        #expect(second[Self.slots[3]].count == 0)
        second[Self.slots[3]].count = 7
        #expect(first[Self.slots[3]].count == 5)
    }
}
