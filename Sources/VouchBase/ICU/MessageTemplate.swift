import CICU

/// An ICU MessageFormat template with named arguments, compiled once for a locale:
/// `{count, plural, one {# character} other {# characters}}`.
///
/// Plural categories follow the locale (Russian and Polish have one/few/many/other). Compiled
/// formats are not thread-safe; they are pooled per locale and pattern, so a template may be
/// shared and formatted from any thread.
public struct MessageTemplate: Sendable {
    /// The template text.
    public let pattern: String
    /// The locale its plurals and numbers follow.
    public let locale: String

    private typealias Key = LocaleKey<String>

    private static let pool = ICUObjectPool<Key>(maximumKeys: 256) { key in
        compile(key).mapError { $0.status ?? .illegalArgument }
    }

    private let key: Key
    /// Messages already formatted, by arguments: most violations repeat the same few.
    private let formatted = FormattedMessages()

    /// A bounded cache of formatted messages, shared by the copies of a template.
    private final class FormattedMessages: Sendable {
        static let capacity = 512
        let messages = Lock<[[String: MessageArgument]: String]>([:])
    }

    /// How deep braces may nest in a template (`{n, plural, one {…}}` is two): ICU's parser
    /// recurses once per level, and a template nested thousands deep would overflow a thread's
    /// stack. Real messages nest three or four deep.
    @_spi(VouchInternal) public static let maximumNesting = 64

    /// Compiles `pattern` for `locale`, or throws what is wrong with it and where.
    @_spi(VouchInternal) public init(_ pattern: String, locale: String) throws(MessageTemplateError) {
        if let offset = Self.tooDeepOffset(pattern) { throw MessageTemplateError(tooDeepAt: offset, pattern: pattern) }
        self.pattern = pattern
        self.locale = locale
        key = Key(locale: LocaleTag.icuLocale(locale), variant: pattern)
        let compiled = try Self.compile(key).get()
        Self.pool.checkIn(compiled, for: key)
    }

    /// The message for `arguments`; a missing argument shows as `{name}`. Returns the pattern
    /// itself when ICU cannot format (a string given where a number is needed).
    public func format(_ arguments: [String: MessageArgument]) -> String {
        if let cached = formatted.messages.withLock({ $0[arguments] }) { return cached }
        let message = formatWithICU(arguments)
        formatted.messages.withLock { messages in
            if messages.count >= FormattedMessages.capacity { messages.removeAll(keepingCapacity: true) }
            messages[arguments] = message
        }
        return message
    }

    private func formatWithICU(_ arguments: [String: MessageArgument]) -> String {
        let entries = arguments.sorted { $0.key < $1.key }
        let names = entries.map(\.key)
        let texts = entries.map { entry -> String in
            if case .string(let text) = entry.value { return text }
            return ""
        }
        let text = Self.pool.withObject(key) { format throws(ICUStatus) in
            try ICUText.withUTF8(names) { namePointers, nameLengths throws(ICUStatus) in
                try ICUText.withUTF8(texts) { textPointers, textLengths throws(ICUStatus) in
                    let args: [cicu_msgarg] = entries.indices.map { i in
                        var number = 0.0
                        var isNumber: Int32 = 0
                        if case .number(let value) = entries[i].value {
                            number = value
                            isNumber = 1
                        }
                        return cicu_msgarg(
                            name: namePointers[i], name_length: nameLengths[i],
                            is_number: isNumber, number: number,
                            text: textPointers[i], text_length: textLengths[i])
                    }
                    return try ICUText.string { buffer, capacity, status in
                        cicu_msgfmt_format(
                            format, args, Int32(args.count), buffer, capacity, &status)
                    }.get()
                }
            }
        }
        return text.value(or: pattern)
    }

    /// The UTF-16 offset of the first `{` that nests deeper than ``maximumNesting``, or nil.
    /// Braces in quoted literal text (`'{'`) do not count, as in ICU's MessageFormat.
    @_spi(VouchInternal) public static func tooDeepOffset(_ pattern: String) -> Int? {
        var depth = 0
        var quoted = false
        var offset = 0
        var previousWasQuote = false
        let (apostrophe, openBrace, closeBrace) = (UInt16(UInt8.apostrophe), UInt16(UInt8.openBrace), UInt16(UInt8.closeBrace))
        for unit in pattern.utf16 {
            defer { offset += 1 }
            if quoted {
                // `''` inside quoted text is an apostrophe; a single one ends the quote.
                if unit == apostrophe { quoted = false }
                continue
            }
            if previousWasQuote {
                previousWasQuote = false
                // `'{` and `'}` start quoted text; `''` is an apostrophe. (Ending a quote at its
                // first apostrophe, as here, counts braces ICU may take as text, never fewer.)
                if unit == openBrace || unit == closeBrace {
                    quoted = true
                    continue
                }
                if unit == apostrophe { continue }
            }
            switch unit {
            case apostrophe: previousWasQuote = true
            case openBrace:
                depth += 1
                if depth > maximumNesting { return offset }
            case closeBrace: depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    private static func compile(_ key: Key) -> Result<ICUObject, MessageTemplateError> {
        var (status, kind, offset, line): (Int32, Int32, Int32, Int32) = (0, 0, -1, -1)
        let format = ICUText.withUTF8(key.variant) { bytes, length in
            cicu_msgfmt_open(key.locale, bytes, length, &kind, &offset, &line, &status)
        }
        guard let format, status <= 0 else {
            let failure = ICUStatus(rawValue: status > 0 ? status : ICUStatus.illegalArgument.rawValue)
            return .failure(
                MessageTemplateError(kind: kind, status: failure, offset: offset >= 0 ? Int(offset) : nil, pattern: key.variant))
        }
        return .success(ICUObject(format) { cicu_msgfmt_close($0) })
    }
}
