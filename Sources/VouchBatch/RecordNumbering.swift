/// How a reader numbers what it reads: records from `firstRecord` on, in input order, and lines
/// from `firstLine` on, so that a record is told by where it stands in the whole input even when
/// the reader is given only a part of it.
struct RecordNumbering {
    /// The number of the last record read; one less than the first before any.
    private(set) var record: Int
    /// The line reading is on.
    var line: Int

    init(firstRecord: Int, firstLine: Int) {
        record = firstRecord - 1
        line = firstLine
    }

    /// The number of the record read now.
    mutating func nextRecord() -> Int {
        record += 1
        return record
    }

    /// The number of the line read now; reading goes on at the next.
    mutating func nextLine() -> Int {
        defer { line += 1 }
        return line
    }
}
