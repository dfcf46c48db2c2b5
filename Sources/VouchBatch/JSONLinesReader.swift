@_spi(VouchInternal) import VouchBase

/// Reads JSON lines: one record per line; blank lines are skipped. A line longer than
/// `maxRecordBytes` (not counting its line ending, LF or CRLF) is not buffered: it becomes an
/// unreadable record and reading goes on.
package struct JSONLinesReader: RecordReader {
    package let source: ByteSource
    package let maxRecordBytes: Int
    private var numbering: RecordNumbering
    /// Bytes read past the last batch's last line, which start the next batch.
    private var carried: [UInt8] = []

    /// Records are numbered from `firstRecord`, and lines from `firstLine` (the input's first).
    package init(source: ByteSource, maxRecordBytes: Int, firstRecord: Int = 1, firstLine: Int = 1) {
        self.source = source
        self.maxRecordBytes = maxRecordBytes
        numbering = RecordNumbering(firstRecord: firstRecord, firstLine: firstLine)
    }

    package mutating func nextBatch(limit: Int, byteBudget: Int, reusing old: consuming RecordBatch) throws(BatchError) -> RecordBatch {
        var batch = consume old
        batch.records.removeAll(keepingCapacity: true)
        batch.records.reserveCapacity(min(limit, 8192))
        batch.readCount = 0
        batch.lentCount = 0
        // Input held in memory is read in place: every line of it is whole in the source's bytes
        // (``ByteSource/forEachBufferedLine(_:)``), and none is copied.
        batch.lent = source.lentBytes
        if let lent = batch.lent {
            readLent(lent, into: &batch, limit: limit, byteBudget: byteBudget)
        } else {
            try read(into: &batch, limit: limit, byteBudget: byteBudget)
        }
        return batch
    }

    /// Takes the lines of input held in memory where they lie.
    private mutating func readLent(_ lent: UnsafeBufferPointer<UInt8>, into batch: inout RecordBatch, limit: Int, byteBudget: Int) {
        source.forEachBufferedLine { line in
            guard batch.records.count < limit && batch.byteCount < byteBudget else { return false }
            let start = line.baseAddress.unsafelyUnwrapped - lent.baseAddress.unsafelyUnwrapped
            batch.lentCount += take(start..<start + line.count, of: lent, into: &batch.records)
            return true
        }
    }

    /// Reads the input straight into the batch's memory, where its lines stay: nothing is copied
    /// but the bytes read past the batch's last line, which start the next batch.
    private mutating func read(into batch: inout RecordBatch, limit: Int, byteBudget: Int) throws(BatchError) {
        // Room for the budget, what the last batch left, and a line that ends past the budget.
        let room = max(min(byteBudget, 1 << 20), carried.count) + 4096
        if batch.bytes.count < room { batch.bytes = [UInt8](repeating: 0, count: room) }
        if !carried.isEmpty {
            batch.bytes.withUnsafeMutableBufferPointer { bytes in
                carried.withUnsafeBufferPointer { bytes.baseAddress!.update(from: $0.baseAddress!, count: $0.count) }
            }
        }
        var used = carried.count
        carried.removeAll(keepingCapacity: true)
        // The start of the first line not yet taken, and how far from it a line feed was looked for.
        var next = 0
        var searched = 0
        // Whether the line at `next` grew too long: its bytes are dropped as they come.
        var tooLong = false
        while true {
            // The whole lines read, while the batch has room.
            while batch.records.count < limit && next < byteBudget && searched < used {
                let end = batch.bytes.withUnsafeBufferPointer {
                    ByteText(unsafeBuffer: UnsafeBufferPointer(rebasing: $0[..<used])).firstIndex(of: .lineFeed, from: searched)
                }
                guard end < used else {
                    searched = used
                    break
                }
                if tooLong {
                    tooLong = false
                    batch.records.append(tooLargeRecord(line: numbering.nextLine()))
                    // The line's bytes read so far were dropped: the rest of what is read moves down.
                    batch.bytes.withUnsafeMutableBufferPointer { bytes in
                        bytes.baseAddress!.advanced(by: next).update(from: bytes.baseAddress! + end + 1, count: used - end - 1)
                    }
                    used -= end + 1 - next
                } else {
                    batch.bytes.withUnsafeBufferPointer { _ = take(next..<end, of: $0, into: &batch.records) }
                    next = end + 1
                }
                searched = next
            }
            if batch.records.count >= limit || next >= byteBudget { break }
            // A line that goes on past what is read: dropped once too long to be a record.
            if !tooLong && used - next > maxRecordBytes + 1 { tooLong = true }
            if tooLong {
                used = next
                searched = next
            }
            // Input that comes slowly (`tail -f`): the records read so far go now, unless a line
            // too long is being dropped (it ends in this batch).
            if !tooLong && !batch.records.isEmpty && source.wouldBlock() { break }
            if used == batch.bytes.count { batch.bytes.append(contentsOf: repeatElement(0, count: batch.bytes.count)) }
            let count = try batch.bytes.withUnsafeMutableBufferPointer { bytes throws(BatchError) in
                try source.read(into: UnsafeMutableBufferPointer(rebasing: bytes[used...]))
            }
            guard count > 0 else {
                // The end of the input: a last line without a line feed is a line, unless a signal
                // stopped the reading in it.
                if source.stopped {
                    used = next
                } else if tooLong {
                    batch.records.append(tooLargeRecord(line: numbering.nextLine()))
                    used = next
                } else if next < used {
                    batch.bytes.withUnsafeBufferPointer { _ = take(next..<used, of: $0, into: &batch.records) }
                    next = used
                }
                break
            }
            used += count
        }
        carried.append(contentsOf: batch.bytes[next..<used])
        batch.readCount = next
    }

    /// Adds the record of the line at `range` of `bytes` (without its line feed, with its CR if it
    /// has one) to `records`: none for a blank line, an unreadable one for a line too long. The
    /// number of bytes of the JSON line added, 0 for none.
    @inline(__always)
    private mutating func take(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, into records: inout [InputRecord]) -> Int {
        let lineNumber = numbering.nextLine()
        let endsWithCR = !range.isEmpty && bytes[range.upperBound - 1] == .carriageReturn
        guard fits(range.count, endsWithCR: endsWithCR) else {
            records.append(tooLargeRecord(line: lineNumber))
            return 0
        }
        let line = range.lowerBound..<range.upperBound - (endsWithCR ? 1 : 0)
        if bytes[line].allSatisfy({ $0 == .space || $0 == .tab }) { return 0 }
        records.append(InputRecord(number: numbering.nextRecord(), line: lineNumber, content: .json(line)))
        return line.count
    }

    private mutating func tooLargeRecord(line: Int) -> InputRecord {
        InputRecord(
            number: numbering.nextRecord(), line: line,
            content: .unreadable(code: "too_large", message: "the record has more than \(maxRecordBytes) bytes"))
    }

    /// Whether a line of `count` bytes is within the limit: the CR of a CRLF line ending is not counted.
    private func fits(_ count: Int, endsWithCR: Bool) -> Bool {
        count <= maxRecordBytes || (count == maxRecordBytes + 1 && endsWithCR)
    }
}
