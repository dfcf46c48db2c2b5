import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@_spi(VouchInternal) @testable import VouchSteps

@Suite("phone rule (en-US)")
struct PhoneRulesTests {
    @Test(
        "Accepts US numbers and international ones",
        arguments: [
            "2015550123",
            "(201) 555-0123",
            "201-555-0123",
            "201.555.0123",
            "+1 201 555 0123",
            "+1 (201) 555-0123",
            "1-201-555-0123",  // trunk prefix
            "12015550123",
            "+44 20 7946 0958",  // a valid international number
            "+49 30 901820",
            " +33 1 23 45 67 89",
        ])
    func valid(number: String) throws {
        #expect(try RuleHarness.codes("phone", number) == [])
    }

    @Test(
        "Refuses what is not a phone number, saying why",
        arguments: [
            ("12345", "phone_too_short"),
            ("1015550123", "phone_not_in_use"),  // area code starts with 1: ten digits, but no such number
            ("0015550123", "phone_not_in_use"),  // area code starts with 0
            ("2011550123", "phone_not_in_use"),  // exchange starts with 1
            ("201555012", "phone_too_short"),  // 9 digits
            ("20155501234", "phone_too_long"),  // 11 digits without the national prefix
            ("+1 101 555 0123", "phone_not_in_use"),  // +1, but not a valid US number
            ("+0 123 456 789", "phone_country"),  // no country code starts with 0
            ("+999 123 456 789", "phone_country"),  // no country has 999
            ("+1234567", "phone_too_short"),
            ("+1234567890123456", "phone_too_long"),
            ("+33 1 23", "phone_too_short"),  // another country's plan decides
            ("+33 1 23 45 67 8", "phone_too_short"),
            ("+44 20 7946 09581", "phone_too_long"),
            ("phone", "phone"),
        ])
    func invalid(number: String, code: String) throws {
        #expect(try RuleHarness.codes("phone", number) == [code])
    }

    @Test("Reads digits of other scripts", arguments: ["٢٠١٥٥٥٠١٢٣", "２０１５５５０１２３"])
    func otherScripts(number: String) throws {
        #expect(try RuleHarness.codes("phone", number).isEmpty)
        #expect(try RuleHarness.format("phone", number) == "(201) 555-0123")
    }

    @Test(
        "Refuses letters mixed into a number",
        arguments: [
            "2015550123a",
            "201-555-0123 x",
            "201555O123 4",  // letter O for a zero, then the missing digit
        ])
    func letters(number: String) throws {
        #expect(try RuleHarness.codes("phone", number) == ["phone"])
    }
}

@Suite("phone field in a form (en-US)")
struct PhoneFieldRulesTests {
    static let spec = #"{"vouch": 1, "fields": [{"name": "phone", "kind": "phone"}]}"#

    @Test(
        "An optional phone field refuses what is not a phone number",
        arguments: [
            ("(201) 555-0123", [String]()),
            ("12345", ["phone_too_short"]),
            ("2015550123a", ["phone"]),  // letters must not vanish into a valid number
            ("٢٠١٥٥٥٠١٢٣", ["phone"]),  // nor may other digits vanish into an empty, valid field
        ])
    func phoneField(value: String, expected: [String]) throws {
        let schema = try FormSchema(json: Self.spec, registry: RuleHarness.registry)
        let codes = schema.validate(["phone": value]).violations.map(\.code)
        // Arabic-Indic digits may also be read as the number; anything but silent acceptance as empty.
        if value == "٢٠١٥٥٥٠١٢٣" {
            #expect(codes == expected || schema.validate(["phone": value]).value(of: "phone") != nil)
        } else {
            #expect(codes == expected)
        }
    }
}

@Suite("postal_code rule (en-US)")
struct PostalCodeRulesTests {
    @Test(
        "ZIP and ZIP+4",
        arguments: [
            ("94103", [RuleViolation]()),
            ("94103-1234", []),
            (" 94103 ", []),  // white space is normalized away
            ("1234a", [RuleViolation("postal_code", ["example": "12345"])]),
            ("123456", [RuleViolation("postal_code", ["example": "12345"])]),
            ("1234", [RuleViolation("postal_code", ["example": "12345"])]),
            ("94103-123", [RuleViolation("postal_code", ["example": "12345"])]),
            ("94103 1234", []),  // written 94103-1234 by the locale's mask
            ("９４１０３", []),  // full-width digits are read as digits
        ])
    func zip(value: String, expected: [RuleViolation]) throws {
        #expect(try RuleHarness.violations("postal_code", value) == expected)
    }
}

@Suite("region rule (en-US)")
struct RegionRulesTests {
    @Test(
        "The pack's state codes and DC",
        arguments: [
            ("CA", [String]()),
            ("DC", []),
            ("NY", []),
            ("WY", []),
            ("ZZ", ["region"]),
            ("California", ["region"]),
            ("XX", ["region"]),
        ])
    func codes(value: String, expected: [String]) throws {
        #expect(try RuleHarness.codes("region", value) == expected)
    }
}

@Suite("name rule")
struct NameRulesTests {
    @Test(
        "Accepts names",
        arguments: [
            "Ada",
            "Mary-Jane",
            "O'Neil",
            "O\u{2019}Neil",
            "José",
            "Jose\u{301}",  // with a combining accent
            "J. R. R.",
            "Ada Lovelace",
            "Zoë Saldaña",
            "Дмитрий",
            "李小龍",
            "ʻOlelo",
        ])
    func valid(name: String) throws {
        #expect(try RuleHarness.codes("name", name) == [])
    }

    @Test(
        "Refuses what is not a name",
        arguments: [
            "R2D2",
            "Ann--",
            "Mary--Jane",
            "Ada ",
            "@ada",
            "-Ada",
            "'Ada",
            " Ada",
            ".Ada",
            "Ada!",
            "Ada_Lovelace",
            "Ada\tLovelace",
            "Ada😀",
            "\u{301}Ada",  // cannot start with a mark
        ])
    func invalid(name: String) throws {
        #expect(try RuleHarness.codes("name", name) == ["name"])
    }

    @Test("ASCII names eight bytes at a time answer as the String path, for every text of 0 to 5 of these bytes and longer ones")
    func asciiWords() {
        let alphabet = Array("aZ .'-0@_".utf8)
        var texts: [[UInt8]] = [[]]
        var level: [[UInt8]] = [[]]
        for _ in 1...5 {
            level = level.flatMap { prefix in alphabet.map { prefix + [$0] } }
            texts += level
        }
        // Longer texts: each short one at every place of a name of 20 letters, where words meet.
        let long = Array("abcdefghijklmnopqrst".utf8)
        for piece in level.prefix(400) {
            for place in [0, 5, 7, 8, 14, 15, 16, 20] { texts.append(Array(long[..<place]) + piece + Array(long[place...])) }
        }
        var wrong: [String] = []
        for bytes in texts {
            let text = String(decoding: bytes, as: UTF8.self)
            let onBytes = bytes.withByteText { NameRule.isName($0) }
            if onBytes != NameRule.isName(text) { wrong.append(text) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
        #expect(texts.count > 60_000)
    }
}
