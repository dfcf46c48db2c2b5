#if canImport(Glibc)
    import Glibc
#endif

/// Keys (field names, region codes) by their UTF-8 bytes: a look-up of bytes without making a
/// `String` of them.
final class ByteKeyTable: Sendable {
    private let names: [[UInt8]]
    /// Open addressing: slot to field index + 1 (0 for an empty slot).
    private let slots: [Int32]
    private let mask: Int

    init(_ names: [String]) {
        self.names = names.map { Array($0.utf8) }
        var size = 8
        while size < names.count * 2 { size <<= 1 }
        var slots = [Int32](repeating: 0, count: size)
        for (index, name) in self.names.enumerated() {
            var slot = name.withUnsafeBufferPointer(Self.hash) & (size - 1)
            // A name given twice keeps its last index, as a dictionary would.
            while slots[slot] != 0 && self.names[Int(slots[slot]) - 1] != name { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index + 1)
        }
        self.slots = slots
        self.mask = size - 1
    }

    /// The index of `key`, or nil; `expected` is tried first (records tend to list their keys in
    /// the same order).
    func index(of key: UnsafeBufferPointer<UInt8>, expected: Int) -> Int? {
        if expected < names.count, Self.equal(names[expected], key) { return expected }
        return index(of: key)
    }

    private static func equal(_ name: [UInt8], _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        name.count == key.count && name.withUnsafeBufferPointer { memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
    }

    /// The name at `index`, as a `String`.
    func name(at index: Int) -> String { String(decoding: names[index], as: UTF8.self) }

    /// The index of `key` among the names the table was made from, or nil.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        var slot = Self.hash(key) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if Self.equal(names[entry - 1], key) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ hash >> 32)
    }
}
