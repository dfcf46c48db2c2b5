import CICU

/// Comparing texts as a locale's people read them, ignoring case and accents (ICU collation at
/// primary strength): "sao paulo" equals "São Paulo", "MUNCHEN" equals "München" in German.
enum Collation {
    private static let pool = ICUObjectPool<String> { locale in
        var status: Int32 = 0
        let collator = cicu_collator_open(locale, &status)
        return ICUObject.opened(collator, status: status) { cicu_collator_close($0) }
    }

    /// Whether `a` and `b` are the same text for `locale`, but for case and accents.
    static func equalIgnoringCaseAndAccents(_ a: String, _ b: String, locale: String) -> Bool {
        let same = pool.withObject(LocaleTag.icuLocale(locale)) { collator throws(ICUStatus) -> Bool in
            var status: Int32 = 0
            let result = ICUText.withUTF8([a, b]) { pointers, lengths in
                cicu_collator_equal(collator, pointers[0], lengths[0], pointers[1], lengths[1], &status)
            }
            try ICUStatus.check(status)
            return result == 1
        }
        // Without a collator for the locale, only the same text is the same.
        return same.value(or: a == b)
    }
}
