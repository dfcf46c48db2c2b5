@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// The keys of one record that no field takes, as ranges of the record's line, so that the scanner
/// can refuse a key seen twice: a few are searched in order, more through a hash table, so that a
/// record of many unknown keys costs time in proportion to its length, not to its keys squared.
struct UnknownKeySet {
    /// Up to this many keys are compared one by one.
    static let linearLimit = 8

    private var keys: [Range<Int>] = []
    /// Open addressing: each slot holds a key's position in `keys` plus one (0: empty); its size is
    /// a power of two at least twice the keys' count. Empty while there are few keys.
    private var slots: [Int32] = []
    /// Key comparisons made since the set was made (work counted by the tests).
    private(set) var comparisons = 0

    var count: Int { keys.count }

    mutating func removeAll() {
        guard !keys.isEmpty else { return }
        keys.removeAll(keepingCapacity: true)
        if !slots.isEmpty { slots = [] }
    }

    /// Adds `key` (a range of `line`); false when the set already holds a key of the same bytes.
    mutating func insert(_ key: Range<Int>, of line: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytes = UnsafeBufferPointer(rebasing: line[key])
        if slots.isEmpty {
            for other in keys {
                comparisons += 1
                if UnsafeBufferPointer(rebasing: line[other]).hasSameBytes(as: bytes) { return false }
            }
            keys.append(key)
            if keys.count > Self.linearLimit { rebuild(line) }
            return true
        }
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        while slots[slot] != 0 {
            comparisons += 1
            if UnsafeBufferPointer(rebasing: line[keys[Int(slots[slot]) - 1]]).hasSameBytes(as: bytes) { return false }
            slot = (slot + 1) & mask
        }
        keys.append(key)
        slots[slot] = Int32(keys.count)
        if keys.count * 2 > slots.count { rebuild(line) }
        return true
    }

    /// Makes the table again, twice as large as the keys need.
    private mutating func rebuild(_ line: UnsafeBufferPointer<UInt8>) {
        var size = 16
        while size < keys.count * 4 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        let mask = size - 1
        for (position, key) in keys.enumerated() {
            var slot = Self.hash(UnsafeBufferPointer(rebasing: line[key])) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
        }
    }

    /// A hash seeded afresh in each process (Swift's `Hasher`), so that no input can be made of
    /// keys that collide.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }
}
