import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("Message templates")
struct MessageTemplateTests {
    static let characters = "{count, plural, one {# character} other {# characters}}"

    /// The error `pattern` is refused with; an issue if it parses.
    static func error(_ pattern: String, sourceLocation: SourceLocation = #_sourceLocation) -> MessageTemplateError? {
        #expect(throws: MessageTemplateError.self, "expected an error", sourceLocation: sourceLocation) {
            try MessageTemplate(pattern, locale: "en")
        }
    }

    @Test(
        "English plurals",
        arguments: [(1, "1 character"), (2, "2 characters"), (0, "0 characters")])
    func english(count: Int, expected: String) throws {
        let template = try MessageTemplate(Self.characters, locale: "en")
        #expect(template.format(["count": .number(Double(count))]) == expected)
    }

    @Test(
        "Russian plurals",
        arguments: [
            (1, "1 символ"), (2, "2 символа"), (5, "5 символов"), (21, "21 символ"),
            (22, "22 символа"),
        ])
    func russian(count: Int, expected: String) throws {
        let template = try MessageTemplate(
            "{count, plural, one {# символ} few {# символа} many {# символов} other {# символа}}",
            locale: "ru")
        #expect(template.format(["count": .number(Double(count))]) == expected)
    }

    @Test("Select and strings")
    func select() throws {
        let template = try MessageTemplate(
            "{gender, select, female {{name} changed her password} male {{name} changed his password} other {{name} changed their password}}",
            locale: "en")
        #expect(template.format(["gender": "female", "name": "Ada"]) == "Ada changed her password")
        #expect(template.format(["gender": "male", "name": "Alan"]) == "Alan changed his password")
        #expect(template.format(["gender": "x", "name": "Sam"]) == "Sam changed their password")
    }

    @Test("Missing arguments show by name; a string where a number is needed gives the pattern")
    func fallbacks() throws {
        let template = try MessageTemplate("{n, plural, one {x} other {y}} {name}", locale: "en")
        #expect(template.format(["n": 1]) == "x {name}")
        #expect(
            template.format(["n": "one", "name": "Ada"]) == "{n, plural, one {x} other {y}} {name}")
    }

    @Test("Numbers follow the locale")
    func numbers() throws {
        let template = try MessageTemplate("at most {max, number} characters", locale: "de")
        #expect(template.format(["max": 1234]) == "at most 1.234 characters")
    }

    @Test(
        "Unparseable templates throw with an offset",
        arguments: ["{count, plural, one {x}", "{count, plural, one {x} other {y}"])
    func unparseable(pattern: String) {
        #expect(throws: MessageTemplateError.self) { try MessageTemplate(pattern, locale: "en") }
    }

    @Test("The error says what and where")
    func errorDetails() {
        let argument = Self.error("Hello {name, foo}")
        #expect(argument?.reason == .invalidArgument)
        #expect(argument?.offset == 13)
        #expect(
            argument?.description
                == "Unknown argument type or style in message template at offset 13, near \"foo}\" (U_ILLEGAL_ARGUMENT_ERROR)"
        )
        let syntax = Self.error("{n, plural, one {x}")
        #expect(syntax?.reason == .syntax)
        #expect(syntax?.offset == 11)
        let braces = Self.error("Hello {name")
        #expect(braces?.reason == .unmatchedBraces)
        #expect(braces?.icuStatus == "U_UNMATCHED_BRACES")
    }

    @Test("templates nested too deep are refused before ICU parses them, on any thread's stack")
    func nesting() throws {
        // 26,000 levels (about 500 KB) overflowed the stack inside ICU's parser.
        let deep = String(repeating: "{n, select, other {", count: 26_000) + String(repeating: "}}", count: 26_000)
        let error = Self.error(deep)
        #expect(error?.reason == .tooDeep)
        // Each repetition opens two braces: the 65th is the first of the 33rd.
        #expect(error?.offset == 32 * 19, "the 65th brace")
        #expect(error?.description.hasPrefix("Braces nested more than 64 deep") == true)
        // A spec with such a message is refused with the path of the message.
        let spec = #"{"vouch": 1, "fields": [{"name": "a", "message": \#(JSONWriter.quoted(deep))}]}"#
        let refused = #expect(throws: VouchError.self) { try FormSchema(json: spec, registry: Registry()) }
        #expect(refused?.location?.hasPrefix("fields[0].message") == true, "\(String(describing: refused?.location))")
        // Deep but within the limit, and quoted braces, which do not nest.
        let nested = String(repeating: "{n, select, other {", count: 30) + "x" + String(repeating: "}}", count: 30)
        #expect(try MessageTemplate(nested, locale: "en").format(["n": .string("a")]) == "x")
        let quoted = Array(repeating: "'{'", count: 200).joined(separator: " ") + " {n}"
        #expect(
            try MessageTemplate(quoted, locale: "en").format(["n": .string("a")]) == Array(repeating: "{", count: 200).joined(
                separator: " ") + " a")
    }
}
