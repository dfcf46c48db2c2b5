/// One record read from the input, before it is checked: its number, where it starts, and its
/// content, or why it could not be read.
package struct InputRecord {
    package enum Content {
        /// A JSON line: where it lies in its batch's lines (``RecordBatch/withLines(_:)``).
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

/// Records read together: their contents, and the bytes their JSON lines lie in: the batch's own
/// memory, into which a file's lines are read (``bytes``), or the input itself when it is held in
/// memory (``lent``), read in place.
package struct RecordBatch {
    /// Memory a file's lines are read into, kept from batch to batch: its first ``readCount``
    /// bytes hold the batch's lines; the rest is room.
    package var bytes: [UInt8] = []
    package var readCount = 0
    /// The input the JSON lines' ranges are in, when it is held in memory and outlives the batch;
    /// nil when they are in ``bytes``.
    package var lent: UnsafeBufferPointer<UInt8>?
    /// The bytes of the JSON lines read in place, in ``lent``.
    package var lentCount = 0
    package var records: [InputRecord] = []

    package var isEmpty: Bool { records.isEmpty }

    /// The bytes of the batch's lines, wherever they lie.
    package var byteCount: Int { readCount + lentCount }

    /// Calls `body` with the bytes the JSON lines' ranges are in.
    @inline(__always)
    package func withLines<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let lent { return body(lent) }
        return bytes.withUnsafeBufferPointer(body)
    }
}

/// Reads records from a source, a batch at a time.
package protocol RecordReader {
    /// Up to `limit` records, or fewer when their bytes pass `byteBudget`; empty at the end.
    /// `batch` is an earlier batch to reuse the memory of.
    mutating func nextBatch(limit: Int, byteBudget: Int, reusing batch: consuming RecordBatch) throws(BatchError) -> RecordBatch
}

extension RecordReader {
    package mutating func nextBatch(limit: Int, byteBudget: Int) throws(BatchError) -> RecordBatch {
        try nextBatch(limit: limit, byteBudget: byteBudget, reusing: RecordBatch())
    }
}
