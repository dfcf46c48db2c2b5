/// A named text transform, such as `trim`, `capitalize` or `mask`.
///
/// A field runs its kind's formatters, then its own, on the text before its rules: "empty" is
/// judged after them, and rules see their output.
///
/// ## Implementation requirements
///
/// - `format` must be safe to call concurrently from many threads: keep no mutable state.
/// - It should be idempotent (`format(format(x)) == format(x)`): fields format text again after
///   every edit.
/// - It must not throw away information a rule needs to refuse a value: keep characters you cannot
///   place rather than dropping them silently, unless dropping them is the point (`digits`).
public protocol TextFormatter: Sendable {
    /// Transforms `text`.
    func format(_ text: String) -> String

    /// Transforms `text` as it is typed, after every edit: what ``format(_:)`` gives, unless the
    /// formatter lays out input that is not whole yet (a phone number's groups as its digits come).
    func formatTyping(_ text: String) -> String

    /// How the formatter takes part in as-you-type editing; `.checkOnly` unless it says otherwise.
    var typingStyle: TypingStyle { get }

    /// For a `.mask` typing style: how these significant characters, as typed, fit the layout.
    /// An edit that leads to `.refused` is not taken. `.partial` unless the formatter says.
    func typingFit(_ typed: [Character]) -> TypingFit

    /// For a `.mask` typing style: the mask an empty field shows (`(___) ___-____`), if it has one.
    var typingPlaceholder: Mask? { get }

    /// For a `.mask` typing style: these significant characters, as typed, with the field the
    /// last one begins padded when that character can only end it (`9` in an hour gives `09`);
    /// nil to keep them as they are.
    func typingPadded(_ typed: [Character]) -> [Character]?

    /// Vouch's own formatters' code on UTF-8 bytes; keep the default (``ByteStep/none``), and
    /// the checking path runs ``format(_:)``.
    var formatterOnBytes: ByteStep { get }
}

extension TextFormatter {
    public func formatTyping(_ text: String) -> String { format(text) }

    public var typingStyle: TypingStyle { .checkOnly }

    public func typingFit(_ typed: [Character]) -> TypingFit { .partial }

    public var typingPlaceholder: Mask? { nil }

    public func typingPadded(_ typed: [Character]) -> [Character]? { nil }

    public var formatterOnBytes: ByteStep { .none }
}

/// A formatter made from a function, for simple transforms.
public struct ClosureFormatter: TextFormatter {
    let transform: @Sendable (String) -> String

    public init(_ transform: @escaping @Sendable (String) -> String) { self.transform = transform }

    public func format(_ text: String) -> String { transform(text) }
}
