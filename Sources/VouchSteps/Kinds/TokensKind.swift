@_spi(VouchInternal) import VouchBase

/// How a `tokens` field turns text into tokens, and what each token is.
public final class TokenSettings: Sendable {
    /// Characters that end a token as they are typed (return always does).
    public let separators: [Character]
    /// The kind every token is checked and normalized as (`email` for a recipients field).
    public let tokenKind: Kind
    /// The fewest and most tokens.
    public let minCount: Int?
    public let maxCount: Int?

    /// The bytes that end a token in ASCII text (the separators and the ASCII line breaks), one
    /// bit each; nil when a separator is not ASCII.
    private let asciiEnds: (low: UInt64, high: UInt64)?

    public init(separators: [Character], tokenKind: Kind, minCount: Int? = nil, maxCount: Int? = nil) {
        self.separators = separators
        self.tokenKind = tokenKind
        self.minCount = minCount
        self.maxCount = maxCount
        let ascii = separators.compactMap(\.asciiValue)
        asciiEnds =
            ascii.count == separators.count
            ? (ascii + [0x0A, 0x0B, 0x0C, 0x0D]).reduce((low: UInt64(0), high: UInt64(0))) { bits, byte in
                byte < 64 ? (bits.low | 1 << byte, bits.high) : (bits.low, bits.high | 1 << (byte - 64))
            } : nil
    }

    /// Splits text at the separators and line breaks; empty pieces are dropped.
    public func split(_ text: String) -> [String] {
        text.split(whereSeparator: ends).map(String.init)
    }

    /// Calls `body` with each piece of UTF-8 `text` that ``split(_:)`` would give, in order.
    package func forEachPiece(of text: ByteText, _ body: (ByteText) -> Void) {
        guard let asciiEnds, text.isASCII else {
            for piece in String(decoding: text, as: UTF8.self).split(whereSeparator: ends) {
                var piece = String(piece)
                piece.withByteText(body)
            }
            return
        }
        // In ASCII text each byte is a character but CR LF, whose bytes both end a token.
        text.withUnsafeBufferPointer { bytes in
            var start = 0
            for offset in bytes.indices {
                let byte = UInt64(bytes[offset])
                guard (byte < 64 ? asciiEnds.low &>> byte : asciiEnds.high &>> (byte &- 64)) & 1 == 1 else { continue }
                if offset > start { body(ByteText(unsafeBuffer: UnsafeBufferPointer(rebasing: bytes[start..<offset]))) }
                start = offset + 1
            }
            if bytes.count > start { body(ByteText(unsafeBuffer: UnsafeBufferPointer(rebasing: bytes[start...]))) }
        }
    }

    private func ends(_ character: Character) -> Bool {
        separators.contains(character) || character.isNewline
    }
}

/// `tokens`: a list of tokens (recipients, tags), each checked as `token_kind`; the value is an array.
enum TokensKind {
    static let definition = KindDefinition(
        "tokens", summary: "A list of tokens, each checked as token_kind; the value is an array.",
        parameters: [
            ParameterSpec("token_kind", .string, summary: "the kind of each token (default text)"),
            ParameterSpec("separators", .strings, summary: "single characters that end a token (default [\",\"])"),
        ] + ParameterSpec.range(.integer, "min_count", "max_count")
    ) { parameters, context throws(VouchError) in
        let separators = parameters.strings("separators") ?? [","]
        guard separators.allSatisfy({ $0.count == 1 }) else { throw context.invalid("separators", "must be single characters") }
        let tokenKindName = parameters.string("token_kind") ?? "text"
        guard tokenKindName != "tokens" else { throw context.invalid("token_kind", "cannot be tokens") }
        let tokenKind = try context.registry.buildKind(
            tokenKindName, [:], context: context.with(subject: "", path: context.path.appending("token_kind")))
        let (minCount, maxCount) = try context.range("min_count", "max_count", read: parameters.int)
        if let minCount, minCount < 0 { throw context.invalid("min_count", "must not be negative") }
        var hints = tokenKind.hints
        hints.control = .tokens
        hints.maxLength = nil
        return Kind(
            name: "tokens", hints: hints,
            tokens: TokenSettings(separators: separators.map { $0.first! }, tokenKind: tokenKind, minCount: minCount, maxCount: maxCount))
    }
}
