@_spi(VouchInternal) import VouchBase

/// Reads JSON lines: one record per line; blank lines are skipped. A line longer than
/// `maxRecordBytes` (not counting its line ending, LF or CRLF) is not buffered: it becomes an
/// unreadable record and reading goes on.
package struct JSONLinesReader: RecordReader {
    package let source: ByteSource
    package let maxRecordBytes: Int
    private var numbering: RecordNumbering

    /// Records are numbered from `firstRecord`, and lines from `firstLine` (the input's first).
    package init(source: ByteSource, maxRecordBytes: Int, firstRecord: Int = 1, firstLine: Int = 1) {
        self.source = source
        self.maxRecordBytes = maxRecordBytes
        numbering = RecordNumbering(firstRecord: firstRecord, firstLine: firstLine)
    }

    package mutating func nextBatch(limit: Int, byteBudget: Int, reusing old: RecordBatch) throws(BatchError) -> RecordBatch {
        var batch = old
        batch.bytes.removeAll(keepingCapacity: true)
        batch.records.removeAll(keepingCapacity: true)
        // Input held in memory is read in place: every line of it is whole in the source's bytes
        // (``ByteSource/forEachBufferedLine(_:)``), and none is copied.
        let lent = source.lentBytes
        batch.lent = lent
        batch.lentCount = 0
        if lent == nil { batch.bytes.reserveCapacity(min(byteBudget, 1 << 20) + 4096) }
        batch.records.reserveCapacity(min(limit, 8192))
        while batch.records.count < limit && batch.byteCount < byteBudget {
            // Whole lines already read, without a call per line.
            source.forEachBufferedLine { line in
                guard batch.records.count < limit && batch.byteCount < byteBudget,
                    fits(line.count, endsWithCR: line.last == .carriageReturn)
                else { return false }
                let lineNumber = numbering.nextLine()
                var line = line
                if line.last == .carriageReturn { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
                if line.allSatisfy({ $0 == .space || $0 == .tab }) { return true }
                let range: Range<Int>
                if let lent {
                    let start = line.baseAddress.unsafelyUnwrapped - lent.baseAddress.unsafelyUnwrapped
                    range = start..<start + line.count
                    batch.lentCount += line.count
                } else {
                    let start = batch.bytes.count
                    batch.bytes.append(contentsOf: line)
                    range = start..<batch.bytes.count
                }
                batch.records.append(InputRecord(number: numbering.nextRecord(), line: lineNumber, content: .json(range)))
                return true
            }
            guard batch.records.count < limit && batch.byteCount < byteBudget else { break }
            // Input that comes slowly (`tail -f`): the records read so far go now.
            if !batch.records.isEmpty && source.wouldBlock() { break }
            // A line that goes on past what is read: its bytes go straight into the batch; a line
            // that grows too long is dropped.
            let start = batch.bytes.count
            var tooLong = false
            var ended = false
            while true {
                // One byte more than the limit, for the CR of a CRLF, checked when the line ends.
                let maximum = maxRecordBytes + 1
                guard
                    let complete = try source.scan(
                        until: .lineFeed,
                        { chunk in
                            if tooLong { return }
                            if batch.bytes.count - start + chunk.count > maximum {
                                tooLong = true
                                batch.bytes.removeSubrange(start...)
                            } else {
                                batch.bytes.append(contentsOf: chunk)
                            }
                        })
                else {
                    ended = true
                    break
                }
                if complete { break }
            }
            if ended && source.stopped {
                // Stopped by a signal: the line read in part is not a record.
                batch.bytes.removeSubrange(start...)
                break
            }
            if ended && batch.bytes.count == start && !tooLong { break }
            if !tooLong && !fits(batch.bytes.count - start, endsWithCR: batch.bytes.last == .carriageReturn) {
                tooLong = true
                batch.bytes.removeSubrange(start...)
            }
            let line = numbering.nextLine()
            if batch.bytes.last == .carriageReturn && batch.bytes.count > start { batch.bytes.removeLast() }
            if tooLong {
                batch.records.append(
                    InputRecord(
                        number: numbering.nextRecord(), line: line,
                        content: .unreadable(code: "too_large", message: "the record has more than \(maxRecordBytes) bytes")))
            } else if batch.bytes[start...].allSatisfy({ $0 == .space || $0 == .tab }) {
                batch.bytes.removeSubrange(start...)
            } else {
                // Input held in memory is read in place above: a line of it comes here only when
                // it is too long to read.
                assert(lent == nil, "a line of input held in memory is read in place")
                batch.records.append(InputRecord(number: numbering.nextRecord(), line: line, content: .json(start..<batch.bytes.count)))
            }
            if ended { break }
        }
        return batch
    }

    /// Whether a line of `count` bytes is within the limit: the CR of a CRLF line ending is not counted.
    private func fits(_ count: Int, endsWithCR: Bool) -> Bool {
        count <= maxRecordBytes || (count == maxRecordBytes + 1 && endsWithCR)
    }
}
