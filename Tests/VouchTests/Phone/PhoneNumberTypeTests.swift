import Testing
@_spi(VouchInternal) import VouchBase

@testable import VouchSteps

/// A region's number patterns run as one automaton. Its answers must be those of the patterns as
/// PCRE2 matches them one by one, in libphonenumber's order: for every region, on its example
/// numbers and on numbers near them (a digit changed, one more, one less).
@Suite("Phone number types")
struct PhoneNumberTypeTests {
    /// A region's types as PCRE2 finds them, pattern by pattern.
    struct Reference {
        let general: RegexPattern
        let generalLengths: PhoneLengths
        let types: [(type: PhoneNumberType, pattern: RegexPattern, lengths: PhoneLengths)]
        let sameMobileAndFixedLine: Bool

        init(_ plan: JSONObject) throws {
            // Limits below those at which a pattern runs as an automaton: PCRE2 itself.
            func compile(_ description: JSONObject) throws -> (RegexPattern, PhoneLengths) {
                let source = try #require(description["pattern"]?.stringValue)
                let lengths = PhoneLengths(description["lengths"]?.arrayValue?.compactMap(\.intValue) ?? [])
                let pattern = try RegexPattern(
                    source, anchoring: .whole, unicode: false, limits: RegexLimits(matchLimit: 99_999, depthLimit: 10_000))
                return (pattern, lengths)
            }
            (general, generalLengths) = try compile(try #require(plan["general"]?.objectValue))
            let types = plan["types"]?.objectValue ?? JSONObject()
            self.types = try PhoneRegionPlan.typeOrder.compactMap { type in
                guard let description = types[type.rawValue]?.objectValue else { return nil }
                let (pattern, lengths) = try compile(description)
                return (type, pattern, lengths)
            }
            sameMobileAndFixedLine = plan["same_mobile_and_fixed_line_pattern"]?.boolValue ?? false
        }

        static func fits(_ lengths: PhoneLengths, _ number: String) -> Bool {
            lengths.isEmpty || lengths.contains(number.utf8.count)
        }

        func type(of number: String) -> PhoneNumberType? {
            guard Self.fits(generalLengths, number), general.match(number) == .match else { return nil }
            let found = types.first { type in
                !(sameMobileAndFixedLine && type.type == .mobile) && Self.fits(type.lengths, number) && type.pattern.match(number) == .match
            }
            guard let found else { return nil }
            guard found.type == .fixedLine else { return found.type }
            if sameMobileAndFixedLine { return .fixedLineOrMobile }
            let mobile = types.first { $0.type == .mobile }
            return mobile.map { Self.fits($0.lengths, number) && $0.pattern.match(number) == .match } == true
                ? .fixedLineOrMobile : .fixedLine
        }
    }

    /// A number and those one digit away from it: each digit changed two ways, one digit more
    /// and one less.
    static func near(_ number: String) -> [String] {
        let digits = Array(number.utf8)
        var near = [number, number + "0", number + "7", String(decoding: digits.dropLast(), as: UTF8.self)]
        for index in digits.indices {
            for step: UInt8 in [1, 5] {
                var changed = digits
                changed[index] = .zero + (changed[index] - .zero + step) % 10
                near.append(String(decoding: changed, as: UTF8.self))
            }
        }
        return near
    }

    @Test("every region's types and general pattern are PCRE2's, pattern by pattern")
    func everyRegion() throws {
        let plans = PhonePlans.embedded
        var compared = 0
        var typed = 0
        for region in plans.regions {
            let data = try #require(plans.data(forRegion: region))
            let plan = try #require(plans.plan(forRegion: region))
            let reference = try Reference(data)
            let examples = (data["types"]?.objectValue?.values ?? []).compactMap { $0.objectValue?["example"]?.stringValue }
            for number in Set(examples.flatMap(Self.near)) where !number.isEmpty {
                var text = number
                let (type, general) = text.withByteText { (plan.type(of: $0), plan.matchesGeneralPattern($0)) }
                #expect(type == reference.type(of: number), "\(region) \(number)")
                #expect(general == (reference.general.match(number) == .match), "\(region) \(number): general pattern")
                compared += 1
                if type != nil { typed += 1 }
            }
        }
        #expect(compared > 20_000 && typed > 2_000)
    }

    @Test("a plan's number pattern outside the simple kind is refused, naming its key")
    func notANumberPattern() throws {
        var plan = try #require(PhonePlans.embedded.data(forRegion: "AT"))
        var types = try #require(plan["types"]?.objectValue)
        types["mobile"] = .object(["pattern": .string("6(?=5)\\d{9}")])
        plan["types"] = .object(types)
        let error = #expect(throws: VouchError.self) { try PhoneRegionPlan(region: "AT", json: plan, at: JSONPath()) }
        #expect(error?.code == .badRegex)
        #expect(error?.location == "types.mobile.pattern")
    }
}
