@_spi(VouchInternal) import VouchBase

/// One region's numbering plan, compiled from libphonenumber's metadata (see
/// `Sources/VouchData/phone/phone-plans.json`): its country calling code, its prefixes, what
/// each type of number looks like, and how numbers are written.
///
/// The patterns of numbers (the region's and each type's) run together as one automaton; those
/// that find prefixes and write numbers are PCRE2, JIT-compiled. All are matched against ASCII
/// digits. A plan is immutable and safe to share between threads; each thread brings its own
/// ``RegexMatchData``.
final class PhoneRegionPlan: Sendable {
    /// `US`, or `001` for a non-geographic calling code (`+800`).
    let region: String
    let countryCode: Int
    /// The country calling code as ASCII digits.
    let countryCodeDigits: [UInt8]
    /// What is dialled before a country code from this region (`011` in the US, `00` in Europe).
    let internationalPrefix: RegexMatcher?
    /// The digits dialled before a national number inside the country (`0`, `1` in the US).
    let nationalPrefix: String?
    /// What a national number may start with that is not part of it (a prefix, a carrier code).
    let nationalPrefixForParsing: RegexMatcher?
    /// How a number that starts with `nationalPrefixForParsing` is rewritten (Argentina's `9$1`).
    let nationalPrefixTransform: PhoneTemplate?
    /// For a region that shares its calling code: the leading digits of its numbers.
    let leadingDigits: RegexMatcher?
    /// `leadingDigits` as written.
    let leadingDigitsSource: String?
    let isMainCountryForCode: Bool
    /// Every number of the region.
    let general: PhoneNumberDescription
    /// The types in the order they are tried: the special types, then fixed line, then mobile.
    let types: [(type: PhoneNumberType, description: PhoneNumberDescription)]
    let mobile: PhoneNumberDescription?
    let sameMobileAndFixedLinePattern: Bool
    /// The patterns of `general` and of each type in `types`, as one automaton: one reading of a
    /// number says which of them it matches (``PhoneNumberDescription/patternBit``).
    private let numbers: ASCIIRegexAutomaton
    /// By national number length: the types a number of that length can be, bit n for
    /// `types[n]` (none where the region has no numbers so long, nor mobile where its pattern is
    /// fixed line's).
    private let typesByLength: [UInt16]
    /// By pattern (bit n of the automaton's answers): the types whose pattern it is, bit i for
    /// `types[i]`.
    private let typesByPattern: [UInt16]
    let formats: [PhoneNumberFormat]
    /// Formats for writing numbers internationally, where they differ from `formats`.
    let internationalFormats: [PhoneNumberFormat]
    /// How an extension is written after the number (` ext. ` unless the region says).
    let extensionPrefix: String
    /// A valid number of each type, as libphonenumber gives it.
    private let examples: [PhoneNumberType: String]
    /// The compiled patterns the matchers above use, kept alive with the plan.
    private let patterns: [RegexPattern]

    /// Compiles a plan of the shape `scripts/generate-phone-data` writes; `path` names it in errors.
    init(region: String, json plan: JSONObject, at path: JSONPath) throws(VouchError) {
        let reader = PlanReader(path: path)
        self.region = region
        guard let countryCode = plan["country_code"]?.intValue, (1...999).contains(countryCode) else {
            throw reader.error("country_code", "must be a calling code from 1 to 999")
        }
        self.countryCode = countryCode
        countryCodeDigits = Array(String(countryCode).utf8)
        internationalPrefix = try reader.pattern(plan, "international_prefix", .prefix)
        nationalPrefix = try reader.string(plan, "national_prefix")
        nationalPrefixForParsing = try reader.pattern(plan, "national_prefix_for_parsing", .prefix)
        nationalPrefixTransform = try reader.string(plan, "national_prefix_transform_rule").map(PhoneTemplate.init)
        leadingDigits = try reader.pattern(plan, "leading_digits", .prefix)
        leadingDigitsSource = try reader.string(plan, "leading_digits")
        isMainCountryForCode = plan["main_country_for_code"]?.boolValue ?? false
        guard let general = try reader.description(plan["general"], at: path.appending("general")) else {
            throw reader.error("general", "is required: the pattern and lengths of every number of the region")
        }
        self.general = general.description
        let typesJSON = plan["types"]?.objectValue ?? JSONObject()
        var types: [(PhoneNumberType, PhoneNumberDescription)] = []
        var examples: [PhoneNumberType: String] = [:]
        for type in Self.typeOrder {
            guard let read = try reader.description(typesJSON[type.rawValue], at: path.appending("types").appending(type.rawValue))
            else { continue }
            types.append((type, read.description))
            examples[type] = read.example
        }
        self.examples = examples
        for key in typesJSON.keys where !Self.typeOrder.contains(where: { $0.rawValue == key }) {
            throw VouchError(
                .invalidPack, "unknown number type \"\(key)\" (known: \(Self.typeOrder.map(\.rawValue).joined(separator: ", ")))",
                at: path.appending("types").appending(key).description)
        }
        self.types = types
        mobile = types.first { $0.0 == .mobile }?.1
        sameMobileAndFixedLinePattern = plan["same_mobile_and_fixed_line_pattern"]?.boolValue ?? false
        guard let numbers = ASCIIRegexAutomaton(reader.numberPatterns) else {
            throw VouchError(
                .invalidPack, "the number patterns are too large to run together (\(ASCIIRegexAutomaton.maxStates) states at most)",
                at: path.appending("types").description)
        }
        self.numbers = numbers
        let same = sameMobileAndFixedLinePattern
        let every = self.general
        typesByLength = (0...PhoneNumberParser.maxNationalLength).map { length in
            guard every.hasLength(length) else { return 0 }
            // With the same pattern for both, a number that is not fixed line is not mobile either.
            return types.indices.reduce(0) { bits, index in
                let (type, description) = types[index]
                return description.hasLength(length) && !(same && type == .mobile) ? bits | 1 << UInt16(index) : bits
            }
        }
        var typesByPattern = [UInt16](repeating: 0, count: ASCIIRegexAutomaton.maxPatterns)
        for (index, (_, description)) in types.enumerated() {
            typesByPattern[description.patternBit.trailingZeroBitCount] |= 1 << UInt16(index)
        }
        self.typesByPattern = typesByPattern
        formats = try reader.formats(plan["formats"], at: path.appending("formats"))
        internationalFormats = try reader.formats(plan["international_formats"], at: path.appending("international_formats"))
        extensionPrefix = try reader.string(plan, "preferred_extn_prefix") ?? " ext. "
        patterns = reader.compiled
    }

    deinit { numbers.free() }

    /// The members of a plan ``outline(_:at:)`` reads.
    static let outlineKeys: Set<String> = ["leading_digits", "general"]

    /// What a country's region search needs of a plan before it is compiled: its leading digits
    /// as written, and the lengths of its numbers (for dialling from anywhere or only locally).
    static func outline(_ plan: JSONObject, at path: JSONPath) throws(VouchError) -> (leadingDigits: String?, lengths: PhoneLengths) {
        let reader = PlanReader(path: path)
        let general = plan["general"]?.objectValue ?? JSONObject()
        let generalPath = path.appending("general")
        return (
            try reader.string(plan, "leading_digits"),
            try reader.lengths(general["lengths"], at: generalPath.appending("lengths"))
                .union(try reader.lengths(general["local_lengths"], at: generalPath.appending("local_lengths")))
        )
    }

    /// The order libphonenumber tries the types in: a number that is both premium rate and fixed
    /// line by the patterns is premium rate.
    static let typeOrder: [PhoneNumberType] = [
        .premiumRate, .tollFree, .sharedCost, .voip, .personalNumber, .pager, .uan, .voicemail, .fixedLine, .mobile,
    ]

    // MARK: Numbers

    /// Whether `national` (ASCII digits) matches the region's general pattern (its lengths are
    /// not checked).
    func matchesGeneralPattern(_ national: ByteText) -> Bool {
        guard let answer = numbers.answer(national) else { return false }
        return answer.matched & general.patternBit != 0
    }

    /// The type of the national significant number `national` (ASCII digits), or nil when it is
    /// not a valid number of the region: the first type in ``types`` whose lengths and pattern it
    /// fits, if it fits the general ones.
    func type(of national: ByteText) -> PhoneNumberType? {
        guard national.count < typesByLength.count else { return nil }
        var candidates = typesByLength[national.count]
        guard candidates != 0, let answer = numbers.answer(national), answer.matched & general.patternBit != 0 else { return nil }
        // The types whose pattern matches, by the patterns that match (fewer than the types).
        var patterns = answer.matched
        var matching: UInt16 = 0
        while patterns != 0 {
            matching |= typesByPattern[patterns.trailingZeroBitCount]
            patterns &= patterns - 1
        }
        candidates &= matching
        guard candidates != 0 else { return nil }
        let type = types[candidates.trailingZeroBitCount].type
        guard type == .fixedLine else { return type }
        if sameMobileAndFixedLinePattern { return .fixedLineOrMobile }
        if let mobile, mobile.hasLength(national.count), answer.matched & mobile.patternBit != 0 { return .fixedLineOrMobile }
        return .fixedLine
    }

    /// Whether a number valid in the region can start with `prefix` (ASCII digits): the general
    /// pattern and one type's pattern match it or a longer text, and that type has numbers as
    /// long.
    func mayHaveNumbers(startingWith prefix: ByteText) -> Bool {
        let longest = general.lengths.maximum ?? .max
        guard let answer = numbers.answer(prefix), answer.possible & general.patternBit != 0 else { return false }
        return types.contains {
            prefix.count <= $0.description.lengths.maximum ?? longest && answer.possible & $0.description.patternBit != 0
        }
    }

    /// How a national significant number of `count` digits fits the region's lengths.
    func lengthCheck(_ count: Int) -> PhoneLengthCheck {
        if general.localLengths.contains(count) { return .possibleLocalOnly }
        guard let minimum = general.lengths.minimum, let maximum = general.lengths.maximum else { return .invalidLength }
        if count < minimum { return .tooShort }
        if count > maximum { return .tooLong }
        return general.lengths.contains(count) ? .possible : .invalidLength
    }

    /// A valid number of `type`, as libphonenumber gives it.
    func example(of type: PhoneNumberType) -> String? { examples[type] }

    // MARK: Writing

    /// The format that writes `national`: the first whose leading digits and pattern match (`data`
    /// then holds the groups of its pattern).
    func format(for national: ByteText, international: Bool, using data: RegexMatchData) -> PhoneNumberFormat? {
        let candidates = international && !internationalFormats.isEmpty ? internationalFormats : formats
        return candidates.first { $0.applies(to: national, using: data) }
    }

    /// Writes `national` in the region's national format (`030 1234567`, `(201) 555-0123`), or its
    /// digits when no format fits.
    func writeNational(_ national: ByteText, using data: RegexMatchData, into output: inout some ByteSink & ~Copyable) {
        guard let format = format(for: national, international: false, using: data) else { return output.append(contentsOf: national) }
        format.write(national, national: true, groups: data, into: &output)
    }

    /// Writes `national` as the groups of the international format, without `+` and the country
    /// code (`30 1234567`); its digits when no format fits.
    func writeInternationalGroups(
        _ national: ByteText, using data: RegexMatchData, into output: inout some ByteSink & ~Copyable
    ) {
        guard let format = format(for: national, international: true, using: data) else { return output.append(contentsOf: national) }
        format.write(national, national: false, groups: data, into: &output)
    }
}

/// How the length of a national significant number fits its region (libphonenumber's
/// `ValidationResult`).
enum PhoneLengthCheck: Sendable, Hashable {
    case possible
    /// Only dialled inside an area, without its area code.
    case possibleLocalOnly
    case tooShort
    case tooLong
    /// Between the shortest and the longest, but of no length the region has.
    case invalidLength
}

/// Reads the parts of a plan, with errors that name the key, and keeps the patterns it compiles.
private final class PlanReader {
    let path: JSONPath
    private(set) var compiled: [RegexPattern] = []
    /// The patterns of numbers read, each once (a type's pattern is often another's), for one
    /// automaton: bit n of its answers for pattern n.
    private(set) var numberPatterns: [ASCIIRegexAutomaton.Syntax] = []
    private var numberPatternBits: [String: UInt16] = [:]

    init(path: JSONPath) { self.path = path }

    func error(_ key: String, _ message: String) -> VouchError {
        VouchError(.invalidPack, "\"\(key)\" \(message)", at: path.appending(key).description)
    }

    func string(_ object: JSONObject, _ key: String) throws(VouchError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw error(key, "must be a string, not \(value.typeName)") }
        return text
    }

    func pattern(_ object: JSONObject, _ key: String, _ anchoring: RegexPattern.Anchoring) throws(VouchError) -> RegexMatcher? {
        guard let source = try string(object, key) else { return nil }
        return try compile(source, anchoring, at: path.appending(key))
    }

    /// Compiles `source` for ASCII digits, for typing too, and keeps it. A plan's PCRE2 patterns
    /// are matched mostly for their groups (whole numbers are ``numbers``'s): none is made
    /// into an automaton of its own.
    func compile(_ source: String, _ anchoring: RegexPattern.Anchoring, at path: JSONPath) throws(VouchError) -> RegexMatcher {
        do {
            let pattern = try RegexPattern(source, anchoring: anchoring, unicode: false, partial: true, groupsOnly: true)
            compiled.append(pattern)
            return pattern.matcher
        } catch {
            throw VouchError(.badRegex, "the pattern \"\(source)\" is not valid: \(error)", at: path.description)
        }
    }

    func lengths(_ value: JSONValue?, at path: JSONPath) throws(VouchError) -> PhoneLengths {
        guard let value else { return PhoneLengths([]) }
        guard let items = value.arrayValue, items.allSatisfy({ ($0.intValue ?? 0) >= 1 && ($0.intValue ?? 0) <= 31 }) else {
            throw VouchError(.invalidPack, "expected an array of lengths from 1 to 31", at: path.description)
        }
        return PhoneLengths(items.compactMap(\.intValue))
    }

    /// A type's description, its pattern kept in ``numberPatterns``, and its example.
    func description(
        _ value: JSONValue?, at path: JSONPath
    ) throws(VouchError) -> (description: PhoneNumberDescription, example: String?)? {
        guard let value, !value.isNull else { return nil }
        guard let object = value.objectValue, let source = object["pattern"]?.stringValue else {
            throw VouchError(.invalidPack, "expected an object with a \"pattern\"", at: path.description)
        }
        var bit = numberPatternBits[source] ?? 0
        if bit == 0 { bit = try numberPattern(source, at: path.appending("pattern")) }
        let description = PhoneNumberDescription(
            patternBit: bit,
            lengths: try lengths(object["lengths"], at: path.appending("lengths")),
            localLengths: try lengths(object["local_lengths"], at: path.appending("local_lengths")))
        return (description, object["example"]?.stringValue)
    }

    /// Keeps the number pattern `source`; its bit.
    private func numberPattern(_ source: String, at path: JSONPath) throws(VouchError) -> UInt16 {
        guard let syntax = ASCIIRegexAutomaton.syntax(source) else {
            throw VouchError(
                .badRegex,
                "the pattern \"\(source)\" is not a number pattern: write digits, [classes], \\d, (?:groups), | and bounded repeats (?, {n}, {n,m})",
                at: path.description)
        }
        let bit = UInt16(1) << UInt16(numberPatterns.count)
        numberPatterns.append(syntax)
        numberPatternBits[source] = bit
        return bit
    }

    func formats(_ value: JSONValue?, at path: JSONPath) throws(VouchError) -> [PhoneNumberFormat] {
        guard let value else { return [] }
        guard let items = value.arrayValue else { throw VouchError(.invalidPack, "expected an array of formats", at: path.description) }
        var formats: [PhoneNumberFormat] = []
        for (index, item) in items.enumerated() {
            let itemPath = path.appending(index)
            guard let object = item.objectValue, let source = object["pattern"]?.stringValue,
                let template = object["format"]?.stringValue
            else {
                throw VouchError(.invalidPack, "expected a format with a \"pattern\" and a \"format\"", at: itemPath.description)
            }
            // libphonenumber chooses a format by its last, most detailed leading-digits pattern only.
            let patterns = object["leading_digits"]?.arrayValue ?? []
            var leading: [RegexMatcher] = []
            if let last = patterns.last {
                let lastPath = itemPath.appending("leading_digits").appending(patterns.count - 1)
                guard let source = last.stringValue else { throw VouchError(.invalidPack, "expected a string", at: lastPath.description) }
                leading = [try compile(source, .prefix, at: lastPath)]
            }
            let format = PhoneTemplate(template)
            let rule = try string(object, "national_prefix_formatting_rule").map(PhoneTemplate.init)
            formats.append(
                PhoneNumberFormat(
                    pattern: try compile(source, .whole, at: itemPath.appending("pattern")),
                    format: format,
                    nationalFormat: rule.map { format.replacingFirstGroup(with: $0) } ?? format,
                    leadingDigits: leading.last,
                    nationalPrefixIsOptional: object["national_prefix_optional"]?.boolValue ?? false))
        }
        return formats
    }
}
