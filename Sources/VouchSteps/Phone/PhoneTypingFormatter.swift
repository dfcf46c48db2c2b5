@_spi(VouchInternal) import VouchBase

/// Lays out a phone number as it is typed, digit by digit: the digits typed, and only they, in
/// the groups and with the separators of the number they begin (`(201) 55`, `+44 20 79`,
/// `030 12`), so that the caret can be kept by counting digits.
///
/// The format is the first of the region's whose leading digits and pattern the digits typed
/// can still begin; the groups are those the format gives the shortest number it matches that
/// starts with them.
struct PhoneTypingFormatter {
    let plan: PhonePlan
    /// The reading of the text, when the caller has made it already.
    var reading: InlinePhoneReading? = nil

    /// Lays out `text`; true when what it wrote is how the whole, valid number it spells is
    /// shown (``PhonePlan/display(_:)``).
    @discardableResult
    func format(_ text: ByteText, using data: RegexMatchData, into output: inout some ByteSink & ~Copyable) -> Bool {
        guard let (plus, digits) = Self.typedDigits(text) else {
            output.append(contentsOf: text.trimmingASCIIWhitespace)
            return false
        }
        // A whole, valid number is shown as it will be: nationally if it is the locale's country's.
        if digits.count >= 2, case .valid(let number, _, _) = reading ?? plan.read(text, using: data) {
            plan.writeDisplay(number, using: data, into: &output)
            return true
        }
        layOut(plus: plus, digits, using: data, into: &output)
        return false
    }

    /// Lays out `text` while it is typed: as ``format(_:using:into:)``, but the digits shown are
    /// the digits typed, so that the next digit typed continues the same number.
    ///
    /// A whole number typed nationally is shown as it will be only when that adds no digit to
    /// those typed: not `(01) 800 1234` for `18001234` in Ireland, whose added `0` the next digit
    /// would go before (dropping a national prefix typed, the `1` of `1 201 555 0123`, is fine:
    /// the caret is kept by the digits after it).
    func formatTyping(_ text: ByteText, using data: RegexMatchData, into output: inout [UInt8]) {
        guard let (plus, digits) = Self.typedDigits(text) else { return output.append(contentsOf: text.trimmingASCIIWhitespace) }
        let start = output.count
        // A local number rewritten whole (Madagascar's `2021234` is `20 20 212 34`) is not yet
        // the number being typed: its national number must be the digits typed last.
        if digits.count >= 2, case .valid(let number, _, _) = plan.read(text, using: data),
            digits.withBytes({ typed in
                number.nationalDigits.withBytes { ByteText(rebasing: typed.suffix($0.count)).hasSameBytes(as: $0) }
            })
        {
            // Typed after `+` or the international prefix, a number of the locale's country is
            // shown nationally only when no longer number can follow: else the next digit typed
            // would make another of it (`+61 134567` as `13 45 67`, and `8`: `1345678`).
            let international =
                (number.countryCode != plan.home?.countryCode || number.nationalDigits.count < plan.home?.general.lengths.maximum ?? 0)
                && (plus || digits.withBytes { startsWithInternationalPrefix($0, using: data) })
            if international {
                return plan.write(number, .international, using: data, into: &output)
            }
            plan.writeDisplay(number, using: data, into: &output)
            if digits.withBytes({ Self.digits(of: output[start...], end: $0) }) { return }
            output.removeSubrange(start...)
        }
        layOut(plus: plus, digits, using: data, into: &output)
        // A layout that would show other digits than those typed (a format that drops or repeats
        // one of a number it half fits) gives way to the digits as typed.
        let same = digits.withBytes { typed in
            output[start...].lazy.filter(\.isASCIIDigit).count == typed.count && Self.digits(of: output[start...], end: typed)
        }
        guard !same else { return }
        output.removeSubrange(start...)
        if plus { output.append(.plus) }
        digits.withBytes { output.append(contentsOf: $0) }
    }

    /// Whether the digits of `shown` are the last digits of `typed`.
    private static func digits(of shown: ArraySlice<UInt8>, end typed: ByteText) -> Bool {
        // By index, from the end: a reversed view costs more than the number is long.
        var index = typed.count
        var position = shown.endIndex
        while position > shown.startIndex {
            position -= 1
            let byte = shown[position]
            guard byte.isASCIIDigit else { continue }
            index -= 1
            guard index >= 0, typed[index] == byte else { return false }
        }
        return true
    }

    /// The digits typed, with a `+` before them when `plus`, laid out as far as they go.
    private func layOut(plus: Bool, _ digits: PhoneDigits, using data: RegexMatchData, into output: inout some ByteSink & ~Copyable) {
        digits.withBytes { digits in
            if plus {
                output.append(.plus)
                return international(digits, using: data, into: &output)
            }
            if let home = plan.home, let prefix = home.internationalPrefix, prefix.matchGroups(digits, using: data),
                let match = data.range(of: 0), match.upperBound < digits.count, digits[match.upperBound] != .zero
            {
                output.append(contentsOf: digits[..<match.upperBound])
                output.append(.space)
                return international(ByteText(rebasing: digits[match.upperBound...]), using: data, into: &output)
            }
            national(digits, using: data, into: &output)
        }
    }

    /// Whether `digits` start with the home region's international prefix (`011`, `00`).
    private func startsWithInternationalPrefix(_ digits: ByteText, using data: RegexMatchData) -> Bool {
        guard let prefix = plan.home?.internationalPrefix else { return false }
        return prefix.matchGroups(digits, using: data)
    }

    /// Whether the text starts with `+`, and its digits as ASCII; nil when it has anything but
    /// digits, white space, `( ) - . /` and a leading `+`, or more digits than a number has.
    static func typedDigits(_ text: ByteText) -> (Bool, PhoneDigits)? {
        var plus = false
        var digits = PhoneDigits()
        var seenDigit = false
        guard text.isASCII else { return typedDigits(scalars: text.string.unicodeScalars) }
        for byte in text {
            if byte.isASCIIDigit {
                if digits.isFull { return nil }
                digits.append(byte)
                seenDigit = true
            } else if byte == .plus && !plus && !seenDigit {
                plus = true
            } else if !(byte.isASCIIWhitespace || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == .hyphen
                || byte == .period || byte == .slash)
            {
                return nil
            }
        }
        return (plus, digits)
    }

    private static func typedDigits(scalars: String.UnicodeScalarView) -> (Bool, PhoneDigits)? {
        var plus = false
        var digits = PhoneDigits()
        var seenDigit = false
        for scalar in scalars {
            if let digit = PhoneText.asciiDigit(scalar) {
                if digits.isFull { return nil }
                digits.append(digit)
                seenDigit = true
            } else if scalar == "+" && !plus && !seenDigit {
                plus = true
            } else if !(scalar.properties.isWhitespace || "()-./".unicodeScalars.contains(scalar)) {
                return nil
            }
        }
        return (plus, digits)
    }

    /// After `+` (or the international prefix): the country code, then the number in its
    /// country's international format.
    private func international(
        _ digits: ByteText, using data: RegexMatchData, into output: inout some ByteSink & ~Copyable
    ) {
        guard let (code, length) = plan.parser.countryCode(at: digits) else { return output.append(contentsOf: digits) }
        output.append(contentsOf: digits[..<length])
        let national = ByteText(rebasing: digits[length...])
        guard !national.isEmpty else { return }
        output.append(.space)
        guard let region = plan.numbering.writingPlan(countryCode: code) else { return output.append(contentsOf: national) }
        layOut(national, plan: region, international: true, typedPrefix: 0, using: data, into: &output)
    }

    /// A national number of the locale's region, with or without its national prefix.
    private func national(_ digits: ByteText, using data: RegexMatchData, into output: inout some ByteSink & ~Copyable) {
        guard let home = plan.home else { return output.append(contentsOf: digits) }
        var prefix = 0
        if let nationalPrefix = home.nationalPrefix, digits.count > nationalPrefix.utf8.count, digits.starts(with: nationalPrefix.utf8) {
            prefix = nationalPrefix.utf8.count
        }
        layOut(digits, plan: home, international: false, typedPrefix: prefix, using: data, into: &output)
    }

    /// `digits` (of which the first `typedPrefix` are the national prefix) in the first format of
    /// `region` they can begin, preferring formats of whole numbers to those of numbers dialled
    /// only inside an area (the US `555-0123`); as they are when none fits.
    private func layOut(
        _ digits: ByteText, plan region: PhoneRegionPlan, international: Bool, typedPrefix: Int,
        using data: RegexMatchData, into output: inout some ByteSink & ~Copyable
    ) {
        let national = ByteText(rebasing: digits[typedPrefix...])
        let formats = international && !region.internationalFormats.isEmpty ? region.internationalFormats : region.formats
        var localOnly: (PhoneNumberFormat, PhoneDigits)?
        for format in formats where template(of: format, typedPrefix: typedPrefix, international: international) != nil {
            if let leading = format.leadingDigits, !leading.matchesOrBegins(national, using: data) { continue }
            guard format.pattern.matchesOrBegins(national, using: data), let padded = completion(of: national, by: format, using: data)
            else { continue }
            if region.general.lengths.contains(padded.count) {
                return write(digits, typedPrefix: typedPrefix, padded, format, international: international, using: data, into: &output)
            }
            if localOnly == nil { localOnly = (format, padded) }
        }
        guard let (format, padded) = localOnly else { return output.append(contentsOf: digits) }
        write(digits, typedPrefix: typedPrefix, padded, format, international: international, using: data, into: &output)
    }

    /// The shortest number `format` writes that starts with `national`: it, padded with nines.
    private func completion(of national: ByteText, by format: PhoneNumberFormat, using data: RegexMatchData)
        -> PhoneDigits?
    {
        var padded = PhoneDigits(national)
        while padded.count <= PhoneNumberParser.maxNationalLength {
            if padded.withBytes({ format.pattern.matches($0, using: data) }) { return padded }
            padded.append(UInt8(ascii: "9"))
        }
        return nil
    }

    /// How `format` lays out what was typed: with its national rule when that writes the national
    /// prefix typed (`0$1`), else without; nil when the template would write digits not typed
    /// (Argentina's mobile `$2 15-$3-$4`), which typing must never do.
    private func template(of format: PhoneNumberFormat, typedPrefix: Int, international: Bool) -> PhoneTemplate? {
        if !international && format.nationalFormat.literalDigits == typedPrefix { return format.nationalFormat }
        return format.format.literalDigits == 0 ? format.format : nil
    }

    /// The digits typed, laid out by `format` as far as they go, in the groups `padded` (their
    /// completion) falls into; the national prefix typed is written by the format's national rule
    /// when it writes one, else before the number.
    private func write(
        _ digits: ByteText, typedPrefix: Int, _ padded: PhoneDigits, _ format: PhoneNumberFormat, international: Bool,
        using data: RegexMatchData, into output: inout some ByteSink & ~Copyable
    ) {
        guard let template = template(of: format, typedPrefix: typedPrefix, international: international) else { return }
        if template == format.format {
            output.append(contentsOf: digits[..<typedPrefix])
            if typedPrefix > 0 { output.append(.space) }
        }
        padded.withBytes { padded in
            _ = format.pattern.matchGroups(padded, using: data)
            template.write(padded, groups: data, limit: digits.count - typedPrefix, into: &output)
        }
    }
}
