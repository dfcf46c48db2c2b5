import Testing

@testable import Vouch
@testable import VouchSteps

/// Every example number of the phone data, in a locale of its region (`en-LU`), typed key
/// by key and pasted in each way it is written: nationally, without separators, internationally,
/// in E.164, after the international prefix, and as a `tel:` URI. The number shown is the number
/// typed, every time, and never another number.
@Suite("Every region's example numbers, typed and pasted")
struct PhoneExampleTypingTests {
    /// One example number of a locale's region, the ways it is typed, and its `tel:` URI (only
    /// pasted).
    struct Example: CustomStringConvertible {
        let locale: String
        let e164: String
        let typed: [String]
        let tel: String
        var description: String { "\(locale) \(e164)" }
    }

    /// The example numbers of every region, each in a locale of its region.
    static let examples: [Example] = {
        let registry = EditingTests.registry
        var examples: [Example] = []
        for region in PhonePlans.embedded.regions {
            let tag = "en-\(region)"
            guard let plan = try? registry.locale(tag).phone, let home = plan.home, home.region == region else { continue }
            let data = PhonePlans.embedded.data(forRegion: home.region)
            let idd = [data?["preferred_international_prefix"]?.stringValue, data?["international_prefix"]?.stringValue]
                .compactMap { $0 }.first { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
            for type in PhoneNumberType.allCases {
                guard let national = home.example(of: type), let number = plan.parse("+\(home.countryCode)\(national)") else { continue }
                let written = plan.format(number, .national)
                let international = plan.format(number, .international)
                var forms = [written, written.filter(\.isNumber), international, number.e164]
                // After the international prefix, where that reads as the number (Hong Kong's `008`
                // is a prefix of its own: `00 852` is `008 52`, a number of Mexico, read whole too).
                let afterPrefix = idd.map { $0 + " " + international.dropFirst() }
                if let afterPrefix, plan.parse(afterPrefix) == number { forms.append(afterPrefix) }
                let tel = "tel:" + international.replacing(" ", with: "-")
                examples.append(Example(locale: tag, e164: number.e164, typed: forms, tel: tel))
            }
        }
        return examples
    }()

    @Test("every region of the phone data is typed")
    func coverage() {
        #expect(Set(Self.examples.map(\.locale)).count == PhonePlans.embedded.regions.count)
    }

    @Test("an example number typed key by key, in every way it is written, is the number shown", arguments: examples)
    func typed(example: Example) throws {
        for text in example.typed {
            let field = try EditingTests.field("phone", locale: example.locale)
            let (shown, refused) = PhoneTypingTests.typed(text, into: field)
            #expect(shown == example.e164, "\(example.locale) typed \(text): \(field.text), refused \(refused)")
        }
    }

    @Test("an example number pasted, in every way it is written, is the number shown", arguments: examples)
    func pasted(example: Example) throws {
        for text in example.typed + [example.tel] {
            let field = try EditingTests.field("phone", locale: example.locale)
            #expect(PhoneTypingTests.pasted(text, into: field) == example.e164, "\(example.locale) pasted \(text): \(field.text)")
        }
    }
}
