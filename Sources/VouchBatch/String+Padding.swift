extension String {
    /// The text padded with spaces to `width` characters, on the right (or the left, to align
    /// numbers), for the columns of help, lists and summaries.
    package func padding(_ width: Int, left: Bool = false) -> String {
        let pad = String(repeating: " ", count: max(0, width - count))
        return left ? pad + self : self + pad
    }
}
