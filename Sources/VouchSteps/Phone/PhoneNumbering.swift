@_spi(VouchInternal) import VouchBase

/// The plans a locale reads phone numbers by: every region's, with its home region's in place of
/// the embedded one (a pack may have changed it), and the home country's at hand.
///
/// The home plan and country are also lent without reference counting (``withHome(_:)``,
/// ``withCountry(_:_:)``): the numbering holds them, and the threads that share it read them for
/// every number without counting references on them.
final class PhoneNumbering: Sendable {
    let plans: PhonePlans
    /// The region national numbers are read in; nil: only international numbers are read.
    let home: PhoneRegionPlan?
    /// The home country code's regions, the home plan among them.
    private let homeCountry: PhoneCountry?
    /// `home` and `homeCountry`, lent.
    private let lentHome: LentReference<PhoneRegionPlan>?
    private let lentHomeCountry: LentReference<PhoneCountry>?
    /// The home region's country calling code; 0 where there is none (no country has it).
    let homeCountryCode: Int

    init(plans: PhonePlans, home: PhoneRegionPlan?) {
        self.plans = plans
        self.home = home
        let homeCountry = home.map { home in
            let country = plans.country(home.countryCode)
            // The embedded plan itself, unless a pack changed it.
            if plans.plan(forRegion: home.region) === home { return country }
            return PhoneCountry(country.regions.map { $0.region == home.region ? PhoneCountry.Region(plan: home) : $0 })
        }
        self.homeCountry = homeCountry
        lentHome = home.map(LentReference.init)
        lentHomeCountry = homeCountry.map(LentReference.init)
        homeCountryCode = home?.countryCode ?? 0
    }

    /// Calls `body` with ``home``, lent without reference counting; nil where there is none.
    @inline(__always) func withHome<Result>(_ body: (PhoneRegionPlan) -> Result) -> Result? {
        lentHome?.with(body)
    }

    /// The regions that share `countryCode`, its main region's first.
    @inline(__always) func country(_ countryCode: Int) -> PhoneCountry {
        if let homeCountry, countryCode == homeCountryCode { return homeCountry }
        return plans.country(countryCode)
    }

    /// Calls `body` with ``country(_:)``, the home country lent without reference counting.
    @inline(__always) func withCountry<Result>(_ countryCode: Int, _ body: (PhoneCountry) -> Result) -> Result {
        if let lentHomeCountry, countryCode == homeCountryCode { return lentHomeCountry.with(body) }
        return body(plans.country(countryCode))
    }

    /// The plan numbers with `countryCode` are read and written by: its main region's, or a
    /// non-geographic code's own.
    @inline(__always) func writingPlan(countryCode: Int) -> PhoneRegionPlan? { country(countryCode).main }

    /// Calls `body` with ``writingPlan(countryCode:)``, lent without reference counting where the
    /// country is the home country; nil where there is none.
    @inline(__always) func withWritingPlan<Result>(countryCode: Int, _ body: (PhoneRegionPlan) -> Result) -> Result? {
        withCountry(countryCode) { $0.withMain(body) }
    }
}
