import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("Token fields")
struct TokenFieldTests {
    static func recipients(locale: String = "en-US") throws -> TokenField {
        let spec =
            #"{"vouch": 1, "locale": "\#(locale)", "fields": [{"name": "to", "kind": "tokens", "token_kind": "email", "separators": [",", " "], "required": true}]}"#
        let form = try Form(json: spec, registry: Registry())
        let field = try #require(form["to"])
        return try #require(TokenField(field))
    }

    /// Separators and texts: around Unicode, and, as ASCII is read eight bytes at a time, a
    /// separator and a line break at every place of texts up to 17 bytes long.
    static let pieceCases: [([String], String)] =
        [
            ([","], "swift, forms,,  ,tags"), ([","], "a\r\nb\rc\nd\u{0B}e\u{0C}f"), ([",", " "], " ada@example.org grace@navy.example,"),
            ([";"], "café;naïve\u{2028}東京;\u{85}x"), (["、"], "東京、大阪、,京都"), ([","], ""), ([","], ",,,"),
            ([",", ";", "|"], "ab|cd;efgh,ijklmnop;;qrstuvwx|yz,"), (["\u{0}"], "a\u{0}b\u{0}\u{0}cdefghijk\u{0}"),
            ([","], "abcdefgh,ijklmnop\nqrstuvw\u{0C}x"), ([" "], "one two  three\tfour\u{7F}five six"),
        ] + (1...17).flatMap(placedEnds)

    static func placedEnds(length: Int) -> [([String], String)] {
        let letters = Array("abcdefghijklmnopq".prefix(length)).map(String.init)
        var cases: [([String], String)] = []
        for place in 0..<length {
            for end in [",", "\n", "\r\n"] {
                var text = letters
                text[place] = end
                cases.append(([","], text.joined()))
            }
        }
        return cases
    }

    @Test("the checking path cuts text into the tokens split(_:) gives", arguments: pieceCases)
    func pieces(separators: [String], text: String) throws {
        let settings = TokenSettings(separators: separators.map { Character($0) }, tokenKind: Kind(name: "text", hints: InputHints()))
        var pieces: [String] = []
        var bytes = text
        bytes.withByteText { settings.forEachPiece(of: $0) { pieces.append($0.string) } }
        #expect(pieces == settings.split(text))
    }

    @Test("text becomes a token on a separator or return; refused text stays with its violation; no duplicates")
    func tokens() throws {
        let field = try Self.recipients()
        var events: [TokenField.Event] = []
        field.addListener { events.append($0) }
        field.type("Ada@Example.org,")
        #expect(field.tokens == ["Ada@example.org"], "normalized by the token kind")
        #expect(field.text.isEmpty)
        field.type("grace@navy")
        field.commit()
        #expect(field.tokens == ["Ada@example.org"])
        #expect(field.text == "grace@navy", "refused text stays in the text box")
        #expect(field.violations.map(\.code) == ["email"])
        field.setText("grace@navy.example ")
        #expect(field.tokens == ["Ada@example.org", "grace@navy.example"])
        field.type("Ada@example.org\n")
        #expect(field.tokens.count == 2, "a duplicate is not added")
        #expect(field.text.isEmpty)
        #expect(events.contains(.added("Ada@example.org")))
        #expect(events.contains(.added("grace@navy.example")))
        #expect(events.contains { if case .refused(let violations) = $0 { violations.map(\.code) == ["email"] } else { false } })
        #expect(events.contains(.textChanged("grace@navy")), "text typed at once changes the text once")
        #expect(field.field.validate().isEmpty, "the tokens are the field's value")
        #expect(field.field.value?.canonical == ["Ada@example.org", "grace@navy.example"])
    }

    @Test("backspace on empty text selects, then removes, the last token")
    func backspace() throws {
        let field = try Self.recipients()
        field.type("a@x.org b@y.org ")
        field.deleteBackward()
        #expect(field.selectedIndex == 1)
        #expect(field.tokens.count == 2)
        field.deleteBackward()
        #expect(field.tokens == ["a@x.org"])
        #expect(field.selectedIndex == nil)
        field.type("c")
        field.deleteBackward()
        #expect(field.text.isEmpty, "with text, backspace deletes text")
        #expect(field.tokens == ["a@x.org"], "with text, backspace deletes text")
        field.remove(at: 0)
        #expect(field.tokens.isEmpty)
        #expect(field.field.validate().map(\.code) == ["required"])
    }

    @Test(
        "the collapsed summary in the locale's words",
        arguments: [
            ("en-US", "ada@x.org, grace@y.org, and 3 more"), ("en-GB", "ada@x.org, grace@y.org and 3 more"),
            ("de-DE", "ada@x.org, grace@y.org und 3 weitere"), ("fr-FR", "ada@x.org, grace@y.org et 3 autres"),
            ("pt-BR", "ada@x.org, grace@y.org e mais 3"), ("ja-JP", "ada@x.org、grace@y.org、他3件"),
        ])
    func summary(locale: String, expected: String) throws {
        let field = try Self.recipients(locale: locale)
        field.type("ada@x.org grace@y.org alan@z.org edsger@w.org barbara@v.org ")
        #expect(field.summary() == expected)
        #expect(try Self.recipients(locale: locale).summary() == "")
    }
}

@Suite("Choice fields")
struct ChoiceFieldTests {
    static func field(_ extra: String, locale: String = "en-US") throws -> ChoiceField {
        let spec = #"{"vouch": 1, "locale": "\#(locale)", "fields": [{"name": "c", "kind": "choice"\#(extra)}]}"#
        let form = try Form(json: spec, registry: Registry())
        let field = try #require(form["c"])
        return try #require(ChoiceField(field))
    }

    @Test("options by index or value, events, clear")
    func options() throws {
        let choice = try Self.field(#", "options": [{"value": "s", "label": "Small"}, {"value": "l", "label": "Large"}], "required": true"#)
        var changes: [Int?] = []
        choice.addListener { changes.append($0) }
        #expect(choice.rows == ["Small", "Large"])
        choice.select(index: 1)
        #expect(choice.field.value?.canonical == "l")
        #expect(choice.field.value?.display == "Large")
        choice.select(value: "s")
        #expect(choice.selectedIndex == 0)
        choice.clear()
        #expect(choice.selectedIndex == nil)
        #expect(choice.field.validate().map(\.code) == ["required"])
        #expect(changes == [1, 0, nil])
        #expect(choice.choose(typed: "LARGE"))
        #expect(choice.selectedIndex == 1)
        #expect(!choice.choose(typed: "medium"), "no manual entry: free text is not taken")
    }

    @Test("manual entry: the pack's label or the spec's, free text checked by its own rules")
    func manualEntry() throws {
        let german = try Self.field(#", "options": ["a"], "manual_entry": true"#, locale: "de-DE")
        #expect(german.rows == ["a", "Manuelle Eingabe"])
        let choice = try Self.field(
            #", "options": ["a", "b"], "manual_entry": "Something else…", "manual_rules": [{"rule": "length", "min": 3}]"#)
        #expect(choice.rows.last == "Something else…")
        choice.select(index: 2)
        #expect(choice.isManualEntry)
        #expect(choice.selectedIndex == nil)
        choice.field.setText("zz")
        #expect(choice.field.validate().map(\.code) == ["too_short"])
        choice.field.setText("zebra")
        #expect(choice.field.validate().isEmpty)
        #expect(choice.field.value?.canonical == "zebra")
        #expect(choice.choose(typed: "B"))
        #expect(!choice.isManualEntry)
        #expect(choice.selectedIndex == 1)
    }

    @Test(
        "typed text matches an option ignoring case and accents, by the locale",
        arguments: [
            ("pt-BR", "sao paulo", "SP"), ("pt-BR", "  PARANA ", "PR"), ("pt-BR", "espirito santo", "ES"), ("de-DE", "thuringen", "TH"),
            ("fr-FR", "ile-de-france", "IDF"), ("tr-TR", "istanbul", "34"), ("tr-TR", "İZMİR", "35"),
        ])
    func accentInsensitive(locale: String, typed: String, code: String) throws {
        let choice = try Self.field(#", "options_from": "regions""#, locale: locale)
        #expect(choice.choose(typed: typed))
        #expect(choice.field.value?.canonical.stringValue == code)
    }
}

@Suite("Input hints for UIs")
struct InputHintTests {
    @Test("each field's hints, and as HTML attributes with the return key of its place")
    func html() throws {
        let spec = #"""
            {"vouch": 1, "fields": [{"name": "email", "kind": "email"}, {"name": "phone", "kind": "phone"},
             {"name": "state", "kind": "state"}, {"name": "secret", "kind": "password"}, {"name": "born", "kind": "date"}]}
            """#
        let form = try Form(json: spec, registry: Registry())
        #expect(
            form["email"]!.htmlAttributeText
                == #"type="email" inputmode="email" autocapitalize="off" autocomplete="email" autocorrect="off" spellcheck="false" enterkeyhint="next""#
        )
        #expect(
            form["phone"]!.htmlAttributeText
                == #"type="tel" inputmode="tel" autocapitalize="off" autocomplete="tel" autocorrect="off" spellcheck="false" enterkeyhint="next" maxlength="26""#
        )
        #expect(form["state"]!.htmlAttributeText.contains(#"autocapitalize="characters""#))
        #expect(form["state"]!.htmlAttributeText.hasSuffix(#"maxlength="2""#))
        #expect(form["secret"]!.htmlAttributeText.hasPrefix(#"type="password""#))
        #expect(form["born"]!.htmlAttributeText.hasPrefix(#"type="date""#))
        #expect(form["born"]!.htmlAttributeText.contains(#"enterkeyhint="done""#), "the last editable field")
        #expect(form["phone"]!.returnKey == .next)
        #expect(form["born"]!.returnKey == .done)
        #expect(form["phone"]!.schema.hints.needsAccessoryToolbar)
        #expect(!form["email"]!.schema.hints.needsAccessoryToolbar)
    }

    @Test("a numeric pad that asks for no action has no toolbar")
    func noAction() throws {
        let spec = #"""
            {"vouch": 1, "fields": [{"name": "phone", "kind": "phone", "hints": {"return_key": "default"}},
             {"name": "zip", "kind": "zip", "hints": {"return_key": "done"}}]}
            """#
        let form = try Form(json: spec, registry: Registry())
        #expect(!form["phone"]!.schema.hints.needsAccessoryToolbar)
        #expect(form["zip"]!.schema.hints.needsAccessoryToolbar)
    }
}
