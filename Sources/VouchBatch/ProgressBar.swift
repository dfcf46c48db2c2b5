#if canImport(Glibc)
    import Glibc
#endif

/// A one-line progress report on stderr (records, rate, and percentage when the input's size is
/// known), redrawn at most ten times a second; only when stderr is a terminal.
package final class ProgressBar {
    private let total: Int?
    private let started = ContinuousClock.now
    private var lastDrawn = ContinuousClock.now
    private var drawn = false

    /// A bar, or nil when stderr is not a terminal or `quiet` is set.
    package init?(total: Int?, quiet: Bool) {
        guard !quiet, isatty(2) == 1 else { return nil }
        self.total = total
    }

    package func update(records: Int, bytes: Int) {
        let now = ContinuousClock.now
        guard now - lastDrawn >= .milliseconds(100) else { return }
        lastDrawn = now
        let seconds = Double((now - started).components.attoseconds) / 1e18 + Double((now - started).components.seconds)
        var text = "\r\u{1B}[K\(records) records  \(seconds > 0 ? Int(Double(records) / seconds) : 0) records/s"
        if let total, total > 0 { text += "  \(min(100, bytes * 100 / total))%" }
        printRaw(text)
        drawn = true
    }

    /// Clears the line before the summary.
    package func finish() {
        if drawn { printRaw("\r\u{1B}[K") }
    }

    private func printRaw(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
