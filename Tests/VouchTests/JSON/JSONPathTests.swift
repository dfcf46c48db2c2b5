import Testing

@testable import Vouch

@Suite("JSON paths")
struct JSONPathTests {
    @Test(
        "printing",
        arguments: [
            (JSONPath(), "$"),
            (JSONPath.root, "$"),
            (["fields", 2, "rules", 0, "max"], "fields[2].rules[0].max"),
            ([0, "name"], "[0].name"),
            (["odd key"], #"["odd key"]"#),
            (["headers", "Content-Type"], #"headers["Content-Type"]"#),
            (["a", "b c", "d"], #"a["b c"].d"#),
            (["$"], #"["$"]"#),
            ([""], #"[""]"#),
            (["_x1", "1x"], #"_x1["1x"]"#),
            (["quote\"d", 3], #"["quote\"d"][3]"#),
            (["é"], #"["é"]"#),
            ([1, 2, 3], "[1][2][3]"),
        ] as [(JSONPath, String)])
    func printing(path: JSONPath, expected: String) {
        #expect(path.description == expected)
    }

    @Test("building by appending")
    func building() {
        var p = JSONPath()
        #expect(p.isRoot)
        p.append("fields")
        p.append(2)
        let q = p.appending("rules").appending(0).appending("max")
        #expect(q.description == "fields[2].rules[0].max")
        #expect(q.components == [.key("fields"), .index(2), .key("rules"), .index(0), .key("max")])
        #expect(q.parent?.description == "fields[2].rules[0]")
        #expect(JSONPath.root.parent == nil)
        #expect(p.appending(["x", 1]) == ["fields", 2, "x", 1])
        #expect(p.description == "fields[2]")
    }

    @Test("resolving a path in a value")
    func resolving() throws {
        let doc = try JSONValue(parsing: #"{"fields":[{},{},{"rules":[{"max":10}]}],"odd key":true}"#)
        #expect(doc[["fields", 2, "rules", 0, "max"] as JSONPath] == 10)
        #expect(doc[["odd key"] as JSONPath] == true)
        #expect(doc[JSONPath.root] == doc)
        #expect(doc[["fields", 5] as JSONPath] == nil)
        #expect(doc[["fields", "x"] as JSONPath] == nil)
    }
}
