import Testing

@testable import Vouch
@testable import VouchBase

/// The error for `text`, or nil if it parses.
func jsonError(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParseError? {
    switch Result(catching: { () throws(JSONParseError) -> JSONValue in try JSONValue(parsing: text, maxDepth: maxDepth) }) {
    case .success: return nil
    case .failure(let e): return e
    }
}

func jsonError(bytes: [UInt8]) -> JSONParseError? {
    switch Result(catching: { () throws(JSONParseError) -> JSONValue in try JSONValue(parsing: bytes) }) {
    case .success: return nil
    case .failure(let e): return e
    }
}

@Suite("JSON parser: valid documents")
struct JSONParserValidTests {
    @Test(
        "scalars and containers",
        arguments: [
            ("null", JSONValue.null),
            ("true", .bool(true)),
            ("false", .bool(false)),
            ("0", .number(0)),
            ("123", .number(123)),
            ("-123", .number(-123)),
            ("\"\"", .string("")),
            ("\"abc\"", .string("abc")),
            ("[]", .array([])),
            ("{}", .object([:])),
            ("[1,[2,[3,[]]]]", .array([1, [2, [3, []]]])),
            (" \t\n\r[ 1 ,\n 2 ]\r\n ", .array([1, 2])),
            (
                "{\"b\":1,\"a\":[true,null,false],\"c\":{\"d\":\"e\"}}",
                .object(["b": 1, "a": [true, nil, false], "c": ["d": "e"]])
            ),
            ("  \"top-level string\"  ", .string("top-level string")),
        ] as [(String, JSONValue)])
    func parsesValue(text: String, expected: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == expected)
    }

    @Test(
        "numbers are exact",
        arguments: [
            ("1.5", 1.5),
            ("-1.5", -1.5),
            ("1e3", 1000),
            ("1E3", 1000),
            ("1e+3", 1000),
            ("1e-3", 0.001),
            ("1.25e2", 125),
            ("0.1", 0.1),
            ("0.30000000000000004", 0.30000000000000004),
            ("3.141592653589793", 3.141592653589793),
            ("9007199254740992", 9_007_199_254_740_992),
            ("9007199254740993", 9_007_199_254_740_992),  // ties to even
            ("123456789012345678901234567890", 1.2345678901234568e29),
            ("18446744073709551616", 18446744073709551616.0),
            ("2.2250738585072014e-308", 2.2250738585072014e-308),
            ("4.9e-324", .leastNonzeroMagnitude),
            ("1.7976931348623157e308", 1.7976931348623157e308),
            ("1e-400", 0),
            ("0.000000000000000000000000000001", 1e-30),
            ("1e22", 1e22),
            ("1e23", 1e23),
            ("0e10", 0),
            ("0.0", 0),
            ("-0.5e-1", -0.05),
            ("10000000000000000000000000000000000000000e-40", 1),
        ] as [(String, Double)])
    func parsesNumber(text: String, expected: Double) throws {
        let value = try JSONValue(parsing: text)
        #expect(value.doubleValue?.bitPattern == expected.bitPattern, "\(text) -> \(value)")
    }

    @Test("negative zero keeps its sign", arguments: ["-0", "-0.0", "-0e5", "-0.000E-3"])
    func negativeZero(text: String) throws {
        let d = try #require(try JSONValue(parsing: text).doubleValue)
        #expect(d == 0)
        #expect(d.sign == .minus)
    }

    @Test("positive zero", arguments: ["0", "0.0", "0e-5"])
    func positiveZero(text: String) throws {
        let d = try #require(try JSONValue(parsing: text).doubleValue)
        #expect(d == 0)
        #expect(d.sign == .plus)
    }

    @Test(
        "string escapes",
        arguments: [
            (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
            (#""\u0041\u00e9\u20AC""#, "Aé€"),
            (#""\u00E9\u00e9""#, "éé"),
            (#""\uD83D\uDE00""#, "😀"),
            (#""\ud834\udd1e clef""#, "𝄞 clef"),
            (#""\u0000""#, "\u{0}"),
            (#""\u001f""#, "\u{1F}"),
            (#""\uFFFF""#, "\u{FFFF}"),
            (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
            ("\"日本語 😀\"", "日本語 😀"),
            (#""a\nb😀c\té""#, "a\nb😀c\té"),
            (#""plain text, then an escape at the end\n""#, "plain text, then an escape at the end\n"),
            ("\"\u{7F}\"", "\u{7F}"),
        ] as [(String, String)])
    func parsesEscapes(text: String, expected: String) throws {
        let s = try #require(try JSONValue(parsing: text).stringValue)
        #expect(Array(s.unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test("object keys keep document order")
    func keyOrder() throws {
        let value = try JSONValue(parsing: #"{"zeta":1,"alpha":2,"mid":3,"\u00e9":4,"":5}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["zeta", "alpha", "mid", "é", ""])
        #expect(object.values == [1, 2, 3, 4, 5])
        #expect(object["mid"] == 3)
        #expect(object[""] == 5)
        #expect(object["missing"] == nil)
    }

    @Test("large objects keep order and look up through the index")
    func largeObject() throws {
        let names = (0..<40).map { "k\(39 - $0)" }
        let text = "{" + names.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        let object = try #require(try JSONValue(parsing: text).objectValue)
        #expect(object.keys == names)
        #expect(object.index != nil)
        for (i, name) in names.enumerated() {
            #expect(object[name] == .number(Double(i)))
        }
    }

    @Test("nesting up to the depth limit", arguments: [1, 2, 100, 512])
    func deepArrays(depth: Int) throws {
        let text = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        var value = try JSONValue(parsing: text)
        for _ in 0..<depth {
            let a = try #require(value.arrayValue)
            #expect(a.count == 1)
            value = a[0]
        }
        #expect(value == 7)
    }

    @Test("deep objects within the limit")
    func deepObjects() throws {
        let text = String(repeating: "{\"a\":", count: 512) + "null" + String(repeating: "}", count: 512)
        var value = try JSONValue(parsing: text)
        for _ in 0..<512 { value = try #require(value["a"]) }
        #expect(value == .null)
    }

    @Test("entry points agree")
    func entryPoints() throws {
        let text = #"{"a":[1,"x\u00e9",null]}"#
        let expected: JSONValue = ["a": [1, "xé", nil]]
        let bytes = Array(text.utf8)
        #expect(try JSONParser().parse(text) == expected)
        #expect(try JSONParser().parse(bytes) == expected)
        #expect(try JSONParser().parse(bytes[...]) == expected)
        #expect(try JSONParser().parse(bytes.lazy.map { $0 }) == expected)  // not contiguous
        #expect(try JSONParser().parse(text.utf8) == expected)
        #expect(try bytes.withUnsafeBytes { raw throws(JSONParseError) in try JSONParser().parse(raw) } == expected)
        #expect(try JSONValue(parsing: bytes) == expected)
    }
}

@Suite("JSON parser: invalid documents")
struct JSONParserInvalidTests {
    @Test(
        "error position and message",
        arguments: [
            ("", 1, 1, "expected a JSON value, found end of input"),
            ("   ", 1, 4, "expected a JSON value, found end of input"),
            ("[1,]", 1, 4, "trailing comma before ']' is not allowed"),
            (#"{"a":1,}"#, 1, 8, "trailing comma before '}' is not allowed"),
            (#"{"a" 1}"#, 1, 6, "expected ':' after an object key, found '1'"),
            (#"{"a":1 "b":2}"#, 1, 8, "expected ',' or '}' after an object member, found '\"'"),
            (#"{"a":1]"#, 1, 7, "expected ',' or '}' after an object member, found ']'"),
            ("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
            ("[1,2", 1, 5, "expected ',' or ']' after an array element, found end of input"),
            ("{1:2}", 1, 2, "expected a string key or '}' after '{', found '1'"),
            ("{", 1, 2, "expected a string key or '}' after '{', found end of input"),
            (#"{"a":1,2}"#, 1, 8, "expected a string key after ',', found '2'"),
            (#"{"a":"#, 1, 6, "expected a JSON value, found end of input"),
            ("[", 1, 2, "expected a JSON value, found end of input"),
            ("01", 1, 1, "leading zeros are not allowed"),
            ("-01", 1, 2, "leading zeros are not allowed"),
            ("[00]", 1, 2, "leading zeros are not allowed"),
            ("-", 1, 2, "expected a digit after '-', found end of input"),
            ("-a", 1, 2, "expected a digit after '-', found 'a'"),
            ("1.", 1, 3, "expected a digit after the decimal point, found end of input"),
            ("1.e5", 1, 3, "expected a digit after the decimal point, found 'e'"),
            ("1e", 1, 3, "expected a digit in the exponent"),
            ("1e+", 1, 4, "expected a digit in the exponent"),
            (".5", 1, 1, "expected a JSON value, found '.'"),
            ("+1", 1, 1, "expected a JSON value, found '+'"),
            ("NaN", 1, 1, "expected a JSON value, found 'N'"),
            ("Infinity", 1, 1, "found 'I'"),
            ("-Infinity", 1, 2, "expected a digit after '-', found 'I'"),
            ("1e400", 1, 1, "number 1e400 is out of the range of a 64-bit float"),
            ("[-1.5E999]", 1, 2, "out of the range"),
            ("nul", 1, 4, "invalid literal; expected 'null', found end of input"),
            ("tru e", 1, 4, "invalid literal; expected 'true', found ' '"),
            ("falsy", 1, 5, "invalid literal; expected 'false', found 'y'"),
            ("True", 1, 1, "expected a JSON value, found 'T'"),
            ("'a'", 1, 1, "found '''"),
            ("[1] x", 1, 5, "expected end of input after the top-level value, found 'x'"),
            ("1 2", 1, 3, "expected end of input after the top-level value, found '2'"),
            ("truenull", 1, 5, "expected end of input after the top-level value, found 'n'"),
            ("// c\n1", 1, 1, "expected a JSON value, found '/'"),
            ("[1,/*x*/2]", 1, 4, "expected a JSON value, found '/'"),
            ("\"abc", 1, 5, "unterminated string"),
            ("\"a\\", 1, 4, "expected an escape character after '\\', found end of input"),
            ("\"a\nb\"", 1, 3, "control character U+000A must be escaped in a string"),
            ("\"a\tb\"", 1, 3, "control character U+0009 must be escaped"),
            ("\"\u{1}\"", 1, 2, "control character U+0001"),
            ("\"\\n\u{1F}\"", 1, 4, "control character U+001F"),
            (#""\x""#, 1, 3, "invalid escape; expected one of"),
            (#""\U0041""#, 1, 3, "invalid escape"),
            (#""\u12G4""#, 1, 6, "expected 4 hex digits after '\\u', found 'G'"),
            (#""\u12"#, 1, 6, "expected 4 hex digits after '\\u', found end of input"),
            (#""\uD800""#, 1, 2, "unpaired high surrogate \\uD800"),
            (#""\uD800\u0041""#, 1, 2, "unpaired high surrogate \\uD800"),
            (#""\uD800\n""#, 1, 2, "unpaired high surrogate"),
            (#""\uDBFF\uDBFF""#, 1, 2, "unpaired high surrogate \\uDBFF"),
            (#""\uDC00""#, 1, 2, "unpaired low surrogate \\uDC00"),
            (#""ok\uDFFFx""#, 1, 4, "unpaired low surrogate \\uDFFF"),
            (#"{"a":1,"a":2}"#, 1, 8, "duplicate key \"a\" in object"),
            (#"[{"x":{"y":1},"x":{}}]"#, 1, 15, "duplicate key \"x\""),
            ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "expected ':' after an object key, found '2'"),
            ("[\n1,\n]", 3, 1, "trailing comma before ']'"),
            ("\r\n[1,]", 2, 4, "trailing comma"),
            ("[\"é\", x]", 1, 7, "expected a JSON value, found 'x'"),
            ("[\"日本\",\n \"😀\" 1]", 2, 6, "expected ',' or ']' after an array element, found '1'"),
            ("\u{201C}a\u{201D}", 1, 1, "expected a JSON value, found '\u{201C}' (U+201C)"),
            ("\u{FEFF}1", 1, 1, "found a byte order mark (U+FEFF)"),
            ("[\u{0}]", 1, 2, "found control character U+0000"),
            ("[1,\u{A0}2]", 1, 4, "found '\u{A0}' (U+00A0)"),
        ] as [(String, Int, Int, String)])
    func rejects(text: String, line: Int, column: Int, fragment: String) throws {
        let error = try #require(jsonError(text), "expected an error for \(text.debugDescription)")
        #expect(error.line == line, "\(error)")
        #expect(error.column == column, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }

    @Test("offset is a byte offset")
    func byteOffset() throws {
        let error = try #require(jsonError("[\"日本\",\n \"😀\" 1]"))
        // [ " 日(3) 本(3) " , \n space " 😀(4) " space -> '1'
        #expect(error.offset == 1 + 1 + 6 + 1 + 1 + 1 + 1 + 1 + 4 + 1 + 1)
        #expect(error.line == 2)
        #expect(error.column == 6)
        #expect(error.description == "line 2, column 6: expected ',' or ']' after an array element, found '1'")
    }

    @Test(
        "invalid UTF-8 is refused at its first byte",
        arguments: [
            ([0x22, 0xFF, 0x22], 1, 2, "invalid UTF-8 byte 0xFF in string"),
            ([0x22, 0xC0, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0xC0"),  // overlong NUL
            ([0x22, 0xC1, 0xBF, 0x22], 1, 2, "invalid UTF-8 byte 0xC1"),  // overlong
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1, 2, "invalid UTF-8 byte 0xE0"),  // overlong 3-byte
            ([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], 1, 2, "invalid UTF-8 byte 0xF0"),  // overlong 4-byte
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0xED"),  // encoded surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0xF4"),  // above U+10FFFF
            ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0xF5"),
            ([0x22, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0x80"),  // lone continuation
            ([0x22, 0xE2, 0x82, 0x22], 1, 2, "invalid UTF-8 byte 0xE2"),  // truncated
            ([0x22, 0xC3], 1, 2, "invalid UTF-8 byte 0xC3"),  // truncated at end
            ([0x22, 0x61, 0xC3, 0xA9, 0xFF, 0x22], 1, 4, "invalid UTF-8 byte 0xFF"),
            ([0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22], 1, 4, "invalid UTF-8 byte 0xC3"),  // after an escape
            ([0x5B, 0x0A, 0xFE, 0x5D], 2, 1, "expected a JSON value, found invalid UTF-8 byte 0xFE"),
            ([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], 1, 3, "invalid UTF-8 byte 0xFF"),  // in a key
        ] as [([UInt8], Int, Int, String)])
    func invalidUTF8(bytes: [UInt8], line: Int, column: Int, fragment: String) throws {
        let error = try #require(jsonError(bytes: bytes))
        #expect(error.line == line, "\(error)")
        #expect(error.column == column, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }

    @Test(
        "valid UTF-8 at the edges of each range is accepted",
        arguments: [
            [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        ] as [[UInt8]])
    func validUTF8Edges(sequence: [UInt8]) throws {
        let value = try JSONValue(parsing: [0x22] + sequence + [0x22])
        #expect(value == .string(String(decoding: sequence, as: UTF8.self)))
        #expect(Array(value.stringValue!.utf8) == sequence)
    }

    @Test(
        "depth limit",
        arguments: [
            ("[", 512, 513),
            ("{\"k\":", 512, 513),
            ("[", 3, 4),
            ("[", 1, 2),
        ] as [(String, Int, Int)])
    func depthLimit(opener: String, limit: Int, tooDeep: Int) throws {
        let closer = opener == "[" ? "]" : "}"
        let ok = String(repeating: opener, count: limit) + "0" + String(repeating: closer, count: limit)
        #expect(jsonError(ok, maxDepth: limit) == nil)
        let bad = String(repeating: opener, count: tooDeep) + "0" + String(repeating: closer, count: tooDeep)
        let error = try #require(jsonError(bad, maxDepth: limit))
        #expect(error.message == "nesting is deeper than the limit of \(limit)")
        #expect(error.offset == limit * opener.utf8.count)
        #expect(error.column == limit * opener.utf8.count + 1)
    }

    @Test("hostile nesting fails fast instead of overflowing the stack")
    func hostileNesting() throws {
        let error = try #require(jsonError(String(repeating: "[", count: 1_000_000)))
        #expect(error.message == "nesting is deeper than the limit of 512")
        #expect(error.offset == 512)
        let mixed = try #require(jsonError(String(repeating: "[{\"a\":", count: 300_000)))
        #expect(mixed.message.contains("nesting is deeper"))
    }

    @Test("maxDepth 0 allows only scalars")
    func depthZero() throws {
        #expect(try JSONParser(maxDepth: 0).parse("12") == 12)
        let error = try #require(jsonError("[]", maxDepth: 0))
        #expect(error.message == "nesting is deeper than the limit of 0")
    }

    @Test("duplicate keys in large objects (hashed lookup)")
    func duplicateInLargeObject() throws {
        let members = (0..<30).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let text = "{" + members + ",\"k7\":0}"
        let error = try #require(jsonError(text))
        #expect(error.message == "duplicate key \"k7\" in object")
        #expect(error.offset == text.utf8.count - 7)
        // The same key in different objects is fine.
        let nested = "[{" + members + "},{" + members + "}]"
        let value = try JSONValue(parsing: nested)
        #expect(value[1]?["k29"] == 29)
    }

    @Test("canonically equivalent keys count as duplicates")
    func canonicalDuplicate() throws {
        let error = try #require(jsonError(#"{"\u00e9":1,"e\u0301":2}"#))
        #expect(error.message.hasPrefix("duplicate key"))
        #expect(error.column == 13)
    }
}
