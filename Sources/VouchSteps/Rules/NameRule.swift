@_spi(VouchInternal) import VouchBase

/// `name`: a person's name: letters and combining marks, with spaces, apostrophes (`'` and `’`),
/// hyphens and periods between them (`Mary-Jane`, `O'Neil`, `J. R. R.`), starting with a letter.
/// The middle dots that separate the parts of a foreign name in Japanese and Chinese (`ジョン・ポール`,
/// `约翰·保罗`: U+30FB, U+FF65, U+00B7, U+2027) are separators too.
struct NameRule: ByteRule {
    static let definition = RuleDefinition("name", summary: "A person's name: letters, marks, spaces, ' - and .") { _, _ in NameRule() }

    static func isName(_ value: String) -> Bool {
        // ASCII, as the Unicode path below reads it, without property lookups.
        if value.utf8.isASCII {
            guard let first = value.utf8.first, (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z") else {
                return false
            }
            var previousWasSeparator = false
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "."):
                    previousWasSeparator = false
                case UInt8(ascii: " "), UInt8(ascii: "'"), UInt8(ascii: "-"):
                    if previousWasSeparator { return false }
                    previousWasSeparator = true
                default: return false
                }
            }
            return !previousWasSeparator
        }
        guard let first = value.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        var previousWasSeparator = false
        var marks = 0
        for scalar in value.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                // No letter bears more marks than Unicode's Stream-Safe Text Format allows (30).
                marks += 1
                if marks > LengthRule.marksPerCharacter { return false }
                previousWasSeparator = false
            case _ where properties.isAlphabetic:
                marks = 0
                previousWasSeparator = false
            case _ where scalar == ".":
                marks = 0
                previousWasSeparator = false  // "J. R. R.": a period may end a part, or the name
            case _ where scalar == " " || scalar == "'" || scalar == "\u{2019}" || scalar == "-" || isMiddleDot(scalar.value):
                // Separators stand between letters: never two in a row ("Ann--"), never last.
                if previousWasSeparator { return false }
                marks = 0
                previousWasSeparator = true
            default:
                return false
            }
        }
        return !previousWasSeparator
    }

    /// The middle dots between the parts of a name written in Japanese or Chinese.
    static func isMiddleDot(_ scalar: UInt32) -> Bool { scalar == 0x30FB || scalar == 0xFF65 || scalar == 0xB7 || scalar == 0x2027 }

    /// ``isName(_:)`` for ASCII bytes: letters and periods, separators between them.
    static func isASCIIName(_ text: ByteText) -> Bool {
        guard let first = text.first, first.isASCIILetter else { return false }
        var previousWasSeparator = false
        for byte in text {
            if byte.isASCIILetter || byte == .period {
                previousWasSeparator = false
            } else if byte == .space || byte == .apostrophe || byte == .hyphen {
                if previousWasSeparator { return false }
                previousWasSeparator = true
            } else {
                return false
            }
        }
        return !previousWasSeparator
    }

    /// ASCII letters of either case are a name's.
    var seesASCIICase: Bool { false }

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        if !Self.isName(text) { violations.append(RuleViolation("name")) }
    }

    /// ``isName(_:)`` on bytes: scalars below U+0300 from a table, the rest by the `String` path.
    static func isName(_ text: ByteText) -> Bool {
        if text.isASCII { return isASCIIName(text) }
        var previousWasSeparator = false
        var index = 0
        while index < text.count {
            let (value, length) = UTF8Validation.scalar(in: text, at: index)
            guard value < LatinScalars.end else { return isName(text.string) }
            switch value {
            case 0x2E:
                previousWasSeparator = false  // "J. R. R.": a period may end a part, or the name
            case 0x20, 0x27, 0x2D, 0xB7:
                // Separators stand between letters: never two in a row ("Ann--"), never last.
                if previousWasSeparator { return false }
                previousWasSeparator = true
            default:
                // Below U+0300 there are no marks: a name's characters there are alphabetic.
                guard LatinScalars.isAlphabetic(value) else { return false }
                previousWasSeparator = false
            }
            if index == 0 && !LatinScalars.isAlphabetic(value) { return false }
            index += length
        }
        return index > 0 && !previousWasSeparator
    }
}
