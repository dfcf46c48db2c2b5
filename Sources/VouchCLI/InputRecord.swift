/// One record read from the input, before it is checked: its number, where it starts, and its
/// content, or why it could not be read.
struct InputRecord {
    enum Content {
        /// A JSON line: where it lies in its batch's bytes.
        case json(Range<Int>)
        /// A CSV row's cells.
        case cells([String])
        /// Unreadable: a code and a message (the line is added when written).
        case unreadable(code: String, message: String)
    }

    /// 1-based, in input order.
    let number: Int
    /// The 1-based line the record starts on.
    let line: Int
    let content: Content
}

/// Records read together: their contents, and the bytes their JSON lines lie in.
struct RecordBatch {
    var bytes: [UInt8] = []
    var records: [InputRecord] = []

    var isEmpty: Bool { records.isEmpty }
}

/// Reads records from a source, a batch at a time.
protocol RecordReader {
    /// Up to `limit` records, or fewer when their bytes pass `byteBudget`; empty at the end.
    /// `batch` is an earlier batch to reuse the memory of.
    mutating func nextBatch(limit: Int, byteBudget: Int, reusing batch: RecordBatch) throws(CommandError) -> RecordBatch
}

extension RecordReader {
    mutating func nextBatch(limit: Int, byteBudget: Int) throws(CommandError) -> RecordBatch {
        try nextBatch(limit: limit, byteBudget: byteBudget, reusing: RecordBatch())
    }
}
