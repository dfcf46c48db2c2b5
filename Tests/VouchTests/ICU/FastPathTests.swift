import Testing

@testable import Vouch
@_spi(VouchInternal) @testable import VouchBase
@testable import VouchSteps

/// The fast paths that skip ICU must give what ICU gives.
@Suite("Fast paths agree with ICU")
struct FastPathTests {
    @Test(
        "numeric date patterns read and write as ICU does",
        arguments: [
            "MM/dd/yyyy", "M/d/yyyy", "dd/MM/yyyy", "d/M/yyyy", "dd.MM.yyyy", "d.M.yyyy", "dd-MM-yyyy", "yyyy/MM/dd", "yyyy-MM-dd",
        ])
    func dates(pattern: String) throws {
        let fast = try #require(NumericDatePattern(pattern))
        var inputs: [String] = []
        for (y, m, d) in [
            (1982, 2, 22), (2000, 2, 29), (1900, 2, 29), (2023, 4, 31), (1999, 12, 31), (2024, 1, 1), (1976, 13, 4), (1982, 0, 10),
        ] {
            for (mm, dd) in [(String(m), String(d)), (m < 10 ? "0\(m)" : "\(m)", d < 10 ? "0\(d)" : "\(d)")] {
                inputs.append(
                    fast.parts.map { part in
                        switch part {
                        case .day: dd
                        case .month: mm
                        case .year: String(y)
                        case .literal(let bytes): String(decoding: bytes, as: UTF8.self)
                        }
                    }.joined())
            }
        }
        inputs += ["", "1982", "22/02/1982x", "x22/02/1982", "22//02/1982", "2a/02/1982"]
        for input in inputs {
            #expect(fast.parse(input) == DateFormat.parse(input, locale: "en-US", pattern: pattern), "\(input)")
        }
        for date in [
            CalendarDate(year: 1982, month: 2, day: 22), CalendarDate(year: 2009, month: 11, day: 3),
            CalendarDate(year: 812, month: 1, day: 1),
        ] {
            #expect(fast.format(date) == DateFormat.format(date, locale: "en-US", pattern: pattern))
        }
    }

    /// A text as long as the pattern at its widest is read eight bytes at a time: the reading
    /// must be the field-by-field one, whatever byte is where.
    @Test(
        "numeric date patterns read their widest texts field by field",
        arguments: ["MM/dd/yyyy", "M/d/yyyy", "dd.MM.yyyy", "d.M.y", "yyyy-MM-dd", "y/M/d", "dd-MM-yyyy", "d. M. yyyy", "yyyyMMdd"])
    func widestTexts(pattern: String) throws {
        let fast = try #require(NumericDatePattern(pattern))
        var texts: [[UInt8]] = []
        for (y, m, d) in [(1982, 2, 22), (2000, 2, 29), (1900, 2, 29), (2023, 4, 31), (812, 12, 31), (1976, 13, 4), (1982, 0, 10)] {
            let text = fast.parts.map { part in
                switch part {
                case .day: d < 10 ? "0\(d)" : "\(d)"
                case .month: m < 10 ? "0\(m)" : "\(m)"
                case .year: String(repeating: "0", count: 4 - String(y).count) + String(y)
                case .literal(let bytes): String(decoding: bytes, as: UTF8.self)
                }
            }.joined()
            texts.append(Array(text.utf8))
        }
        // Each byte of the first text replaced by bytes around the digits and the literals.
        let first = texts[0]
        for index in first.indices {
            for byte: UInt8 in [0x00, 0x20, 0x2D, 0x2E, 0x2F, 0x30, 0x35, 0x39, 0x3A, 0x3F, 0x40, 0x61, 0x7F, 0x80, 0xF9, 0xFA, 0xFF] {
                var text = first
                text[index] = byte
                texts.append(text)
            }
        }
        for text in texts {
            text.withUnsafeBufferPointer { bytes in
                let text = ByteText(unsafeBuffer: bytes)
                #expect(fast.parse(text) == fast.parseFieldByField(text), "\(Array(bytes))")
            }
        }
        #expect(fast.parse("1982-02-22") == CalendarDate(year: 1982, month: 2, day: 22) || pattern != "yyyy-MM-dd")
    }

    @Test("numeric date patterns: what ICU reads loosely, and what is left to ICU")
    func strictness() {
        #expect(NumericDatePattern("MM/dd/yyyy")?.parse("02/22/82") == nil, "four digits for yyyy")
        for pattern in ["MMM d, yyyy", "EEEE dd.MM.yyyy", "dd 'de' MMMM", "yy-MM-dd", "d/M/yyyy G"] {
            #expect(NumericDatePattern(pattern) == nil, "\(pattern)")
        }
    }

    @Test(
        "which patterns name the month",
        arguments: [
            ("MMM d, y", true), ("MMMM d, y", true), ("LLL y", true), ("d. MMMM y", true), ("EEEE, d MMMM y", true),
            ("d 'MMM' y", false), ("M/d/yy", false), ("dd.MM.y", false), ("MMMMM d", false), ("y年M月d日", false), ("'o''clock' MM", false),
        ])
    func namesMonth(pattern: String, names: Bool) {
        #expect(LocaleDatePatterns.namesMonth(pattern) == names)
    }

    /// Dates that are not read by a numeric pattern skip the patterns that name the month when
    /// they hold no letter and nothing beyond ASCII: ICU reads such a month only as one of the
    /// locale's names, and every name has one or the other, in every locale ICU knows.
    @Test("a text without letters is no date in a pattern that names the month")
    func monthNames() throws {
        let languages = [
            "af", "am", "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "es", "et", "eu", "fa", "fi", "fil",
            "fr", "ga", "gl", "gu", "he", "hi", "hr", "hu", "hy", "id", "is", "it", "ja", "ka", "kk", "km", "kn", "ko", "ky", "lo", "lt",
            "lv", "mk", "ml", "mn", "mr", "ms", "my", "nb", "ne", "nl", "pa", "pl", "ps", "pt", "ro", "ru", "si", "sk", "sl", "sq", "sr",
            "sv", "sw", "ta", "te", "th", "tr", "uk", "ur", "uz", "vi", "zh", "zu", "en-GB", "es-MX", "fr-CA", "pt-PT", "zh-Hant",
        ]
        let locales = languages.filter(LocaleTag.isKnown)
        #expect(locales.count >= 70)
        func mayNameMonth(_ text: String) -> Bool { text.utf8.contains { $0 >= 0x80 || (0x61...0x7A).contains($0 | 0x20) } }
        var checked = 0
        for locale in locales {
            for pattern in ["MMM", "MMMM", "LLL", "LLLL"] {
                for month in 1...12 {
                    let name = DateFormat.format(CalendarDate(year: 2001, month: month, day: 15), locale: locale, pattern: pattern)
                    #expect(mayNameMonth(name), "\(locale) \(pattern) \(month): \(name)")
                }
            }
            for pattern in LocaleDatePatterns.named(locale: locale) where LocaleDatePatterns.namesMonth(pattern) {
                // The pattern with the month written as a number, and numeric dates of all sorts.
                var texts = ["13/45/2001", "12/10/1985", "1985-12-10", "10.12.1985", "12 10, 1985", "10 12 1985", "1 2 3", "2001"]
                for numeric in ["M", "MM"] {
                    let numbered = pattern.replacing("MMMM", with: numeric).replacing("MMM", with: numeric).replacing("LLLL", with: numeric)
                        .replacing("LLL", with: numeric)
                    for (year, month, day) in [(1985, 12, 10), (2001, 2, 3), (1999, 13, 45)] {
                        texts.append(DateFormat.format(CalendarDate(year: year, month: month, day: day), locale: locale, pattern: numbered))
                    }
                }
                for text in texts where !mayNameMonth(text) {
                    #expect(DateFormat.parse(text, locale: locale, pattern: pattern) == nil, "\(locale) \(pattern): \(text)")
                    checked += 1
                }
            }
        }
        #expect(checked > 500)
    }

    @Test("Latin title case is ICU's word title case, on Strings and on bytes", arguments: ["en-US", "de-DE", "fr-FR", "pt-BR"])
    func titles(locale: String) {
        // Seeded, so that a failure can be reproduced.
        var generator = SeededGenerator(seed: 20_261_202)
        let alphabet: [String] =
            Array("abIiJjzéÉöÜñçàšŽőŒĸ '-.'").map(String.init) + ["e\u{301}", "o\u{308}", "\u{301}", "\u{327}", "ß", "ı", "İ", "ÿ", "×"]
        // Random text, and words of lower-case ASCII letters (a path of their own) of every length.
        var texts = (0..<3000).map { _ in
            (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        texts += (1...20).map { length in String((0..<length).map { _ in letters.randomElement(using: &generator)! }) }
        texts += ["o'neil", "o'\u{301}neil", "d'\u{301}", "é'neil", "a'b'c", "x y'z", "o'ñeil", "o'ÿ", "o'ı", "ĸ'ĸ"]
        for text in texts {
            for lowercaseRest in [true, false] {
                let icu = CaseMapping.icuCapitalizeWords(text, locale: locale, lowercaseRest: lowercaseRest)
                let fast = CaseMapping.simpleTitle(text, locale: locale, lowercaseRest: lowercaseRest)
                if let fast {
                    // The elision rule (O'Neil) runs after either path.
                    #expect(CaseMapping.capitalize(fast, mode: .words, locale: locale, lowercaseRest: false) == icu, "\"\(text)\"")
                } else {
                    #expect(
                        text.unicodeScalars.contains { ["ß", "İ", "×"].contains($0) }
                            || text.unicodeScalars.first?.properties.generalCategory == .nonspacingMark,
                        "only the letters left to ICU: \"\(text)\"")
                }
                var bytes = ByteBuffer()
                var copy = text
                let handled = copy.withByteText {
                    CaseMapping.capitalizeWords($0, rules: CaseMapping.Rules(locale: locale), lowercaseRest: lowercaseRest, into: &bytes)
                }
                #expect(handled == (fast != nil), "\"\(text)\"")
                if handled { #expect(bytes.bytes.string == icu, "bytes: \"\(text)\"") }
            }
        }
        #expect(CaseMapping.simpleTitle("istanbul", locale: "tr-TR", lowercaseRest: true) == nil)
        #expect(CaseMapping.simpleTitle("ijsbrand", locale: "nl", lowercaseRest: true) == nil)
        #expect(CaseMapping.simpleTitle("zoë", locale: "en", lowercaseRest: true) == "Zoë")
        #expect(CaseMapping.simpleTitle("straße", locale: "de", lowercaseRest: true) == nil, "ß is left to ICU")
        #expect(CaseMapping.simpleTitle("ıšık", locale: "en", lowercaseRest: true) == "Išık")
        #expect(CaseMapping.icuCapitalizeWords("ıšık", locale: "en", lowercaseRest: true) == "Išık")
    }
}

/// A small reproducible random number generator (SplitMix64) for tables of generated cases.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Plain amounts of money are read and written without ICU: the answers must be ICU's.
@Suite("Plain money agrees with ICU")
struct PlainMoneyTests {
    static let locales = ["en-US", "en-GB", "de-DE", "fr-FR", "tr-TR", "nl-NL", "ja-JP", "pt-BR"]

    @Test("the byte path gives the String (ICU) path's value, display and violations", arguments: locales)
    func agrees(locale: String) throws {
        let registry = Registry()
        let profile = try registry.locale(locale)
        let currency = try #require(profile.currency)
        let kind = try registry.makeKind("money", locale: locale)
        let value = try #require(kind.value as? MoneyValue)
        let layout = try #require(value.layout, "every shipped locale has a layout for its currency")
        let form = try FormSchema(
            json: #"{"vouch": 1, "locale": "\#(locale)", "fields": [{"name": "m", "kind": "money"}]}"#, registry: registry)
        var inputs: [String] = []
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let integer = String(Int.random(in: 0...9_999_999, using: &generator))
            let digits = NumberFormat.fractionDigits(currency: currency) ?? 2
            let fraction = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            let amount = digits > 0 ? integer + "." + fraction : integer
            let written = NumberFormat.formatMoney(amount: amount, currency: currency, locale: locale)
            inputs += [written, amount, integer, "\(currency) \(integer)", "\(integer) \(currency)"]
            inputs.append(written.replacingOccurrences(of: "\u{00A0}", with: " "))
        }
        inputs += [
            "", "abc", "-12", "1,2,3", "12,34", "12.34", "1.234,5", "1,234.5", "0012", "12.", ".5", "1 234", "1234.567", "€12", "$12",
            "12 €",
        ]
        var fast = 0
        for input in inputs {
            var canonical = ByteBuffer()
            var bytes = input
            if bytes.withByteText({ layout.parse($0, into: &canonical) }) { fast += 1 }
            let expected: (JSONValue?, String?, [String]) =
                switch kind.value.convert(input.trimmingWhitespace(), context: RuleContext(locale: profile)) {
                case .value(let typed): (typed.canonical, typed.display, [])
                case .violations(let found): (nil, nil, found.map(\.code))
                }
            let result = form.validate(["m": input])
            if input.trimmingWhitespace().isEmpty { continue }
            #expect(result.value(of: "m")?.canonical == expected.0, "\(locale) \"\(input)\"")
            #expect(result.value(of: "m")?.display == expected.1, "\(locale) \"\(input)\"")
            #expect(result.violations.map(\.code) == expected.2, "\(locale) \"\(input)\"")
        }
        #expect(fast >= 900, "most plain amounts take the fast path in \(locale): \(fast)")
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
