@_spi(VouchInternal) import VouchBase

/// Reads full-width forms as the ASCII ones they stand for, where digits and codes are expected:
/// the full-width digits, letters and signs (`１０１１７`, `２０２６/０３/１５`, U+FF01 to U+FF5E)
/// become ASCII, and the ideographic space and the no-break spaces (U+3000, U+00A0, U+2007,
/// U+202F) plain spaces. Text without any of them is left as it is (and costs one pass over its
/// bytes).
struct WidthFormatter: ByteFormatter {
    /// Plain text is ASCII.
    var leavesPlainTextAsIs: Bool { true }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        // Every form this changes starts with a byte from 0xC2 up; ASCII text is let through,
        // tested eight bytes at a time.
        guard !text.isASCII else { return false }
        var changed = false
        var index = 0
        let start = output.count
        while index < text.count {
            let byte = text[index]
            let rest = text.count - index
            if byte == 0xEF, rest >= 3, text[index + 1] == 0xBC, (0x81...0xBF).contains(text[index + 2]) {
                // U+FF01 to U+FF3F: `！` to `＿`.
                output.append(text[index + 2] - 0x81 + 0x21)
                index += 3
                changed = true
            } else if byte == 0xEF, rest >= 3, text[index + 1] == 0xBD, (0x80...0x9E).contains(text[index + 2]) {
                // U+FF40 to U+FF5E: `｀` to `～`.
                output.append(text[index + 2] - 0x80 + 0x60)
                index += 3
                changed = true
            } else if byte == 0xE3, rest >= 3, text[index + 1] == 0x80, text[index + 2] == 0x80 {
                output.append(0x20)
                index += 3
                changed = true
            } else if byte == 0xE2, rest >= 3, text[index + 1] == 0x80, text[index + 2] == 0x87 || text[index + 2] == 0xAF {
                output.append(0x20)
                index += 3
                changed = true
            } else if byte == 0xC2, rest >= 2, text[index + 1] == 0xA0 {
                output.append(0x20)
                index += 2
                changed = true
            } else {
                output.append(byte)
                index += 1
            }
        }
        if !changed { output.removeSubrange(start...) }
        return changed
    }
}

extension WidthFormatter {
    /// Calls `body` with `text` read as ASCII where it has full-width forms (or the spaces this
    /// reads as spaces), else with `text` itself: for steps that take codes as they are typed.
    static func withASCIIWidth<R>(_ text: ByteText, _ body: (ByteText) -> R) -> R {
        // The common case, ASCII or text without these forms, makes no scratch space: one pass.
        guard text.contains(where: { $0 >= 0xC2 }) else { return body(text) }
        var folded = ByteBuffer()
        var scratch = CheckScratch()
        guard WidthFormatter().format(text, into: &folded, scratch: &scratch) else { return body(text) }
        return folded.withText(body)
    }

    /// `typed` with its full-width forms as ASCII (a typed key `１` is `1`).
    static func asciiWidth(_ typed: [Character]) -> [Character] {
        guard typed.contains(where: { !$0.isASCII }) else { return typed }
        var text = String(typed)
        return text.withByteText { bytes in withASCIIWidth(bytes) { Array(String(decoding: $0, as: UTF8.self)) } }
    }
}
