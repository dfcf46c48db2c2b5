import Testing

@testable import Vouch

@Suite("capitalize, upper and lower formatters")
struct CaseFormattersTests {
    // "john's" is not an elision: more than one letter stands before the apostrophe.
    @Test("capitalize words (en-US)", arguments: try Vectors.rows("case-formatters", "words", as: (String, String).self))
    func words(input: String, expected: String) throws {
        #expect(try RuleHarness.format("capitalize", ["mode": "words"], input) == expected)
    }

    @Test("capitalize words with lowercase_rest: false keeps the rest as typed")
    func keepingRest() throws {
        #expect(try RuleHarness.format("capitalize", ["mode": "words", "lowercase_rest": false], "mcDonald") == "McDonald")
        #expect(try RuleHarness.format("capitalize", ["mode": "words", "lowercase_rest": false], "ada LOVELACE") == "Ada LOVELACE")
        #expect(try RuleHarness.format("capitalize", ["mode": "words"], "mcDonald") == "Mcdonald")
    }

    @Test(
        "capitalize words by the locale's rules",
        arguments: try Vectors.rows("case-formatters", "localeWords", as: (String, String, String).self))
    func localeWords(locale: String, input: String, expected: String) throws {
        #expect(try RuleHarness.format("capitalize", ["mode": "words"], input, locale: locale) == expected)
    }

    @Test(
        "capitalize sentences keeps the rest as typed",
        arguments: try Vectors.rows("case-formatters", "sentences", as: (String, String).self))
    func sentences(input: String, expected: String) throws {
        #expect(try RuleHarness.format("capitalize", ["mode": "sentences"], input) == expected)
    }

    // Greek upper case drops the accents ("άδεια").
    @Test("capitalize all by the locale's rules", arguments: try Vectors.rows("case-formatters", "all", as: (String, String, String).self))
    func all(locale: String, input: String, expected: String) throws {
        #expect(try RuleHarness.format("capitalize", ["mode": "all"], input, locale: locale) == expected)
    }

    @Test("capitalize none leaves the text alone")
    func none() throws {
        #expect(try RuleHarness.format("capitalize", ["mode": "none"], "mIxEd cAsE") == "mIxEd cAsE")
    }

    // "ΟΔΟΣ" lowers with a final sigma, written "\u03C2" in the vectors.
    @Test(
        "upper and lower by the locale's rules",
        arguments: try Vectors.rows("case-formatters", "caseMapping", as: (String, String, String, String).self))
    func caseMapping(name: String, locale: String, input: String, expected: String) throws {
        #expect(try RuleHarness.format(name, input, locale: locale) == expected)
    }
}
