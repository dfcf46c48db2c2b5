import Testing

@Suite("Reading the test vectors")
struct TestVectorsTests {
    @Test("a missing file, a missing key, a row of another length and a value of another type are errors")
    func failures() {
        let file = #expect(throws: Vectors.Failure.self) { try Vectors.rows("no-such-file", "names", arity: 5) }
        #expect(file?.description == "Tests/VouchTests/Vectors/no-such-file.json: no such file, or empty")
        let key = #expect(throws: Vectors.Failure.self) { try Vectors.rows("shipped-packs", "no-such-key", arity: 5) }
        #expect(key?.description == "Tests/VouchTests/Vectors/shipped-packs.json: no key \"no-such-key\"")
        let arity = #expect(throws: Vectors.Failure.self) { try Vectors.rows("shipped-packs", "names", as: (String, String).self) }
        #expect(arity?.description.hasPrefix("Tests/VouchTests/Vectors/shipped-packs.json: names[0] is not an array of 2 values") == true)
        let type = #expect(throws: Vectors.Failure.self) {
            try Vectors.rows("shipped-packs", "names", as: (String, Int, String, String?, String?).self)
        }
        #expect(type?.description == "Tests/VouchTests/Vectors/shipped-packs.json: names[0][1] is \"name\", not of type Int")
    }

    @Test("null is an absent optional, and nothing else")
    func optionals() throws {
        let refused = try Vectors.rows("shipped-packs", "dates", as: (String, String, String, String?, String?).self)[1]
        #expect(refused.3 == nil)
        #expect(refused.4 == nil)
        #expect(throws: Vectors.Failure.self) {
            try Vectors.rows("shipped-packs", "dates", as: (String, String, String, String, String?).self)
        }
    }
}
