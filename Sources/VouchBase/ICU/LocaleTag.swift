import CICU

/// BCP-47 locale tags as ICU understands them: canonical form, ICU locale ids, fallback chain.
///
/// Tags are accepted with `-` or `_` separators in any case ("de_CH", "de-ch"). The root locale
/// is spelled `root`.
@_spi(VouchInternal) public enum LocaleTag {
    /// The name of ICU's root locale, the end of every fallback chain.
    public static let root = "root"

    private static let identifiers = Lock<[String: String]>([:])

    /// The canonical BCP-47 form of `tag` ("de_CH" and "de-ch" give "de-CH"), or nil when the tag
    /// is not well-formed.
    public static func canonical(_ tag: String) -> String? {
        guard let id = icuIdentifier(tag) else { return nil }
        return self.tag(forIdentifier: id)
    }

    /// ICU's locale id for `tag` ("de-CH" gives "de_CH", "root" gives ""), or nil when the tag is
    /// not well-formed. Results are cached.
    public static func icuIdentifier(_ tag: String) -> String? {
        if let known = identifiers.withLock({ $0[tag] }) { return known }
        let spelled = tag.replacing("_", with: "-")
        let id: String
        if spelled.lowercased() == root || spelled.isEmpty {
            id = ""
        } else {
            guard let parsed = ICUText.map(spelled, cicu_locale_from_tag).value else { return nil }
            id = parsed
        }
        identifiers.withLock { identifiers in
            if identifiers.count >= 512 { identifiers.removeAll(keepingCapacity: true) }
            identifiers[tag] = id
        }
        return id
    }

    /// The identifier to hand ICU for `tag`: its locale id, or the tag itself when malformed
    /// (ICU then falls back to root data).
    public static func icuLocale(_ tag: String) -> String {
        icuIdentifier(tag) ?? tag
    }

    /// The region subtag of a tag, upper-cased (`US` of `en-US`, `TW` of `zh-Hant-TW`); nil for
    /// none, or a numeric one (`es-419`).
    public static func region(of tag: String) -> String? {
        let subtags = tag.split(separator: "-").dropFirst()
        return subtags.first { $0.count == 2 && $0.utf8.allSatisfy(\.isASCIILetter) }.map { $0.uppercased() }
    }

    /// The locale `tag`'s data falls back to in ICU: "de-CH" gives "de", "de" gives "root", "root"
    /// nil; an alias gives its target ("zh-TW" gives "zh-Hant-TW"), and CLDR's parent locales
    /// come before truncation ("es-MX" gives "es-419", "zh-Hant" gives "root", "nb" gives "no").
    public static func parent(of tag: String) -> String? {
        guard let id = icuIdentifier(tag), !id.isEmpty else { return nil }
        guard
            let parentID = ICUText.string({ buffer, capacity, status in
                cicu_locale_parent(id, buffer, capacity, &status)
            }).value
        else { return nil }
        return self.tag(forIdentifier: parentID)
    }

    /// `tag` in canonical form followed by its parents up to `root`, e.g. ["de-CH", "de", "root"],
    /// ["zh-TW", "zh-Hant-TW", "zh-Hant", "root"]; empty when the tag is malformed.
    public static func fallbackChain(_ tag: String) -> [String] {
        guard var current = canonical(tag) else { return [] }
        var chain = [current]
        while let parent = parent(of: current), !chain.contains(parent) {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// Whether ICU has locale data for the language of `tag` ("de-CH" and "de" are known,
    /// "tlh" is not).
    public static func isKnown(_ tag: String) -> Bool {
        guard let id = icuIdentifier(tag), !id.isEmpty else { return false }
        guard
            let language = ICUText.string({ buffer, capacity, status in
                cicu_locale_language(id, buffer, capacity, &status)
            }).value, !language.isEmpty
        else { return false }
        return cicu_locale_is_available(language) == 1
    }

    private static func tag(forIdentifier id: String) -> String? {
        if id.isEmpty || id == root { return root }
        return ICUText.string { buffer, capacity, status in
            cicu_locale_to_tag(id, buffer, capacity, &status)
        }.value
    }
}
