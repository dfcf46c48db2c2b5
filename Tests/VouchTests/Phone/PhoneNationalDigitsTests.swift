import Testing
@_spi(VouchInternal) import VouchBase

@testable import VouchSteps

/// National numbers written as digits alone are read without the general parse
/// (``PhoneNumberParser/parseNationalDigits(_:)``): whatever number it reads must be the one the
/// general parse reads from the same text, in every region.
@Suite("Phone national digits")
struct PhoneNationalDigitsTests {
    static let regions = PhonePlans.embedded.regions

    /// Digits of each length from 1 to 19 starting with each digit, and each region's example
    /// numbers, with and without the national prefix.
    static func texts(for home: PhoneRegionPlan) -> [String] {
        var texts: [String] = []
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for first in 0...9 {
            for length in 1...19 {
                for _ in 0..<3 {
                    var text = String(first)
                    for _ in 1..<length {
                        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        text += String((seed >> 60) % 10)
                    }
                    texts.append(text)
                }
            }
        }
        for type in PhoneNumberType.allCases {
            guard let example = home.example(of: type) else { continue }
            texts.append(example)
            if let prefix = home.nationalPrefix { texts.append(prefix + example) }
            texts.append(home.countryCodeDigits.map { String(UnicodeScalar($0)) }.joined() + example)
        }
        return texts
    }

    @Test("reads the number the general parse reads", arguments: regions)
    func sameAsParse(region: String) throws {
        let home = try #require(PhonePlans.embedded.plan(forRegion: region))
        let plan = PhonePlan(plans: .embedded, home: home, maxLength: nil)
        let data = RegexMatchData()
        for text in Self.texts(for: home) {
            var bytes = text
            bytes.withByteText { bytes in
                guard let direct = plan.parser.parseNationalDigits(bytes) else { return }
                #expect(plan.parser.parse(bytes, using: data) == .success(direct), "\(region): \(text)")
            }
        }
    }

    @Test(
        "takes national numbers of the US that no prefix begins, and leaves the rest to the general parse",
        arguments: [
            ("2015550123", true), ("2304780522", true), ("12015550123", false), ("0112015550123", false),
            ("201-555-0123", false), ("+12015550123", false), ("2", false), ("201555012345678901", false),
        ])
    func usNumbers(text: String, direct: Bool) throws {
        let plan = PhonePlan(plans: .embedded, home: try #require(PhonePlans.embedded.plan(forRegion: "US")), maxLength: nil)
        var bytes = text
        bytes.withByteText { bytes in
            #expect((plan.parser.parseNationalDigits(bytes) != nil) == direct, "\(text)")
        }
    }
}
