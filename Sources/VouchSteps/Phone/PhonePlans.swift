@_spi(VouchInternal) import VouchBase
import VouchData

#if canImport(Glibc)
    import Glibc
#endif

/// Every numbering plan libphonenumber knows, from the data compiled into Vouch
/// (`Sources/VouchData/phone/phone-plans.json`, written by `scripts/generate-phone-data`).
///
/// Only the calling codes are read at first: a region's plan is read from the data the first
/// time it is asked for, and its patterns compiled then, once, and kept; a country's region
/// filter is read with its country. Safe to use from any thread.
final class PhonePlans: Sendable {
    /// The plans compiled into Vouch.
    static let embedded = readEmbedded("phone plans") { try PhonePlans(data: { vouch_data_phone_plans().contents }) }

    /// Where the data comes from, and its version: `libphonenumber … 8.12.57`.
    let source: String
    let version: String
    /// The data, and the plans compiled from it.
    private let store: Store
    /// Each calling code's regions, its main region first (`1`: US, AG, AI, …).
    let regionsByCountryCode: [Int: [String]]
    /// Where each country's region filter lies in the data (``PhoneRegionFilter``), by calling code.
    private let filterRanges: [Int: Range<Int>]
    /// Whether each number from 0 to 999 is a calling code.
    private let isCountryCodeTable: [Bool]
    /// The countries made so far, by calling code (0 to 999).
    private let countries = Lock<[PhoneCountry?]>(Array(repeating: nil, count: 1000))

    /// Reads the data `bytes` gives, which it keeps (static: read where it lies, never copied).
    init(data bytes: @escaping @Sendable () -> UnsafeBufferPointer<UInt8>) throws(VouchError) {
        var source = ""
        var version = ""
        var planRanges: [String: Range<Int>] = [:]
        var regions: [Int: [String]] = [:]
        var filterRanges: [Int: Range<Int>] = [:]
        let all = bytes()
        do {
            let lines = try Self.lines(all)
            for plan in lines.plans { planRanges[plan.key] = plan.value }
            for member in lines.top {
                let value = UnsafeBufferPointer(rebasing: all[member.value])
                switch member.key {
                case "source": source = try Self.parse(value).stringValue ?? ""
                case "version": version = try Self.parse(value).stringValue ?? ""
                case "region_filters":
                    for filter in try Self.index(all, member.value).members {
                        guard let code = Int(filter.key) else { continue }
                        filterRanges[code] = filter.value
                    }
                case "regions_by_country_code":
                    for code in try Self.parse(value).objectValue?.members ?? [] {
                        guard let number = Int(code.key) else { continue }
                        regions[number] = code.value.arrayValue?.compactMap(\.stringValue)
                    }
                default: break
                }
            }
        } catch {
            throw VouchError(.invalidPack, "phone plans: \(error.message)")
        }
        self.source = source
        self.version = version
        store = Store(bytes: bytes, ranges: planRanges)
        regionsByCountryCode = regions
        self.filterRanges = filterRanges
        isCountryCodeTable = (0...999).map { regions[$0] != nil }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(VouchError) -> JSONValue {
        do { return try JSONParser().parse(bytes) } catch { throw VouchError(.invalidPack, "\(error)") }
    }

    private static func index(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(VouchError) -> JSONObjectIndex {
        do { return try JSONObjectIndex(bytes, in: range) } catch { throw VouchError(.invalidPack, "\(error)") }
    }

    /// The file's members and its plans, read the way `scripts/generate-phone-data` lays them out,
    /// one a line (`"US": {…},`): the lines are found with `memchr`, and no plan is scanned until
    /// it is asked for. (A JSON scan of the whole third of a megabyte was most of start-up's
    /// reading of the plans.) The tests check that the plans read so are a parse of the whole file's.
    private static func lines(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) throws(VouchError) -> (top: [(key: String, value: Range<Int>)], plans: [(key: String, value: Range<Int>)]) {
        var top: [(key: String, value: Range<Int>)] = []
        var plans: [(key: String, value: Range<Int>)] = []
        plans.reserveCapacity(300)
        guard let base = bytes.baseAddress else { throw VouchError(.invalidPack, "the file is empty") }
        var inPlans = false
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            var end: Int = bytes.count
            if let found = memchr(base + start, Int32(UInt8.lineFeed), bytes.count - start) {
                end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            }
            defer { start = end + 1 }
            let line = start..<end
            if line.count == 1, bytes[start] == .openBrace, number == 1 { continue }
            if line.count == 1, bytes[start] == .closeBrace {
                inPlans = false
                continue
            }
            // `"key": value` or `"key":value`, perhaps with a comma after it; keys have no escapes.
            guard line.count > 3, bytes[start] == .quote,
                let close = bytes[(start + 1)..<end].firstIndex(where: { $0 == .quote || $0 == .backslash }), bytes[close] == .quote,
                close + 1 < end, bytes[close + 1] == .colon
            else {
                throw VouchError(
                    .invalidPack, "line \(number) is not one member, \"key\": value, as scripts/generate-phone-data writes them")
            }
            let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<close]), as: UTF8.self)
            var valueStart: Int = close + 2
            while valueStart < end, bytes[valueStart] == .space { valueStart += 1 }
            var valueEnd: Int = end
            if valueEnd > valueStart, bytes[valueEnd - 1] == .comma { valueEnd -= 1 }
            if !inPlans, key == "plans", valueEnd == valueStart + 1, bytes[valueStart] == .openBrace {
                inPlans = true
                continue
            }
            if inPlans { plans.append((key, valueStart..<valueEnd)) } else { top.append((key, valueStart..<valueEnd)) }
        }
        return (top, plans)
    }

    /// Whether `code` is a country calling code.
    func isCountryCode(_ code: Int) -> Bool { code >= 0 && code < isCountryCodeTable.count && isCountryCodeTable[code] }

    /// The regions that share `code`, each compiled when first needed (see ``PhoneCountry``).
    func country(_ code: Int) -> PhoneCountry {
        guard code >= 0 && code < 1000 else { return PhoneCountry([]) }
        if let country = countries.withLock({ $0[code] }) { return country }
        let filter = filterRanges[code].map { range in
            guard let runs = try? store.json(range), let filter = PhoneRegionFilter(runs: runs) else {
                preconditionFailure("the region filter of +\(code) is invalid: expected runs of [first number, mask]")
            }
            return filter
        }
        let country = PhoneCountry(
            (regionsByCountryCode[code] ?? []).compactMap { region in
                let key = region == "001" ? "001+\(code)" : region
                guard let json = store.outlineData(key: key) else { return nil }
                do {
                    return try PhoneCountry.Region(key: key, json: json) { [store] in store.plan(key: key)! }
                } catch {
                    preconditionFailure("the phone plan of \(key) is invalid: \(error)")
                }
            }, filter: filter)
        return countries.withLock { countries in
            if let existing = countries[code] { return existing }
            countries[code] = country
            return country
        }
    }

    /// Every region with a plan (`AD` … `ZW`), sorted; non-geographic codes are not among them.
    var regions: [String] { store.ranges.keys.filter { !$0.hasPrefix("001") }.sorted() }

    /// The calling codes without a region (`800`, `808`, `870`, …).
    var nonGeographicCountryCodes: [Int] { regionsByCountryCode.filter { $0.value == ["001"] }.keys.sorted() }

    /// The plan of `region` (`DE`), compiled on first use; nil for a region without one.
    func plan(forRegion region: String) -> PhoneRegionPlan? { plan(key: region) }

    /// The plan as data, for a pack to override parts of; nil for a region without one.
    func data(forRegion region: String) -> JSONObject? { data(key: region) }

    private func data(key: String) -> JSONObject? { store.data(key: key) }

    private func plan(key: String) -> PhoneRegionPlan? { store.plan(key: key) }

    /// The data, where each plan lies in it by key (`US`, or `001+800` for a non-geographic
    /// calling code), and the plans compiled from it. The countries' regions compile through it:
    /// it holds no country, so that they do not keep each other alive.
    private final class Store: Sendable {
        let bytes: @Sendable () -> UnsafeBufferPointer<UInt8>
        let ranges: [String: Range<Int>]
        private let compiled = Lock<[String: LazyReference<PhoneRegionPlan>]>([:])

        init(bytes: @escaping @Sendable () -> UnsafeBufferPointer<UInt8>, ranges: [String: Range<Int>]) {
            self.bytes = bytes
            self.ranges = ranges
        }

        /// The plan of `key` as data, read from the text each time it is asked for.
        func data(key: String) -> JSONObject? {
            guard let range = ranges[key] else { return nil }
            do {
                return try json(range).objectValue
            } catch {
                preconditionFailure("the phone plan of \(key) is invalid: \(error)")
            }
        }

        /// The members of the plan of `key` that ``PhoneRegionPlan/outline(_:at:)`` reads, as data:
        /// a country reads its regions' outlines before it compiles any (found by a scan of the
        /// plan's text, the rest of which is not parsed).
        func outlineData(key: String) -> JSONObject? {
            guard let range = ranges[key] else { return nil }
            do {
                let bytes = bytes()
                var outline = JSONObject()
                for member in try JSONObjectIndex(bytes, in: range).members where PhoneRegionPlan.outlineKeys.contains(member.key) {
                    outline[member.key] = try JSONParser().parse(UnsafeBufferPointer(rebasing: bytes[member.value]))
                }
                return outline
            } catch {
                preconditionFailure("the phone plan of \(key) is invalid: \(error)")
            }
        }

        /// The value at `range` of the text.
        func json(_ range: Range<Int>) throws(JSONParseError) -> JSONValue {
            try JSONParser().parse(UnsafeBufferPointer(rebasing: bytes()[range]))
        }

        /// The compiled plan of `key`: compiled once, by the first thread that asks while those
        /// that ask for the same key wait; threads that ask for other keys compile theirs at the
        /// same time.
        func plan(key: String) -> PhoneRegionPlan? {
            guard ranges[key] != nil else { return nil }
            let lazy = compiled.withLock { compiled in
                if let existing = compiled[key] { return existing }
                let lazy = LazyReference { [unowned self] in compile(key: key) }
                compiled[key] = lazy
                return lazy
            }
            return lazy.instance
        }

        private func compile(key: String) -> PhoneRegionPlan {
            do {
                return try PhoneRegionPlan(
                    region: key.hasPrefix("001") ? "001" : key, json: data(key: key)!, at: JSONPath().appending("plans").appending(key))
            } catch {
                preconditionFailure("the phone plan of \(key) is invalid: \(error)")
            }
        }
    }
}
