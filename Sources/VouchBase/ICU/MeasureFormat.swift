import CICU

/// Numbers with a unit of measure, the locale's way, from ICU's measure formatting: `12 kg` or
/// `12 kilograms` in English, `12 кг` in Russian.
@_spi(VouchInternal) public enum MeasureFormat {
    public enum Width: Sendable, Hashable {
        /// `12 kg`.
        case short
        /// `12 kilograms`.
        case long
    }

    /// `canonical` (a decimal string such as `12.5`) with `unit` (a CLDR unit identifier:
    /// `kilogram`, `kilometer-per-hour`) in `locale`; nil for a unit ICU does not know.
    public static func format(_ canonical: String, unit: String, width: Width, locale: String) -> String? {
        let icuLocale = LocaleTag.icuLocale(locale)
        let text = ICUText.map(canonical) { source, length, buffer, capacity, status in
            cicu_measure_format(icuLocale, unit, source, length, width == .long ? 1 : 0, buffer, capacity, &status)
        }
        return try? text.get()
    }

    /// The unit's label alone, as ICU writes it beside the number 2 (`kg`, `kilograms`); nil for
    /// a unit ICU does not know.
    public static func label(unit: String, width: Width, locale: String) -> String? {
        guard let written = format("2", unit: unit, width: width, locale: locale) else { return nil }
        var label = Substring(written.replacing("2", with: ""))
        while label.first?.isWhitespace == true { label.removeFirst() }
        while label.last?.isWhitespace == true { label.removeLast() }
        return label.isEmpty ? nil : String(label)
    }
}
