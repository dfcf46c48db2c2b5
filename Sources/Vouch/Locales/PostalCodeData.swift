import VouchData

/// Every country's postal codes, from Google's address metadata (the data behind libaddressinput),
/// compiled into Vouch (`Sources/VouchData/postal/postal-codes.json`, written by
/// `scripts/generate-postal-data`).
///
/// A region's settings have the keys of a pack's `kinds.postal_code` (`pattern`, `masks`,
/// `max_length`, `keyboard`, `example`), so that a country pack overrides them key by key. The data
/// is read on first use. Safe to use from any thread.
final class PostalCodeData: Sendable {
    /// The data compiled into Vouch.
    static let embedded = readEmbedded("postal codes") { try PostalCodeData(json: Array(vouch_data_postal_codes().contents)) }

    /// Where the data comes from, and its version: `Google's address metadata … 3.1.1`.
    let source: String
    let version: String
    /// Each region's settings, by ISO 3166 code; `nil` for a region the metadata knows to have no
    /// postal codes (`AE`).
    private let regions: [String: JSONObject?]

    init(json bytes: [UInt8]) throws(VouchError) {
        let root: JSONObject
        do {
            guard let object = try JSONParser().parse(bytes).objectValue else { throw VouchError(.invalidPack, "expected an object") }
            root = object
        } catch {
            throw VouchError(.invalidPack, "postal codes: \(error)")
        }
        source = root["source"]?.stringValue ?? ""
        version = root["version"]?.stringValue ?? ""
        var regions: [String: JSONObject?] = [:]
        for member in root["regions"]?.objectValue?.members ?? [] {
            regions[member.key] = .some(member.value.objectValue)
        }
        self.regions = regions
    }

    /// The regions the metadata knows, with or without postal codes, sorted.
    var regionCodes: [String] { regions.keys.sorted() }

    /// Whether the metadata knows `region` (an ISO 3166 code such as `ES`).
    func knows(_ region: String) -> Bool { regions[region] != nil }

    /// The postal code settings of `region`, or `nil` when it has none or is not known.
    func settings(forRegion region: String) -> JSONObject? { regions[region] ?? nil }
}
