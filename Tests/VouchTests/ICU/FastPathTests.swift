import Testing

@testable import Vouch

/// The fast paths that skip ICU must give what ICU gives.
@Suite("Fast paths agree with ICU")
struct FastPathTests {
    @Test("numeric date patterns read and write as ICU does", arguments: [
        "MM/dd/yyyy", "M/d/yyyy", "dd/MM/yyyy", "d/M/yyyy", "dd.MM.yyyy", "d.M.yyyy", "dd-MM-yyyy", "yyyy/MM/dd", "yyyy-MM-dd",
    ])
    func dates(pattern: String) throws {
        let fast = try #require(NumericDatePattern(pattern))
        var inputs: [String] = []
        for (y, m, d) in [(1982, 2, 22), (2000, 2, 29), (1900, 2, 29), (2023, 4, 31), (1999, 12, 31), (2024, 1, 1), (1976, 13, 4), (1982, 0, 10)] {
            for (mm, dd) in [(String(m), String(d)), (m < 10 ? "0\(m)" : "\(m)", d < 10 ? "0\(d)" : "\(d)")] {
                inputs.append(fast.parts.map { part in
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
        for date in [CalendarDate(year: 1982, month: 2, day: 22), CalendarDate(year: 2009, month: 11, day: 3), CalendarDate(year: 812, month: 1, day: 1)] {
            #expect(fast.format(date) == DateFormat.format(date, locale: "en-US", pattern: pattern))
        }
    }

    @Test("numeric date patterns: what ICU reads loosely, and what is left to ICU")
    func strictness() {
        #expect(NumericDatePattern("MM/dd/yyyy")?.parse("02/22/82") == nil, "four digits for yyyy")
        for pattern in ["MMM d, yyyy", "EEEE dd.MM.yyyy", "dd 'de' MMMM", "yy-MM-dd", "d/M/yyyy G"] {
            #expect(NumericDatePattern(pattern) == nil, "\(pattern)")
        }
    }

    @Test("Latin title case is ICU's word title case, on Strings and on bytes", arguments: ["en-US", "de-DE", "fr-FR", "pt-BR"])
    func titles(locale: String) {
        // Seeded, so that a failure can be reproduced.
        var generator = SeededGenerator(seed: 20_261_202)
        let alphabet: [String] = Array("abIiJjzéÉöÜñçàšŽőŒ '-.").map(String.init) + ["e\u{301}", "o\u{308}", "ß", "ı", "İ", "ÿ", "×"]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            for lowercaseRest in [true, false] {
                let icu = CaseMapping.icuCapitalizeWords(text, locale: locale, lowercaseRest: lowercaseRest)
                let fast = CaseMapping.simpleTitle(text, locale: locale, lowercaseRest: lowercaseRest)
                if let fast {
                    // The elision rule (O'Neil) runs after either path.
                    #expect(CaseMapping.capitalize(fast, mode: .words, locale: locale, lowercaseRest: false) == icu, "\"\(text)\"")
                } else {
                    #expect(text.contains { ["ß", "İ", "×"].contains($0) } || text.unicodeScalars.first?.properties.generalCategory == .nonspacingMark,
                        "only the letters left to ICU: \"\(text)\"")
                }
                var bytes = ByteBuffer()
                var copy = text
                let handled = copy.withUTF8 { CaseMapping.capitalizeWords($0, locale: locale, lowercaseRest: lowercaseRest, into: &bytes) }
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
