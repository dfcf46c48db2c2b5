import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchSteps

/// Keystroke tables: masks that refuse what their slots do not take, masks bounded at their
/// last slot, and dates, times and amounts laid out as they are typed, in five locales.
@Suite("Typing into masks, dates, times and amounts")
struct TypingLayoutTests {
    static func field(_ kind: String, locale: String = "en-US", extra: String = "") throws -> Field {
        try EditingTests.field(kind, locale: locale, extra: extra)
    }

    /// The spec keys of a field with the mask `pattern`.
    static func mask(_ pattern: String, overwrite: Bool = false) -> String {
        ", \"formatters\": [{\"formatter\": \"mask\", \"mask\": \"\(pattern)\"}]" + (overwrite ? ", \"overwrite\": true" : "")
    }

    /// Each key's result: the text with the caret, and ` (refused)` for a key not taken.
    static func keys(_ characters: String, into field: Field) -> [String] {
        characters.map { key in
            let result = field.type(String(key))
            return result.description + (result.accepted ? "" : " (refused)")
        }
    }

    // MARK: Slots

    @Test(
        "a character its slot does not take is refused, and nothing changes",
        arguments: [
            ("zip", "en-US", "", "9a4", ["9|", "9| (refused)", "94|"]),
            ("zip", "ja-JP", "", "100a0", ["1|", "10|", "100|", "100| (refused)", "100-0|"]),
            ("zip", "pt-BR", "", "013x1", ["0|", "01|", "013|", "013| (refused)", "0131|"]),
            ("zip", "de-DE", "", "1b2", ["1|", "1| (refused)", "12|"]),
            ("zip", "fr-FR", "", "7e5", ["7|", "7| (refused)", "75|"]),
            ("text", "en-US", mask("#####"), "94a10", ["9|", "94|", "94| (refused)", "941|", "9410|"]),
        ])
    func slotRefusals(kind: String, locale: String, extra: String, typed: String, expected: [String]) throws {
        let field = try Self.field(kind, locale: locale, extra: extra)
        #expect(Self.keys(typed, into: field) == expected)
    }

    @Test("slot classes: letters upper-cased, any character, an optional part")
    func slotClasses() throws {
        let plate = try Self.field("text", extra: Self.mask(">AA<>-####[-??]"))
        #expect(Self.keys("ab1234", into: plate) == ["A|", "AB|", "AB-1|", "AB-12|", "AB-123|", "AB-1234|"])
        #expect(plate.schema.isComplete(plate.text), "the optional part may stay empty")
        #expect(plate.type("x").description == "AB-1234-x|", "the optional part begins with its literal")
        #expect(!plate.schema.isComplete(plate.text), "an optional part begun must be filled")
        #expect(plate.type("/").description == "AB-1234-x/|", "a ? slot takes any character")
        #expect(plate.schema.isComplete(plate.text))
        #expect(plate.type("7").accepted == false, "past the last slot")
        #expect(plate.value?.canonical == "AB-1234-x/")
        let digitsOnly = try Self.field("text", extra: Self.mask("##-##"))
        #expect(Self.keys("1x", into: digitsOnly) == ["1|", "1| (refused)"])
    }

    @Test("a mask pattern with an unclosed optional part is refused when the form is built")
    func badMask() {
        #expect(throws: VouchError.self) { try Self.field("text", extra: Self.mask("##[##")) }
    }

    @Test("an empty mask shows its slots; typed characters fill them")
    func placeholders() throws {
        let phone = try Self.field("phone")
        #expect(phone.schema.maskedPlaceholder() == "(___) ___-____")
        phone.type("20")
        #expect(phone.schema.maskedPlaceholder(for: phone.text) == "(20_) ___-____")
        let date = try Self.field("date", locale: "de-DE")
        #expect(date.schema.maskedPlaceholder() == "__.__.____")
        let zip = try Self.field("zip", locale: "ja-JP")
        #expect(zip.schema.maskedPlaceholder(placeholder: "0") == "000-0000")
        #expect(try Self.field("text").schema.maskedPlaceholder() == nil)
    }

    // MARK: Bounds

    @Test("a full phone number takes no more digits, in the middle or at the end")
    func boundedPhone() throws {
        let phone = try Self.field("phone")
        phone.type("2015550123")
        #expect(phone.schema.isComplete(phone.text))
        let inserted = phone.edit(.insert("9", at: 4))
        #expect(!inserted.accepted && inserted.text == "(201) 555-0123", "never the unformatted 2019|5550123")
        #expect(Self.keys("99", into: phone) == ["(201|) 555-0123 (refused)", "(201|) 555-0123 (refused)"])
        // With the national prefix, one more digit: the longest national number and its prefix.
        let prefixed = try Self.field("phone")
        #expect(Self.keys("120155501239", into: prefixed).suffix(2) == ["(201) 555-0123|", "(201) 555-0123| (refused)"])
        let japan = try Self.field("phone", locale: "ja-JP")
        #expect(Self.keys("090123456789", into: japan).suffix(2) == ["090-1234-5678|", "090-1234-5678| (refused)"])
        let uk = try Self.field("phone", locale: "pt-BR")
        #expect(Self.keys("+4420794609589", into: uk).suffix(2) == ["+44 20 7946 0958|", "+44 20 7946 0958| (refused)"])
        #expect(phone.text.count <= phone.schema.hints.maxLength!)
    }

    @Test("the longest mask is the field's limit, typed and hinted; overwrite mode writes over")
    func boundedMasks() throws {
        let zip = try Self.field("zip")
        #expect(Self.keys("1234567890", into: zip).suffix(2) == ["12345-6789|", "12345-6789| (refused)"])
        #expect(zip.schema.hints.maxLength == "12345-6789".count)
        #expect(zip.schema.isComplete("12345") && !zip.schema.isComplete("12345-6") && zip.schema.isComplete("12345-6789"))
        let masked = try Self.field("text", extra: Self.mask("(###) ###-####"))
        #expect(masked.schema.hints.maxLength == 14)
        #expect(masked.htmlAttributeText.hasSuffix(#"maxlength="14""#))
        let overwrite = try Self.field("text", extra: Self.mask("##-##", overwrite: true))
        overwrite.type("1234")
        #expect(overwrite.edit(.insert("9", at: 1)).description == "19|-34", "the digit after the caret is written over")
        #expect(overwrite.edit(.insert("8", at: 2)).description == "19-8|4", "over the literal, the next slot")
    }

    // MARK: Dates, times and amounts

    @Test(
        "a numeric date is laid out in the locale's pattern as it is typed",
        arguments: [
            ("en-US", "02221982", "02/22/1982", "1982-02-22"), ("de-DE", "22021982", "22.02.1982", "1982-02-22"),
            ("fr-FR", "22021982", "22/02/1982", "1982-02-22"), ("ja-JP", "19820222", "1982/02/22", "1982-02-22"),
            ("pt-BR", "22021982", "22/02/1982", "1982-02-22"),
        ])
    func dates(locale: String, typed: String, shown: String, canonical: String) throws {
        let date = try Self.field("date", locale: locale)
        let steps = Self.keys(typed, into: date)
        #expect(steps.last == shown + "|")
        #expect(steps.allSatisfy { !$0.hasSuffix("(refused)") })
        #expect(date.schema.isComplete(date.text))
        #expect(date.value?.canonical.stringValue == canonical)
        #expect(date.type("1").accepted == false, "past the year")
    }

    @Test(
        "a separator typed after one digit pads the group with a zero, as people type 2/5/1982",
        arguments: [
            ("date", "en-US", "2/5/1982", ["2|", "02|", "02/5|", "02/05|"], "1982-02-05"),
            ("date", "de-DE", "5.2.1982", ["5|", "05|", "05.2|", "05.02|"], "1982-02-05"),
            ("time", "de-DE", "9:05", ["9|", "09|", "09:0|", "09:05|"], "09:05"),
            ("time", "en-US", "9:05", ["9|", "09|", "09:0|", "09:05|"], "09:05"),
            ("time", "en-US", "3:05pm", ["3|", "03|", "03:0|", "03:05|"], "15:05"),
        ])
    func padding(kind: String, locale: String, typed: String, first: [String], canonical: String) throws {
        let field = try Self.field(kind, locale: locale)
        #expect(Array(Self.keys(typed, into: field).prefix(4)) == first)
        #expect(field.value?.canonical.stringValue == canonical)
    }

    @Test(
        "a digit that no field begins with is the field's only digit when the next one comes",
        arguments: [
            ("time", "en-US", "905", ["9|", "09:0|", "09:05|"], "09:05"),
            ("time", "de-DE", "905", ["9|", "09:0|", "09:05|"], "09:05"),
            ("date", "en-US", "2522", ["2|", "02/5|", "02/05/2|", "02/05/22|"], nil),
            ("date", "de-DE", "45", ["4|", "04.5|"], nil),
        ])
    func leadingDigits(kind: String, locale: String, typed: String, steps: [String], canonical: String?) throws {
        let field = try Self.field(kind, locale: locale)
        #expect(Self.keys(typed, into: field) == steps)
        if let canonical { #expect(field.value?.canonical.stringValue == canonical) }
    }

    @Test(
        "a text the field shows, pasted over itself, stays as it is: its literals say where each field is",
        arguments: [
            ("date", "ja-JP", "234411", TextEdit(location: 5, length: 0, replacement: "5"), "2344/5|1/1"),
            ("date", "de-DE", "22021982", TextEdit(location: 0, length: 2, replacement: "1"), "1|0.21.982"),
            ("time", "de-DE", "0905", TextEdit(location: 0, length: 1, replacement: ""), "|90:5"),
            ("time", "de-DE", "126", TextEdit(location: 4, length: 0, replacement: "1"), "12:61|"),
        ])
    func pastedOverItself(kind: String, locale: String, typed: String, edit: TextEdit, shown: String) throws {
        let field = try Self.field(kind, locale: locale)
        field.type(typed)
        let result = field.edit(edit)
        #expect(result.description == shown)
        let again = field.schema.edit(TextEdit(location: 0, length: result.text.utf16.count, replacement: result.text), in: result.text)
        #expect(again.text == result.text)
    }

    @Test(
        "a pasted text that is not laid out is padded as typed",
        arguments: [
            ("time", "en-US", "905", "09:05"), ("time", "de-DE", "9:05", "09:05"), ("date", "en-US", "2/5/1982", "02/05/1982"),
            ("date", "ja-JP", "2344511", "2344/05/11"),
        ])
    func pastedAndPadded(kind: String, locale: String, pasted: String, shown: String) throws {
        let field = try Self.field(kind, locale: locale)
        #expect(field.edit(TextEdit(location: 0, length: 0, replacement: pasted)).text == shown)
    }

    @Test("a date edited in the middle keeps its layout and the caret after the digit typed")
    func dateInTheMiddle() throws {
        let date = try Self.field("date")
        date.type("02221982")
        #expect(date.edit(TextEdit(location: 3, length: 2, replacement: "1")).description == "02/1|1/982")
        #expect(date.type("5").description == "02/15|/1982")
        #expect(date.value?.canonical.stringValue == "1982-02-15")
        #expect(date.deleteBackward().description == "02/1|1/982")
        #expect(date.type("x").accepted == false)
    }

    @Test(
        "a time is laid out as it is typed",
        arguments: [
            ("en-US", "0305pm", "03:05 PM", "15:05"), ("de-DE", "1505", "15:05", "15:05"), ("fr-FR", "1505", "15:05", "15:05"),
            ("ja-JP", "1505", "15:05", "15:05"), ("pt-BR", "1505", "15:05", "15:05"),
        ])
    func times(locale: String, typed: String, shown: String, canonical: String) throws {
        let time = try Self.field("time", locale: locale)
        // The space before AM/PM is the one in ICU's pattern (a narrow no-break space in newer ICU).
        let pattern = TimePatterns(locale: LocaleTag.icuLocale(locale)).short
        let space = pattern.firstIndex(of: "a").map { String(pattern[pattern.index(before: $0)]) } ?? " "
        #expect(Self.keys(typed, into: time).last == shown.replacing(" ", with: space) + "|")
        #expect(time.value?.canonical.stringValue == canonical)
    }

    @Test(
        "an amount groups its thousands and limits its decimals as it is typed",
        arguments: [
            ("money", "en-US", "$1234567.891", "1,234,567.89", "1234567.89 USD"),
            ("money", "de-DE", "1234567,891", "1.234.567,89", "1234567.89 EUR"),
            ("money", "fr-FR", "1234567,891", "1\u{202F}234\u{202F}567,89", "1234567.89 EUR"),
            ("money", "pt-BR", "R$1234567,891", "1.234.567,89", "1234567.89 BRL"),
            ("money", "ja-JP", "¥1234567", "1,234,567", "1234567 JPY"),
            ("decimal", "de-DE", "-1234,5", "-1.234,5", "-1234.5"),
            ("decimal", "en-IN", "1234567.5", "12,34,567.5", "1234567.5"),
        ])
    func amounts(kind: String, locale: String, typed: String, shown: String, canonical: String) throws {
        let amount = try Self.field(kind, locale: locale)
        let steps = Self.keys(typed, into: amount)
        #expect(amount.text == shown)
        #expect(amount.value?.canonical.stringValue == canonical)
        #expect(steps.first?.hasSuffix("(refused)") == false, "a currency symbol or a sign is taken")
        #expect(amount.schema.isComplete(amount.text))
        if locale == "ja-JP" { #expect(amount.type(".").accepted == false, "yen have no decimals") }
    }

    @Test("digits typed after a decimal separator the currency has no place for are refused too")
    func refusedFraction() throws {
        let yen = try Self.field("money", locale: "ja-JP")
        #expect(Self.keys("1234.5", into: yen) == ["1|", "12|", "123|", "1,234|", "1,234| (refused)", "1,234| (refused)"])
        #expect(yen.value?.canonical.stringValue == "1234 JPY", "not ten times the amount")
        #expect(yen.deleteBackward().description == "123|", "another edit ends the fraction")
        #expect(yen.type("5").description == "1,235|")
    }

    @Test("a digit typed in the middle of an amount: groups move, the caret stays after it")
    func amountInTheMiddle() throws {
        let amount = try Self.field("money")
        amount.type("1234567")
        #expect(amount.edit(.insert("9", at: 1)).description == "19|,234,567")
        #expect(amount.deleteBackward().description == "1|,234,567")
        #expect(
            amount.edit(TextEdit(location: 1, length: 1, replacement: "")).description == "|234,567",
            "deleting a group separator deletes the digit before it")
        #expect(amount.edit(.insert(".", at: amount.text.utf16.count)).description == "234,567.|")
        #expect(amount.type("5").description == "234,567.5|")
        #expect(amount.type(".").accepted == false, "a second decimal separator")
        #expect(amount.text == "234,567.5")
    }
}
