import Testing

@testable import Vouch

@Suite("capitalize, upper and lower formatters")
struct CaseFormattersTests {
    @Test(
        "capitalize words (en-US)",
        arguments: [
            ("ada lovelace", "Ada Lovelace"),
            ("o'neil", "O'Neil"),
            ("o\u{2019}neil", "O\u{2019}Neil"),
            ("d'angelo", "D'Angelo"),
            ("john's", "John's"),  // not an elision: more than one letter before the apostrophe
            ("mary-jane", "Mary-Jane"),
            ("mary-jane o'neil", "Mary-Jane O'Neil"),
            ("mARY", "Mary"),
            ("ADA LOVELACE", "Ada Lovelace"),
            ("élodie", "Élodie"),
        ])
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
        arguments: [
            ("tr-TR", "istanbul", "İstanbul"),
            ("tr-TR", "izmir ılgaz", "İzmir Ilgaz"),
            ("en-US", "istanbul", "Istanbul"),
            ("nl-NL", "ijsbrand", "IJsbrand"),
            ("nl-NL", "ijmuiden", "IJmuiden"),
            ("en-US", "ijsbrand", "Ijsbrand"),
        ])
    func localeWords(locale: String, input: String, expected: String) throws {
        #expect(try RuleHarness.format("capitalize", ["mode": "words"], input, locale: locale) == expected)
    }

    @Test(
        "capitalize sentences keeps the rest as typed",
        arguments: [
            ("hello. how are you?", "Hello. How are you?"),
            ("hello world", "Hello world"),
            ("i met Ada. she was kind! what a day", "I met Ada. She was kind! What a day"),
            ("she said \"hi.\" then left", "She said \"hi.\" Then left"),
            ("version 1.5 is out", "Version 1.5 is out"),
        ])
    func sentences(input: String, expected: String) throws {
        #expect(try RuleHarness.format("capitalize", ["mode": "sentences"], input) == expected)
    }

    @Test(
        "capitalize all by the locale's rules",
        arguments: [
            ("el-GR", "άδεια", "ΑΔΕΙΑ"),  // Greek upper case drops the accents
            ("tr-TR", "istanbul", "İSTANBUL"),
            ("en-US", "istanbul", "ISTANBUL"),
            ("de-DE", "straße", "STRASSE"),
        ])
    func all(locale: String, input: String, expected: String) throws {
        #expect(try RuleHarness.format("capitalize", ["mode": "all"], input, locale: locale) == expected)
    }

    @Test("capitalize none leaves the text alone")
    func none() throws {
        #expect(try RuleHarness.format("capitalize", ["mode": "none"], "mIxEd cAsE") == "mIxEd cAsE")
    }

    @Test(
        "upper and lower by the locale's rules",
        arguments: [
            ("upper", "tr-TR", "istanbul", "İSTANBUL"),
            ("upper", "tr-TR", "ılık", "ILIK"),
            ("upper", "en-US", "istanbul", "ISTANBUL"),
            ("lower", "tr-TR", "ISPARTA", "ısparta"),
            ("lower", "tr-TR", "İZMİR", "izmir"),
            ("lower", "en-US", "ISPARTA", "isparta"),
            ("upper", "el-GR", "άδεια", "ΑΔΕΙΑ"),
            ("lower", "el-GR", "ΟΔΟΣ", "οδο\u{03C2}"),  // final sigma
            ("upper", "de-DE", "straße", "STRASSE"),
        ])
    func caseMapping(name: String, locale: String, input: String, expected: String) throws {
        #expect(try RuleHarness.format(name, input, locale: locale) == expected)
    }
}
