/// A replacement text with group references, as libphonenumber writes formats: `$1 $2-$3`,
/// `($1)`, `0$1`, `9$1` (a national prefix transform).
struct PhoneTemplate: Sendable, Hashable {
    enum Piece: Sendable, Hashable {
        case text([UInt8])
        case group(Int)
    }

    let pieces: [Piece]

    init(_ template: String) {
        var pieces: [Piece] = []
        var text: [UInt8] = []
        var bytes = template.utf8[...]
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "$"), let next = bytes.first, next.isASCIIDigit {
                bytes.removeFirst()
                if !text.isEmpty { pieces.append(.text(text)) }
                text = []
                pieces.append(.group(Int(next - .zero)))
            } else {
                text.append(byte)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    private init(pieces: [Piece]) { self.pieces = pieces }

    /// This template with its first group reference replaced by `rule` (libphonenumber's
    /// national prefix formatting rule, whose `$1` stands for that reference): `$1 $2` and `0$1`
    /// give `0$1 $2`; `$2 15-$3` and `0$1` give `0$2 15-$3`.
    func replacingFirstGroup(with rule: PhoneTemplate) -> PhoneTemplate {
        guard let first = pieces.firstIndex(where: { if case .group = $0 { true } else { false } }) else { return self }
        let written = rule.pieces.map { piece in piece == .group(1) ? pieces[first] : piece }
        return PhoneTemplate(pieces: Array(pieces[..<first]) + written + Array(pieces[(first + 1)...]))
    }

    /// Writes the template for `subject`, whose groups the last match left in `data`; a group
    /// that took no part writes nothing. With a `limit`, writing stops after that many bytes of
    /// the subject (text between groups is written only while more of them follow).
    func write(
        _ subject: UnsafeBufferPointer<UInt8>, groups data: RegexMatchData, limit: Int = .max, into output: inout some ByteSink & ~Copyable
    ) {
        var written = 0
        for piece in pieces where written < limit {
            switch piece {
            case .text(let text): output.append(contentsOf: text)
            case .group(let group):
                guard let range = data.range(of: group) else { continue }
                let count = min(range.count, limit - written)
                output.append(contentsOf: subject[range.lowerBound..<range.lowerBound + count])
                written += count
            }
        }
    }

    /// The ASCII digits the template writes itself (`1` for `0$1`: a national prefix).
    var literalDigits: Int {
        pieces.reduce(0) { count, piece in
            guard case .text(let text) = piece else { return count }
            return count + text.filter(\.isASCIIDigit).count
        }
    }
}
