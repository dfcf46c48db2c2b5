/// How a `tokens` field turns text into tokens, and what each token is.
public final class TokenSettings: Sendable {
    /// Characters that end a token as they are typed (return always does).
    public let separators: [Character]
    /// The kind every token is checked and normalized as (`email` for a recipients field).
    public let tokenKind: Kind
    /// The fewest and most tokens.
    public let minCount: Int?
    public let maxCount: Int?

    public init(separators: [Character], tokenKind: Kind, minCount: Int? = nil, maxCount: Int? = nil) {
        self.separators = separators
        self.tokenKind = tokenKind
        self.minCount = minCount
        self.maxCount = maxCount
    }

    /// Splits text at the separators and line breaks; empty pieces are dropped.
    public func split(_ text: String) -> [String] {
        text.split(whereSeparator: { separators.contains($0) || $0.isNewline }).map(String.init)
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
