@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// Each field's key as a JSON line writes it — its name and the closing quote — as a
/// ``WordRun``, made once with the form, so that the scanner reads a key it expects with a compare
/// or two.
///
/// Its memory is freed by its owner (``FormPlan``), and reading it counts no references.
struct FieldKeys: Sendable {
    /// By field; no run for a name that JSON must escape (it is never expected) or that is longer
    /// than a run (it is read byte by byte).
    private let keys: UncountedArray<WordRun>

    init(names: [String]) {
        keys = UncountedArray(
            names.map { name in
                guard !name.utf8.contains(where: JSONStringSpecials.isSpecial) else { return WordRun() }
                return (Array(name.utf8) + [.quote]).withUnsafeBufferPointer { WordRun($0) } ?? WordRun()
            })
    }

    /// Frees the memory; the owner's `deinit` calls it once.
    func free() { keys.free() }

    /// Whether `line` from `start` on (just after a key's opening quote) holds field `field`'s name
    /// and the closing quote: the index after that quote, or nil. Nil also when the key has no run
    /// or too few bytes are left to compare (the caller then reads the key byte by byte).
    @inline(__always)
    func end(ofKey field: Int, at start: Int, in line: UnsafeBufferPointer<UInt8>) -> Int? {
        let key = keys.buffer.baseAddress.unsafelyUnwrapped + field
        return key.pointee.isAt(start, in: line) ? start &+ key.pointee.length : nil
    }
}
