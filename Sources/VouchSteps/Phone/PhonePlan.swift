@_spi(VouchInternal) import VouchBase

/// A locale's phone numbers: its region's numbering plan for national numbers (libphonenumber's,
/// or a pack's changes to it), and every country's plan for international ones.
///
/// ```swift
/// let phone = try registry.locale("en-GB").phone
/// phone.read("020 7946 0958")          // valid, GB, fixed_line: +442079460958
/// phone.read("+44 (0)20 7946 0958")    // the same number
/// phone.read("0031 6 12345678")        // valid, NL, mobile
/// ```
public final class PhonePlan: Sendable {
    let numbering: PhoneNumbering
    let parser: PhoneNumberParser
    let checker: PhoneNumberChecker
    /// The longest number as typed, if the locale's pack limits it (an input hint).
    public let maxLength: Int?
    /// A valid number of the region in its national format, for placeholders and messages.
    public let example: String?
    /// Tells plans apart, for what a thread remembers of its last reading.
    let identity = StepIdentity()
    /// Where a thread keeps its last reading (``LastPhoneReading/slot``).
    let lastReading = LastPhoneReading.slot

    /// The plan of a locale in `region`, with a pack's `changes` to that region's plan (merged
    /// key by key over libphonenumber's, arrays replaced whole); `locale` names it in errors.
    convenience init(plans: PhonePlans, region: String?, changes: JSONObject?, maxLength: Int?, locale: String) throws(VouchError) {
        var home: PhoneRegionPlan?
        if let region {
            let path = JSONPath().appending("kinds").appending("phone").appending("plan")
            if let changes {
                let merged = (plans.data(forRegion: region) ?? JSONObject()).merging(changes)
                do {
                    home = try PhoneRegionPlan(region: region, json: merged, at: path)
                } catch {
                    throw VouchError(
                        error.code, "locale \(locale): phone plan of \(region): \(error.message)", path: error.path, file: error.file)
                }
            } else {
                home = plans.plan(forRegion: region)
            }
        }
        self.init(plans: plans, home: home, maxLength: maxLength)
    }

    init(plans: PhonePlans, home: PhoneRegionPlan?, maxLength: Int?) {
        numbering = PhoneNumbering(plans: plans, home: home)
        parser = PhoneNumberParser(numbering: numbering)
        checker = PhoneNumberChecker(numbering: numbering)
        self.maxLength = maxLength
        let data = RegexMatchData()
        example = home.flatMap { home in
            (home.example(of: .fixedLine) ?? home.example(of: .mobile)).map { example in
                var digits = example
                return digits.withByteText { digits in
                    var output: [UInt8] = []
                    home.writeNational(digits, using: data, into: &output)
                    return String(decoding: output, as: UTF8.self)
                }
            }
        }
    }

    /// The plan national numbers are read by; nil where the locale has no region (`root`, `de`).
    var home: PhoneRegionPlan? { numbering.home }

    /// The region national numbers are read in (`US`); nil where the locale has none.
    public var region: String? { home?.region }

    /// The region's country calling code (`1`); nil where the locale has no region.
    public var countryCode: Int? { home?.countryCode }

    // MARK: Reading

    /// Reads `text` as a phone number and says whether it is valid, and if not, why.
    public func read(_ text: String) -> PhoneReading {
        var text = text
        let reading = RegexMatchData.withPooled { data in text.withByteText { read($0, using: data) } }
        switch reading {
        case .invalid(let problem): return .invalid(problem)
        case .valid(let number, let region, let type):
            return .valid(number, region: numbering.country(number.countryCode).regions[region].region, type: type)
        }
    }

    /// A valid phone number `text` spells, or nil.
    public func parse(_ text: String) -> PhoneNumber? {
        guard case .valid(let number, _, _) = read(text) else { return nil }
        return number
    }

    /// ``read(_:)`` of UTF-8 bytes with the caller's match data.
    func read(_ text: ByteText, using data: RegexMatchData) -> InlinePhoneReading {
        // A national number written as digits alone is read without the general parse.
        if let number = parser.parseNationalDigits(text) { return check(number, national: text, using: data) }
        switch parser.parse(text, using: data) {
        case .failure(.notANumber), .failure(.tooShortAfterInternationalPrefix): return .invalid(.notANumber)
        case .failure(.invalidCountryCode): return .invalid(.invalidCountryCode)
        case .failure(.tooShort): return .invalid(.tooShort)
        case .failure(.tooLong): return .invalid(.tooLong)
        case .success(let parsed): return parsed.nationalDigits.withBytes { check(parsed, national: $0, using: data) }
        }
    }

    /// What `number` read is, by its country's plans; `national` is its national digits.
    @inline(__always)
    private func check(_ number: PhoneNumber, national: ByteText, using data: RegexMatchData) -> InlinePhoneReading {
        switch checker.check(countryCode: number.countryCode, national: national, using: data) {
        case .valid(let region, let type): .valid(number, region: region, type: type)
        case .possible: .invalid(.notInUse)
        case .tooShort: .invalid(.tooShort)
        case .tooLong: .invalid(.tooLong)
        case .invalidLength: .invalid(.invalidLength)
        case .invalidCountryCode: .invalid(.invalidCountryCode)
        }
    }

    // MARK: Writing

    /// `number` written in `style`: `+12015550123`, `(201) 555-0123`, `+1 201-555-0123`.
    public func format(_ number: PhoneNumber, _ style: PhoneNumberStyle) -> String {
        var output: [UInt8] = []
        RegexMatchData.withPooled { write(number, style, using: $0, into: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// How `number` is shown to the user: nationally for a number of the locale's country,
    /// internationally for another's.
    public func display(_ number: PhoneNumber) -> String {
        var output: [UInt8] = []
        RegexMatchData.withPooled { writeDisplay(number, using: $0, into: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The canonical text of `number`: E.164, and `;ext=` and the extension when it has one
    /// (`+12015550123;ext=123`, as RFC 3966 writes extensions).
    public func canonical(_ number: PhoneNumber) -> String {
        var output: [UInt8] = []
        writeCanonical(number, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    func write(
        _ number: PhoneNumber, _ style: PhoneNumberStyle, using data: RegexMatchData, into output: inout some ByteSink & ~Copyable
    ) {
        number.nationalDigits.withBytes { national in
            write(countryCode: number.countryCode, national: national, style, using: data, into: &output)
        }
        guard style != .e164, let digits = number.extensionPart else { return }
        output.append(contentsOf: (numbering.writingPlan(countryCode: number.countryCode)?.extensionPrefix ?? " ext. ").utf8)
        digits.withBytes { output.append(contentsOf: $0) }
    }

    func write(
        countryCode: Int, national: ByteText, _ style: PhoneNumberStyle, using data: RegexMatchData,
        into output: inout some ByteSink & ~Copyable
    ) {
        let plan = numbering.writingPlan(countryCode: countryCode)
        switch style {
        case .e164:
            output.append(.plus)
            output.append(decimal: countryCode)
            output.append(contentsOf: national)
        case .national:
            guard let plan else { return output.append(contentsOf: national) }
            plan.writeNational(national, using: data, into: &output)
        case .international:
            output.append(.plus)
            output.append(decimal: countryCode)
            output.append(.space)
            guard let plan else { return output.append(contentsOf: national) }
            plan.writeInternationalGroups(national, using: data, into: &output)
        }
    }

    // MARK: Typing

    /// Formats text as it is typed: the digits typed, and only they, laid out as the number they
    /// start will be written (`(201) 55`, `+44 20 79`, `030 12`). Text with letters or other
    /// symbols is kept as typed, for the phone rule to refuse or to read an extension from.
    public func formatTyped(_ text: String) -> String {
        var text = text
        return text.withByteText { text in
            var output: [UInt8] = []
            RegexMatchData.withPooled { formatTyped(text, using: $0, into: &output) }
            return String(decoding: output, as: UTF8.self)
        }
    }
}

// MARK: Typing

extension PhonePlan {
    /// The longest text a phone field holds as typed, unless a pack says less: `+`, a three-digit
    /// country code and the 17 digits of the longest national number, with five separators.
    public static let longestTypedText = 26

    /// How the characters typed into a phone field (digits, and `+` first for an international
    /// number) fit a number: refused past the most digits a number of their country has, with its
    /// national or international prefix; complete once they spell a valid number.
    public func typingFit(_ typed: [Character]) -> TypingFit {
        // The `+` and the digits as ASCII, read from the same bytes as the digits alone.
        var text: [UInt8] = []
        text.reserveCapacity(typed.count)
        for character in typed {
            if character.utf8.count == 1, let byte = character.utf8.first {
                if byte == .plus && text.isEmpty {
                    text.append(byte)
                } else if byte.isASCIIDigit {
                    text.append(byte)
                } else {
                    return .refused
                }
            } else if !character.isASCII, let value = character.wholeNumberValue, (0...9).contains(value) {
                text.append(.zero + UInt8(value))
            } else {
                return .refused
            }
        }
        let plus = text.first == .plus
        return text.withByteText { text in
            typingFit(plus: plus, digits: ByteText(rebasing: text[(plus ? 1 : 0)...]), text: text)
        }
    }

    /// ``typingFit(_:)`` of the digits typed, after a `+` when `plus`; `text` is both.
    private func typingFit(plus: Bool, digits: ByteText, text: ByteText) -> TypingFit {
        guard digits.count <= 3 + PhoneNumberParser.maxNationalLength else { return .refused }
        let fits: Bool = {
            if plus { return fitsInternational(digits) }
            guard let home else { return true }
            if let end = internationalPrefixEnd(in: digits, home: home), end < digits.count {
                return fitsInternational(ByteText(rebasing: digits[end...]))
            }
            var most = home.general.lengths.maximum ?? PhoneNumberParser.maxNationalLength
            if let prefix = home.nationalPrefix, !prefix.isEmpty, digits.starts(with: prefix.utf8) { most += prefix.utf8.count }
            return digits.count <= most || fitsStripped(digits, home: home)
        }()
        guard fits else { return .refused }
        if RegexMatchData.withPooled({ read(text, using: $0).isValid }) { return .complete }
        return beginsNumber(plus: plus, digits) ? .partial : .refused
    }

    /// Whether national digits longer than the national prefix and the longest number fit once
    /// stripped as reading strips them: longer with a carrier code, or rewritten shorter
    /// (Argentina's `0 11 15` is `9 11`).
    @inline(never)
    private func fitsStripped(_ digits: ByteText, home: PhoneRegionPlan) -> Bool {
        let stripped = RegexMatchData.withPooled { parser.stripNationalPrefix(digits, plan: home, using: $0) }
        return stripped.count <= home.general.lengths.maximum ?? PhoneNumberParser.maxNationalLength
    }

    /// Whether typed digits can still begin a number of their country, with or without its
    /// national prefix: `0901234567` can in Japan, `09012345678` cannot (a digit past the end).
    /// True where it cannot be told (a country code not typed whole, a pattern the JIT did not compile).
    private func beginsNumber(plus: Bool, _ digits: ByteText) -> Bool {
        guard plus || home != nil else { return true }
        var national = digits
        var plans: ArraySlice<PhoneRegionPlan>
        if !plus, let home, internationalPrefixEnd(in: digits, home: home) == nil {
            plans = [home]
        } else {
            let start = plus ? 0 : home.flatMap { internationalPrefixEnd(in: digits, home: $0) } ?? 0
            guard let (code, length) = parser.countryCode(at: ByteText(rebasing: digits[start...])) else { return true }
            national = ByteText(rebasing: digits[(start + length)...])
            plans = numbering.country(code).plans[...]
        }
        guard !national.isEmpty else { return true }
        return RegexMatchData.withPooled { data in
            if !plus, plans.count == 1, let prefix = plans.first?.internationalPrefix, prefix.matchesOrBegins(digits, using: data) {
                return true
            }
            return plans.contains { plan in
                if plan.mayHaveNumbers(startingWith: national) { return true }
                if let prefix = plan.nationalPrefix, !prefix.isEmpty, national.starts(with: prefix.utf8) {
                    let rest = ByteText(rebasing: national[prefix.utf8.count...])
                    if rest.isEmpty || plan.mayHaveNumbers(startingWith: rest) { return true }
                }
                // A prefix for parsing that also drops a carrier code, or rewrites the number (Argentina's `15`).
                let stripped = parser.stripNationalPrefix(national, plan: plan, whole: false, using: data)
                return stripped.count == 0 || stripped.withBytes { plan.mayHaveNumbers(startingWith: $0) }
            }
        }
    }

    /// The digits (and `+`) that `replacement`, typed or pasted into a phone field, stands for:
    /// a whole valid number pasted `alone` in the field, in any way it is written (`tel:+1-201-555-0123`,
    /// `+44 (0)20 7946 0958`, `0470.12.34.56`), as `+`, its country code and national number;
    /// a keypad's letters typed after a digit (`800 MY APPLE`) as their digits. Nil for text
    /// to take as it is.
    func typedText(of replacement: String, alone: Bool, afterDigit: () -> Bool) -> String? {
        // One key typed (a digit, most often) stands for itself: nothing to read.
        if replacement.utf8.count == 1, !replacement.utf8.first!.isASCIILetter { return nil }
        if alone, replacement.count > 1, let number = parse(replacement), number.extensionPart == nil { return number.e164 }
        guard replacement.utf8.contains(where: \.isASCIILetter) else { return nil }
        var digitSeen = afterDigit()
        var mapped: [UInt8] = []
        for byte in replacement.utf8 {
            if byte.isASCIILetter {
                guard digitSeen else { return nil }
                mapped.append(PhoneText.keypadDigit(byte))
            } else {
                if byte.isASCIIDigit { digitSeen = true }
                mapped.append(byte)
            }
        }
        return String(decoding: mapped, as: UTF8.self)
    }

    /// Where the home region's international prefix (`011`, `00`) that `digits` start with ends.
    private func internationalPrefixEnd(in digits: ByteText, home: PhoneRegionPlan) -> Int? {
        guard let prefix = home.internationalPrefix else { return nil }
        return RegexMatchData.withPooled { data in prefix.matchGroups(digits, using: data) ? data.range(of: 0)?.upperBound : nil }
    }

    /// Whether digits after `+` (a country code and a national number, perhaps with its national
    /// prefix) are no more than a number of that country has.
    private func fitsInternational(_ digits: ByteText) -> Bool {
        guard let (code, length) = parser.countryCode(at: digits) else { return digits.count <= 3 }
        var most = numbering.country(code).lengths.maximum ?? PhoneNumberParser.maxNationalLength
        // The national prefix written after the country code (`+44 (0)20`), which reading drops.
        if let prefix = numbering.writingPlan(countryCode: code)?.nationalPrefix, !prefix.isEmpty,
            digits[length...].starts(with: prefix.utf8)
        {
            most += prefix.utf8.count
        }
        return digits.count - length <= most
    }

    /// The region's example number as a mask (`(###) ###-####`), for a UI that shows the empty
    /// field's layout; nil where the locale has no region.
    public var placeholderMask: Mask? {
        guard let example else { return nil }
        var pattern = ""
        for character in example {
            if character.isASCII && character.isNumber {
                pattern.append("#")
            } else {
                pattern += "\\" + String(character)
            }
        }
        return Mask(pattern)
    }
}

// MARK: The checking path

extension PhonePlan {
    /// ``read(_:)`` of UTF-8 bytes: what the thread read from this very text last, or a new reading.
    func read(_ text: ByteText, scratch: inout CheckScratch) -> InlinePhoneReading {
        if scratch[lastReading].holds(text, by: self) { return scratch[lastReading].reading }
        let reading = read(text, using: scratch.matchData)
        scratch[lastReading].remember(reading, of: text, by: self)
        return reading
    }

    /// ``canonical(_:)``, appended to `output`.
    func writeCanonical(_ number: PhoneNumber, into output: inout some ByteSink & ~Copyable) {
        output.append(.plus)
        output.append(decimal: number.countryCode)
        number.nationalDigits.withBytes { output.append(contentsOf: $0) }
        guard let digits = number.extensionPart else { return }
        output.append(contentsOf: ";ext=".utf8)
        digits.withBytes { output.append(contentsOf: $0) }
    }

    /// ``display(_:)``, appended to `output`.
    func writeDisplay(_ number: PhoneNumber, using data: RegexMatchData, into output: inout some ByteSink & ~Copyable) {
        write(number, number.countryCode == home?.countryCode ? .national : .international, using: data, into: &output)
    }

    /// ``formatTyped(_:)`` of UTF-8 bytes, appended to `output`: the digits typed are the digits shown.
    func formatTyped(_ text: ByteText, using data: RegexMatchData, into output: inout [UInt8]) {
        PhoneTypingFormatter(plan: self).formatTyping(text, using: data, into: &output)
    }

    /// ``formatTyped(_:)`` on the checking path, for a valid number only: false, writing nothing,
    /// for text that is not one, which is refused whatever its layout. The reading is remembered
    /// for the text written (laying a number out does not change how it reads), so that the rule
    /// and the value that read it next do not read it again.
    func formatTyped(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        let reading = read(text, scratch: &scratch)
        guard reading.isValid else { return false }
        let start = output.count
        let isDisplay = PhoneTypingFormatter(plan: self, reading: reading).format(text, using: scratch.matchData, into: &output)
        scratch[lastReading].remember(output.text(from: start), isDisplay: isDisplay)
        return true
    }
}

/// How a phone number is written.
public enum PhoneNumberStyle: String, Sendable, Hashable, CaseIterable {
    /// `+442079460958`
    case e164
    /// As inside its country: `020 7946 0958`.
    case national
    /// As from abroad: `+44 20 7946 0958`.
    case international
}

/// What text is as a phone number.
public enum PhoneReading: Sendable, Hashable {
    /// A valid number of `region` (`GB`, or `001` for a non-geographic calling code such as `+800`).
    case valid(PhoneNumber, region: String, type: PhoneNumberType)
    case invalid(PhoneNumberProblem)
}

/// Why text is not a valid phone number; the raw value is the violation's code.
public enum PhoneNumberProblem: String, Sendable, Hashable, CaseIterable {
    /// Not a phone number at all: too few digits, or characters no phone number has.
    case notANumber = "phone"
    /// A country calling code no country has, or a national number where the locale has no region.
    case invalidCountryCode = "phone_country"
    case tooShort = "phone_too_short"
    case tooLong = "phone_too_long"
    /// Between the shortest and the longest numbers of its country, but of no length they have.
    case invalidLength = "phone_length"
    /// Of a length the country's numbers have, but in no range its plan gives out
    /// (libphonenumber's "possible but not valid").
    case notInUse = "phone_not_in_use"
}
