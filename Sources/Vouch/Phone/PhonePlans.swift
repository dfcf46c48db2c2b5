/// Every numbering plan libphonenumber knows, from the data compiled into Vouch
/// (`Sources/Vouch/Phone/Data/phone-plans.json`, written by `scripts/generate-phone-data`).
///
/// The data is read on first use; each region's patterns are compiled the first time a number
/// of that region is read, and kept. Safe to use from any thread.
final class PhonePlans: Sendable {
    /// The plans compiled into Vouch.
    static let embedded: PhonePlans = {
        do {
            return try PhonePlans(json: PackageResources.phone_plans_json)
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
    private let compiled = Lock<[String: PhoneRegionPlan]>([:])

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
    }

    /// Every region with a plan (`AD` … `ZW`), sorted; non-geographic codes are not among them.
    var regions: [String] { data.keys.filter { !$0.hasPrefix("001") }.sorted() }

    /// The calling codes without a region (`800`, `808`, `870`, …).
    var nonGeographicCountryCodes: [Int] { regionsByCountryCode.filter { $0.value == ["001"] }.keys.sorted() }

    /// The plan of `region` (`DE`), compiled on first use; nil for a region without one.
    func plan(forRegion region: String) -> PhoneRegionPlan? { plan(key: region) }

    /// The plan a number with calling code `countryCode` is written by: its main region's, or the
    /// non-geographic code's own.
    func mainPlan(forCountryCode countryCode: Int) -> PhoneRegionPlan? {
        guard let main = regionsByCountryCode[countryCode]?.first else { return nil }
        return plan(key: main == "001" ? "001+\(countryCode)" : main)
    }

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
