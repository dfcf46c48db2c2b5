import Testing
@_spi(VouchInternal) import VouchBase

@testable import VouchPlan
@_spi(VouchInternal) @testable import VouchSteps

/// A field's plan leaves out of a filled text's check the rules that only find an empty text
/// (`required`), makes a text value without calling its converter, and, for validity alone,
/// leaves out the formatters that only change the case of ASCII text where nothing sees it; the
/// results are those of every step.
@Suite("Field plan shortcuts")
struct FieldPlanShortcutTests {
    static let registry = Registry()

    static func form(_ fields: String) throws -> FormSchema {
        try FormSchema(json: #"{"vouch": 1, "locale": "en-US", "fields": [\#(fields)]}"#, registry: registry)
    }

    @Test("a filled text skips exactly the rules that only find an empty one")
    func filledTextRules() throws {
        let schema = try Self.form(
            #"{"name": "a", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 5}]}, "#
                + #"{"name": "b", "kind": "email"}, {"name": "c", "kind": "text", "required": true}"#)
        for field in schema.fields {
            let plan = field.plan
            let positions = plan.filledTextRules.buffer.map(\.position)
            let kept = positions.map { plan.rules[$0].rule }
            let left = plan.rules.indices.filter { !positions.contains($0) }.map { plan.rules[$0].rule }
            // Each kept step is the rule at its position.
            #expect(plan.filledTextRules.buffer.allSatisfy { $0.step.object === plan.rules[$0.position] }, "\(field.name)")
            #expect(left.allSatisfy { $0 is RequiredRule }, "\(field.name)")
            #expect(kept.allSatisfy { !($0 is RequiredRule) }, "\(field.name)")
            #expect(left.count == (field.name == "b" ? 0 : 1), "\(field.name)")
        }
    }

    @Test("plain text starts past the first formatters that leave it as it is")
    func plainStart() throws {
        let kinds = ["name", "date", "email", "phone", "zip", "state", "text", "password"]
        let schema = try Self.form(kinds.map { #"{"name": "\#($0)", "kind": "\#($0)"}"# }.joined(separator: ", "))
        // trim and collapse_spaces; the width step and trim; trim; none (the phone's layout reads any text).
        #expect(schema.fields.map(\.plan.plainStart) == [2, 2, 1, 0, 2, 2, 1, 0])
        let result = schema.validate(["name": "ada  lovelace", "date": " 2020-01-02", "zip": "９４１０３", "state": "CA "])
        #expect(result.field("name")?.value?.canonical == .string("Ada Lovelace"))
        #expect(result.field("date")?.value?.canonical == .string("2020-01-02"))
        #expect(result.field("zip")?.value?.canonical == .string("94103"))
        #expect(result.field("state")?.value?.canonical == .string("CA"))
    }

    @Test("`required` finds nothing in a filled text", arguments: ["a", " ", "0", "ü", "\u{200B}"])
    func requiredOnFilledText(text: String) throws {
        #expect(RequiredRule().findsOnlyInEmptyText)
        let context = ByteContext(locale: try Self.registry.locale("en-US"), record: .alone, wantsDisplay: false)
        var scratch = CheckScratch()
        var found: [RuleViolation] = []
        var filled = text
        filled.withByteText { RequiredRule().check($0, context: context, scratch: &scratch, into: &found) }
        RequiredRule().check(ByteText(), context: context, scratch: &scratch, into: &found)
        #expect(found.map(\.code) == ["required"])
    }

    @Test("a required field still speaks for an empty text, and a filled one keeps its other rules")
    func results() throws {
        let schema = try Self.form(#"{"name": "a", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 5}]}"#)
        #expect(schema.validate(["a": ""]).field("a")?.violations.map(\.code) == ["required"])
        #expect(schema.validate(["a": "abcdefg"]).field("a")?.violations.map(\.code) == ["too_long"])
        #expect(schema.validate(["a": "ada"]).field("a")?.violations.isEmpty == true)
    }

    @Test("a text kind's value is its normalized text, made without its converter")
    func textValue() throws {
        let schema = try Self.form(#"{"name": "a", "kind": "text"}, {"name": "b", "kind": "name"}, {"name": "c", "kind": "date"}"#)
        #expect(schema.fields.map(\.plan.valueIsText) == [true, true, false])
        let result = schema.validate(["a": "  two words ", "b": "ada lovelace", "c": "2020-01-02"])
        #expect(result.field("a")?.value?.canonical == .string("two words"))
        #expect(result.field("b")?.value?.canonical == .string("Ada Lovelace"))
        #expect(result.field("c")?.value?.canonical == .string("2020-01-02"))
    }

    /// Locales on every continent, and those whose capitalization has rules of its own.
    static let locales = [
        "en-US", "nl-NL", "tr-TR", "az-AZ", "lt-LT", "el-GR", "de-DE", "fr-FR", "ga-IE", "es-MX", "pt-BR", "it-IT", "pl-PL", "ru-RU",
        "ar-EG", "hi-IN", "ja-JP", "zh-CN", "ko-KR", "sw-KE", "fil-PH", "vi-VN", "id-ID", "fi-FI", "hu-HU", "cs-CZ", "ro-RO", "sv-SE",
        "da-DK", "nb-NO", "en-GB", "en-IN", "af-ZA", "he-IL", "fa-IR", "th-TH", "uk-UA", "ca-ES", "cy-GB", "mt-MT",
    ]

    static let asciiTexts = [
        "ada", "ADA", "o'neil", "O'NEIL", "mary-jane", "van der berg", "VAN DER BERG", "ijsbrand", "IJSBRAND", "mcdonald", "d'artagnan",
        "j. r. r. tolkien", "ludwig van beethoven", "von bulow", "de la cruz", "bin laden", "ab-cd ef-gh", "x", "iii", "ss", "dzsenifer",
    ]

    @Test("on ASCII text, the case formatters change only the case of letters", arguments: locales)
    func caseOnly(locale: String) throws {
        var formatters: [any TextFormatter] = [try Self.registry.makeFormatter("capitalize_name", locale: locale)]
        for mode in ["words", "sentences", "all"] {
            formatters.append(try Self.registry.makeFormatter("capitalize", ["mode": .string(mode)], locale: locale))
        }
        for formatter in formatters {
            // Turkish and Azeri capitalize `i` as `İ`: there they say so.
            let byteFormatter = try #require(formatter.formatterOnBytes.formatter)
            let caseOnly = Self.asciiTexts.allSatisfy { text in
                let formatted = formatter.format(text)
                return formatted.utf8.isASCII && formatted.lowercased() == text.lowercased()
            }
            #expect(byteFormatter.changesOnlyASCIICase == caseOnly, "\(locale) \(type(of: formatter))")
            #expect(caseOnly == !["tr-TR", "az-AZ"].contains(locale), "\(locale) \(type(of: formatter))")
        }
    }

    @Test(
        "validity alone leaves the case formatters out only where nothing sees the case",
        arguments: [
            (#"{"name": "a", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 12}]}"#, "", true),
            (#"{"name": "a", "kind": "address"}"#, "", true),
            // A rule that reads the text as it is capitalized.
            (#"{"name": "a", "kind": "name", "rules": [{"rule": "pattern", "regex": "[A-Z].*"}]}"#, "", false),
            // A condition on the field, or a rule that reads it.
            (#"{"name": "a", "kind": "name"}, {"name": "b", "kind": "text", "when": {"field": "a", "equals": "Ada"}}"#, "", false),
            (
                #"{"name": "a", "kind": "name"}, {"name": "b", "kind": "text", "rules": [{"rule": "equals_field", "field": "a"}]}"#, "",
                false
            ),
            // A rule of the form that checks the field.
            (
                #"{"name": "a", "kind": "name"}, {"name": "b", "kind": "text"}"#,
                #"{"rule": "required_if", "target": "a", "when": {"field": "b", "equals": "x"}}"#, false
            ),
            // `lowercase_domain`, before a rule that reads letters of either case alike; not with
            // a pattern that sees case.
            (#"{"name": "a", "kind": "email", "required": true}"#, "", true),
            (#"{"name": "a", "kind": "email", "rules": [{"rule": "pattern", "regex": "[a-z@.]+"}]}"#, "", false),
            // No formatter that changes case.
            (#"{"name": "a", "kind": "text"}"#, "", false),
        ])
    func skipsCase(fields: String, rules: String, skips: Bool) throws {
        let schema = try FormSchema(
            json: #"{"vouch": 1, "locale": "en-US", "fields": [\#(fields)]\#(rules.isEmpty ? "" : #", "rules": [\#(rules)]"#)}"#,
            registry: Self.registry)
        #expect(schema.plan.skipsCaseForValidity[0] == skips)
    }

    @Test("an address's validity does not depend on the case of its ASCII letters", arguments: FormatterFastPathTests.emailCases)
    func emailCase(address: String) {
        guard address.utf8.allSatisfy({ $0 < 0x80 }) else { return }
        #expect(!EmailRule().seesASCIICase)
        let verdict = EmailRule.isValid(address)
        #expect(EmailRule.isValid(address.lowercased()) == verdict, "\(address)")
        #expect(EmailRule.isValid(address.uppercased()) == verdict, "\(address)")
        #expect(EmailRule.isValid(LowercaseDomainFormatter.lowercasingDomain(address)) == verdict, "\(address)")
    }

    @Test("validity alone of an address, without lowercase_domain, is the whole check's", arguments: FormatterFastPathTests.emailCases)
    func emailValidity(address: String) throws {
        let schema = try Self.form(#"{"name": "a", "kind": "email", "required": true}"#)
        #expect(schema.plan.skipsCaseForValidity[0])
        let record = Array(JSONValue.object(["a": .string(address)]).jsonText.utf8)
        let valid = try record.withUnsafeBufferPointer { try schema.isValid(json: $0).get() }
        #expect(valid == schema.validate(["a": address]).isValid, "\(address)")
    }

    @Test("in Turkish and Azeri, where `i` capitalizes as `İ`, validity alone still capitalizes", arguments: ["tr-TR", "az-AZ", "nl-NL"])
    func turkic(locale: String) throws {
        let schema = try FormSchema(
            json: #"{"vouch": 1, "locale": "\#(locale)", "fields": [{"name": "a", "kind": "name"}]}"#, registry: Self.registry)
        #expect(schema.plan.skipsCaseForValidity[0] == (locale == "nl-NL"))
    }

    @Test(
        "validity alone, with or without the case formatters, is the whole check's",
        arguments: [
            "ada", "ADA LOVELACE", "ada lovelacex", "o'NEIL", "van der berg", "Ludwig van Beethoven", "ada  lovelace ", "1ada",
            "ßada lovelac",
            "ßada lovelace", "Ǆemal Dizdar", "", "ada--b",
        ])
    func validity(name: String) throws {
        let schema = try Self.form(#"{"name": "a", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 12}]}"#)
        #expect(schema.plan.skipsCaseForValidity[0])
        let record = Array(JSONValue.object(["a": .string(name)]).jsonText.utf8)
        let valid = try record.withUnsafeBufferPointer { try schema.isValid(json: $0).get() }
        #expect(valid == schema.validate(["a": name]).isValid, "\(name)")
    }
}

/// A kind's converter that finds nothing where the kind's rule found nothing is left out when only
/// validity is wanted; the results are those of every step.
@Suite("Converters their rules answer for")
struct ConverterShortcutTests {
    static let registry = FieldPlanShortcutTests.registry

    @Test("the phone and state kinds' converters follow their rules; a date's and a choice's do not")
    func followsRules() throws {
        let schema = try FieldPlanShortcutTests.form(
            #"{"name": "a", "kind": "phone"}, {"name": "b", "kind": "state"}, {"name": "c", "kind": "date"}, "#
                + #"{"name": "d", "kind": "choice", "options": ["x"]}, {"name": "e", "kind": "phone", "types": ["mobile"]}, "#
                + #"{"name": "f", "kind": "text", "rules": [{"rule": "phone"}]}"#)
        #expect(schema.fields.map(\.plan.valueFollowsRules) == [true, true, false, false, true, false])
    }

    static let phoneTexts = [
        "(201) 555-0123", "201-555-0123", "+1 201 555 0123", "555-0123", "+44 20 7946 0958", "+33 1 23 45 67 89", "12", "+999 1234",
        "(201) 555-01234", "+1 800 555 0199", "+81 3-1234-5678", "abc", "+49 30 123456", "911", "+1 201 555 0123 ext. 12",
    ]

    @Test(
        "where a kind's rule finds nothing, its converter finds nothing",
        arguments: ["en-US", "de-DE", "fr-FR", "ja-JP", "pt-BR", "en-IN", "es-MX", "en-CA", "it-IT", "ko-KR"])
    func converterFindsNothing(locale: String) throws {
        let profile = try Self.registry.locale(locale)
        var context = ByteContext(locale: profile, record: .alone, wantsDisplay: false)
        context.wantsValue = true
        let regionTexts = profile.regions.flatMap { [$0.code, $0.name] } + ["XX", "ZZ9", "ca", "Q"]
        for (kind, texts) in [("phone", Self.phoneTexts), ("state", regionTexts)] {
            let field = try FieldPlanShortcutTests.form(#"{"name": "a", "kind": "\#(kind)"}"#).fields[0].plan
            #expect(field.valueFollowsRules)
            var checked = 0
            for text in texts {
                var bytes = text
                var scratch = CheckScratch()
                var found: [RuleViolation] = []
                bytes.withByteText { text in
                    for rule in field.filledTextRules.buffer {
                        field.rules[rule.position].check(text, context: context, scratch: &scratch, into: &found)
                    }
                }
                guard found.isEmpty else { continue }
                checked += 1
                var value = ValueBytes()
                bytes.withByteText { field.value.convert($0, context: context, scratch: &scratch, into: &value, violations: &found) }
                #expect(found.isEmpty, "\(locale) \(kind) \(text)")
            }
            #expect(checked > 0, "\(locale) \(kind)")
        }
    }

    @Test(
        "validity alone, without the converter, is the whole check's",
        arguments: [
            ("(201) 555-0123", "CA"), ("201 555 0123", "ca"), ("555-0123", "California"), ("+44 20 7946 0958", "XX"),
            ("(201) 555-01234", "TX"), ("+1 800 555 0199", "new york"), ("", "CA"), ("(201) 555-0123", ""),
        ])
    func validity(phone: String, state: String) throws {
        let schema = try FieldPlanShortcutTests.form(
            #"{"name": "phone", "kind": "phone", "required": true}, {"name": "state", "kind": "state", "required": true}, "#
                + #"{"name": "mobile", "kind": "phone", "types": ["mobile", "fixed_line"]}"#)
        let values = ["phone": phone, "state": state, "mobile": phone]
        let record = Array(
            JSONValue.object(["phone": .string(phone), "state": .string(state), "mobile": .string(phone)]).jsonText.utf8)
        let valid = try record.withUnsafeBufferPointer { try schema.isValid(json: $0).get() }
        #expect(valid == schema.validate(values).isValid, "\(phone) \(state)")
    }
}
