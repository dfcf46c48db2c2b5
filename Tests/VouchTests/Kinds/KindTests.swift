import Testing

@testable import Vouch
@testable import VouchSteps

@Suite("Kinds in en-US")
struct KindTests {
    let registry = Registry()

    func check(_ kind: String, _ value: String, _ parameters: JSONObject = [:]) throws -> ValidationResult {
        let schema = try FormSchema(
            spec: .object(["vouch": 1, "fields": [.object(JSONObject([("name", "v"), ("kind", .string(kind))] + Array(parameters)))]]),
            registry: registry)
        return schema.validate(["v": value])
    }

    @Test(
        "input hints of each kind",
        arguments: [
            ("text", InputHints.Keyboard.standard, Capitalization.sentences, true, false),
            ("name", .standard, .words, false, false),
            ("email", .email, .none, false, false),
            ("phone", .phonePad, .none, false, false),
            ("zip", .numberPad, .allCharacters, false, false),
            ("password", .standard, .none, false, true),
            ("decimal", .decimalPad, .none, false, false),
        ])
    func hints(kind: String, keyboard: InputHints.Keyboard, capitalization: Capitalization, autocorrection: Bool, secure: Bool) throws {
        let built = try registry.makeKind(kind)
        #expect(built.hints.keyboard == keyboard)
        #expect(built.hints.capitalization == capitalization)
        #expect(built.hints.autocorrection == autocorrection)
        #expect(built.hints.secureEntry == secure)
        #expect(built.hints.needsAccessoryToolbar == [.numberPad, .decimalPad, .phonePad].contains(keyboard))
    }

    @Test("state and zip length limits for a UI")
    func lengthLimits() throws {
        #expect(try registry.makeKind("state").hints.maxLength == 2)
        #expect(try registry.makeKind("zip").hints.maxLength == 10)
        // International numbers are longer than any national one: the longest any number is typed,
        // unless a pack gives less.
        #expect(try registry.makeKind("phone").hints.maxLength == PhonePlan.longestTypedText)
    }

    @Test(
        "dates are strict",
        arguments: [
            ("02/22/1982", "1982-02-22"), ("2/3/1982", "1982-02-03"), ("2/22/82", nil), ("1982-02-22", "1982-02-22"), ("13/45/2001", nil),
            ("02/30/1982", nil), ("02/29/2000", "2000-02-29"), ("02/29/1900", nil), ("yesterday", nil),
        ])
    func dates(input: String, canonical: String?) throws {
        let result = try check("date", input)
        #expect(result.canonicalValues["v"]?.stringValue == canonical)
        if canonical == nil { #expect(result.violations.map(\.code) == ["date"]) }
    }

    @Test(
        "dates in the locale's ICU styles",
        arguments: [
            ("en-US", "medium", "Feb 22, 1982"), ("de-DE", "medium", "22.02.1982"), ("fr-FR", "long", "22 février 1982"),
            ("ja-JP", "long", "1982年2月22日"),
        ])
    func dateStyles(locale: String, style: String, display: String) throws {
        let spec: JSONValue = ["vouch": 1, "locale": .string(locale), "fields": [["name": "v", "kind": "date", "style": .string(style)]]]
        let result = try FormSchema(spec: spec, registry: registry).validate(["v": display])
        #expect(result.canonicalValues["v"] == "1982-02-22", "\(result.violations)")
        #expect(result.displayValues["v"]?.stringValue == display)
    }

    @Test("date range")
    func dateRange() throws {
        let early = try check("date", "12/31/1899", ["min": "1900-01-01", "max": "2010-12-31"])
        #expect(early.violations.map(\.code) == ["date_too_early"])
        #expect(early.violations.first?.message == "Enter a date on or after 01/01/1900.")
        #expect(try check("date", "01/01/2011", ["max": "2010-12-31"]).violations.map(\.code) == ["date_too_late"])
    }

    @Test(
        "money",
        arguments: [
            ("$1,234.50", "1234.50 USD", "$1,234.50"), ("1234.5", "1234.50 USD", "$1,234.50"), ("$0.99", "0.99 USD", "$0.99"),
        ])
    func money(input: String, canonical: String, display: String) throws {
        let result = try check("money", input)
        #expect(result.canonicalValues["v"]?.stringValue == canonical)
        #expect(result.displayValues["v"]?.stringValue == display)
    }

    @Test("money refuses other currencies and non-amounts, and checks its range")
    func moneyErrors() throws {
        #expect(try check("money", "€12.00").violations.map(\.code) == ["currency"])
        #expect(try check("money", "twelve").violations.map(\.code) == ["money"])
        let big = try check("money", "$2,000", ["max": 1000])
        #expect(big.violations.map(\.code) == ["too_large"])
        #expect(big.violations.first?.message == "Enter a value of at most $1,000.00.")
        #expect(try registry.makeKind("money").hints.currencySymbol == "$")
    }

    @Test("a money field needs a currency where the locale has none")
    func moneyWithoutCurrency() throws {
        let error = #expect(throws: VouchError.self) { try registry.makeKind("money", locale: "root") }
        #expect(error?.code == .invalidParameter)
        #expect(error?.message.contains("locale root has no currency") == true)
        let euros = try registry.makeKind("money", ["currency": "eur"], locale: "root")
        #expect(euros.hints.currencySymbol == "€")
        #expect(registry.localeTags.contains("root"))
        #expect(registry.localeTags.contains("pt-BR"))
    }

    @Test(
        "numbers are whole and never stripped into another number",
        arguments: [
            ("42", 42.0 as Double?), ("-7", -7), ("+3", 3), ("12.5", nil), ("1,234", nil), ("", nil),
        ])
    func numbers(input: String, value: Double?) throws {
        let result = try check("number", input)
        #expect(result.value(of: "v")?.canonical.doubleValue == value)
    }

    @Test("choice by value or label, case-insensitively; manual entry accepts free text")
    func choice() throws {
        let options: JSONObject = ["options": [["value": "CA", "label": "California"], "NY"]]
        #expect(try check("choice", "california", options).canonicalValues["v"] == "CA")
        #expect(try check("choice", "ny", options).displayValues["v"] == "NY")
        #expect(try check("choice", "Texas", options).violations.map(\.code) == ["choice"])
        var manual = options
        manual["manual_entry"] = true
        #expect(try check("choice", "Texas", manual).canonicalValues["v"] == "Texas")
        let regions = try registry.makeKind("choice", ["options_from": "regions", "manual_entry": true])
        #expect(regions.options.count == RegionData.embedded.regions(country: "US", languages: []).count)
        #expect(regions.options.first == ChoiceOption(value: "AL", label: "Alabama"))
    }

    @Test(
        "choice: an option by its value as written, canonically equivalent, or in other case",
        arguments: [("Caf\u{E9}", "Caf\u{E9}"), ("Cafe\u{301}", "Caf\u{E9}"), ("caf\u{E9}", "Caf\u{E9}"), ("tea", "tea"), ("Tee", nil)])
    func choiceByValue(typed: String, value: String?) throws {
        let options: JSONObject = ["options": [["value": "Caf\u{E9}", "label": "Coffee"], "tea"]]
        let result = try check("choice", typed, options)
        #expect(result.canonicalValues["v"] == value.map { .string($0) })
        #expect(result.displayValues["v"] == value.map { JSONValue.string($0 == "tea" ? "tea" : "Coffee") })
        #expect(result.violations.map(\.code) == (value == nil ? ["choice"] : []))
    }

    @Test("tokens: split, checked one by one, duplicates left out, counts")
    func tokens() throws {
        let parameters: JSONObject = ["token_kind": "email", "separators": [",", " "], "max_count": 2]
        let ok = try check("tokens", "ada@x.org grace@y.org,ada@x.org", parameters)
        #expect(ok.canonicalValues["v"] == ["ada@x.org", "grace@y.org"])
        let bad = try check("tokens", "ada@x.org, nope", parameters)
        #expect(bad.violations.map(\.code) == ["email"])
        #expect(bad.violations.first?.arguments["item"] == .number(2))
        #expect(try check("tokens", "a@x.org, b@x.org, c@x.org", parameters).violations.map(\.code) == ["too_many"])
    }

    @Test("state by code or name")
    func state() throws {
        #expect(try check("state", "ca").canonicalValues["v"] == "CA")
        #expect(try check("state", "New York").canonicalValues["v"] == "NY")
        #expect(try check("state", "Texas").canonicalValues["v"] == "TX")
        #expect(try check("state", "Iowa").canonicalValues["v"] == "IA", "a name is never cut to its first letters")
        #expect(try check("state", "Atlantis").violations.map(\.code) == ["region"])
    }

    @Test("a read-only field of a typed kind outputs the kind's value")
    func readOnlyTyped() throws {
        let schema = try FormSchema(
            json: #"{"vouch": 1, "fields": [{"name": "d", "kind": "date", "read_only": true}]}"#, registry: registry)
        #expect(schema.validate(["d": "2/22/1982"]).canonicalValues["d"] == "1982-02-22")
        #expect(schema.validate(["d": "not a date"]).canonicalValues["d"] == "not a date", "shown, never validated")
    }

    @Test("an empty tokens field honours required_if")
    func tokensRequiredIf() throws {
        let schema = try FormSchema(
            json:
                #"{"vouch": 1, "fields": [{"name": "notify"}, {"name": "to", "kind": "tokens", "rules": [{"rule": "required_if", "when": {"field": "notify", "equals": "yes"}}]}]}"#,
            registry: registry)
        #expect(schema.validate(["notify": "yes", "to": " , "]).violations.map(\.code) == ["required"])
        #expect(schema.validate(["notify": "no", "to": ""]).isValid)
    }

    @Test("numbers past 2^53 keep their exact digits")
    func hugeNumbers() throws {
        #expect(try check("number", "123456789012345678901234567890").canonicalValues["v"] == "123456789012345678901234567890")
        #expect(try check("number", "9007199254740992").canonicalValues["v"] == 9_007_199_254_740_992)
    }

    @Test("the url kind checks its schemes parameter like the rule")
    func urlSchemes() throws {
        #expect(throws: VouchError.self) { try self.check("url", "https://x.org", ["schemes": []]) }
        let result = try check("url", "ftp://x.org", ["schemes": ["https", "http"]])
        #expect(result.violations.first?.message == "The web address must start with http or https.")
    }

    @Test("readonly values are output, never validated")
    func readonly() throws {
        let result = try check("readonly", "anything at all")
        #expect(result.isValid)
        #expect(result.canonicalValues["v"] == "anything at all")
    }
}
