@_spi(VouchInternal) import VouchBase

/// Reads CSV (RFC 4180) with a header row: each later row is a record of header name to cell.
///
/// Cells may be quoted (`"a, b"`, `"say ""hi"""`), and quoted cells may hold line breaks; rows end
/// with LF or CRLF; blank lines are skipped. A row with another number of cells than the header, a
/// cell that is not UTF-8, an unterminated quote, or a row over `maxRecordBytes` is an unreadable
/// record, and reading goes on.
package struct CSVReader: RecordReader {
    package let source: ByteSource
    package let maxRecordBytes: Int
    /// The header's names, read with the first row.
    private(set) var header: [String]?
    private var numbering: RecordNumbering

    /// Records are numbered from `firstRecord`, and lines from `firstLine` (the header's).
    package init(source: ByteSource, maxRecordBytes: Int, firstRecord: Int = 1, firstLine: Int = 1) {
        self.source = source
        self.maxRecordBytes = maxRecordBytes
        numbering = RecordNumbering(firstRecord: firstRecord, firstLine: firstLine)
    }

    /// A row as read: its cells' bytes, the line it started on, and what was wrong with it.
    private struct Row {
        var cells: [[UInt8]] = []
        var line: Int
        var problem: (code: String, message: String)?
    }

    package mutating func readHeader() throws(BatchError) -> [String] {
        if let header { return header }
        guard let row = try nextRow() else { throw BatchError("\(source.name): the CSV input is empty: it needs a header row") }
        if let problem = row.problem { throw BatchError("\(source.name): the CSV header (line \(row.line)): \(problem.message)") }
        var names: [String] = []
        for cell in row.cells {
            guard let name = String(validating: cell, as: UTF8.self) else {
                throw BatchError("\(source.name): the CSV header (line \(row.line)) is not valid UTF-8")
            }
            names.append(name.trimmingWhitespace())
        }
        header = names
        return names
    }

    package mutating func nextBatch(limit: Int, byteBudget: Int, reusing old: consuming RecordBatch) throws(BatchError) -> RecordBatch {
        let names = try readHeader()
        var batch: [InputRecord] = []
        var bytes = 0
        // Input that comes slowly (`tail -f`): the records read so far go when no more is there.
        while batch.count < limit && bytes < byteBudget && (batch.isEmpty || !source.wouldBlock()), let row = try nextRow() {
            let number = numbering.nextRecord()
            if let problem = row.problem {
                batch.append(
                    InputRecord(number: number, line: row.line, content: .unreadable(code: problem.code, message: problem.message)))
                continue
            }
            guard row.cells.count == names.count else {
                batch.append(
                    InputRecord(
                        number: number, line: row.line,
                        content: .unreadable(
                            code: "cell_count", message: "the row has \(row.cells.count) cells; the header has \(names.count)")))
                continue
            }
            var cells: [String] = []
            cells.reserveCapacity(row.cells.count)
            for (index, cell) in row.cells.enumerated() {
                guard let text = String(validating: cell, as: UTF8.self) else {
                    cells = []
                    batch.append(
                        InputRecord(
                            number: number, line: row.line,
                            content: .unreadable(code: "invalid_utf8", message: "column \"\(names[index])\" is not valid UTF-8")))
                    break
                }
                cells.append(text)
                bytes += cell.count
            }
            if cells.count == names.count { batch.append(InputRecord(number: number, line: row.line, content: .cells(cells))) }
        }
        return RecordBatch(records: batch)
    }

    /// The next non-blank row, or nil at the end.
    ///
    /// Every byte of the row counts toward `maxRecordBytes` (separators and quotes too), but not its
    /// line ending, LF or CRLF; past the limit, neither bytes nor cells are kept, so that a row of
    /// commas costs no more memory than a row of letters.
    private mutating func nextRow() throws(BatchError) -> Row? {
        while true {
            var row = Row(line: numbering.line)
            var cell: [UInt8] = []
            var size = 0
            var cells = 0
            var cellStarted = false
            var quoted = false
            var inQuotes = false
            var sawAny = false
            var previous: UInt8 = 0
            let limit = maxRecordBytes
            func add(_ byte: UInt8) {
                cellStarted = true
                if size <= limit { cell.append(byte) }
            }
            func endCell() {
                cells += 1
                if size <= limit { row.cells.append(cell) }
                cell = []
                cellStarted = false
                quoted = false
            }
            while true {
                guard let byte = try source.next() else {
                    if source.stopped { return nil }  // stopped by a signal: a row read in part is no record
                    if inQuotes { row.problem = ("unterminated_quote", "a quoted cell is not closed before the end of the input") }
                    if !sawAny { return nil }
                    endCell()
                    return finish(row, size: size)
                }
                sawAny = true
                defer { previous = byte }
                if inQuotes {
                    size += 1
                    if byte == UInt8(ascii: "\"") {
                        inQuotes = false
                    } else {
                        if byte == UInt8(ascii: "\n") { numbering.line += 1 }
                        add(byte)
                    }
                    continue
                }
                if byte != UInt8(ascii: "\n") { size += 1 }
                switch byte {
                case UInt8(ascii: "\""):
                    // A quote opens a quoted cell at its start, or is a doubled quote inside one.
                    if !cellStarted && !quoted {
                        quoted = true
                        inQuotes = true
                    } else if quoted {
                        add(byte)
                        inQuotes = true
                    } else {
                        add(byte)
                    }
                case UInt8(ascii: ","):
                    endCell()
                case UInt8(ascii: "\n"):
                    numbering.line += 1
                    if previous == UInt8(ascii: "\r") {
                        // The CR of a CRLF line ending: not the cell's, and not counted.
                        if !quoted && size <= limit { cell.removeLast() }
                        size -= 1
                    }
                    if cells == 0 && size == 0 && !quoted {
                        // A blank line.
                        row = Row(line: numbering.line)
                        cell = []
                        cellStarted = false
                        sawAny = false
                        continue
                    }
                    endCell()
                    return finish(row, size: size)
                case UInt8(ascii: "\r") where quoted:
                    break  // the CR of CRLF after a closing quote
                default:
                    add(byte)
                }
            }
        }
    }

    private func finish(_ row: Row, size: Int) -> Row {
        var row = row
        if size > maxRecordBytes, row.problem == nil {
            row.problem = ("too_large", "the record has more than \(maxRecordBytes) bytes")
            row.cells = []
        }
        return row
    }
}
