@_spi(VouchInternal) import VouchBase

/// The last text some step wrote, and which step (by identity) wrote it: a postal code format
/// remembers the code it normalized, so that its rule does not normalize it again.
struct LastText: ScratchState, ~Copyable {
    private var text = ByteBuffer()
    /// Held, not only compared: while a thread remembers a step, no other step can take its
    /// address (scratch outlives forms in the shared state of the `String` calls).
    private var owner: StepIdentity?

    init() {}

    /// Whether `text` is the last text `owner` wrote.
    @inline(__always)
    func isLast(_ text: ByteText, by owner: StepIdentity) -> Bool {
        self.owner === owner && self.text.text.hasSameBytes(as: text)
    }

    @inline(__always)
    mutating func remember(_ text: ByteText, by owner: StepIdentity) {
        self.text.removeAll()
        self.text.append(contentsOf: text)
        if self.owner !== owner { self.owner = owner }
    }
}
