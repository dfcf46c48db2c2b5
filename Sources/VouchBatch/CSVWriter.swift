@_spi(VouchInternal) import VouchBase

/// Writes CSV rows as RFC 4180 has them: cells separated by commas, a cell quoted when it holds a
/// comma, a quote, a line break or space at either end, its quotes doubled; rows end with a line feed.
///
/// Made safe for spreadsheets unless told otherwise: a cell that starts with `=`, `+`, `-`, `@`, a
/// tab or a carriage return (which a spreadsheet may run as a formula: `=HYPERLINK(…)`) gets a `'`
/// before it and is quoted, as OWASP's advice on CSV injection has it; and control characters
/// other than tab, line feed and carriage return (NUL, ESC, DEL) are written as their Unicode
/// control pictures (`␀`, `␛`, `␡`), so that no terminal or spreadsheet acts on them.
package struct CSVWriter {
    /// Whether cells that a spreadsheet may read as formulas are written as they are.
    package var formulasAsIs = false

    package func writeRow(_ cells: [String], into output: inout ByteBuffer) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            writeCell(cell, into: &output)
        }
        output.append(UInt8(ascii: "\n"))
    }

    package func writeCell(_ cell: String, into output: inout ByteBuffer) {
        let bytes = cell.utf8
        let formula = !formulasAsIs && bytes.first.map(Self.startsFormula) == true
        let quoted =
            formula
            || bytes.contains {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
            }
            || bytes.first == UInt8(ascii: " ") || bytes.last == UInt8(ascii: " ")
        if quoted { output.append(UInt8(ascii: "\"")) }
        if formula { output.append(UInt8(ascii: "'")) }
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { output.append(byte) }
            if Self.isHidden(byte) {
                // U+2400 + the byte, U+2421 for DEL, in UTF-8.
                let picture: UInt32 = byte == 0x7F ? 0x2421 : 0x2400 + UInt32(byte)
                output.append(0xE2)
                output.append(UInt8(0x80 | (picture >> 6) & 0x3F))
                output.append(UInt8(0x80 | picture & 0x3F))
            } else {
                output.append(byte)
            }
        }
        if quoted { output.append(UInt8(ascii: "\"")) }
    }

    /// `=`, `+`, `-`, `@`, tab, carriage return: what a spreadsheet may take for a formula's start.
    private static func startsFormula(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "@") || byte == 0x09
            || byte == 0x0D
    }

    /// A control character other than tab, line feed and carriage return.
    private static func isHidden(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F }
}
