import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchSteps

/// Vouch's phone numbers against libphonenumber's own answers (`scripts/phone-oracle`, the Python
/// package `phonenumbers` of the version the data was generated from): every region's example
/// numbers of every type, written every way, and thousands of variants of them.
@Suite("Phone numbers against libphonenumber")
struct PhoneOracleTests {
    @Test("agrees on at least 99.9% of the cases, each disagreement listed")
    func oracle() throws {
        let lines = try PeerScript.cases("scripts/phone-oracle", package: "phonenumbers", version: PhonePlans.embedded.version)
        var plans: [String: PhonePlan] = [:]
        var disagreements: [String] = []
        var cases = 0
        for line in lines {
            guard case .object(let expected) = line else { continue }
            cases += 1
            let region = expected["region"]!.stringValue!
            let plan = plans[region] ?? PhonePlan(plans: .embedded, home: PhonePlans.embedded.plan(forRegion: region), maxLength: nil)
            plans[region] = plan
            if let disagreement = Self.compare(expected, plan) { disagreements.append(disagreement) }
        }
        let agreement = Double(cases - disagreements.count) / Double(max(cases, 1))
        print("phone oracle: \(cases) cases, \(disagreements.count) disagreements, agreement \(agreement * 100)%")
        for disagreement in disagreements { print("  \(disagreement)") }
        #expect(cases > 15_000)
        #expect(agreement >= 0.999, "\(disagreements.prefix(20).joined(separator: "\n"))")
    }

    /// The first field on which Vouch and libphonenumber differ for one case, as a line to print,
    /// or nil.
    static func compare(_ expected: JSONObject, _ plan: PhonePlan) -> String? {
        let input = expected["input"]!.stringValue!
        func differ(_ field: String, _ libphonenumber: String?, _ vouch: String?) -> String {
            let region = expected["region"]!.stringValue!
            let why = expected["why"]!.stringValue!
            return "\(region) \"\(input)\" (\(why)): \(field) is \(vouch ?? "nothing"), libphonenumber says \(libphonenumber ?? "nothing")"
        }
        var text = input
        let parsed = text.withByteText { plan.parser.parse($0, using: RegexMatchData()) }
        guard expected["parsed"]?.boolValue == true else {
            if case .success(let number) = parsed { return differ("the reading", expected["error"]?.stringValue, number.e164) }
            return nil
        }
        guard case .success(let number) = parsed else { return differ("the reading", expected["e164"]?.stringValue, "\(parsed)") }
        if number.e164 != expected["e164"]?.stringValue { return differ("E.164", expected["e164"]?.stringValue, number.e164) }
        if number.extensionDigits != expected["extension"]?.stringValue {
            return differ("the extension", expected["extension"]?.stringValue, number.extensionDigits)
        }
        let reading = plan.read(input)
        // Laying a number out as it is typed must not change how it reads (the checking path
        // reads the text once, before the phone formatter, and keeps the reading for its output).
        let laidOut = plan.formatTyped(input)
        if plan.read(laidOut) != reading {
            return differ("the reading of the text laid out", "\(reading)", "\(plan.read(laidOut)) of \"\(laidOut)\"")
        }
        let valid = expected["valid"]?.boolValue == true
        guard case .valid(_, _, let type) = reading else {
            return valid ? differ("validity", "valid", "\(reading)") : nil
        }
        if !valid { return differ("validity", "not valid", "valid \(type)") }
        if type.rawValue != expected["type"]?.stringValue { return differ("the type", expected["type"]?.stringValue, type.rawValue) }
        let bare = PhoneNumber(countryCode: number.countryCode, national: number.national, extensionDigits: number.extensionDigits)
        let national = plan.format(bare, .national)
        if national != expected["national"]?.stringValue {
            return differ("the national format", expected["national"]?.stringValue, national)
        }
        let international = plan.format(bare, .international)
        if international != expected["international"]?.stringValue {
            return differ("the international format", expected["international"]?.stringValue, international)
        }
        return nil
    }
}
