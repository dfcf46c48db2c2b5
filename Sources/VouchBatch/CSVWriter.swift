/// Writes CSV rows as RFC 4180 has them: cells separated by commas, a cell quoted when it holds a
/// comma, a quote, a line break or space at either end, its quotes doubled; rows end with a line feed.
package enum CSVWriter {
    package static func writeRow(_ cells: [String], into output: inout [UInt8]) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            writeCell(cell, into: &output)
        }
        output.append(UInt8(ascii: "\n"))
    }

    package static func writeCell(_ cell: String, into output: inout [UInt8]) {
        let bytes = cell.utf8
        let quoted =
            bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
            || bytes.first == UInt8(ascii: " ") || bytes.last == UInt8(ascii: " ")
        guard quoted else {
            output.append(contentsOf: bytes)
            return
        }
        output.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { output.append(byte) }
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
    }
}
