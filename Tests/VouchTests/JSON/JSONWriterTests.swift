import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("JSON writer")
struct JSONWriterTests {
    @Test(
        "string escapes",
        arguments: [
            ("", #""""#),
            ("plain", #""plain""#),
            ("quote\"backslash\\slash/", #""quote\"backslash\\slash/""#),
            ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
            ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
            ("\u{7F}", "\"\u{7F}\""),
            ("é日本😀", "\"é日本😀\""),
            ("\u{2028}", "\"\u{2028}\""),
            ("a\"b\nc😀d", #""a\"b\nc😀d""#),
        ] as [(String, String)])
    func escapes(input: String, expected: String) throws {
        #expect(JSONValue.string(input).jsonText == expected)
        #expect(JSONWriter.quoted(input) == expected)
        #expect(try JSONValue(parsing: expected) == .string(input))
    }

    @Test(
        "numbers",
        arguments: [
            (5, "5"),
            (-5, "-5"),
            (0, "0"),
            (-0.0, "-0"),
            (0.1, "0.1"),
            (1.5, "1.5"),
            (-2.5e-5, "-2.5e-05"),
            (123.456, "123.456"),
            (1e15, "1000000000000000"),
            (9_999_999_999_999_998, "9999999999999998"),
            (-9_007_199_254_740_992, "-9007199254740992"),
            (1e16, "1e+16"),
            (1e21, "1e+21"),
            (1e-7, "1e-07"),
            (.leastNonzeroMagnitude, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (.infinity, "null"),
            (-.infinity, "null"),
            (.nan, "null"),
        ] as [(Double, String)])
    func numbers(value: Double, expected: String) throws {
        #expect(JSONValue.number(value).jsonText == expected)
        if value.isFinite {
            let back = try #require(try JSONValue(parsing: expected).doubleValue)
            #expect(back.bitPattern == value.bitPattern)
        }
    }

    @Test("compact form keeps member order")
    func compact() {
        let value: JSONValue = ["z": 1, "a": [true, false, nil, "x"], "m": [:], "e": [], "n": ["k": -1.25]]
        #expect(value.jsonText == #"{"z":1,"a":[true,false,null,"x"],"m":{},"e":[],"n":{"k":-1.25}}"#)
        #expect(value.description == value.jsonText)
        #expect(JSONValue.null.jsonText == "null")
        #expect(JSONValue.bool(true).jsonText == "true")
    }

    @Test("pretty form")
    func pretty() {
        let value: JSONValue = ["name": "Vouch", "tags": ["a", 2], "empty": [], "obj": [:], "nested": ["k": [1]]]
        let expected = """
            {
              "name": "Vouch",
              "tags": [
                "a",
                2
              ],
              "empty": [],
              "obj": {},
              "nested": {
                "k": [
                  1
                ]
              }
            }
            """
        #expect(value.prettyJSONText == expected)
        #expect(JSONValue.number(3).prettyJSONText == "3")
    }

    @Test("writing appends to existing output")
    func appends() {
        var bytes: [UInt8] = Array("x=".utf8)
        JSONWriter.write(["a": 1], into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"x={"a":1}"#)
        var text = "y="
        JSONWriter.write([1, "é"], into: &text)
        #expect(text == #"y=[1,"é"]"#)
        var pretty = ""
        JSONWriter.write([1], into: &pretty, pretty: true)
        #expect(pretty == "[\n  1\n]")
    }

    static let roundTripValues: [JSONValue] = [
        nil, true, false, 0, -0.0, 1, -1, 0.1, 1e300, -1e-300, .number(.leastNonzeroMagnitude), 9_007_199_254_740_992,
        "", "a\u{0}b", "\u{1F}\u{7F}\u{FFFF}\u{10FFFF}", "\"\\/", "😀 é",
        [], [:], [[[]]], [nil, [nil], ["": nil]],
        ["b": ["c": [1, 2.5, "three", ["x": false]]], "a": "A", "\n": "newline key", "": ""],
    ]

    @Test("parse(write(v)) == v", arguments: roundTripValues)
    func roundTrip(value: JSONValue) throws {
        let compact = try JSONValue(parsing: value.jsonText)
        #expect(compact == value)
        #expect(compact.jsonText == value.jsonText)  // same order, same text
        let pretty = try JSONValue(parsing: value.prettyJSONText)
        #expect(pretty == value)
        #expect(pretty.jsonText == value.jsonText)
    }

    @Test("random doubles round-trip bit for bit")
    func randomDoubles() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var checked = 0
        var mismatches: [String] = []
        for i in 0..<20_000 {
            let bits = next()
            // Mix raw bit patterns (all magnitudes) with short decimals (fast path).
            let d =
                i % 2 == 0
                ? Double(bitPattern: bits)
                : Double(Int64(bitPattern: bits) % 10_000_000) / [1, 10, 100, 1000, 1e6][Int(bits >> 60) % 5]
            guard d.isFinite else { continue }
            let text = JSONValue.number(d).jsonText
            let back = try JSONValue(parsing: text).doubleValue
            if back?.bitPattern != d.bitPattern { mismatches.append(text) }
            checked += 1
        }
        #expect(checked > 19_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
