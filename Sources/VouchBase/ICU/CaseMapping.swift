import CICU

/// Locale-aware case mapping and capitalization (Turkish dotted i, Greek accents, Dutch IJ, ...).
///
/// Backed by ICU's `UCaseMap`, which with its break iterator is not thread-safe; maps are pooled
/// per locale and kind, so every function here may be called from any thread.
@_spi(VouchInternal) public enum CaseMapping {
    private enum Kind: Hashable, Sendable {
        /// Title casing at word boundaries, lowercasing the rest of each word.
        case words
        /// Title casing at word boundaries, keeping the rest of each word as typed.
        case wordsKeepingRest
        /// Title casing at sentence boundaries, keeping the rest as typed.
        case sentences
    }

    private typealias Key = LocaleKey<Kind>

    private static let pool = ICUObjectPool<Key> { key in
        var status: Int32 = 0
        let breaks = key.variant == .sentences ? CICU_TITLE_SENTENCES : CICU_TITLE_WORDS
        let options: UInt32 = key.variant == .words ? 0 : UInt32(CICU_TITLE_NO_LOWERCASE)
        let map = cicu_casemap_open(key.locale, breaks, options, &status)
        return ICUObject.opened(map, status: status) { cicu_casemap_close($0) }
    }

    /// `text` in upper case by the rules of `locale` ("istanbul" in tr gives "İSTANBUL").
    public static func upper(_ text: String, locale: String) -> String {
        map(text, locale: locale, kind: .words, CICU_CASE_UPPER) ?? text.uppercased()
    }

    /// `text` in lower case by the rules of `locale` ("ISPARTA" in tr gives "ısparta").
    public static func lower(_ text: String, locale: String) -> String {
        map(text, locale: locale, kind: .words, CICU_CASE_LOWER) ?? text.lowercased()
    }

    /// `text` capitalized in `mode` by the rules of `locale`.
    ///
    /// - `words`: every word starts with a capital; with `lowercaseRest` the rest of each word is
    ///   lowered ("mARY" gives "Mary"), without it kept ("mcDonald" gives "McDonald"). A single
    ///   letter followed by an apostrophe also capitalizes what follows ("o'neil" gives
    ///   "O'Neil", but "john's" gives "John's").
    /// - `sentences`: every sentence starts with a capital; the rest is always kept as typed, so
    ///   names and "I" survive (`lowercaseRest` does not apply). A full stop followed by a space
    ///   always ends a sentence here, as in keyboards' auto-capitalization ("hello. how" gives
    ///   "Hello. How"), though Unicode sentence breaks keep "etc. and" together.
    /// - `allCharacters`: ``upper(_:locale:)``.
    public static func capitalize(
        _ text: String, mode: Capitalization, locale: String, lowercaseRest: Bool = true
    ) -> String {
        switch mode {
        case .none:
            return text
        case .allCharacters:
            return upper(text, locale: locale)
        case .sentences:
            let titled = title(text, locale: locale, kind: .sentences)
            return capitalizingAfterFullStop(titled, locale: locale)
        case .words:
            guard let titled = simpleTitle(text, locale: locale, lowercaseRest: lowercaseRest) else {
                return icuCapitalizeWords(text, locale: locale, lowercaseRest: lowercaseRest)
            }
            return capitalizingAfterElision(titled, locale: locale)
        }
    }

    /// `words` capitalization by ICU alone, without the fast path: what the fast path must match.
    public static func icuCapitalizeWords(_ text: String, locale: String, lowercaseRest: Bool) -> String {
        capitalizingAfterElision(title(text, locale: locale, kind: lowercaseRest ? .words : .wordsKeepingRest), locale: locale)
    }

    /// ICU's word title-casing for the common case, without ICU: Latin letters (ASCII, Latin-1 and
    /// Latin Extended-A, with combining accents) and spaces, hyphens, apostrophes and periods, in a
    /// locale whose case rules for them are the default ones (not Turkish or Azeri `i`, Dutch `IJ`,
    /// Lithuanian dots). Letters whose case mapping is not one letter to one letter, or that are
    /// not letters (`ß`, `ŉ`, `İ`, `ſ`, `×`, `÷`) leave the text to ICU. Words follow Unicode's
    /// word breaks: an apostrophe or a period between two letters joins them ("o'neil", "a.b").
    /// `nil` when the fast path does not apply.
    public static func simpleTitle(_ text: String, locale: String, lowercaseRest: Bool) -> String? {
        let language = locale.prefix { $0 != "-" && $0 != "_" }
        guard language != "tr", language != "az", language != "nl", language != "lt" else { return nil }
        enum Class { case letter, mark, joiner, separator }
        func classify(_ scalar: Unicode.Scalar) -> Class? {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A: .letter
            case 0x27, 0x2E: .joiner
            case 0x20, 0x2D: .separator
            case 0xC0...0x17F where ![0xD7, 0xF7, 0xDF, 0x130, 0x149, 0x17F].contains(scalar.value): .letter
            case 0x300...0x36F: .mark
            default: nil
            }
        }
        var scalars: [Unicode.Scalar] = []
        var classes: [Class] = []
        for scalar in text.unicodeScalars {
            guard let kind = classify(scalar) else { return nil }
            scalars.append(scalar)
            classes.append(kind)
        }
        if classes.first == .mark { return nil }
        var output = String.UnicodeScalarView()
        for index in scalars.indices {
            guard classes[index] == .letter else {
                output.append(scalars[index])
                continue
            }
            // The previous letter, skipping its combining marks.
            var previous = index - 1
            while previous >= 0, classes[previous] == .mark { previous -= 1 }
            var joined = previous >= 0 && classes[previous] == .letter
            if previous >= 0, classes[previous] == .joiner {
                var beforeJoiner = previous - 1
                while beforeJoiner >= 0, classes[beforeJoiner] == .mark { beforeJoiner -= 1 }
                joined = beforeJoiner >= 0 && classes[beforeJoiner] == .letter
            }
            let scalar = scalars[index]
            if scalar.value < 0x80 {
                // ASCII: flip the case bit, no table.
                let byte = UInt8(scalar.value)
                output.append(Unicode.Scalar(joined ? (lowercaseRest ? byte | 0x20 : byte) : byte & ~0x20))
                continue
            }
            let mapped = joined ? (lowercaseRest ? scalar.properties.lowercaseMapping : nil) : scalar.properties.uppercaseMapping
            if let mapped {
                let mappedScalars = mapped.unicodeScalars
                guard mappedScalars.count == 1 else { return nil }
                output.append(mappedScalars.first!)
            } else {
                output.append(scalars[index])
            }
        }
        return String(output)
    }

    private static func title(_ text: String, locale: String, kind: Kind) -> String {
        map(text, locale: locale, kind: kind, CICU_CASE_TITLE) ?? text
    }

    /// `text` through ICU's case `mapping` (`CICU_CASE_*`), or nil when ICU fails.
    private static func map(_ text: String, locale: String, kind: Kind, _ mapping: Int32) -> String? {
        if text.isEmpty { return text }
        let key = Key(locale: LocaleTag.icuLocale(locale), variant: kind)
        return pool.withObject(key) { map throws(ICUStatus) in
            try ICUText.map(text) { source, length, buffer, capacity, status in
                cicu_casemap_map(map, mapping, source, length, buffer, capacity, &status)
            }.get()
        }.value
    }

    /// Capitalizes the letter after an apostrophe that follows a single word-initial letter, as in
    /// Irish, Italian and French names (O'Neil, D'Angelo), which ICU's word breaks keep lowered.
    private static func capitalizingAfterElision(_ text: String, locale: String) -> String {
        // Scanning bytes: comparing Characters is slow for text that is not ASCII.
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "'")) || ((utf8.contains(0xE2) || utf8.contains(0xCA)) && text.contains(where: isApostrophe))
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var scanner = ElisionScanner()
        for character in text {
            if scanner.capitalizes(isLetter: character.isLetter, isApostrophe: isApostrophe(character)) {
                result +=
                    simpleTitle(String(character), locale: locale, lowercaseRest: false)
                    ?? title(String(character), locale: locale, kind: .wordsKeepingRest)
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Capitalizes the first letter after "." and white space (optionally with closing quotes or
    /// brackets between), which Unicode's sentence rules do not treat as a sentence end when the
    /// next word is in lower case.
    private static func capitalizingAfterFullStop(_ text: String, locale: String) -> String {
        guard text.contains(".") else { return text }
        enum State { case inSentence, afterStop, afterStopAndSpace }
        var state = State.inSentence
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch state {
            case .afterStopAndSpace where character.isLetter:
                result += title(String(character), locale: locale, kind: .wordsKeepingRest)
                state = .inSentence
                continue
            case .afterStopAndSpace where character.isWhitespace:
                break
            case .afterStop where character.isWhitespace:
                state = .afterStopAndSpace
            case .afterStop where closing.contains(character):
                break
            default:
                state = character == "." ? .afterStop : .inSentence
            }
            result.append(character)
        }
        return result
    }

    /// Closing punctuation that may sit between a full stop and the space after it.
    private static let closing: Set<Character> = [
        "\"", "'", ")", "]", "\u{201D}", "\u{2019}", "\u{00BB}",
    ]

    private static func isApostrophe(_ character: Character) -> Bool {
        character == "'" || character == "\u{2019}" || character == "\u{02BC}"
    }

    // MARK: Bytes

    /// What the byte paths need to know of a locale's case rules, worked out once.
    public struct Rules: Sendable {
        public let locale: String
        /// ASCII letters map as by default (not Turkish or Azeri `i`).
        public let asciiMapsByDefault: Bool
        /// Latin title case is the default one (not Turkish, Azeri, Dutch `IJ` or Lithuanian).
        public let titlesByDefault: Bool

        public init(locale: String) {
            self.locale = locale
            asciiMapsByDefault = !CaseMapping.languageIs(locale, "tr", "az")
            titlesByDefault = !CaseMapping.languageIs(locale, "tr", "az", "nl", "lt")
        }
    }

    /// Whether the language of a locale ID (`tr` of `tr-TR`) is one of `codes`, two-letter codes.
    fileprivate static func languageIs(_ locale: String, _ codes: StaticString...) -> Bool {
        var locale = locale
        return locale.withUTF8 { tag in
            guard tag.count >= 2, tag.count == 2 || tag[2] == .hyphen || tag[2] == UInt8(ascii: "_") else { return false }
            return codes.contains { $0.utf8Start[0] == tag[0] && $0.utf8Start[1] == tag[1] }
        }
    }

    /// ``upper(_:locale:)`` or ``lower(_:locale:)`` of UTF-8 bytes, appended to `output`; false,
    /// with nothing written, when the text stays as it is. ASCII text is mapped without ICU where
    /// the locale's rules for ASCII letters are the default ones (not Turkish or Azeri `i`).
    public static func map(_ text: ByteText, toUpper: Bool, rules: Rules, into output: inout ByteBuffer) -> Bool {
        let locale = rules.locale
        // A short ASCII text already in the case asked for (a region code) in one word.
        if rules.asciiMapsByDefault, !text.isEmpty, text.count <= 8 {
            let word = text.word(at: 0, length: text.count)
            if word & 0x8080_8080_8080_8080 == 0, toUpper ? word.asciiLowercaseBits == 0 : !word.hasASCIIUppercase { return false }
        }
        guard rules.asciiMapsByDefault, text.isASCII else {
            output.append(contentsOf: (toUpper ? upper(text.string, locale: locale) : lower(text.string, locale: locale)).utf8)
            return true
        }
        if toUpper {
            guard text.contains(where: { $0.isASCIILowercase }) else { return false }
            for byte in text { output.append(byte.asciiUppercased) }
        } else {
            guard text.contains(where: { $0.isASCIIUppercase }) else { return false }
            for byte in text { output.append(byte.asciiLowercased) }
        }
        return true
    }

    /// ``capitalize(_:mode:locale:lowercaseRest:)`` in `words` mode, on UTF-8 bytes, for the text
    /// ``simpleTitle(_:locale:lowercaseRest:)`` takes; false, with nothing written, for the rest.
    public static func capitalizeWords(_ text: ByteText, rules: Rules, lowercaseRest: Bool, into output: inout ByteBuffer)
        -> Bool
    {
        guard rules.titlesByDefault else { return false }
        // One word of lower-case ASCII letters (the common case): its first letter capitalized.
        if text.isASCIILowercaseLetters {
            output.append(text[0].asciiUppercased)
            output.append(contentsOf: text[1...])
            return true
        }
        // A scalar of one byte writes one; one of two bytes at most three.
        return output.appendInPlace(maxCount: text.count * 2) { titled in
            simpleTitle(text, lowercaseRest: lowercaseRest, into: titled)
        }
    }

    /// ``simpleTitle(_:locale:lowercaseRest:)`` and ``capitalizingAfterElision(_:locale:)`` in one
    /// pass over bytes, writing to `titled`: the number of bytes written, or nil when the fast
    /// path does not apply. Kept beside the `String` versions for speed.
    private static func simpleTitle(_ text: ByteText, lowercaseRest: Bool, into titled: UnsafeMutablePointer<UInt8>) -> Int? {
        // Whether the last scalar that is not a mark was a letter, and whether it was a joiner
        // that follows a letter: a letter after either continues its word.
        var afterLetter = false
        var afterJoinedLetter = false
        // The elision scanner reads characters: a scalar that is not a mark, with the marks after
        // it. An apostrophe with a mark is no apostrophe, so the scanner's state before an
        // apostrophe is kept until the next scalar shows whether a mark follows it.
        var elision = ElisionScanner()
        var beforeApostrophe: ElisionScanner?
        var written = 0
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            if byte < 0x80 {
                index += 1
                beforeApostrophe = nil
                if byte.isASCIILetter {
                    let joined = afterLetter || afterJoinedLetter
                    let mapped = joined ? (lowercaseRest ? byte.asciiLowercased : byte) : byte.asciiUppercased
                    titled[written] = elision.capitalizes(isLetter: true, isApostrophe: false) ? mapped.asciiUppercased : mapped
                    written += 1
                    afterLetter = true
                    afterJoinedLetter = false
                    continue
                }
                if byte == .apostrophe || byte == .period {
                    afterJoinedLetter = afterLetter
                    if byte == .apostrophe { beforeApostrophe = elision }
                } else if byte == .space || byte == .hyphen {
                    afterJoinedLetter = false
                } else {
                    return nil
                }
                afterLetter = false
                _ = elision.capitalizes(isLetter: false, isApostrophe: byte == .apostrophe)
                titled[written] = byte
                written += 1
                continue
            }
            // Two-byte scalars only (the text is valid UTF-8): Latin letters, combining marks.
            guard byte >= 0xC3, byte <= 0xCD, index + 1 < count else { return nil }
            let value = UInt32(byte & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F)
            index += 2
            switch value {
            case 0xD7, 0xF7, 0xDF, 0x130, 0x149, 0x17F:
                return nil
            case 0xC0...0x17F:
                let joined = afterLetter || afterJoinedLetter
                guard var mapped = joined ? (lowercaseRest ? LatinScalars.lowercase(value) : value) : LatinScalars.uppercase(value)
                else { return nil }
                if elision.capitalizes(isLetter: true, isApostrophe: false) {
                    guard let upper = mapped < LatinScalars.end ? LatinScalars.uppercase(mapped) : nil else { return nil }
                    mapped = upper
                }
                written += UTF8Validation.encode(mapped, into: titled + written)
                beforeApostrophe = nil
                afterLetter = true
                afterJoinedLetter = false
            case 0x300...0x36F:
                guard written > 0 else { return nil }  // a text that starts with a mark
                if let state = beforeApostrophe {
                    elision = state
                    _ = elision.capitalizes(isLetter: false, isApostrophe: false)
                    beforeApostrophe = nil
                }
                titled[written] = byte
                titled[written + 1] = text[index - 1]
                written += 2
            default:
                return nil
            }
        }
        return written
    }
}

/// Where a name capitalizes after an elision (O'Neil, D'Angelo): read one character at a time,
/// by the `Character` and the byte versions alike.
private struct ElisionScanner {
    private var lettersInPart = 0
    private var partStartsWord = true
    private var capitalizeNext = false

    /// Reads the next character; whether it is the letter to capitalize.
    mutating func capitalizes(isLetter: Bool, isApostrophe: Bool) -> Bool {
        if capitalizeNext {
            capitalizeNext = false
            if isLetter {
                lettersInPart = 1
                return true
            }
        }
        if isLetter {
            lettersInPart += 1
        } else if isApostrophe {
            capitalizeNext = partStartsWord && lettersInPart == 1
            lettersInPart = 0
            partStartsWord = false
        } else {
            lettersInPart = 0
            partStartsWord = true
        }
        return false
    }
}
