@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// Each field's key as a JSON line writes it — its name and the closing quote — in words of eight
/// bytes, made once with the form, so that the scanner reads a key it expects with a compare or two.
///
/// Its memory is freed by its owner (``FormPlan``), and reading it counts no references.
struct FieldKeys: Sendable {
    /// Where a field's words are, how many bytes its key has with the closing quote, and which
    /// bytes of its last word count. A name that JSON must escape has no words: it is never expected.
    struct Key {
        var firstWord = 0
        var words = 0
        var length = 0
        var lastMask: UInt64 = 0
    }

    private let keys: UncountedArray<Key>
    private let words: UncountedArray<UInt64>

    init(names: [String]) {
        var keys: [Key] = []
        var words: [UInt64] = []
        for name in names {
            let bytes = Array(name.utf8) + [.quote]
            guard !name.utf8.contains(where: JSONStringSpecials.isSpecial) else {
                keys.append(Key())
                continue
            }
            var key = Key(firstWord: words.count, words: (bytes.count + 7) / 8, length: bytes.count)
            for start in stride(from: 0, to: bytes.count, by: 8) {
                var word: UInt64 = 0
                for (offset, byte) in bytes[start..<min(start + 8, bytes.count)].enumerated() { word |= UInt64(byte) << (8 * offset) }
                words.append(word)
            }
            let lastBytes = bytes.count - 8 * (key.words - 1)
            key.lastMask = lastBytes == 8 ? ~0 : (1 << (8 * lastBytes)) - 1
            keys.append(key)
        }
        self.keys = UncountedArray(keys)
        self.words = UncountedArray(words)
    }

    /// Frees the memory; the owner's `deinit` calls it once.
    func free() {
        keys.free()
        words.free()
    }

    /// Whether `line` from `start` on (just after a key's opening quote) holds field `field`'s name
    /// and the closing quote: the index after that quote, or nil. Nil also when the line has fewer
    /// than the key's words of bytes from `start` on (the caller then reads the key byte by byte).
    @inline(__always)
    func end(ofKey field: Int, at start: Int, in line: UnsafeBufferPointer<UInt8>) -> Int? {
        let key = keys[field]
        guard key.words > 0, start + 8 * key.words <= line.count, let base = line.baseAddress else { return nil }
        let text = UnsafeRawPointer(base + start)
        var word = 0
        while word < key.words - 1 {
            guard text.loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self) == words[key.firstWord + word] else { return nil }
            word += 1
        }
        let last = text.loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self)
        guard last & key.lastMask == words[key.firstWord + word] else { return nil }
        return start + key.length
    }
}
