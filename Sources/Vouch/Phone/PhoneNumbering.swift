/// The plans a locale reads phone numbers by: every region's, with its home region's in place of
/// the embedded one (a pack may have changed it), and the home country's at hand.
final class PhoneNumbering: Sendable {
    let plans: PhonePlans
    /// The region national numbers are read in; nil: only international numbers are read.
    let home: PhoneRegionPlan?
    /// The home country code's regions, the home plan among them.
    private let homeCountry: PhoneCountry?

    init(plans: PhonePlans, home: PhoneRegionPlan?) {
        self.plans = plans
        self.home = home
        homeCountry = home.map { home in
            let country = plans.country(home.countryCode)
            // The embedded plan itself, unless a pack changed it.
            if plans.plan(forRegion: home.region) === home { return country }
            return PhoneCountry(country.regions.map { $0.region == home.region ? PhoneCountry.Region(plan: home) : $0 })
        }
    }

    /// The regions that share `countryCode`, its main region's first.
    @inline(__always) func country(_ countryCode: Int) -> PhoneCountry {
        if let homeCountry, countryCode == home?.countryCode { return homeCountry }
        return plans.country(countryCode)
    }

    /// The plan numbers with `countryCode` are read and written by: its main region's, or a
    /// non-geographic code's own.
    @inline(__always) func writingPlan(countryCode: Int) -> PhoneRegionPlan? { country(countryCode).main }
}
