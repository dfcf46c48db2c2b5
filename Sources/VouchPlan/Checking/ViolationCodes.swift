@_spi(VouchInternal) import VouchBase

/// Small numbers for violation codes, so that a ``CheckTally`` counts a violation by indexing a
/// list instead of comparing its code with those it has counted.
///
/// Each form has its own (``FormPlan/codes``), made empty when the form is compiled: its steps'
/// codes are not all known then (a plugin's rule returns what it likes). A code gets the next
/// number the first time a check of the form makes a violation with it, so the table holds the
/// codes the form produced (with `invalid`, which stands for any when only validity is wanted),
/// and those of tallies of other forms merged into tallies counted with it; it goes with the form.
///
/// The threads checking with one form share its numbers: a code is numbered under a lock, but only
/// when a violation is made, and a thread makes each once for the records that have it.
final class ViolationCodes: Sendable {
    private struct Table {
        var numbers: [String: Int] = [:]
        var codes: [String] = []
    }

    private let table = Lock(Table())

    /// The number of `code`, given it the first time it is asked for.
    func number(of code: String) -> Int {
        table.withLock { table in
            if let number = table.numbers[code] { return number }
            table.codes.append(code)
            table.numbers[code] = table.codes.count - 1
            return table.codes.count - 1
        }
    }

    /// The codes numbered 0 up to `count`, in order.
    func codes(upTo count: Int) -> [String] {
        table.withLock { Array($0.codes.prefix(count)) }
    }
}
