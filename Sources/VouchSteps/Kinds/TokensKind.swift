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

    /// The ASCII separators, each byte repeated through a word, for a scan of ASCII text eight
    /// bytes at a time (line breaks end a token too); nil when a separator is not ASCII.
    private let asciiSeparatorWords: [UInt64]?

    public init(separators: [Character], tokenKind: Kind, minCount: Int? = nil, maxCount: Int? = nil) {
        self.separators = separators
        self.tokenKind = tokenKind
        self.minCount = minCount
        self.maxCount = maxCount
        let ascii = separators.compactMap(\.asciiValue)
        asciiSeparatorWords = ascii.count == separators.count ? ascii.map { UInt64($0) &* .ones } : nil
    }

    /// Splits text at the separators and line breaks; empty pieces are dropped.
    public func split(_ text: String) -> [String] {
        text.split(whereSeparator: ends).map(String.init)
    }

    /// Calls `body` with each piece of UTF-8 `text` that ``split(_:)`` would give, in order.
    package func forEachPiece(of text: ByteText, _ body: (ByteText) -> Void) {
        guard let asciiSeparatorWords, text.isASCII else {
            for piece in String(decoding: text, as: UTF8.self).split(whereSeparator: ends) {
                var piece = String(piece)
                piece.withByteText(body)
            }
            return
        }
        // In ASCII text each byte is a character but CR LF, whose bytes both end a token.
        let count = text.count
        var start = 0
        var index = 0
        while index < count {
            let length = Swift.min(8, count - index)
            let word = length == 8 ? text.asciiWord(at: index).unsafelyUnwrapped : text.word(at: index, length: length)
            // The high bit of each byte that ends a token, of the `length` bytes read.
            var ends = word.asciiBits(from: 0x0A, through: 0x0D)
            for separator in asciiSeparatorWords { ends |= (word ^ separator).asciiBits(from: 0, through: 0) }
            if length < 8 { ends &= 0x8080_8080_8080_8080 >> UInt64(8 * (8 - length)) }
            while ends != 0 {
                let end = index + ends.trailingZeroBitCount / 8
                if end > start { body(ByteText(rebasing: text[start..<end])) }
                start = end + 1
                ends &= ends - 1
            }
            index += length
        }
        if count > start { body(ByteText(rebasing: text[start...])) }
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
