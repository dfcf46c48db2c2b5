import Testing

@testable import Vouch

/// Token editing as CLTokenInputView does it: tokens made from typed text by the app, added from
/// code, selected by a tap, replaced by typing, each with its context.
@Suite("Token editing")
struct TokenEditingTests {
    /// A contact of an address book: what a token's context holds.
    struct Contact: Equatable {
        let name: String
        let phone: String
    }

    enum Step {
        case type(String)
        case setText(String)
        case commit
        case backspace
        case select(Int)
        case add(String, display: String?)
        case remove(Int)
    }

    /// The token input as a UI shows it: `[token]` (`[*token*]` when selected), then the text.
    static func render(_ input: TokenField) -> String {
        let tokens = input.displayTokens.enumerated().map { $0.offset == input.selectedIndex ? "[*\($0.element)*]" : "[\($0.element)]" }
        return (tokens + [input.text + "|"]).joined(separator: " ")
    }

    static func phones(locale: String) throws -> TokenField {
        let spec =
            #"{"vouch": 1, "locale": "\#(locale)", "fields": [{"name": "call", "kind": "tokens", "token_kind": "phone", "separators": [","]}]}"#
        let form = try Form(json: spec, registry: Registry())
        let field = try #require(form["call"])
        return try #require(TokenField(field))
    }

    /// Per locale: a national number of the address book's contact, another number typed, and the
    /// display form of the second.
    static let numbers: [(locale: String, contact: String, typed: String, typedDisplay: String, canonical: String)] = [
        ("en-US", "2015550123", "4155550199", "(415) 555-0199", "+14155550199"),
        ("de-DE", "03012345678", "08912345678", "089 12345678", "+498912345678"),
        ("fr-FR", "0123456789", "0612345678", "06 12 34 56 78", "+33612345678"),
        ("ja-JP", "0312345678", "09012345678", "090-1234-5678", "+819012345678"),
        ("pt-BR", "1133334444", "11912345678", "(11) 91234-5678", "+5511912345678"),
    ]

    @Test(
        "tokens made by the app's tokenForText, typed, selected, replaced, added and removed",
        arguments: numbers.map(\.locale))
    func steps(locale: String) throws {
        let number = try #require(Self.numbers.first { $0.locale == locale })
        let input = try Self.phones(locale: locale)
        let book = [Contact(name: "Brenden Mulligan", phone: number.contact), Contact(name: "Ada Lovelace", phone: number.typed)]
        // Names are looked up in the address book (nil: no such contact, the text stays); digits are
        // taken as typed.
        input.tokenForText = { text in
            guard text.first?.isLetter == true else { return TokenField.Token(text) }
            return book.first { $0.name.lowercased().hasPrefix(text.lowercased()) }.map {
                TokenField.Token($0.phone, display: $0.name, context: $0)
            }
        }
        var events: [TokenField.Event] = []
        input.addListener { events.append($0) }
        let table: [(Step, String)] = [
            (.type("Bren,"), "[Brenden Mulligan] |"),
            (.type(number.typed + ","), "[Brenden Mulligan] [\(number.typedDisplay)] |"),
            (.type("Nobody"), "[Brenden Mulligan] [\(number.typedDisplay)] Nobody|"),
            (.commit, "[Brenden Mulligan] [\(number.typedDisplay)] Nobody|"),
            (.select(0), "[*Brenden Mulligan*] [\(number.typedDisplay)] Nobody|"),
            (.type("!"), "[\(number.typedDisplay)] Nobody!|"),
            (.backspace, "[\(number.typedDisplay)] Nobody|"),
            (.select(0), "[*\(number.typedDisplay)*] Nobody|"),
            (.backspace, "Nobody|"),
            (.setText("ada,"), "[Ada Lovelace] |"),
            (.add(number.contact, display: "Brenden Mulligan"), "[Ada Lovelace] [Brenden Mulligan] |"),
            (.add(number.typed, display: nil), "[Ada Lovelace] [Brenden Mulligan] |"),
            (.backspace, "[Ada Lovelace] [*Brenden Mulligan*] |"),
            (.type("12"), "[Ada Lovelace] 12|"),
            (.commit, "[Ada Lovelace] 12|"),
            (.select(5), "[Ada Lovelace] 12|"),
            (.select(0), "[*Ada Lovelace*] 12|"),
            (.remove(0), "12|"),
        ]
        for (index, (step, expected)) in table.enumerated() {
            switch step {
            case .type(let text): input.type(text)
            case .setText(let text): input.setText(text)
            case .commit: input.commit()
            case .backspace: input.deleteBackward()
            case .select(let token): input.select(at: token)
            case .add(let text, let display): input.add(token: TokenField.Token(text, display: display))
            case .remove(let token): input.remove(at: token)
            }
            #expect(Self.render(input) == expected, "step \(index + 1): \(step)")
        }
        #expect(input.violations.map(\.code).first?.hasPrefix("phone") == true, "12 is refused by the phone kind")
        #expect(events.contains(.refused([])), "Nobody: no contact, no token, no violation")
        #expect(events.contains(.selected(0)))
        #expect(events.contains(.removed(number.canonical)), "typing over the selected token removed it")
    }

    @Test("each token keeps its context; the value is the canonical numbers", arguments: numbers.map(\.locale))
    func context(locale: String) throws {
        let number = try #require(Self.numbers.first { $0.locale == locale })
        let input = try Self.phones(locale: locale)
        let brenden = Contact(name: "Brenden Mulligan", phone: number.contact)
        input.tokenForText = { $0 == "Bren" ? TokenField.Token(brenden.phone, display: brenden.name, context: brenden) : nil }
        input.type("Bren,")
        #expect(input.add(token: TokenField.Token(number.typed, context: 42)))
        #expect(input.token(at: 0)?.context as? Contact == brenden)
        #expect(input.token(at: 1)?.context as? Int == 42)
        #expect(input.token(at: 1)?.display == number.typedDisplay, "no display given: the kind's display form")
        #expect(input.token(at: 2) == nil)
        #expect(input.tokens.last == number.canonical)
        #expect(input.field.validate().isEmpty)
        #expect(input.field.value?.canonical.arrayValue?.last == .string(number.canonical))
    }

    @Test("a disabled token field takes nothing")
    func disabled() throws {
        let input = try Self.phones(locale: "en-US")
        input.field.disable()
        input.type("2015550123,")
        #expect(input.tokens.isEmpty && input.text.isEmpty)
        #expect(!input.add(token: TokenField.Token("2015550123")))
        input.field.enable()
        #expect(input.add(token: TokenField.Token("2015550123")))
        #expect(input.select(at: 0))
        #expect(!input.select(at: 1))
        #expect(input.select(at: nil) && input.selectedIndex == nil)
    }
}
