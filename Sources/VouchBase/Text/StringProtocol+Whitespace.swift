@_spi(VouchInternal) extension StringProtocol {
    /// The text without leading and trailing white space (Unicode White_Space): the one way Vouch
    /// trims text, in the `trim` formatter, choices, tokens, numbers, phones and CSV headers.
    public func trimmingWhitespace() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let end = lastIndex(where: { !$0.isWhitespace })!
        return String(self[start...end])
    }
}
