import VouchData

/// The regions that share a country calling code (`1`: the US, Canada and the Caribbean), their
/// main region's first, or a non-geographic code's own plan (`800`); none for no calling code.
///
/// A class, so that looking a country up hands over one reference, not its parts.
final class PhoneCountry: Sendable {
    let plans: [PhoneRegionPlan]
    /// Every length a number of one of the regions has, for dialling from anywhere or only locally.
    let lengths: PhoneLengths
    /// How a number's region is found, in the order of `plans`: a region is tried by its types,
    /// and a run of regions known by their leading digits by one match of all their patterns.
    let steps: [RegionStep]
    /// The patterns of the runs of leading digits, kept alive for their matchers.
    private let combined: [RegexPattern]
    /// For a country of several regions: the regions a number can be valid in, by its first digits.
    let filter: PhoneRegionFilter?

    /// One step of the search. (A struct, not an enum with payloads: an enum would keep its case
    /// in the spare bits of the array's pointer, where leak checkers cannot see the pointer.)
    struct RegionStep: Sendable {
        /// Without a matcher: the region at `regions[0]` (an index of `plans`), valid if one of its
        /// types matches. With one: the first of `regions` whose leading digits start the number
        /// is its region, the group that matched telling which.
        let leadingDigits: RegexMatcher?
        let regions: [Int]

        static func types(_ index: Int) -> RegionStep { RegionStep(leadingDigits: nil, regions: [index]) }
    }

    init(_ plans: [PhoneRegionPlan]) {
        self.plans = plans
        lengths = plans.reduce(PhoneLengths([])) { $0.union($1.general.lengths).union($1.general.localLengths) }
        var steps: [RegionStep] = []
        var combined: [RegexPattern] = []
        var run: [Int] = []
        func endRun() {
            defer { run = [] }
            guard !run.isEmpty else { return }
            let source = run.map { "(" + (plans[$0].leadingDigitsSource ?? "") + ")" }.joined(separator: "|")
            if run.count > 1, run.count <= RegexMatchData.groups,
                let pattern = try? RegexPattern(source, anchoring: .prefix, unicode: false),
                pattern.captureCount == run.count
            {
                combined.append(pattern)
                steps.append(RegionStep(leadingDigits: pattern.matcher, regions: run))
            } else {
                steps.append(contentsOf: run.map { .types($0) })
            }
        }
        for (index, plan) in plans.enumerated() {
            if plans.count > 1, plan.leadingDigitsSource != nil {
                run.append(index)
            } else {
                endRun()
                steps.append(.types(index))
            }
        }
        endRun()
        self.steps = steps
        self.combined = combined
        filter = PhoneRegionFilter(plans: plans)
    }

    /// The plan numbers are written by: the main region's.
    var main: PhoneRegionPlan? { plans.first }
}

/// Every numbering plan libphonenumber knows, from the data compiled into Vouch
/// (`Sources/VouchData/phone/phone-plans.json`, written by `scripts/generate-phone-data`).
///
/// The data is read on first use; each region's patterns are compiled the first time a number
/// of that region is read, and kept. Safe to use from any thread.
final class PhonePlans: Sendable {
    /// The plans compiled into Vouch.
    static let embedded: PhonePlans = {
        do {
            return try PhonePlans(json: Array(vouch_data_phone_plans().contents))
        } catch {
            preconditionFailure("the embedded phone plans are invalid: \(error)")
        }
    }()

    /// Where the data comes from, and its version: `libphonenumber … 8.12.57`.
    let source: String
    let version: String
    /// The plans as data, by key (`US`, or `001+800` for a non-geographic calling code).
    private let data: [String: JSONObject]
    /// Each calling code's regions, its main region first (`1`: US, AG, AI, …).
    let regionsByCountryCode: [Int: [String]]
    /// Whether each number from 0 to 999 is a calling code.
    private let isCountryCodeTable: [Bool]
    private let compiled = Lock<[String: PhoneRegionPlan]>([:])
    /// The countries compiled so far, by calling code (0 to 999).
    private let compiledByCountryCode = Lock<[PhoneCountry?]>(Array(repeating: nil, count: 1000))

    init(json bytes: [UInt8]) throws(VouchError) {
        let root: JSONObject
        do {
            guard let object = try JSONParser().parse(bytes).objectValue else { throw VouchError(.invalidPack, "expected an object") }
            root = object
        } catch let error as JSONParseError {
            throw VouchError(.invalidPack, "phone plans: \(error)")
        } catch {
            throw VouchError(.invalidPack, "phone plans: \(error)")
        }
        source = root["source"]?.stringValue ?? ""
        version = root["version"]?.stringValue ?? ""
        var data: [String: JSONObject] = [:]
        for member in root["plans"]?.objectValue?.members ?? [] {
            data[member.key] = member.value.objectValue
        }
        self.data = data
        var regions: [Int: [String]] = [:]
        for member in root["regions_by_country_code"]?.objectValue?.members ?? [] {
            guard let code = Int(member.key) else { continue }
            regions[code] = member.value.arrayValue?.compactMap(\.stringValue)
        }
        regionsByCountryCode = regions
        isCountryCodeTable = (0...999).map { regions[$0] != nil }
    }

    /// Whether `code` is a country calling code.
    func isCountryCode(_ code: Int) -> Bool { code >= 0 && code < isCountryCodeTable.count && isCountryCodeTable[code] }

    /// The plans of the regions that share `code`, compiled on first use (see ``PhoneCountry``).
    func country(_ code: Int) -> PhoneCountry {
        guard code >= 0 && code < 1000 else { return PhoneCountry([]) }
        if let country = compiledByCountryCode.withLock({ $0[code] }) { return country }
        let country = PhoneCountry(
            (regionsByCountryCode[code] ?? []).compactMap { region in
                plan(key: region == "001" ? "001+\(code)" : region)
            })
        compiledByCountryCode.withLock { $0[code] = country }
        return country
    }

    /// Every region with a plan (`AD` … `ZW`), sorted; non-geographic codes are not among them.
    var regions: [String] { data.keys.filter { !$0.hasPrefix("001") }.sorted() }

    /// The calling codes without a region (`800`, `808`, `870`, …).
    var nonGeographicCountryCodes: [Int] { regionsByCountryCode.filter { $0.value == ["001"] }.keys.sorted() }

    /// The plan of `region` (`DE`), compiled on first use; nil for a region without one.
    func plan(forRegion region: String) -> PhoneRegionPlan? { plan(key: region) }

    /// The plan as data, for a pack to override parts of; nil for a region without one.
    func data(forRegion region: String) -> JSONObject? { data[region] }

    private func plan(key: String) -> PhoneRegionPlan? {
        if let plan = compiled.withLock({ $0[key] }) { return plan }
        guard let json = data[key] else { return nil }
        let region = key.hasPrefix("001") ? "001" : key
        let plan: PhoneRegionPlan
        do {
            plan = try PhoneRegionPlan(region: region, json: json, at: JSONPath().appending("plans").appending(key))
        } catch {
            preconditionFailure("the phone plan of \(key) is invalid: \(error)")
        }
        return compiled.withLock { compiled in
            if let existing = compiled[key] { return existing }
            compiled[key] = plan
            return plan
        }
    }
}
