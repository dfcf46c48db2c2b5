import Testing

@testable import Vouch

@Suite("mask and phone formatters")
struct MaskAndPhoneFormattersTests {
    @Test(
        "mask (###) ###-####",
        arguments: [
            ("2015550123", "(201) 555-0123"),
            ("201-555-0123", "(201) 555-0123"),
            ("(201) 555-0123", "(201) 555-0123"),  // already masked: unchanged
            ("", ""),
            ("5", "(5"),
            ("555", "(555"),  // literals are written only once a slot after them fills
            ("5551", "(555) 1"),
            ("555123", "(555) 123"),
            ("5551234", "(555) 123-4"),
            ("555123456789", "(555) 123-456789"),  // overflow is kept, for a rule to refuse
            ("555a", "(555) a"),  // a letter cannot fill a digit slot: kept after the masked part
        ])
    func usPhoneMask(input: String, expected: String) throws {
        #expect(try RuleHarness.format("mask", ["mask": "(###) ###-####"], input) == expected)
    }

    @Test(
        "mask letter, alphanumeric and escaped slots",
        arguments: [
            ("A#A #A#", "k1a2b6", "k1a 2b6"),  // letters are kept as typed
            ("***-***", "ab12cd", "ab1-2cd"),
            ("\\###-###", "12345", "#12-345"),  // \# is a literal #
            ("AA-##", "ab12", "ab-12"),
        ])
    func slots(mask: String, input: String, expected: String) throws {
        let output = try RuleHarness.format("mask", ["mask": .string(mask)], input)
        #expect(output == expected)
    }

    @Test(
        "mask is idempotent",
        arguments: ["2015550123", "555", "5551", "555123456789", "555a"])
    func maskIdempotent(input: String) throws {
        let once = try RuleHarness.format("mask", ["mask": "(###) ###-####"], input)
        #expect(try RuleHarness.format("mask", ["mask": "(###) ###-####"], once) == once)
    }

    @Test("Mask reports its slots and whether a text fills it")
    func maskAPI() {
        let mask = Mask("(###) ###-####")
        #expect(mask.slotCount == 10)
        #expect(mask.isFilled(by: "(201) 555-0123"))
        #expect(!mask.isFilled(by: "2015550123"))
        #expect(!mask.isFilled(by: "(201) 555-012"))
        #expect(!mask.isFilled(by: "(201) 555-01234"))
    }

    @Test(
        "phone (en-US) shows US numbers with the national mask",
        arguments: [
            ("2015550123", "(201) 555-0123"),
            ("12015550123", "(201) 555-0123"),  // trunk prefix dropped
            ("1-201-555-0123", "(201) 555-0123"),
            ("+1 201 555 0123", "(201) 555-0123"),
            ("  201.555.0123  ", "(201) 555-0123"),
            ("(201) 555-0123", "(201) 555-0123"),
            ("201", "(201"),  // as typed
            ("201555", "(201) 555"),
            ("2015550", "(201) 555-0"),
            ("+44 20 7946 0958", "+44 20 7946 0958"),  // another country's number: its international format
            ("+4420794", "+44 20 794"),  // as typed
            ("", ""),
            ("   ", ""),
        ])
    func phone(input: String, expected: String) throws {
        #expect(try RuleHarness.formatTyping("phone", input) == expected)
    }

    @Test(
        "phone (en-US) lays out whole numbers when it normalizes, and leaves the rest as typed",
        arguments: [
            ("2015550123", "(201) 555-0123"),
            ("+1 201 555 0123", "(201) 555-0123"),
            ("+44 20 7946 0958", "+44 20 7946 0958"),
            ("201", "201"),
            ("+4420794", "+4420794"),
            ("555-01", "555-01"),
        ])
    func phoneNormalized(input: String, expected: String) throws {
        #expect(try RuleHarness.format("phone", input) == expected)
    }

    @Test(
        "phone (en-US) keeps letters the user typed, so the phone rule can refuse them",
        arguments: [
            ("201555012a", "phone"),  // a letter among the digits is a typo
            ("2015550123abc", "phone_too_long"),  // three letters spell digits, as on a keypad: 13 digits
            ("201-555-0123 x", "phone"),
        ])
    func phoneKeepsLetters(input: String, code: String) throws {
        let formatted = try RuleHarness.format("phone", input)
        #expect(formatted == input)
        #expect(try RuleHarness.codes("phone", formatted) == [code])
    }

    @Test(
        "phone formatter is idempotent",
        arguments: ["2015550123", "12015550123", "201555", "+44 20 7946 0958", "201555012a"])
    func phoneIdempotent(input: String) throws {
        let once = try RuleHarness.format("phone", input)
        #expect(try RuleHarness.format("phone", once) == once)
    }

    @Test(
        "mask does not silently drop digits of other scripts",
        arguments: ["٥٥٥١٢٣٤٥٦٧", "５５５１２３４５６７"])
    func maskOtherDigits(input: String) throws {
        let output = try RuleHarness.format("mask", ["mask": "(###) ###-####"], input)
        #expect(output != "")
        // Either laid into the mask as 0-9 or kept for a rule to refuse; never erased.
        #expect(output == "(555) 123-4567" || output.contains(input))
    }

    @Test(
        "phone does not erase digits of other scripts (an optional field would then pass as empty)",
        arguments: ["٢٠١٥٥٥٠١٢٣", "２０１５５５０１２３"])
    func phoneOtherDigits(input: String) throws {
        let formatted = try RuleHarness.format("phone", input)
        #expect(formatted != "")
        #expect(formatted == "(201) 555-0123" || formatted.contains(input))
    }
}
