import Vouch

/// As-you-type editing: the input is a locale, then a sequence of operations a text box would send
/// (typing, backspace, replacing a range, moving the caret, pasting, focus changes) on the fields of
/// a form with every kind of editing: phone and other masks, names, dates, money, tokens, limits.
/// After each edit the caret must lie in the new text, a refused edit must leave the text alone, and
/// (ASCII) text the field made must stay as it is when pasted over itself.
enum EditingTarget {
    static let locales = ["en-US", "de-DE", "tr-TR", "ja-JP", "pt-BR", "nl-NL", "en-GB", "fr-FR"]

    static func spec(_ locale: String) -> String {
        """
        {"vouch": 1, "locale": "\(locale)", "fields": [
          {"name": "phone", "kind": "phone", "validate": "change"},
          {"name": "mask", "kind": "text", "formatters": [{"formatter": "mask", "mask": "(###) ###-####"}]},
          {"name": "code", "kind": "text", "formatters": ["upper", {"formatter": "mask", "mask": "AA-**\\\\#-##"}]},
          {"name": "name", "kind": "name", "validate": "change_after_end"},
          {"name": "date", "kind": "date"},
          {"name": "time", "kind": "time"},
          {"name": "money", "kind": "money"},
          {"name": "tokens", "kind": "tokens", "token_kind": "email", "separators": [",", ";"], "max_count": 4},
          {"name": "zip", "kind": "zip"},
          {"name": "state", "kind": "state"},
          {"name": "number", "kind": "number"},
          {"name": "decimal", "kind": "decimal"},
          {"name": "title", "kind": "text", "formatters": [{"formatter": "capitalize", "mode": "words", "lowercase_rest": false}],
           "hints": {"max_length": 12}},
          {"name": "secret", "kind": "password", "validate": "demand"}
        ]}
        """
    }

    static let forms: [FormSchema] = locales.map { locale in
        do {
            return try FormSchema(json: spec(locale), registry: FuzzForms.registry)
        } catch {
            fatalError("vouch-fuzz: the editing form does not build in \(locale): \(error)")
        }
    }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        var input = FuzzInput(bytes)
        let form = Form(schema: forms[input.choose(forms.count)])
        var field = form.fields[0]
        var tokens: TokenField?
        // Fields whose text the app set: it may be past their limits, which pasting it then cuts.
        var setByApp: Set<String> = []
        var steps = 0
        while !input.isEmpty && steps < 64 {
            steps += 1
            let operation = input.choose(10)
            if operation == 0 {
                field = form.fields[input.choose(form.fields.count)]
                field.beginEditing()
                tokens = TokenField(field)
                continue
            }
            if let tokens {
                edit(tokens, operation, &input)
            } else {
                edit(field, operation, &input, form: form, setByApp: &setByApp)
            }
        }
        _ = form.done()
        _ = form.values
    }

    /// One operation on a text field.
    static func edit(_ field: Field, _ operation: Int, _ input: inout FuzzInput, form: Form, setByApp: inout Set<String>) {
        let before = field.text
        let length = before.utf16.count
        let change: TextEdit
        switch operation {
        case 1: change = .insert(input.text(), at: field.caret)
        case 2: change = .deleteBackward(in: before, at: field.caret)
        case 3: change = TextEdit(location: offset(&input, length), length: Int(input.byte()) % 8, replacement: input.text())
        case 4: change = TextEdit(location: offset(&input, length), length: 0, replacement: "")  // the caret moves
        case 5: change = TextEdit(location: offset(&input, length), length: Int(Int8(bitPattern: input.byte())), replacement: "")
        case 6: change = TextEdit(location: 0, length: length, replacement: input.text())  // select all, paste
        case 7:
            form.next()
            return
        case 8:
            field.endEditing()
            _ = field.validate()
            return
        default:
            // Text set by the app, not typed: later edits start from text no edit made.
            field.setText(input.text())
            setByApp.insert(field.name)
            return
        }
        let result = field.edit(change)
        expect(
            result.caret >= 0 && result.caret <= result.text.utf16.count, "caret \(result.caret) outside \(result.text.debugDescription)")
        expect(result.accepted || field.text == before, "a refused edit changed the text")
        expect(!result.accepted || field.text == result.text, "the field does not hold the edit's text")
        _ = result.description
        // Text the field made itself, pasted over itself, stays as it is: the field lays out its
        // own layout the same way (a mask's digits, capitals). ASCII text only: past it, Unicode's
        // rules make exceptions (a lone combining mark typed into a mask joins the literal before
        // it; Turkish `ı` and a combining dot give `İ`, which lower-cases to `i`). Not phone
        // numbers: a national number drops a trunk prefix typed before it (en-US `11` shows as
        // `(1`, which pasted is `1`). Dates and times too: a field padded as typed (`9` then `0`
        // is `09`) shows no digit its padding would move.
        if result.accepted && result.text.utf8.allSatisfy({ $0 < 0x80 }) && !setByApp.contains(field.name) && field.name != "phone" {
            let again = field.schema.edit(TextEdit(location: 0, length: result.text.utf16.count, replacement: result.text), in: result.text)
            expect(again.text == result.text, "pasting \(result.text.debugDescription) over itself gives \(again.text.debugDescription)")
        }
    }

    /// A UTF-16 offset near the text: mostly inside it, sometimes before or past it.
    static func offset(_ input: inout FuzzInput, _ length: Int) -> Int {
        Int(Int8(bitPattern: input.byte())) % (length + 3)
    }

    /// One operation on a token input.
    static func edit(_ field: TokenField, _ operation: Int, _ input: inout FuzzInput) {
        switch operation {
        case 1, 3: field.type(input.text())
        case 2, 5: field.deleteBackward()
        case 4: field.commit()
        case 6: field.setText(input.text())
        case 7: field.remove(at: Int(input.byte()) % 6)
        default: _ = field.summary(showing: Int(input.byte()) % 4)
        }
        expect(field.tokens.count == field.displayTokens.count, "tokens and their display forms differ in number")
        expect(Set(field.tokens).count == field.tokens.count, "a token was added twice")
    }
}
