import CICU

/// Joins items into a phrase the way a locale writes lists: "Ada, Grace, and Alan" in en-US,
/// "Ada, Grace und Alan" in de.
///
/// ICU list formatters are pooled per locale and kind; any thread may call.
@_spi(VouchInternal) public enum ListFormat {
    /// What the list means.
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// All of the items: "a, b, and c".
        case and
        /// One of the items: "a, b, or c".
        case or
        /// Parts of one measure: "3 feet, 7 inches".
        case units

        fileprivate var icuValue: Int32 {
            switch self {
            case .and: CICU_LIST_AND
            case .or: CICU_LIST_OR
            case .units: CICU_LIST_UNITS
            }
        }
    }

    private typealias Key = LocaleKey<Kind>

    private static let pool = ICUObjectPool<Key> { key in
        var status: Int32 = 0
        let format = cicu_listfmt_open(key.locale, key.variant.icuValue, &status)
        return ICUObject.opened(format, status: status) { cicu_listfmt_close($0) }
    }

    /// `items` joined for `locale`; joined with ", " when ICU cannot.
    public static func format(_ items: [String], locale: String, kind: Kind = .and) -> String {
        if items.count < 2 { return items.first ?? "" }
        let key = Key(locale: LocaleTag.icuLocale(locale), variant: kind)
        let text = pool.withObject(key) { format throws(ICUStatus) in
            try ICUText.withUTF8(items) { pointers, lengths throws(ICUStatus) in
                let items = pointers.map { Optional($0) }
                return try ICUText.string { buffer, capacity, status in
                    cicu_listfmt_format(
                        format, items, lengths, Int32(items.count), buffer, capacity, &status)
                }.get()
            }
        }
        return text.value(or: items.joined(separator: ", "))
    }

}
