/// A layout that reads what is typed or pasted into its field before its mask counts it: a phone
/// number pasted as a `tel:` URI or with `(0)`, or spelt with a keypad's letters (`1-800-FLOWERS`).
protocol TypedTextReading: Sendable {
    /// The significant characters `replacement` stands for, typed between the significant
    /// characters `before` and `after`; nil to take it as it is.
    func significantText(of replacement: String, before: [Character], after: [Character]) -> String?
}
