@_spi(VouchInternal) import VouchBase

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
    func check(countryCode: Int, national: ByteText, using data: RegexMatchData) -> Verdict {
        numbering.withCountry(countryCode) { country in check(national, country: country, using: data) }
    }

    /// ``check(countryCode:national:using:)`` in `country`, lent by the numbering.
    @inline(__always)
    private func check(_ national: ByteText, country: PhoneCountry, using data: RegexMatchData) -> Verdict {
        guard !country.regions.isEmpty else { return .invalidCountryCode }
        // A number of no length its regions' numbers have is valid in none of them, nor one that
        // starts with digits none of them gives out (once the filter is built).
        let candidates = country.builtFilterRegions(of: national)
        if candidates != 0, country.lengths.contains(national.count),
            let found = country.steps.withUnsafeBufferPointer({ steps in
                search(national, country: country, steps: steps, candidates: candidates, using: data)
            })
        {
            return found
        }
        return switch country.withPlan(ofRegion: 0, { $0.lengthCheck(national.count) }) {
        case .possible, .possibleLocalOnly: .possible
        case .tooShort: .tooShort
        case .tooLong: .tooLong
        case .invalidLength: .invalidLength
        }
    }

    /// The number's region and type by the country's region search (``PhoneCountry/steps``);
    /// nil when it is valid in none. A region the country's filter says the number cannot be
    /// valid in (``PhoneRegionFilter``, bit n of `candidates` for region n: most numbers not in
    /// use start with digits no region gives out) is not tried. The main region needs no filter:
    /// until a number gets past it, the filter is not built (`candidates` is nil), so that a
    /// number valid there compiles no other region. Reads the steps in place, and the regions'
    /// plans as the country lends them.
    private func search(
        _ national: ByteText, country: PhoneCountry, steps: UnsafeBufferPointer<PhoneCountry.RegionStep>, candidates: UInt32?,
        using data: RegexMatchData
    ) -> Verdict? {
        var candidates = candidates
        // The mask is passed in and out, not captured: a captured variable is checked for
        // exclusive access at run time.
        @inline(__always) func type(in region: Int, _ candidates: inout UInt32?) -> PhoneNumberType? {
            if region < 32 && (region != 0 || candidates != nil) {
                let mask = candidates ?? country.filterRegions(of: national) ?? .max
                candidates = mask
                guard mask & (1 << UInt32(region)) != 0 else { return nil }
            }
            return country.withPlan(ofRegion: region) { $0.type(of: national) }
        }
        for index in steps.indices {
            if let automaton = steps[index].leadingAutomaton {
                // A national number is ASCII digits, which the automaton always reads.
                guard let matched = automaton.prefixMatches(national), matched != 0 else { continue }
                let region = steps[index].regions[matched.trailingZeroBitCount]
                guard let type = type(in: region, &candidates) else { return nil }
                return .valid(region: region, type: type)
            }
            if let matcher = steps[index].leadingDigits {
                guard matcher.matchGroups(national, using: data),
                    let group = steps[index].regions.indices.first(where: { data.range(of: $0 + 1) != nil })
                else { continue }
                let region = steps[index].regions[group]
                guard let type = type(in: region, &candidates) else { return nil }
                return .valid(region: region, type: type)
            }
            let region = steps[index].regions[0]
            if steps[index].isKnownByLeadingDigits,
                let matches = country.withPlan(ofRegion: region, { $0.leadingDigits?.matches(national, using: data) })
            {
                // A region known by its leading digits is the number's region, valid or not.
                guard matches else { continue }
                guard let type = type(in: region, &candidates) else { return nil }
                return .valid(region: region, type: type)
            }
            if let type = type(in: region, &candidates) { return .valid(region: region, type: type) }
        }
        return nil
    }
}
