@_spi(VouchInternal) import VouchBase

/// The first step of reading a phone number, as libphonenumber takes it: from the text, the part
/// that can be a number (no `Tel:` before it, no punctuation after it), whether it starts with
/// `+`, its digits (letters as on a keypad, when there are three or more: `1-800-FLOWERS`), and
/// an extension (`ext. 123`, `x123`, `;ext=123`, `,,123`).
struct PhoneText: Equatable {
    /// Whether the number starts with `+` (or the full-width `＋`).
    var hasPlus = false
    /// The digits after any `+`, as ASCII.
    var digits = PhoneDigits()
    /// The extension's digits, as ASCII.
    var extensionDigits: PhoneDigits?

    /// What the text cannot be read as.
    enum Failure: Error {
        /// Not a phone number: too few digits, characters no number has, or too many digits.
        case notANumber
        case tooLong
    }

    /// The longest text read, as libphonenumber's.
    static let maxLength = 250

    /// Reads `text`, valid UTF-8.
    static func read(_ text: ByteText) -> Result<PhoneText, Failure> {
        if text.count > maxLength { return .failure(.tooLong) }
        if let simple = readSimple(text) { return simple }
        return readFull(text.string)
    }

    // MARK: Digits, spaces and ( ) - . / only

    /// The common case without regular expressions, in one pass: ASCII digits, `+` before them,
    /// and the separators ` ( ) - . /` among and after them. Nil for any other text, which the
    /// full reading takes.
    static func readSimple(_ text: ByteText) -> Result<PhoneText, Failure>? {
        // Digits alone, or after a `+` (`2015550123`, `+12015550123`): as they are.
        if let first = text.first, first.isASCIIDigit || first == .plus {
            let hasPlus = first == .plus
            let number = hasPlus ? ByteText(rebasing: text[1...]) : text
            if number.count <= PhoneDigits.capacity, number.count >= (hasPlus ? 3 : 2), number.isASCIIDigits {
                return .success(PhoneText(hasPlus: hasPlus, digits: PhoneDigits(number)))
            }
        }
        return readSeparated(text)
    }

    /// ``readSimple(_:)`` of text with separators, byte by byte. (Inlined: its result is not
    /// copied out.)
    @inline(__always)
    private static func readSeparated(_ text: ByteText) -> Result<PhoneText, Failure>? {
        var digits = PhoneDigits()
        // Before the number: what comes before its first digit or `+` is not part of it ("Tel: ").
        var started = false
        var hasPlus = false
        // Separators between the start and the last digit, and since the last digit.
        var separators = 0
        var trailing = 0
        // A character of no other kind after the start and before any digit.
        var strayBeforeDigits = false
        var tooLong = false
        let simple = digits.withStorage { storage, count in
            for byte in text {
                if byte >= 0x80 { return false }
                if byte.isASCIIDigit {
                    if strayBeforeDigits { return false }
                    started = true
                    separators &+= trailing
                    trailing = 0
                    if count == PhoneDigits.capacity {
                        tooLong = true
                    } else {
                        storage[count] = byte
                        count &+= 1
                    }
                } else if !started {
                    if byte == .plus {
                        started = true
                        hasPlus = true
                    }
                } else if Self.isSimpleSeparator(byte) {
                    trailing &+= 1
                } else if byte == .plus && count == 0 && trailing == 0 && !strayBeforeDigits {
                    continue  // `++1`
                } else if count > 0 || byte == .plus {
                    return false  // a letter or `+` among or after the digits: for the full reading
                } else {
                    strayBeforeDigits = true
                }
            }
            return true
        }
        guard simple else { return nil }
        let count = digits.count
        guard count > 0 else { return .failure(.notANumber) }
        if tooLong { return .failure(.tooLong) }
        // Viable: two digits alone, or three or more with separators between them.
        guard count >= 3 || (count == 2 && separators == 0 && !hasPlus) else { return .failure(.notANumber) }
        return .success(PhoneText(hasPlus: hasPlus, digits: digits))
    }

    private static func isSimpleSeparator(_ byte: UInt8) -> Bool {
        byte == .space || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == .hyphen || byte == .period
            || byte == .slash
    }

    // MARK: Any text

    static func readFull(_ text: String) -> Result<PhoneText, Failure> {
        // A symbol no number is written with (an emoji, `☎`) is something else typed into the
        // field: libphonenumber drops it after the number, a form must not take it silently.
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .otherSymbol }) { return .failure(.notANumber) }
        var number = Self.candidate(in: text)
        guard Self.isViable(number) else { return .failure(.notANumber) }
        var reading = PhoneText()
        if let (digits, before) = Self.extensionMatch(in: number), Self.isViable(before) {
            var extensionDigits = PhoneDigits()
            for digit in digits.unicodeScalars.compactMap(Self.asciiDigit) { extensionDigits.append(digit) }
            reading.extensionDigits = extensionDigits
            number = before
        }
        // One or two letters among the digits are a typo, not a number spelled in letters (three
        // or more): libphonenumber drops them, a form must not change the number so.
        let letters = number.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        if (1...2).contains(letters) { return .failure(.notANumber) }
        var body = Substring(number)
        if let first = body.unicodeScalars.first, Self.isPlus(first) {
            reading.hasPlus = true
            body = body.drop { $0 == "+" || $0 == "\u{FF0B}" }
        }
        for digit in Self.normalized(body) {
            if reading.digits.isFull { return .failure(.tooLong) }
            reading.digits.append(digit)
        }
        return .success(reading)
    }

    /// The part of `text` that can be a phone number (libphonenumber's
    /// `buildNationalNumberForParsing`): an RFC 3966 `tel:` URI's number with its phone context,
    /// or the text from its first `+` or digit, without what follows the last digit or `#`, and
    /// without a second number (`/x…`).
    static func candidate(in text: String) -> String {
        var number: String
        if let context = text.firstRange(of: ";phone-context=") {
            let after = text[context.upperBound...]
            number = after.first == "+" ? String(after.prefix { $0 != ";" }) : ""
            let start = text.firstRange(of: "tel:").map(\.upperBound) ?? text.startIndex
            if start <= context.lowerBound { number += text[start..<context.lowerBound] }
        } else {
            guard let start = text.unicodeScalars.firstIndex(where: { Self.isPlus($0) || Self.asciiDigit($0) != nil }) else {
                return ""
            }
            var rest = text[start...]
            while let last = rest.unicodeScalars.last, !(last == "#" || (last != "_" && Self.isWordCharacter(last))) {
                rest = rest.dropLast()
            }
            if let second = Self.secondNumberStart(in: rest) { rest = rest[..<second] }
            number = String(rest)
        }
        if let subaddress = number.firstRange(of: ";isub="), subaddress.lowerBound > number.startIndex {
            number = String(number[..<subaddress.lowerBound])
        }
        return number
    }

    /// Whether `text` can be a phone number at all (libphonenumber's `VALID_PHONE_NUMBER`).
    static func isViable(_ text: some StringProtocol) -> Bool {
        guard text.unicodeScalars.count >= 2 else { return false }
        var text = String(text)
        // Match data of its own: this runs inside readings that hold the thread's.
        return text.withByteText { Self.validPhoneNumber.match($0, using: RegexMatchData()) == .match }
    }

    /// The extension's digits and the number before it.
    static func extensionMatch(in text: String) -> (String, String)? {
        var text = text
        return text.withByteText { bytes in
            let data = RegexMatchData()
            guard Self.extensionPattern.matchGroups(bytes, using: data), let whole = data.range(of: 0) else { return nil }
            for group in 1...Self.extensionPattern.captureCount {
                if let range = data.range(of: group) {
                    return (String(decoding: bytes[range], as: UTF8.self), String(decoding: bytes[..<whole.lowerBound], as: UTF8.self))
                }
            }
            return nil
        }
    }

    /// The digits of `text` as ASCII: with three or more ASCII letters, letters become their digit
    /// on a phone keypad (and other digits than ASCII ones go); otherwise every decimal digit
    /// becomes its ASCII digit and the rest goes.
    static func normalized(_ text: Substring) -> [UInt8] {
        let letters = text.unicodeScalars.filter { $0.isASCII && UInt8($0.value).isASCIILetter }.count
        if letters >= 3 {
            return text.unicodeScalars.compactMap { scalar in
                guard scalar.isASCII else { return nil }
                let byte = UInt8(scalar.value)
                if byte.isASCIIDigit { return byte }
                return byte.isASCIILetter ? keypadDigit(byte) : nil
            }
        }
        return text.unicodeScalars.compactMap(asciiDigit)
    }

    /// The digit a letter stands for on a phone keypad (ITU E.161): `A`–`C` 2, … `W`–`Z` 9.
    static func keypadDigit(_ letter: UInt8) -> UInt8 {
        let keys: [UInt8] = Array("22233344455566677778889999".utf8)
        return keys[Int(letter.asciiUppercased - UInt8(ascii: "A"))]
    }

    static func asciiDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return .zero + UInt8(value)
    }

    private static func isPlus(_ scalar: Unicode.Scalar) -> Bool { scalar == "+" || scalar == "\u{FF0B}" }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    // libphonenumber's text patterns (PhoneNumberUtil), for PCRE2: Unicode, case-insensitive.
    private static let punctuation =
        "\\-x\u{2010}-\u{2015}\u{2212}\u{30FC}\u{FF0D}-\u{FF0F} \u{00A0}\u{00AD}\u{200B}\u{2060}\u{3000}()\u{FF08}\u{FF09}\u{FF3B}\u{FF3D}.\\[\\]/~\u{2053}\u{223C}\u{FF5E}"
    private static let letters = "A-Za-z"

    /// Two digits, or three or more among separators, optionally followed by an extension.
    private static let validPhoneNumber = compile(
        "\\d{2}|[+\u{FF0B}]*(?:[\(punctuation)*]*\\d){3,}[\(punctuation)*\(letters)\\d]*(?:\(extensions))?", .whole)

    /// Where a second number starts (`/x`, `\\ x`: libphonenumber's `[\\/] *x`).
    private static func secondNumberStart(in text: Substring) -> String.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "/" || text[index] == "\\" {
                let rest = text[text.index(after: index)...].drop { $0 == " " }
                if rest.first == "x" { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    private static let extensionPattern = compile("(?:\(extensions))$", .anywhere)

    /// The ways an extension is written, each capturing its digits.
    private static let extensions: String = {
        func digits(_ most: Int) -> String { "(\\d{1,\(most)})" }
        let separators = "[ \u{00A0}\\t,]*"
        let afterLabel = "[:\\.\u{FF0E}]?[ \u{00A0}\\t,-]*"
        let suffix = "#?"
        let explicitLabels = "(?:e?xt(?:ensi(?:o\u{0301}?|\u{00F3}))?n?|\u{FF45}?\u{FF58}\u{FF54}\u{FF4E}?|\u{0434}\u{043E}\u{0431}|anexo)"
        let ambiguousLabels = "(?:[x\u{FF58}#\u{FF03}~\u{FF5E}]|int|\u{FF49}\u{FF4E}\u{FF54})"
        let separatorsNoComma = "[ \u{00A0}\\t]*"
        let alternatives = [
            ";ext=" + digits(20),
            separators + explicitLabels + afterLabel + digits(20) + suffix,
            separators + ambiguousLabels + afterLabel + digits(9) + suffix,
            "[- ]+" + digits(6) + "#",
            separatorsNoComma + "(?:,{2}|;)" + afterLabel + digits(15) + suffix,
            separatorsNoComma + "(?:,)+" + afterLabel + digits(9) + suffix,
        ]
        return alternatives.joined(separator: "|")
    }()

    private static func compile(_ pattern: String, _ anchoring: RegexPattern.Anchoring) -> RegexPattern {
        do {
            return try RegexPattern(pattern, anchoring: anchoring, caseless: true)
        } catch {
            preconditionFailure("phone text pattern: \(error)")
        }
    }
}
