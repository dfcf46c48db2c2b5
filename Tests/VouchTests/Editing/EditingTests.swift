import Testing

@testable import Vouch

@Suite("As-you-type editing")
struct EditingTests {
    static let registry = PluginSupport.registry(loading: "card")

    static func field(_ kind: String, locale: String = "en-US", extra: String = "") throws -> Field {
        let spec = #"{"vouch": 1, "locale": "\#(locale)", "fields": [{"name": "f", "kind": "\#(kind)"\#(extra)}]}"#
        return try #require(try Form(json: spec, registry: registry)["f"])
    }

    /// Types each character, returning the text with the caret after each key.
    static func typing(_ characters: String, into field: Field) -> [String] {
        characters.map { field.type(String($0)).description }
    }

    @Test("typing a US phone number: the mask appears, the caret stays after each digit")
    func usPhone() throws {
        let phone = try Self.field("phone")
        #expect(
            Self.typing("2015550123", into: phone) == [
                "(2|", "(20|", "(201|", "(201) 5|", "(201) 55|", "(201) 555|", "(201) 555-0|", "(201) 555-01|", "(201) 555-012|",
                "(201) 555-0123|",
            ])
        #expect(phone.text == "(201) 555-0123")
        #expect(phone.value?.canonical == "+12015550123")
        #expect(phone.type("x").accepted == false, "a letter is refused")
        #expect(phone.text == "(201) 555-0123")
    }

    @Test("typing another country's number: it grows in that country's international format")
    func internationalPhone() throws {
        let phone = try Self.field("phone")
        #expect(
            Self.typing("+442079460958", into: phone) == [
                "+|", "+4|", "+44|", "+44 2|", "+44 20|", "+44 20 7|", "+44 20 79|", "+44 20 794|", "+44 20 7946|", "+44 20 7946 0|",
                "+44 20 7946 09|", "+44 20 7946 095|", "+44 20 7946 0958|",
            ])
        #expect(phone.value?.canonical == "+442079460958")
        #expect(phone.value?.display == "+44 20 7946 0958")
    }

    @Test("typing after the international prefix, and with the national prefix")
    func prefixes() throws {
        let phone = try Self.field("phone")
        let steps = Self.typing("011442079460958", into: phone)
        #expect(steps[6] == "011 44 20|", "the international prefix kept while the number is incomplete")
        #expect(steps.last == "+44 20 7946 0958|", "a whole number shown as it will be")
        #expect(phone.value?.canonical == "+442079460958")
        let german = try Self.field("phone", locale: "de-DE")
        #expect(Self.typing("030123", into: german) == ["0|", "03|", "030|", "030 1|", "030 12|", "030 123|"])
    }

    @Test("deleting a mask's literal deletes the digit behind it; pasting into the middle")
    func deleteAndPaste() throws {
        let phone = try Self.field("phone")
        phone.type("2015550123")
        #expect(phone.text == "(201) 555-0123", "a whole number typed at once")
        // Backspace over ")" (offset 4 to 5): the 1 before it goes.
        let deleted = phone.edit(TextEdit(location: 4, length: 1, replacement: ""))
        #expect(deleted.description == "(20|5) 550-123")
        // Paste an unformatted and a formatted number into the middle.
        let pasted = phone.edit(.insert("1", at: 3))
        #expect(pasted.description == "(201|) 555-0123")
        let replaced = phone.edit(TextEdit(location: 6, length: 8, replacement: "(987) 654"))
        #expect(replaced.description == "(201) 987-654|")
        let whole = phone.edit(TextEdit(location: 0, length: phone.text.utf16.count, replacement: "+1 (415) 555-0199"))
        #expect(whole.description == "(415) 555-0199|")
        #expect(phone.deleteBackward().description == "(415) 555-019|")
        #expect(phone.edit(TextEdit(location: 9, length: 1, replacement: "")).description == "(415) 55|0-19")
    }

    @Test(
        "the same in other locales' masks",
        arguments: [
            ("fr-FR", "0123456789", "01 23 45 67 89"), ("ja-JP", "09012345678", "090-1234-5678"),
            ("pt-BR", "11912345678", "(11) 91234-5678"),
            ("de-DE", "03012345678", "030 12345678"),
        ])
    func otherLocales(locale: String, digits: String, display: String) throws {
        let phone = try Self.field("phone", locale: locale)
        let steps = Self.typing(digits, into: phone)
        #expect(steps.last == display + "|")
        #expect(steps.allSatisfy { $0.hasSuffix("|") }, "the caret at the end after each key: \(steps)")
    }

    @Test(
        "postal code masks, length limits and filters",
        arguments: [
            ("zip", "en-US", "941031234", "94103-1234"), ("zip", "pt-BR", "01310100", "01310-100"), ("zip", "ja-JP", "1000001", "100-0001"),
            ("zip", "en-GB", "sw1a1aa", "SW1A 1AA"), ("zip", "nl-NL", "1012ab", "1012 AB"), ("state", "en-US", "cal", "CA"),
            ("zip", "de-DE", "1011799", "10117"), ("number", "en-US", "4a2", "42"),
        ])
    func postal(kind: String, locale: String, typed: String, text: String) throws {
        let field = try Self.field(kind, locale: locale)
        _ = Self.typing(typed, into: field)
        #expect(field.text == text)
        #expect(field.caret == text.utf16.count)
    }

    @Test("card numbers group as they are typed (the card plugin's formatter)")
    func card() throws {
        let card = try Self.field("text", extra: #", "formatters": ["card.group"], "rules": ["card.number"]"#)
        let steps = Self.typing("378282246310005", into: card)
        #expect(steps[3] == "3782|")
        #expect(steps[4] == "3782 8|")
        #expect(steps.last == "3782 822463 10005|")
        #expect(card.type("6").description == "3782 822463 10005|", "an Amex number has 15 digits: a 16th is refused")
        #expect(card.type("6").accepted == false)
        #expect(card.edit(.insert("9", at: 2)).accepted == false, "in the middle too")
        #expect(card.edit(TextEdit(location: 4, length: 1, replacement: "")).description == "378|8 224631 0005")
        #expect(card.validate().map(\.code) == ["card.length"])
    }

    @Test("a card number takes as many digits as its brand issues, at most")
    func cardBounds() throws {
        let visa = try Self.field("text", extra: #", "formatters": ["card.group"]"#)
        #expect(Self.typing("4111111111111111111", into: visa).last == "4111 1111 1111 1111 111|")
        #expect(visa.type("1").accepted == false, "19 digits, Visa's longest")
        let mastercard = try Self.field("text", extra: #", "formatters": ["card.group"]"#)
        #expect(Self.typing("5555555555554444", into: mastercard).last == "5555 5555 5555 4444|")
        #expect(mastercard.type("4").accepted == false, "16 digits")
    }

    @Test("names capitalize as typed; offsets count UTF-16 with emoji and combining marks")
    func textOffsets() throws {
        let name = try Self.field("name")
        #expect(Self.typing("mary-jane o'neil", into: name).last == "Mary-Jane O'Neil|")
        let composer = try Self.field("name")
        #expect(Self.typing("ludwig van beethoven", into: composer).last == "Ludwig van Beethoven|", "a particle typed word by word")
        let musketeer = try Self.field("name")
        #expect(Self.typing("d'artagnan", into: musketeer).last == "D'Artagnan|")
        #expect(musketeer.edit(TextEdit(location: 0, length: 1, replacement: "d")).description == "d|'Artagnan", "the user's capitals stay")
        let emoji = try Self.field("text")
        emoji.type("a😀b")
        #expect(emoji.caret == 4, "😀 is two UTF-16 code units")
        // A caret inside the emoji's surrogate pair is widened to the whole character.
        #expect(emoji.edit(TextEdit(location: 2, length: 1, replacement: "")).description == "a|b")
        let accent = try Self.field("text")
        accent.type("e\u{301}x")
        #expect(accent.caret == 3)
        #expect(accent.edit(TextEdit(location: 1, length: 1, replacement: "")).description == "|x", "the accent goes with its letter")
        let greek = try Self.field("text", locale: "tr-TR", extra: #", "formatters": ["upper"]"#)
        #expect(Self.typing("iğne", into: greek).last == "İĞNE|")
    }

    @Test("a field with a length limit refuses what does not fit")
    func limits() throws {
        let state = try Self.field("state")
        _ = Self.typing("ca", into: state)
        #expect(state.type("x").accepted == false)
        #expect(state.text == "CA")
        let paste = try Self.field("text", extra: #", "hints": {"max_length": 5}"#)
        #expect(paste.type("abcdefgh").description == "abcde|")
        #expect(paste.type("z").accepted == false)
    }

    /// A formatter before the layout may write a letter as two (`ß` upper-cases to `SS`, `ﬁ` to
    /// `FI`): the mask and the limit hold for the text shown, not for what was typed.
    @Test("letters that case-map to two fit the mask and the limit as shown")
    func expandingCaseMaps() throws {
        let mask = ##", "formatters": ["upper", {"formatter": "mask", "mask": "AA-**\\#-##"}]"##
        let code = try Self.field("text", extra: mask)
        #expect(code.type("ßLI").description == "SS-LI|")
        #expect(code.type("K").accepted == false, "K would fall in a digit slot once ß is SS")
        #expect(code.text == "SS-LI")
        let pasted = try Self.field("text", extra: mask)
        #expect(pasted.type("ßLIK").description == "SS-LI|", "a paste keeps as much of its beginning as fits")
        let full = try Self.field("text", extra: #", "formatters": ["upper", {"formatter": "mask", "mask": "AA"}]"#)
        #expect(full.type("ß").description == "SS|")
        #expect(full.type("x").accepted == false)
        let ligature = try Self.field("text", extra: #", "formatters": ["upper", {"formatter": "mask", "mask": "AA#"}]"#)
        #expect(ligature.type("ﬁ1").description == "FI1|")

        let limited = try Self.field("text", extra: #", "formatters": ["upper"], "hints": {"max_length": 3}"#)
        #expect(limited.type("aa").description == "AA|")
        #expect(limited.type("ß").accepted == false, "SS would make four characters")
        #expect(limited.text == "AA")
        let pasteLimited = try Self.field("text", extra: #", "formatters": ["upper"], "hints": {"max_length": 5}"#)
        #expect(pasteLimited.type("ßßß").description == "SSSS|")
        #expect(pasteLimited.edit(TextEdit(location: 0, length: 4, replacement: "SSSS")).text == "SSSS", "as shown, pasted over itself")
    }

    /// Whatever a field shows after `typed` is pasted, pasting it over itself shows again: the
    /// field lays out its own text the same way, when letters case-map to two in the layout
    /// itself (a postcode's) or in a formatter before it.
    @Test(
        "text shown after a paste with ß or ﬁ pastes over itself unchanged",
        arguments: [
            ("zip", "en-GB", "", "scoToßLIK"), ("zip", "en-GB", "", "ßw1a1aa"), ("zip", "en-GB", "", "sw1aßaa"),
            ("zip", "nl-NL", "", "1234ßa"), ("zip", "en-CA", "", "k1aßa6"), ("state", "en-US", "", "ßca"),
            ("text", "en-US", ##", "formatters": ["upper", {"formatter": "mask", "mask": "AA-**\\#-##"}]"##, "ßLIK12"),
            ("text", "en-US", ##", "formatters": [{"formatter": "mask", "mask": ">AAA"}]"##, "aﬁß"),
            ("text", "en-US", #", "formatters": ["upper"], "hints": {"max_length": 4}"#, "aßßﬁ"),
        ])
    func pastedOverItself(kind: String, locale: String, extra: String, typed: String) throws {
        let field = try Self.field(kind, locale: locale, extra: extra)
        let shown = field.type(typed).text
        let again = field.edit(TextEdit(location: 0, length: shown.utf16.count, replacement: shown))
        #expect(again.text == shown, "\(typed.debugDescription) shows \(shown.debugDescription)")
        #expect(!shown.contains("ß") && !shown.contains("ﬁ"), "the field shows what the layout wrote")
    }
}
