import Testing

@testable import Vouch

@Suite("one_of rule")
struct OneOfRulesTests {
    @Test("Compares exactly by default", arguments: try Vectors.rows("one-of-rule", "exact", as: (String, [String]).self))
    func exact(value: String, expected: [String]) throws {
        #expect(try RuleHarness.codes("one_of", ["values": ["red", "green", "blue"]], value) == expected)
    }

    @Test("ignore_case compares in lower case", arguments: try Vectors.rows("one-of-rule", "ignoringCase", as: (String, [String]).self))
    func ignoringCase(value: String, expected: [String]) throws {
        #expect(try RuleHarness.codes("one_of", ["values": ["red", "Green", "BLUE"], "ignore_case": true], value) == expected)
    }

    @Test("ignore_case lowers by the locale's rules")
    func turkishIgnoreCase() throws {
        // In Turkish, "İ" lowers to "i"; elsewhere it lowers to "i" + combining dot above.
        #expect(try RuleHarness.codes("one_of", ["values": ["İzmir"], "ignore_case": true], "izmir", locale: "tr-TR") == [])
        #expect(try RuleHarness.codes("one_of", ["values": ["IŞIK"], "ignore_case": true], "ışık", locale: "tr-TR") == [])
        #expect(try RuleHarness.codes("one_of", ["values": ["IŞIK"], "ignore_case": true], "işik", locale: "tr-TR") == ["one_of"])
    }

    @Test("The violation lists the options as an or-list, in the given order")
    func options() throws {
        let violations = try RuleHarness.violations("one_of", ["values": ["red", "green", "blue"]], "purple")
        #expect(violations == [RuleViolation("one_of", ["options": .string("red, green, or blue")])])
    }

    @Test(
        "a value is listed when it is canonically equivalent to a listed one, in a form as alone",
        arguments: ["caf\u{E9}", "cafe\u{301}", "cafe", "\u{212A}", "K", "k", "A\u{30A}", "\u{212B}"])
    func canonicalEquivalence(value: String) throws {
        let values = ["caf\u{E9}", "K", "\u{C5}"]
        let expected = values.contains(value) ? [] : ["one_of"]
        #expect(try RuleHarness.codes("one_of", ["values": .array(values.map { .string($0) })], value) == expected)
        let schema = try FormSchema(
            json: #"{"vouch": 1, "fields": [{"name": "v", "rules": [{"rule": "one_of", "values": ["caf\#u{E9}", "K", "\#u{C5}"]}]}]}"#,
            registry: RuleHarness.registry)
        #expect(schema.validate(["v": .string(value)]).violations.map(\.code) == expected)
    }

    @Test("values must not be empty")
    func emptyValues() {
        let error = RuleHarness.buildError("one_of", ["values": []])
        #expect(error?.code == .invalidParameter)
        #expect(error?.location == "values")
        #expect(RuleHarness.buildError("one_of", ["values": ["a", 1]])?.code == .invalidParameter)
    }
}

@Suite("integer rule")
struct IntegerRulesTests {
    @Test(
        "Reads a sign and ASCII digits",
        arguments: [
            ("0", [String]()),
            ("42", []),
            ("-12", []),
            ("+7", []),
            ("0042", []),
            ("-0", []),
            ("99999999999999999999999", []),  // no range given: any size
            ("12.5", ["integer"]),
            ("1,000", ["integer"]),
            ("1e3", ["integer"]),
            ("12a", ["integer"]),
            (" 12", ["integer"]),
            ("-", ["integer"]),
            ("+", ["integer"]),
            ("--5", ["integer"]),
            ("-+5", ["integer"]),
            ("٤٢", ["integer"]),  // Arabic-Indic digits are not ASCII digits
            ("４２", ["integer"]),
        ])
    func syntax(value: String, expected: [String]) throws {
        #expect(try RuleHarness.codes("integer", value) == expected)
    }

    @Test("At most one sign", arguments: ["+-5", "-+5", "+-0", "--5", "++5"])
    func oneSign(value: String) throws {
        #expect(try RuleHarness.codes("integer", value) == ["integer"])
    }

    @Test(
        "min and max",
        arguments: [
            ("1", [RuleViolation]()),
            ("10", []),
            ("0010", []),
            ("0", [RuleViolation("too_small", ["min": 1])]),
            ("-5", [RuleViolation("too_small", ["min": 1])]),
            ("11", [RuleViolation("too_large", ["max": 10])]),
            ("+11", [RuleViolation("too_large", ["max": 10])]),
            ("12.5", [RuleViolation("integer")]),
            ("99999999999999999999999", [RuleViolation("too_large", ["max": 10])]),
            ("-99999999999999999999999", [RuleViolation("too_small", ["min": 1])]),
        ])
    func range(value: String, expected: [RuleViolation]) throws {
        #expect(try RuleHarness.violations("integer", ["min": 1, "max": 10], value) == expected)
    }

    @Test("Compares large integers exactly, not through Double")
    func exactComparison() throws {
        // 2^53 + 1 rounds to 2^53 as a Double.
        #expect(try RuleHarness.codes("integer", ["max": 9_007_199_254_740_992], "9007199254740993") == ["too_large"])
    }

    @Test("max below min is refused at build time")
    func badRange() {
        let error = RuleHarness.buildError("integer", ["min": 10, "max": 1])
        #expect(error?.code == .invalidParameter)
        #expect(error?.location == "max")
        #expect(RuleHarness.buildError("integer", ["min": 1.5])?.code == .invalidParameter)
    }
}

@Suite("decimal rule")
struct DecimalRulesTests {
    @Test(
        "Reads numbers the locale's way",
        arguments: [
            ("en-US", "1,234.5", [String]()),
            ("en-US", "1234.5", []),
            ("en-US", "-0.25", []),
            ("en-US", "42", []),
            ("en-US", "1.234,5", ["decimal"]),
            ("en-US", "abc", ["decimal"]),
            ("en-US", "1.2.3", ["decimal"]),
            ("en-US", "12abc", ["decimal"]),
            ("de-DE", "1.234,5", []),
            ("de-DE", "1234,5", []),
            ("de-DE", "-0,25", []),
            ("de-DE", "1,234.5", ["decimal"]),
        ])
    func locales(locale: String, value: String, expected: [String]) throws {
        #expect(try RuleHarness.codes("decimal", value, locale: locale) == expected)
    }

    @Test(
        "max_fraction_digits gives too_precise",
        arguments: [
            ("1.5", [RuleViolation]()),
            ("1.25", []),
            ("1,234.25", []),
            ("3", []),
            ("1.255", [RuleViolation("too_precise", ["max": 2])]),
            ("0.001", [RuleViolation("too_precise", ["max": 2])]),
        ])
    func precision(value: String, expected: [RuleViolation]) throws {
        #expect(try RuleHarness.violations("decimal", ["max_fraction_digits": 2], value) == expected)
    }

    @Test("max_fraction_digits 0 allows whole numbers only")
    func noFraction() throws {
        #expect(try RuleHarness.codes("decimal", ["max_fraction_digits": 0], "1,234") == [])
        #expect(try RuleHarness.violations("decimal", ["max_fraction_digits": 0], "1.5") == [RuleViolation("too_precise", ["max": 0])])
        #expect(
            try RuleHarness.violations("decimal", ["max_fraction_digits": 0], "1,5", locale: "de-DE") == [
                RuleViolation("too_precise", ["max": 0])
            ])
    }

    @Test(
        "min and max",
        arguments: [
            ("0.5", [RuleViolation]()),
            ("99.9", []),
            ("0.25", [RuleViolation("too_small", ["min": 0.5])]),
            ("100.01", [RuleViolation("too_large", ["max": 99.9])]),
            ("1,000", [RuleViolation("too_large", ["max": 99.9])]),
        ])
    func range(value: String, expected: [RuleViolation]) throws {
        #expect(try RuleHarness.violations("decimal", ["min": 0.5, "max": 99.9], value) == expected)
    }

    @Test("Bad parameters are refused at build time")
    func badParameters() {
        #expect(RuleHarness.buildError("decimal", ["min": 2, "max": 1])?.location == "max")
        #expect(RuleHarness.buildError("decimal", ["max_fraction_digits": -1])?.code == .invalidParameter)
        #expect(RuleHarness.buildError("decimal", ["max_fraction_digits": 1.5])?.code == .invalidParameter)
    }
}
