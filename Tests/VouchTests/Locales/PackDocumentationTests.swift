import Testing
@_spi(VouchInternal) import VouchBase
import VouchTestSupport

@testable import Vouch

#if canImport(Glibc)
    import Glibc
#endif

@Suite("docs/locale-packs.md")
struct PackDocumentationTests {
    /// The JSON of the complete example in the pack author's guide, written as a pack directory.
    static func examplePack() throws -> String {
        let guide = String(decoding: try FileBytes.read("docs/locale-packs.md"), as: UTF8.self)
        let section = try #require(guide.split(separator: "## A complete example").last)
        let afterFence = try #require(section.split(separator: "```json\n", maxSplits: 1).last)
        let json = try #require(afterFence.split(separator: "\n```", maxSplits: 1).first)
        let directory = TestFiles.temporaryDirectory("vouch-pack")
        TestFiles.write(String(json), to: directory + "/pack.json")
        return directory
    }

    @Test("the complete example loads and does what the guide says")
    func completeExample() throws {
        let registry = Registry()
        try registry.loadPacks(at: [try Self.examplePack()])
        let austria = try registry.locale("de-AT")
        #expect(austria.chain == ["de-AT", "de", "root"])
        #expect(austria.phone.parse("01 5881234")?.e164 == "+4315881234")
        let spec = #"""
            {"vouch": 1, "locale": "de-AT", "fields": [
              {"name": "d", "kind": "date"}, {"name": "m", "kind": "money"}, {"name": "p", "kind": "phone"},
              {"name": "s", "kind": "state"}, {"name": "r", "required": true}, {"name": "z", "kind": "zip"}]}
            """#
        let result = try FormSchema(json: spec, registry: registry).validate([
            "d": "22.02.1982", "m": "1.234,50 €", "p": "01 5881234", "s": "wien", "r": "", "z": "123",
        ])
        #expect(result.canonicalValues["d"] == "1982-02-22")
        #expect(result.canonicalValues["m"] == "1234.50 EUR")
        #expect(result.canonicalValues["p"] == "+4315881234")
        #expect(result.displayValues["p"] == "01 5881234")
        #expect(result.canonicalValues["s"] == "W")
        #expect(
            result.violations.map(\.message) == [
                "Dieses Feld ist erforderlich.", "Geben Sie eine vierstellige Postleitzahl ein, etwa 1010.",
            ])
    }
}
