/// Says whether a phone number read is valid, of which region and type, as libphonenumber's
/// `isValidNumber`, `getRegionCodeForNumber` and `getNumberType` do.
struct PhoneNumberChecker: Sendable {
    let plans: PhonePlans
    /// The home region's plan, used for its own numbers in place of the embedded one (a pack may
    /// have changed it).
    let home: PhoneRegionPlan?

    /// What a number is.
    enum Verdict: Sendable, Hashable {
        /// A valid number of `region`'s plan, of `type`.
        case valid(region: String, type: PhoneNumberType)
        /// Of a length numbers of its country have, but in no range its plan gives out.
        case possible
        case tooShort
        case tooLong
        /// Between the shortest and longest numbers of its country, but of no length they have.
        case invalidLength
        /// No country has this calling code.
        case invalidCountryCode
    }

    /// The plan of `region`: the home plan for the home region.
    func plan(forRegion region: String) -> PhoneRegionPlan? {
        if let home, home.region == region { return home }
        return plans.plan(forRegion: region)
    }

    /// Whether `number` is valid, and if not, why.
    func check(_ number: PhoneNumber, using data: RegexMatchData) -> Verdict {
        var national = number.national
        return national.withUTF8 { national in check(countryCode: number.countryCode, national: national, using: data) }
    }

    func check(countryCode: Int, national: UnsafeBufferPointer<UInt8>, using data: RegexMatchData) -> Verdict {
        guard let regions = plans.regionsByCountryCode[countryCode] else { return .invalidCountryCode }
        if regions == ["001"] {
            guard let plan = plans.mainPlan(forCountryCode: countryCode) else { return .invalidCountryCode }
            if let type = plan.type(of: national, using: data) { return .valid(region: "001", type: type) }
            return verdict(plan.lengthCheck(national.count))
        }
        for region in regions {
            guard let plan = plan(forRegion: region) else { continue }
            if regions.count > 1, let leading = plan.leadingDigits {
                // A region known by its leading digits is the number's region, valid or not.
                guard leading.match(national, using: data) == .match else { continue }
                if let type = plan.type(of: national, using: data) { return .valid(region: region, type: type) }
                break
            }
            if let type = plan.type(of: national, using: data) { return .valid(region: region, type: type) }
        }
        guard let main = writingPlan(countryCode: countryCode) else { return .invalidCountryCode }
        return verdict(main.lengthCheck(national.count))
    }

    /// The plan numbers with `countryCode` are written by: its main region's (the home plan for
    /// the home region), or a non-geographic code's own.
    func writingPlan(countryCode: Int) -> PhoneRegionPlan? {
        if let home, home.countryCode == countryCode, plans.regionsByCountryCode[countryCode]?.first == home.region { return home }
        return plans.mainPlan(forCountryCode: countryCode)
    }

    private func verdict(_ length: PhoneLengthCheck) -> Verdict {
        switch length {
        case .possible, .possibleLocalOnly: .possible
        case .tooShort: .tooShort
        case .tooLong: .tooLong
        case .invalidLength: .invalidLength
        }
    }
}
