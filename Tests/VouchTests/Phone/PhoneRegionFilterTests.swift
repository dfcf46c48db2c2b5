import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// The filter that spares the region search of a shared calling code the regions a number
/// cannot be valid in: it must never leave out a region the number is valid in, and it must
/// leave regions out.
@Suite("Phone region filter")
struct PhoneRegionFilterTests {
    static let sharedCodes = PhonePlans.embedded.regionsByCountryCode.filter { $0.value.count > 1 }.keys.sorted()

    @Test("every region's example numbers pass the filter for their region", arguments: sharedCodes)
    func examples(code: Int) throws {
        let country = PhonePlans.embedded.country(code)
        let filter = try #require(country.filter, "+\(code) has \(country.plans.count) regions and no filter")
        var checked = 0
        for (index, plan) in country.plans.enumerated() {
            for type in PhoneNumberType.allCases {
                guard var example = plan.example(of: type) else { continue }
                let regions = example.withByteText { filter.regions(of: $0) }
                #expect(regions & (1 << UInt32(index)) != 0, "+\(code) \(plan.region) \(type) example \(example)")
                checked += 1
            }
        }
        #expect(checked >= country.plans.count)
    }

    /// `scripts/generate-phone-data` works the filter out from the patterns as written; the
    /// regions' compiled patterns must give the same table.
    @Test("the embedded filter is what the regions' compiled patterns give", arguments: sharedCodes)
    func embeddedAsCompiled(code: Int) throws {
        let country = PhonePlans.embedded.country(code)
        let embedded = try #require(country.builtFilter, "+\(code) has no filter in the embedded data")
        let compiled = try #require(PhoneRegionFilter(plans: country.plans))
        #expect(embedded.table == compiled.table)
    }

    @Test(
        "a filter written as runs of masks reads back as its table; other shapes are refused",
        arguments: [
            ("[[0,0],[201,1],[204,2]]", [0: UInt32(0), 200: 0, 201: 1, 203: 1, 204: 2, 999: 2]),
            ("[[0,5]]", [0: 5, 999: 5]),
            ("[[1,5]]", nil), ("[]", nil), ("[[0,1],[0,2]]", nil), ("[[0,-1]]", nil), ("[[0,4294967296]]", nil),
            ("[[0,1],[1000,2]]", nil), ("[[0,1,2]]", nil), ("{}", nil),
        ])
    func runs(text: String, expected: [Int: UInt32]?) throws {
        let filter = PhoneRegionFilter(runs: try JSONParser().parse(Array(text.utf8)))
        #expect((filter == nil) == (expected == nil))
        for (number, mask) in expected ?? [:] {
            #expect(filter?.table[number] == mask, "\(text) at \(number)")
        }
        #expect(filter.map { $0.table.count == 1000 } ?? true)
    }

    /// Every ten-digit number of +1 made of each three-digit start and a few endings: where a
    /// region's types say it is valid, the filter has that region.
    @Test("+1: never leaves out a region a number is valid in")
    func neverTooStrict() throws {
        let country = PhonePlans.embedded.country(1)
        let filter = try #require(country.filter)
        let endings = ["2345678", "5550123", "9876543", "2000000", "8675309", "4561234"]
        var valid = 0
        for start in 0..<1000 {
            for ending in endings {
                let digits = Array((String(format3(start)) + ending).utf8)
                digits.withByteText { national in
                    let regions = filter.regions(of: national)
                    for (index, plan) in country.plans.enumerated() where plan.type(of: national) != nil {
                        valid += 1
                        #expect(regions & (1 << UInt32(index)) != 0, "\(String(decoding: digits, as: UTF8.self)) in \(plan.region)")
                    }
                }
            }
        }
        #expect(valid > 1000)
    }

    @Test(
        "+1: numbers of area codes no region gives out are in no region",
        arguments: [
            ("2304780522", [String]()), ("0001234567", []), ("1234567890", []), ("2015550123", ["US"]), ("2687701234", ["AG"]),
            ("4165550123", ["CA"]),
        ])
    func areaCodes(number: String, regions: [String]) throws {
        let country = PhonePlans.embedded.country(1)
        let filter = try #require(country.filter)
        var text = number
        let mask = text.withByteText { filter.regions(of: $0) }
        let found = country.plans.indices.filter { mask & (1 << UInt32($0)) != 0 }.map { country.plans[$0].region }
        #expect(found == regions)
    }

    @Test("+1's number 230-478-0522 is not in use, found without a region's patterns")
    func notInUse() throws {
        let plan = try Registry().locale("en-US").phone
        #expect(plan.read("2304780522") == .invalid(.notInUse))
        guard case .valid(let number, let region, _) = plan.read("2015550123") else {
            Issue.record("2015550123 is libphonenumber's example of a US number")
            return
        }
        #expect(number.e164 == "+12015550123" && region == "US")
    }

    private func format3(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: 3 - text.count) + text
    }
}
