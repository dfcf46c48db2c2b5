import Testing

@testable import Vouch
@testable import VouchBase

@Suite("JSON values")
struct JSONValueTests {
    @Test(
        "type names",
        arguments: [
            (JSONValue.null, "null"), (true, "boolean"), (1, "number"), (1.5, "number"),
            ("s", "string"), ([], "array"), ([:], "object"),
        ] as [(JSONValue, String)])
    func typeNames(value: JSONValue, name: String) {
        #expect(value.typeName == name)
    }

    @Test(
        "intValue only for integral numbers in range",
        arguments: [
            (3.0, 3), (-3.0, -3), (-0.0, 0), (3.5, nil), (1e300, nil), (9.3e18, nil),
            (-9223372036854775808.0, Int.min), (.infinity, nil), (.nan, nil),
        ] as [(Double, Int?)])
    func intValue(value: Double, expected: Int?) {
        #expect(JSONValue.number(value).intValue == expected)
    }

    @Test("accessors")
    func accessors() {
        let v: JSONValue = ["s": "x", "n": 2, "b": false, "a": [1], "o": ["k": nil], "z": nil]
        #expect(v["s"]?.stringValue == "x")
        #expect(v["n"]?.doubleValue == 2)
        #expect(v["n"]?.intValue == 2)
        #expect(v["b"]?.boolValue == false)
        #expect(v["a"]?.arrayValue == [1])
        #expect(v["o"]?.objectValue == ["k": nil])
        #expect(v["z"]?.isNull == true)
        #expect(v["s"]?.isNull == false)
        #expect(v["s"]?.doubleValue == nil)
        #expect(v["n"]?.stringValue == nil)
        #expect(v["missing"] == nil)
        #expect(v["a"]?[0] == 1)
        #expect(v["a"]?[1] == nil)
        #expect(v["a"]?[-1] == nil)
        #expect(v["s"]?["k"] == nil)
        #expect(v.objectValue?.count == 6)
    }

    @Test("literals")
    func literals() {
        #expect(JSONValue(nilLiteral: ()) == .null)
        let values: [JSONValue] = [nil, true, 7, 2.5, "s", [1], ["k": "v"]]
        #expect(
            values == [
                .null, .bool(true), .number(7), .number(2.5), .string("s"),
                .array([.number(1)]), .object(JSONObject([("k", .string("v"))])),
            ])
    }

    @Test("object init, update and removal keep order")
    func objectMutation() {
        var o = JSONObject([("a", 1), ("b", 2), ("a", 3)])
        #expect(o.keys == ["a", "b"])
        #expect(o["a"] == 3)
        o["c"] = 4
        o["a"] = 5
        #expect(o.keys == ["a", "b", "c"])
        #expect(o.values == [5, 2, 4])
        #expect(o.removeValue(forKey: "b") == 2)
        o["zz"] = nil
        #expect(o.keys == ["a", "c"])
        #expect(o.position(of: "c") == 1)
        #expect(Array(o.map(\.key)) == ["a", "c"])
        #expect(o.description == #"{"a":5,"c":4}"#)
    }

    @Test("object index survives growth and removal")
    func objectIndex() {
        var o = JSONObject()
        for i in 0..<30 { o["k\(i)"] = .number(Double(i)) }
        #expect(o.index != nil)
        #expect(o["k29"] == 29)
        for i in 0..<25 { o["k\(i)"] = nil }
        #expect(o.index == nil)
        #expect(o.keys == ["k25", "k26", "k27", "k28", "k29"])
        #expect(o["k27"] == 27)
        #expect(o["k3"] == nil)
    }

    @Test("object equality and hashing ignore member order")
    func objectEquality() {
        let a: JSONValue = ["x": 1, "y": [true], "z": ["p": nil, "q": "r"]]
        let b: JSONValue = ["z": ["q": "r", "p": nil], "x": 1, "y": [true]]
        let c: JSONValue = ["x": 1, "y": [false], "z": ["p": nil, "q": "r"]]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
        #expect(["x": 1] as JSONValue != ["x": 1, "y": 2] as JSONValue)
        #expect(JSONValue.number(-0.0) == .number(0))
        #expect(JSONValue.number(1) != .string("1"))
    }
}
