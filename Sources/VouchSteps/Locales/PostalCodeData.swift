@_spi(VouchInternal) import VouchBase
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
    /// The data, and where each region's settings lie in it, by ISO 3166 code: an object, or
    /// `null` for a region the metadata knows to have no postal codes (`AE`). A region's settings
    /// are parsed when asked for: a locale needs its own country's only.
    private let bytes: [UInt8]
    private let ranges: [String: Range<Int>]

    init(json bytes: [UInt8]) throws(VouchError) {
        var source = ""
        var version = ""
        var ranges: [String: Range<Int>] = [:]
        do {
            try bytes.withUnsafeBufferPointer { (bytes) throws(JSONParseError) in
                for member in try JSONObjectIndex(bytes, in: 0..<bytes.count).members {
                    let value = UnsafeBufferPointer(rebasing: bytes[member.value])
                    switch member.key {
                    case "source": source = try JSONParser().parse(value).stringValue ?? ""
                    case "version": version = try JSONParser().parse(value).stringValue ?? ""
                    case "regions":
                        for region in try JSONObjectIndex(bytes, in: member.value).members { ranges[region.key] = region.value }
                    default: break
                    }
                }
            }
        } catch {
            throw VouchError(.invalidPack, "postal codes: \(error)")
        }
        self.source = source
        self.version = version
        self.bytes = bytes
        self.ranges = ranges
    }

    /// The regions the metadata knows, with or without postal codes, sorted.
    var regionCodes: [String] { ranges.keys.sorted() }

    /// Whether the metadata knows `region` (an ISO 3166 code such as `ES`).
    func knows(_ region: String) -> Bool { ranges[region] != nil }

    /// The postal code settings of `region`, or `nil` when it has none or is not known.
    func settings(forRegion region: String) -> JSONObject? {
        guard let range = ranges[region] else { return nil }
        do {
            return try bytes.withUnsafeBufferPointer { (bytes) throws(JSONParseError) in
                try JSONParser().parse(UnsafeBufferPointer(rebasing: bytes[range])).objectValue
            }
        } catch {
            preconditionFailure("the postal codes of \(region) are invalid: \(error)")
        }
    }
}
