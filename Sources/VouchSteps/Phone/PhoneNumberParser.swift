@_spi(VouchInternal) import VouchBase

/// Reads phone numbers as libphonenumber's `parse` does, for a home region: numbers with `+` or
/// the home region's international prefix (`00`, `011`) and a country code; numbers with the
/// home country code but no `+`; and national numbers, with or without the national prefix
/// (`0`), also after a country code (`+44 (0)20 …`).
///
/// Reading does not validate: ``PhoneNumberChecker`` says whether a number read is valid, and of
/// which type.
struct PhoneNumberParser: Sendable {
    let numbering: PhoneNumbering
    /// Bit `d` for each ASCII digit `d` a national number can start with and be read as digits
    /// alone (``parseNationalDigits(_:)``): one that neither the home region's international
    /// prefix, nor its national prefix for parsing, nor its country code can start with. None
    /// without a home region.
    private let nationalFirstDigits: UInt16

    init(numbering: PhoneNumbering) {
        self.numbering = numbering
        nationalFirstDigits =
            numbering.withHome { home in
                (0..<10).reduce(UInt16(0)) { digits, digit in
                    let first = UInt8(ascii: "0") + UInt8(digit)
                    let startsNational =
                        first != home.countryCodeDigits[0] && home.internationalPrefix?.refuses(firstDigit: first) ?? true
                        && home.nationalPrefixForParsing?.refuses(firstDigit: first) ?? true
                    return startsNational ? digits | 1 << UInt16(digit) : digits
                }
            } ?? 0
    }

    /// The region national numbers are read in; nil: only international numbers are read.
    var home: PhoneRegionPlan? { numbering.home }

    /// The longest national significant number.
    static let maxNationalLength = 17

    /// Reads `text` (valid UTF-8).
    func parse(_ text: ByteText, using data: RegexMatchData) -> Result<PhoneNumber, PhoneParseFailure> {
        switch PhoneText.read(text) {
        case .failure(.tooLong): return .failure(.tooLong)
        case .failure(.notANumber): return .failure(.notANumber)
        case .success(let reading):
            if home == nil && !reading.hasPlus { return .failure(.invalidCountryCode) }
            return reading.digits.withBytes { digits in
                parse(digits: digits, plus: reading.hasPlus, extensionDigits: reading.extensionDigits, using: data)
            }
        }
    }

    /// The number of `text` when it is a national number written as ASCII digits alone (2 to 17
    /// of them) and starts with a digit that neither the home region's international prefix, nor
    /// its national prefix for parsing, nor its country code can start with: the number is then
    /// the digits, of the home country code, as ``parse(_:using:)`` reads it, found without
    /// reading the text for separators and an extension, and without matching a prefix. Nil for
    /// any other text, which ``parse(_:using:)`` reads.
    @inline(__always)
    func parseNationalDigits(_ text: ByteText) -> PhoneNumber? {
        guard text.count >= 2, text.count <= Self.maxNationalLength, let first = text.first, first.isASCIIDigit,
            nationalFirstDigits & 1 << UInt16(first &- UInt8(ascii: "0")) != 0, text.isASCIIDigits
        else { return nil }
        return PhoneNumber(countryCode: numbering.homeCountryCode, nationalDigits: PhoneDigits(text), extensionPart: nil)
    }

    /// The number of `digits`, which follow a `+` when `plus` is true.
    func parse(
        digits: ByteText, plus: Bool, extensionDigits: PhoneDigits?, using data: RegexMatchData
    ) -> Result<PhoneNumber, PhoneParseFailure> {
        var found: CountryCodeFound
        if plus {
            if digits.count <= 2 { return .failure(.tooShortAfterInternationalPrefix) }
            if let (code, length) = countryCode(at: digits) {
                found = .code(code, rest: .dropping(length))
            } else {
                // `+` and then no country code: the digits may start with one without it.
                switch countryCodeWithoutPlus(digits, using: data) {
                case .failure(let failure): return .failure(failure)
                case .success(.none): return .failure(.invalidCountryCode)
                case .success(let other): found = other
                }
            }
        } else {
            switch countryCodeWithoutPlus(digits, using: data) {
            case .failure(let failure): return .failure(failure)
            case .success(let other): found = other
            }
        }
        let countryCode: Int
        let national: PhoneDigits
        switch found {
        case .code(let code, let rest):
            countryCode = code
            national = rest.apply(to: digits)
        case .none:
            guard let code = numbering.withHome({ $0.countryCode }) else { return .failure(.invalidCountryCode) }
            countryCode = code
            national = PhoneDigits(digits)
        }
        if national.count < 2 { return .failure(.tooShort) }
        // A national number is read by the home plan; one after a country code by its country's.
        let significant =
            (found.isNone
                ? numbering.withHome { significantNumber(national, plan: $0, using: data) }
                : numbering.withWritingPlan(countryCode: countryCode) { significantNumber(national, plan: $0, using: data) })
            ?? national
        if significant.count < 2 { return .failure(.tooShort) }
        if significant.count > Self.maxNationalLength { return .failure(.tooLong) }
        return .success(PhoneNumber(countryCode: countryCode, nationalDigits: significant, extensionPart: extensionDigits))
    }

    /// The national significant number of `national`: without the national prefix `plan` strips,
    /// unless the number is then too short for the plan.
    @inline(__always)
    private func significantNumber(_ national: PhoneDigits, plan: PhoneRegionPlan, using data: RegexMatchData) -> PhoneDigits {
        let stripped = national.withBytes { stripNationalPrefix($0, plan: plan, using: data) }
        switch plan.lengthCheck(stripped.count) {
        case .tooShort, .possibleLocalOnly, .invalidLength: return national
        case .possible, .tooLong: return stripped
        }
    }

    // MARK: Country codes

    /// Where the national number starts in the digits read.
    enum NationalStart {
        /// After this many digits.
        case dropping(Int)
        /// Digits rewritten (a national prefix transformed).
        case digits(PhoneDigits)

        func apply(to digits: ByteText) -> PhoneDigits {
            switch self {
            case .dropping(let count): PhoneDigits(ByteText(rebasing: digits[count...]))
            case .digits(let rewritten): rewritten
            }
        }
    }

    enum CountryCodeFound {
        case code(Int, rest: NationalStart)
        /// No country code: a national number of the home region.
        case none

        var isNone: Bool {
            if case .none = self { return true }
            return false
        }
    }

    /// The country calling code the digits start with (1 to 3 digits, never starting with 0), and
    /// its length.
    func countryCode(at digits: ByteText) -> (Int, Int)? {
        guard let first = digits.first, first != .zero else { return nil }
        var code = 0
        for length in 1...min(3, digits.count) {
            code = code * 10 + Int(digits[length - 1] - .zero)
            if numbering.plans.isCountryCode(code) { return (code, length) }
        }
        return nil
    }

    /// A country code after the home region's international prefix (`00 44 …`), or the home
    /// region's own code written without `+` (`49 30 123456`) where the rest then fits the
    /// region's plan better; `.none` for a national number.
    private func countryCodeWithoutPlus(
        _ digits: ByteText, using data: RegexMatchData
    ) -> Result<CountryCodeFound, PhoneParseFailure> {
        numbering.withHome { countryCodeWithoutPlus(digits, home: $0, using: data) } ?? .success(.none)
    }

    @inline(__always)
    private func countryCodeWithoutPlus(
        _ digits: ByteText, home: PhoneRegionPlan, using data: RegexMatchData
    ) -> Result<CountryCodeFound, PhoneParseFailure> {
        if let prefix = home.internationalPrefix, prefix.matchGroups(digits, using: data), let match = data.range(of: 0),
            match.upperBound >= digits.count || digits[match.upperBound] != .zero
        {
            let rest = ByteText(rebasing: digits[match.upperBound...])
            if rest.count <= 2 { return .failure(.tooShortAfterInternationalPrefix) }
            guard let (code, length) = countryCode(at: rest) else { return .failure(.invalidCountryCode) }
            return .success(.code(code, rest: .dropping(match.upperBound + length)))
        }
        guard digits.starts(with: home.countryCodeDigits) else { return .success(.none) }
        let afterCode = ByteText(rebasing: digits[home.countryCodeDigits.count...])
        let potential = stripNationalPrefix(afterCode, plan: home, using: data)
        let fitsBetter = potential.withBytes { potential in
            !home.matchesGeneralPattern(digits) && home.matchesGeneralPattern(potential)
        }
        guard fitsBetter || home.lengthCheck(digits.count) == .tooLong else { return .success(.none) }
        return .success(.code(home.countryCode, rest: .digits(potential)))
    }

    // MARK: National prefixes

    /// `national` without the national prefix (and carrier code) the plan's
    /// `national_prefix_for_parsing` finds at its start, or rewritten by its transform rule; as it
    /// is when there is none, or when the number fits the plan before and not after (unless not
    /// `whole`: the beginning of a number, as it is typed, fits no plan yet).
    func stripNationalPrefix(
        _ national: ByteText, plan: PhoneRegionPlan, whole: Bool = true, using data: RegexMatchData
    ) -> PhoneDigits {
        guard !national.isEmpty, let pattern = plan.nationalPrefixForParsing, pattern.matchGroups(national, using: data),
            let match = data.range(of: 0)
        else { return PhoneDigits(national) }
        let groups = pattern.captureCount
        let lastGroupTookPart = groups > 0 && data.range(of: groups) != nil
        var result = PhoneDigits()
        if let transform = plan.nationalPrefixTransform, lastGroupTookPart {
            var rewritten: [UInt8] = []
            transform.write(national, groups: data, into: &rewritten)
            rewritten.append(contentsOf: national[match.upperBound...])
            result = rewritten.withByteText { PhoneDigits($0) }
        } else {
            result = PhoneDigits(ByteText(rebasing: national[match.upperBound...]))
        }
        guard whole else { return result }
        let viableBefore = plan.matchesGeneralPattern(national)
        let viableAfter = result.withBytes { plan.matchesGeneralPattern($0) }
        return viableBefore && !viableAfter ? PhoneDigits(national) : result
    }
}
