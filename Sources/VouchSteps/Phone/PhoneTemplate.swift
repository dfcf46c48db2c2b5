@_spi(VouchInternal) import VouchBase

/// A replacement text with group references, as libphonenumber writes formats: `$1 $2-$3`,
/// `($1)`, `0$1`, `9$1` (a national prefix transform).
struct PhoneTemplate: Sendable, Hashable {
    /// The template's bytes, a group reference (`$1` … `$9`) as the byte of its number (1 … 9):
    /// written by one loop over one array, without a reference count per piece.
    private let bytes: [UInt8]

    init(_ template: String) {
        var bytes: [UInt8] = []
        var rest = template.utf8[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "$"), let next = rest.first, next.isASCIIDigit, next != .zero {
                rest.removeFirst()
                bytes.append(next - .zero)
            } else {
                bytes.append(byte)
            }
        }
        self.bytes = bytes
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private static func isGroup(_ byte: UInt8) -> Bool { byte >= 1 && byte <= 9 }

    /// This template with its first group reference replaced by `rule` (libphonenumber's
    /// national prefix formatting rule, whose `$1` stands for that reference): `$1 $2` and `0$1`
    /// give `0$1 $2`; `$2 15-$3` and `0$1` give `0$2 15-$3`.
    func replacingFirstGroup(with rule: PhoneTemplate) -> PhoneTemplate {
        guard let first = bytes.firstIndex(where: Self.isGroup) else { return self }
        let written = rule.bytes.map { $0 == 1 ? bytes[first] : $0 }
        return PhoneTemplate(bytes: Array(bytes[..<first]) + written + Array(bytes[(first + 1)...]))
    }

    /// Writes the template for `subject`, whose groups the last match left in `data`; a group
    /// that took no part writes nothing. With a `limit`, writing stops after that many bytes of
    /// the subject (text between groups is written only while more of them follow).
    func write(
        _ subject: ByteText, groups data: RegexMatchData, limit: Int = .max, into output: inout some ByteSink & ~Copyable
    ) {
        bytes.withByteText { bytes in
            var written = 0
            for byte in bytes where written < limit {
                guard Self.isGroup(byte) else {
                    output.append(byte)
                    continue
                }
                guard let range = data.range(of: Int(byte)) else { continue }
                let count = min(range.count, limit - written)
                output.append(contentsOf: subject[range.lowerBound..<range.lowerBound + count])
                written += count
            }
        }
    }

    /// The ASCII digits the template writes itself (`1` for `0$1`: a national prefix).
    var literalDigits: Int { bytes.filter(\.isASCIIDigit).count }
}
