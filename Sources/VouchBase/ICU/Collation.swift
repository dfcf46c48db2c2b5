import CICU

/// Comparing texts as a locale's people read them, ignoring case and accents (ICU collation at
/// primary strength): "sao paulo" equals "São Paulo", "MUNCHEN" equals "München" in German.
@_spi(VouchInternal) public enum Collation {
    private static let pool = ICUObjectPool<String> { locale in
        var status: Int32 = 0
        let collator = cicu_collator_open(locale, &status)
        return ICUObject.opened(collator, status: status) { cicu_collator_close($0) }
    }

    /// Whether `a` and `b` are the same text for `locale`, but for case and accents.
    public static func equalIgnoringCaseAndAccents(_ a: String, _ b: String, locale: String) -> Bool {
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

extension Collation {
    private static let loosePool = ICUObjectPool<String> { locale in
        var status: Int32 = 0
        let collator = cicu_collator_open_loose(locale, &status)
        return ICUObject.opened(collator, status: status) { cicu_collator_close($0) }
    }

    /// A key under which texts that `locale`'s people read as the same name are equal: case,
    /// accents, spaces and punctuation are ignored ("Provence-Alpes-Côte d'Azur" and
    /// "provence alpes cote d’azur" have one key). Without a collator for the locale, the text's
    /// own bytes.
    public static func looseKey(_ text: String, locale: String) -> [UInt8] {
        let key = loosePool.withObject(LocaleTag.icuLocale(locale)) { collator throws(ICUStatus) -> [UInt8] in
            var key = [UInt8](repeating: 0, count: 64)
            for _ in 0..<2 {
                var status: Int32 = 0
                let capacity = Int32(key.count)
                let length = ICUText.withUTF8(text) { pointer, count in
                    key.withUnsafeMutableBufferPointer { cicu_collator_key(collator, pointer, count, $0.baseAddress, capacity, &status) }
                }
                try ICUStatus.check(status)
                if length <= capacity {
                    key.removeSubrange(Int(length)...)
                    return key
                }
                key = [UInt8](repeating: 0, count: Int(length))
            }
            return Array(text.utf8)
        }
        return key.value(or: Array(text.utf8))
    }
}
