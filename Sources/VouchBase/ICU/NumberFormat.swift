import CICU

/// Strict, locale-aware parsing and formatting of decimal numbers and money amounts.
///
/// Numbers travel as canonical decimal strings (see ``DecimalString``), never through `Double`.
/// Parsing is strict: the whole text must be a number as the locale writes it ("1,234.5" in
/// en-US, "1.234,5" in de-DE, "1 234,5" in fr-FR). Plain spaces and ICU's no-break spaces
/// (U+00A0, U+202F) are interchangeable in input. ICU's number formats are not thread-safe; they
/// are pooled per locale and use, so these functions may be called from any thread.
@_spi(VouchInternal) public enum NumberFormat {
    private enum Use: Hashable, Sendable {
        case decimal, parseMoney, formatMoney
    }

    private typealias Key = LocaleKey<Use>

    private static let pool = ICUObjectPool<Key> { key in
        var status: Int32 = 0
        let style = key.variant == .decimal ? CICU_NUMBER_DECIMAL : CICU_NUMBER_CURRENCY
        let format = cicu_numfmt_open(key.locale, style, &status)
        return ICUObject.opened(format, status: status) { cicu_numfmt_close($0) }
    }

    /// The marks of writing direction ICU puts around numbers and symbols (LRM, RLM, ALM).
    private static let bidiMarks: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}"]

    /// Spaces a user may type for the one ICU writes.
    private static let spaces: [Character] = [" ", "\u{00A0}", "\u{202F}"]

    /// The canonical decimal `text` spells in `locale` ("1.234,5" in de-DE gives "1234.5"), or nil.
    public static func parseDecimal(_ text: String, locale: String) -> String? {
        let icuLocale = LocaleTag.icuLocale(locale)
        // ASCII digits where the locale writes its own (ar-EG): read with the Latin separators
        // first, as ICU writes the locale's numbers in Latin digits (`1,234.5`), since the locale's
        // own reading takes `,` for its decimal separator `٫`.
        if text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }), writesOwnDigits(icuLocale),
            let canonical = parseDecimal(text, icuLocale: icuLocale + "@numbers=latn")
        {
            return canonical
        }
        return parseDecimal(text, icuLocale: icuLocale)
    }

    private static let ownDigits = Lock<[String: Bool]>([:])

    /// Whether ICU writes numbers in `icuLocale` with other digits than ASCII ones (ar-EG, fa-IR).
    private static func writesOwnDigits(_ icuLocale: String) -> Bool {
        if let known = ownDigits.withLock({ $0[icuLocale] }) { return known }
        let own = !icuLocale.contains("@") && formatDecimal("0", locale: icuLocale) != "0"
        ownDigits.withLock { cache in
            if cache.count >= 512 { cache.removeAll(keepingCapacity: true) }
            cache[icuLocale] = own
        }
        return own
    }

    private static func parseDecimal(_ text: String, icuLocale: String) -> String? {
        let key = Key(locale: icuLocale, variant: .decimal)
        for candidate in spellings(of: text) {
            let parsed = pool.withObject(key) { format throws(ICUStatus) in
                try ICUText.map(candidate) { source, length, buffer, capacity, status in
                    cicu_numfmt_parse_decimal(format, source, length, buffer, capacity, &status)
                }.get()
            }
            if let parsed = parsed.value, let canonical = DecimalString.canonical(parsed) {
                return canonical
            }
        }
        return nil
    }

    /// The canonical decimal `canonical` written for `locale` ("1234.5" gives "1.234,5" in de-DE);
    /// `canonical` itself when it is not a decimal.
    public static func formatDecimal(_ canonical: String, locale: String) -> String {
        guard let number = DecimalString.canonical(canonical) else { return canonical }
        let key = Key(locale: LocaleTag.icuLocale(locale), variant: .decimal)
        let text = pool.withObject(key) { format throws(ICUStatus) in
            try ICUText.map(number) { source, length, buffer, capacity, status in
                cicu_numfmt_format_decimal(format, source, length, buffer, capacity, &status)
            }.get()
        }
        return text.value(or: number)
    }

    /// The amount and ISO 4217 currency `text` spells in `locale`: "$1,234.50" in en-US gives
    /// ("1234.50", "USD"). A number without a currency is in the locale's default currency. The
    /// amount has exactly the currency's fraction digits; nil when the text has more.
    ///
    /// - Parameter extraMarkers: more words that mark the default currency (a pack's `元`).
    public static func parseMoney(
        _ text: String, locale: String, defaultCurrency: String? = nil, extraMarkers: [String] = []
    ) -> (amount: String, currency: String)? {
        let icuLocale = LocaleTag.icuLocale(locale)
        let key = Key(locale: icuLocale, variant: .parseMoney)
        for candidate in spellings(of: text) {
            let parsed = pool.withObject(key) { format throws(ICUStatus) -> (String, String) in
                var iso = [CChar](repeating: 0, count: 4)
                let amount = try ICUText.map(candidate) { source, length, buffer, capacity, status in
                    cicu_numfmt_parse_currency(format, source, length, &iso, buffer, capacity, &status)
                }.get()
                return (amount, currencyCode(iso))
            }
            if let (amount, currency) = parsed.value {
                return money(amount, currency: currency)
            }
        }
        guard let currency = defaultCurrency ?? currencyCode(locale: locale) else { return nil }
        // The currency's symbol or code on the side the locale does not write it: "1.234,50 €"
        // in de-AT, where ICU writes "€ 1.234,50".
        // Bidi marks (he-IL writes `‏₪`) are not typed.
        let trimmed = String(text.trimmingWhitespace().unicodeScalars.filter { !bidiMarks.contains($0) })
        for marker in currencyMarkers(currency, locale: locale, extra: extraMarkers).map({
            String($0.unicodeScalars.filter { !bidiMarks.contains($0) })
        }) {
            let rest =
                trimmed.hasPrefix(marker)
                ? trimmed.dropFirst(marker.count) : trimmed.hasSuffix(marker) ? trimmed.dropLast(marker.count) : nil
            if let rest, let amount = parseDecimal(rest.trimmingWhitespace(), locale: locale) { return money(amount, currency: currency) }
        }
        guard let amount = parseDecimal(text, locale: locale) else { return nil }
        return money(amount, currency: currency)
    }

    /// What marks `currency` in an amount typed in `locale`, before or after it: its symbol, then
    /// `extra` (a pack's, such as `元` in Chinese), its names for counts in ICU (`円` for JPY in
    /// Japanese), and its code.
    public static func currencyMarkers(_ currency: String, locale: String, extra: [String] = []) -> [String] {
        let names =
            ICUText.string { buffer, capacity, status in
                cicu_currency_unit_names(currency, LocaleTag.icuLocale(locale), buffer, capacity, &status)
            }.value.map { $0.split(separator: "\n").map(String.init) } ?? []
        var markers: [String] = []
        for marker in [currencySymbol(currency, locale: locale)] + extra + names + [currency] where !markers.contains(marker) {
            markers.append(marker)
        }
        return markers
    }

    /// The symbol `locale` writes for `currency`: "$" for USD in en-US, "€" for EUR in de-DE.
    public static func currencySymbol(_ currency: String, locale: String) -> String {
        let formatted = formatMoney(amount: "1", currency: currency, locale: locale)
        let symbol = formatted.filter { !$0.isNumber && !$0.isWhitespace && $0 != "." && $0 != "," }
        return symbol.isEmpty ? currency : symbol
    }

    /// `amount` (a canonical decimal) of `currency` written for `locale`: "$1,234.50" in en-US,
    /// "1.234,50 €" in de-DE (ICU separates with U+00A0). Falls back to "1234.50 EUR".
    public static func formatMoney(amount: String, currency: String, locale: String) -> String {
        let fallback = "\(amount) \(currency)"
        guard let number = DecimalString.canonical(amount) else { return fallback }
        let key = Key(locale: LocaleTag.icuLocale(locale), variant: .formatMoney)
        let text = pool.withObject(key) { format throws(ICUStatus) in
            var status: Int32 = 0
            cicu_numfmt_set_currency(format, currency, &status)
            try ICUStatus.check(status)
            return try ICUText.map(number) { source, length, buffer, capacity, status in
                cicu_numfmt_format_decimal(format, source, length, buffer, capacity, &status)
            }.get()
        }
        return text.value(or: fallback)
    }

    /// The ISO 4217 code of `locale`'s currency ("EUR" for de-DE), or nil when it has none.
    public static func currencyCode(locale: String) -> String? {
        var iso = [CChar](repeating: 0, count: 4)
        var status: Int32 = 0
        guard cicu_currency_for_locale(LocaleTag.icuLocale(locale), &iso, &status) == 3, status <= 0
        else { return nil }
        return currencyCode(iso)
    }

    /// How many fraction digits `currency` is written with: 2 for EUR, 0 for JPY.
    public static func fractionDigits(currency: String) -> Int? {
        var status: Int32 = 0
        let digits = cicu_currency_fraction_digits(currency, &status)
        return status <= 0 ? Int(digits) : nil
    }

    /// The ISO code in a 4-byte, NUL-terminated C buffer.
    private static func currencyCode(_ iso: [CChar]) -> String {
        String(decoding: iso.prefix(3).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func money(_ icuAmount: String, currency: String) -> (
        amount: String, currency: String
    )? {
        guard let canonical = DecimalString.canonical(icuAmount),
            let digits = fractionDigits(currency: currency),
            let amount = DecimalString.fixed(canonical, fractionDigits: digits)
        else { return nil }
        return (amount, currency)
    }

    /// `text` trimmed, then as typed and with each kind of space standing for all spaces.
    private static func spellings(of text: String) -> [String] {
        let trimmed = String(
            text.drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
        guard trimmed.contains(where: spaces.contains) else { return [trimmed] }
        var result = [trimmed]
        for space in spaces {
            let respaced = String(trimmed.map { spaces.contains($0) ? space : $0 })
            if !result.contains(respaced) { result.append(respaced) }
        }
        return result
    }
}
