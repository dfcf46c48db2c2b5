/// Field names by their UTF-8 bytes, for reading records without making a `String` per key.
struct FieldNameTable: Sendable {
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
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index + 1)
        }
        self.slots = slots
        self.mask = size - 1
    }

    /// The index of the field named by `key`, or nil.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        var slot = Self.hash(key) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if names[entry - 1].withUnsafeBufferPointer({ $0.elementsEqual(key) }) { return entry - 1 }
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
