import Testing

@testable import Vouch

@Suite("Case mapping")
struct CaseMappingTests {
    @Test(
        "Upper case follows the locale",
        arguments: [
            ("istanbul", "tr", "İSTANBUL"),
            ("istanbul", "en", "ISTANBUL"),
            ("izmir", "az", "İZMİR"),
            ("άδεια", "el", "ΑΔΕΙΑ"),
            ("Straße", "de", "STRASSE"),
        ])
    func upper(text: String, locale: String, expected: String) {
        #expect(CaseMapping.upper(text, locale: locale) == expected)
    }

    @Test(
        "Lower case follows the locale",
        arguments: [
            ("ISPARTA", "tr", "ısparta"),
            ("İSTANBUL", "tr", "istanbul"),
            ("ISPARTA", "en", "isparta"),
            ("ΟΔΟΣ", "el", "οδος"),
        ])
    func lower(text: String, locale: String, expected: String) {
        #expect(CaseMapping.lower(text, locale: locale) == expected)
    }

    @Test(
        "Words mode capitalizes every word",
        arguments: [
            ("ılık ırmak", "tr", "Ilık Irmak"),
            ("istanbul izmir", "tr", "İstanbul İzmir"),
            ("ijsbrand van dijk", "nl", "IJsbrand Van Dijk"),
            ("ijsbrand", "en", "Ijsbrand"),
            ("o'neil", "en", "O'Neil"),
            ("mary-jane", "en", "Mary-Jane"),
            ("d'angelo", "it", "D'Angelo"),
            ("john's car", "en", "John's Car"),
            ("o\u{2019}brien", "en", "O\u{2019}Brien"),
            ("rock'n'roll", "en", "Rock'n'roll"),
            ("ADA LOVELACE", "en", "Ada Lovelace"),
            ("", "en", ""),
        ])
    func words(text: String, locale: String, expected: String) {
        #expect(CaseMapping.capitalize(text, mode: .words, locale: locale) == expected)
    }

    @Test("Words mode can keep the rest of each word")
    func wordsKeepingRest() {
        #expect(
            CaseMapping.capitalize("mcDonald", mode: .words, locale: "en", lowercaseRest: false)
                == "McDonald")
        #expect(CaseMapping.capitalize("mcDonald", mode: .words, locale: "en") == "Mcdonald")
        #expect(
            CaseMapping.capitalize(
                "o'neil mcDonald", mode: .words, locale: "en", lowercaseRest: false)
                == "O'Neil McDonald")
    }

    @Test(
        "Sentences mode capitalizes each sentence and keeps the rest",
        arguments: [
            ("hello. how are you?", "Hello. How are you?"),
            ("i met Ada. she said hi! then left", "I met Ada. She said hi! Then left"),
            ("already Fine", "Already Fine"),
            ("he said \"stop.\" then left", "He said \"stop.\" Then left"),
            ("version 1.5 is out", "Version 1.5 is out"),
            ("wait...  what", "Wait...  What"),
        ])
    func sentences(text: String, expected: String) {
        #expect(CaseMapping.capitalize(text, mode: .sentences, locale: "en") == expected)
    }

    @Test("All-characters and none modes")
    func otherModes() {
        #expect(
            CaseMapping.capitalize("istanbul", mode: .allCharacters, locale: "tr") == "İSTANBUL")
        #expect(CaseMapping.capitalize("hello wORLD", mode: .none, locale: "en") == "hello wORLD")
    }

    @Test("Capitalization raw values")
    func rawValues() {
        #expect(Capitalization(rawValue: "all") == .allCharacters)
        #expect(Capitalization.allCases.map(\.rawValue) == ["none", "words", "sentences", "all"])
    }
}
