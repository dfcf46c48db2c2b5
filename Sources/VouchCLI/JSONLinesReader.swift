/// Reads JSON lines: one record per line; blank lines are skipped. A line longer than
/// `maxRecordBytes` is not buffered: it becomes an unreadable record and reading goes on.
struct JSONLinesReader: RecordReader {
    let source: ByteSource
    let maxRecordBytes: Int
    private var line = 0
    private var number = 0

    init(source: ByteSource, maxRecordBytes: Int) {
        self.source = source
        self.maxRecordBytes = maxRecordBytes
    }

    mutating func nextBatch(limit: Int, byteBudget: Int) throws(CommandError) -> [InputRecord] {
        var batch: [InputRecord] = []
        var bytes = 0
        while batch.count < limit && bytes < byteBudget {
            var current: [UInt8] = []
            var tooLong = false
            var ended = false
            while true {
                let maximum = maxRecordBytes
                guard
                    let complete = try source.scan(
                        until: UInt8(ascii: "\n"),
                        { chunk in
                            if tooLong { return }
                            if current.count + chunk.count > maximum {
                                tooLong = true
                                current = []
                            } else {
                                current.append(contentsOf: chunk)
                            }
                        })
                else {
                    ended = true
                    break
                }
                if complete { break }
            }
            if ended && current.isEmpty && !tooLong { break }
            line += 1
            if current.last == UInt8(ascii: "\r") { current.removeLast() }
            if tooLong {
                number += 1
                batch.append(
                    InputRecord(number: number, line: line, content: .unreadable(code: "too_large", message: "the record has more than \(maxRecordBytes) bytes")))
            } else if !current.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                number += 1
                bytes += current.count
                batch.append(InputRecord(number: number, line: line, content: .json(current)))
            }
            if ended { break }
        }
        return batch
    }
}
