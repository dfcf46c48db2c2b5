/// Says whether a phone number read is valid, of which region and type, as libphonenumber's
/// `isValidNumber`, `getRegionCodeForNumber` and `getNumberType` do.
struct PhoneNumberChecker: Sendable {
    let numbering: PhoneNumbering

    /// What a number is.
    enum Verdict: Sendable, Hashable {
        /// A valid number of the plan at `region` in its country's plans, of `type`.
        case valid(region: Int, type: PhoneNumberType)
        /// Of a length numbers of its country have, but in no range its plan gives out.
        case possible
        case tooShort
        case tooLong
        /// Between the shortest and longest numbers of its country, but of no length they have.
        case invalidLength
        /// No country has this calling code.
        case invalidCountryCode
    }

    /// Whether the national number `national` with `countryCode` is valid, and if not, why.
    func check(countryCode: Int, national: UnsafeBufferPointer<UInt8>, using data: RegexMatchData) -> Verdict {
        let country = numbering.country(countryCode)
        guard let main = country.main else { return .invalidCountryCode }
        // A number of no length its regions' numbers have is valid in none of them.
        let steps = country.lengths.contains(national.count) ? country.steps : []
        search: for step in steps {
            switch step.leadingDigits {
            case nil:
                let region = step.regions[0]
                let plan = country.plans[region]
                if country.plans.count > 1, let leading = plan.leadingDigits {
                    // A region known by its leading digits is the number's region, valid or not.
                    guard leading.matches(national, using: data) else { continue }
                    if let type = plan.type(of: national, using: data) { return .valid(region: region, type: type) }
                    break search
                }
                if let type = plan.type(of: national, using: data) { return .valid(region: region, type: type) }
            case let matcher?:
                guard matcher.matchGroups(national, using: data),
                    let group = step.regions.indices.first(where: { data.range(of: $0 + 1) != nil })
                else { continue }
                let region = step.regions[group]
                if let type = country.plans[region].type(of: national, using: data) { return .valid(region: region, type: type) }
                break search
            }
        }
        switch main.lengthCheck(national.count) {
        case .possible, .possibleLocalOnly: return .possible
        case .tooShort: return .tooShort
        case .tooLong: return .tooLong
        case .invalidLength: return .invalidLength
        }
    }
}
