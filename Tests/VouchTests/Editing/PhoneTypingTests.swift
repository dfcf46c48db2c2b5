import Testing

@testable import Vouch

/// A phone number typed key by key, or pasted, into a phone field is the number shown: the same
/// number the text spells when it is read whole (``PhonePlan/parse(_:)``, which agrees with
/// libphonenumber on every example number), whatever its separators, in every region.
@Suite("Typing and pasting phone numbers")
struct PhoneTypingTests {
    static func field(_ locale: String) throws -> Field { try EditingTests.field("phone", locale: locale) }

    /// The number `text` spells when read whole in `locale`.
    static func expected(_ text: String, in locale: String) throws -> String? {
        try EditingTests.registry.locale(locale).phone.parse(text)?.e164
    }

    /// `text` typed key by key into an empty phone field: the number shown, and the keys refused.
    static func typed(_ text: String, into field: Field) -> (String?, [String]) {
        var refused: [String] = []
        for key in text where !field.type(String(key)).accepted { refused.append(String(key)) }
        return (field.value?.canonical.stringValue, refused)
    }

    /// `text` pasted over the whole of `field`'s text: the number shown.
    static func pasted(_ text: String, into field: Field) -> String? {
        let result = field.edit(TextEdit(location: 0, length: field.text.utf16.count, replacement: text))
        return result.accepted ? field.value?.canonical.stringValue : nil
    }

    @Test(
        "separators typed are layout, never digits",
        arguments: [
            ("en-GB", "07400 123456"), ("en-GB", "020 7946 0958"), ("en-US", "+1 201-555-0123"), ("en-US", "(201) 555-0123"),
            ("en-US", "201.555.0123"), ("fr-FR", "+33 1 23 45 67 89"), ("fr-FR", "01 23 45 67 89"), ("de-DE", "030 123456"),
            ("fr-BE", "0470 12 34 56"), ("en-US", "+44 121 234 5678"), ("en-GB", "+44 (0)20 7946 0958"),
        ])
    func separatorsTyped(locale: String, text: String) throws {
        let want = try #require(try Self.expected(text, in: locale))
        let (shown, refused) = Self.typed(text, into: try Self.field(locale))
        #expect(shown == want, "\(locale) \(text)")
        #expect(refused.allSatisfy { !$0.first!.isNumber }, "digits refused: \(refused)")
    }

    @Test(
        "a number pasted in any written form is the same number",
        arguments: [
            ("en-GB", "07400 123456"), ("en-GB", "+44 7400 123456"), ("en-GB", "+447400123456"), ("en-GB", "tel:+44-7400-123456"),
            ("en-GB", "+44 (0)7400 123456"), ("en-GB", "07400.123.456"), ("en-GB", "(07400) 123456"), ("en-GB", "0044 7400 123456"),
            ("en-US", "+44 121 234 5678"), ("en-US", "tel:+1-201-555-0123"), ("en-US", "1-800-FLOWERS"), ("en-US", "800 MY APPLE"),
            ("fr-BE", "0470 12 34 56"), ("fr-BE", "+32 470 12 34 56"), ("fr-FR", "+33 (0)1 23 45 67 89"),
        ])
    func pasted(locale: String, text: String) throws {
        let want = try #require(try Self.expected(text, in: locale))
        #expect(Self.pasted(text, into: try Self.field(locale)) == want, "\(locale) \(text)")
    }

    @Test("a character no phone number has is refused, not swallowed", arguments: ["*", "#", ";", "+"])
    func symbolsRefused(symbol: String) throws {
        let field = try Self.field("en-US")
        field.type("650")
        let before = field.text
        #expect(!field.type(symbol).accepted)
        #expect(field.text == before)
    }

    @Test(
        "the caret stays after the digit typed when the layout changes around it",
        arguments: [
            ("en-IE", "1800123456"), ("en-IE", "018001234"), ("en-AU", "0212345678"), ("th-TH", "021234567"), ("ne-NP", "014567890"),
        ])
    func caret(locale: String, digits: String) throws {
        let field = try Self.field(locale)
        for key in digits {
            let result = field.type(String(key))
            #expect(result.caret == field.text.utf16.count, "\(locale) \(digits): \(result)")
        }
        #expect(field.value?.canonical.stringValue == (try Self.expected(digits, in: locale)))
    }

    @Test(
        "every digit of a number valid when pasted is taken when typed",
        arguments: [
            ("fr-LU", "27123456"), ("az-AZ", "0401234567"), ("en-IE", "0850123456"), ("fi-FI", "0131234567"), ("es-AR", "0111523456789"),
            ("ko-KR", "0881198767890"), ("ru-KZ", "87123456789"), ("es-MX", "+52 55 1234 5678"), ("en-US", "800 MY APPLE"),
        ])
    func digitsTaken(locale: String, text: String) throws {
        let want = try #require(try Self.expected(text, in: locale))
        let (shown, refused) = Self.typed(text, into: try Self.field(locale))
        #expect(refused.filter { $0.first!.isLetter || $0.first!.isNumber }.isEmpty, "\(locale) \(text): refused \(refused)")
        #expect(shown == want, "\(locale) \(text)")
    }
}
