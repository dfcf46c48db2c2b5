import CICU

@_spi(VouchInternal) extension MessageTemplate {
    /// One argument of a template as ICU parses it: `{min, plural, one {…} other {…}}` is
    /// `min`, `plural`, selectors `one` and `other`.
    public struct Argument: Hashable, Sendable {
        public let name: String
        /// `none` (`{name}`), `simple` (`{n, number}`), `plural`, `select`, `selectordinal` or `choice`.
        public let type: String
        /// A plural's or select's own selectors (`=0`, `one`, `other`), in the template's order.
        public let selectors: [String]
    }

    /// The arguments of `pattern`, in order, nested ones included; nil when ICU cannot parse it.
    public static func arguments(of pattern: String) -> [Argument]? {
        guard let description = ICUText.map(pattern, cicu_msgpat_describe).value else { return nil }
        return description.split(separator: "\n").map { line in
            let words = line.split(separator: " ").map(String.init)
            return Argument(name: words[0], type: words[1], selectors: Array(words.dropFirst(2)))
        }
    }

    /// The plural categories of `locale` by ICU's rules: `one` and `other` in English; `one`,
    /// `few`, `many` and `other` in Russian; `other` alone in Japanese.
    public static func pluralCategories(locale: String) -> Set<String> {
        let joined = ICUText.string { buffer, capacity, status in
            cicu_plural_categories(LocaleTag.icuLocale(locale), buffer, capacity, &status)
        }.value
        return Set((joined ?? "other").split(separator: " ").map(String.init))
    }
}
