/// One record read from the input, before it is checked: its number, where it starts, and its
/// content, or why it could not be read.
package struct InputRecord {
    package enum Content {
        /// A JSON line: where it lies in its batch's bytes.
        case json(Range<Int>)
        /// A CSV row's cells.
        case cells([String])
        /// Unreadable: a code and a message (the line is added when written).
        case unreadable(code: String, message: String)
    }

    /// 1-based, in input order.
    package let number: Int
    /// The 1-based line the record starts on.
    package let line: Int
    package let content: Content
}

/// Records read together: their contents, and the bytes their JSON lines lie in.
package struct RecordBatch {
    package var bytes: [UInt8] = []
    package var records: [InputRecord] = []

    package var isEmpty: Bool { records.isEmpty }
}

/// Reads records from a source, a batch at a time.
package protocol RecordReader {
    /// Up to `limit` records, or fewer when their bytes pass `byteBudget`; empty at the end.
    /// `batch` is an earlier batch to reuse the memory of.
    mutating func nextBatch(limit: Int, byteBudget: Int, reusing batch: RecordBatch) throws(BatchError) -> RecordBatch
}

extension RecordReader {
    package mutating func nextBatch(limit: Int, byteBudget: Int) throws(BatchError) -> RecordBatch {
        try nextBatch(limit: limit, byteBudget: byteBudget, reusing: RecordBatch())
    }
}
