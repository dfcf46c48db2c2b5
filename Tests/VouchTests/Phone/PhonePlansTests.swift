import Dispatch
import Synchronization
import Testing
@_spi(VouchInternal) import VouchBase
import VouchData

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// The embedded plans are read a region at a time: what a region's data reads as is what parsing
/// the whole file gives, and a region is compiled only when a number needs it.
@Suite("Phone plans")
struct PhonePlansTests {
    static let bytes = Array(vouch_data_phone_plans().contents)

    @Test("each region's data is the file's, as a parse of the whole file reads it")
    func data() throws {
        let whole = try #require(try JSONParser().parse(Self.bytes).objectValue)
        let plans = try #require(whole["plans"]?.objectValue)
        let embedded = try PhonePlans(data: { vouch_data_phone_plans().contents })
        #expect(embedded.source == whole["source"]?.stringValue && embedded.version == whole["version"]?.stringValue)
        #expect(embedded.regions == plans.keys.filter { !$0.hasPrefix("001") }.sorted())
        for key in plans.keys where !key.hasPrefix("001") {
            #expect(embedded.data(forRegion: key).map(JSONValue.object) == plans[key], "\(key)")
        }
        let codes = try #require(whole["regions_by_country_code"]?.objectValue)
        #expect(embedded.regionsByCountryCode.count == codes.keys.count)
        for (code, regions) in embedded.regionsByCountryCode {
            #expect(codes[String(code)]?.arrayValue?.compactMap(\.stringValue) == regions)
        }
    }

    /// libphonenumber's example numbers of +1: a US one needs only the US plan, one of another
    /// region only that region's (the embedded filter tells it by its first digits), and one
    /// that no region gives out none but the US's (for its length).
    @Test("+1: a number compiles only the region it is valid in")
    func compiledOnFirstUse() throws {
        let plans = try PhonePlans(data: { vouch_data_phone_plans().contents })
        let checker = PhoneNumberChecker(numbering: PhoneNumbering(plans: plans, home: nil))
        let country = plans.country(1)
        #expect(country.regions.count == 25 && country.regions.allSatisfy { !$0.isCompiled })
        let data = RegexMatchData()
        let us = Array("2015550123".utf8).withByteText { checker.check(countryCode: 1, national: $0, using: data) }
        #expect(us == .valid(region: 0, type: .fixedLineOrMobile))
        #expect(country.regions.filter(\.isCompiled).map(\.region) == ["US"])
        let ag = Array("2684601234".utf8).withByteText { checker.check(countryCode: 1, national: $0, using: data) }
        #expect(ag == .valid(region: country.regions.firstIndex { $0.region == "AG" }!, type: .fixedLine))
        #expect(country.regions.filter(\.isCompiled).map(\.region) == ["US", "AG"])
        let notInUse = Array("2304780522".utf8).withByteText { checker.check(countryCode: 1, national: $0, using: data) }
        #expect(notInUse == .possible)
        #expect(country.regions.filter(\.isCompiled).map(\.region) == ["US", "AG"])
    }

    /// Threads that check numbers at once ask for the same regions in their own orders: each
    /// region is compiled once, and every thread gets that plan.
    @Test("threads that ask for regions at once each get the one plan of a region")
    func compiledOnceAcrossThreads() throws {
        let plans = try PhonePlans(data: { vouch_data_phone_plans().contents })
        let regions = Array(plans.regions.prefix(60))
        let threads = 4
        let seen = Mutex<[[ObjectIdentifier?]]>(Array(repeating: [], count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Each thread starts at its own place in the list and goes round it.
            let order = regions.indices.map { (($0 + thread * regions.count / threads) % regions.count) }
            var plansByRegion = [ObjectIdentifier?](repeating: nil, count: regions.count)
            for index in order { plansByRegion[index] = plans.plan(forRegion: regions[index]).map(ObjectIdentifier.init) }
            seen.withLock { $0[thread] = plansByRegion }
        }
        let first = regions.map { plans.plan(forRegion: $0).map(ObjectIdentifier.init) }
        #expect(first.allSatisfy { $0 != nil })
        for (thread, plansByRegion) in seen.withLock({ $0 }).enumerated() { #expect(plansByRegion == first, "thread \(thread)") }
        #expect(plans.plan(forRegion: "XX") == nil, "no plan for a region without one")
    }
}
