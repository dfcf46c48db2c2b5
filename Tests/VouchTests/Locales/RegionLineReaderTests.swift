import Testing
@_spi(VouchInternal) import VouchBase

@testable import VouchSteps

/// A country's regions read from the bytes of its line are those of the line parsed whole.
@Suite("Regions read from a country's line")
struct RegionLineReaderTests {
    typealias Region = LocaleProfile.Region

    /// The regions of `line` from its ``JSONParser`` tree: each subdivision named in the first of
    /// `languages` it has a name in, else in English, its name in `en` and its English name kept
    /// as other names.
    static func parsed(_ line: UnsafeBufferPointer<UInt8>, languages: [String]) throws -> [Region] {
        let items = try #require(try JSONParser().parse(line).arrayValue)
        return try items.map { item in
            let code = try #require(item["code"]?.stringValue)
            let english = try #require(item["name"]?.stringValue)
            let names = item["names"]?.objectValue
            let name = languages.lazy.compactMap { names?[$0]?.stringValue }.first ?? english
            var others: [String] = []
            for other in [names?["en"]?.stringValue, english] {
                if let other, other != name, !others.contains(other) { others.append(other) }
            }
            return Region(code: code, name: name, otherNames: others)
        }
    }

    /// The lists of tags a locale looks names up under, and some that no name has.
    static let languageLists: [[String]] = [
        [], ["en"], ["fr"], ["de"], ["ja"], ["lt"], ["ar"], ["ru", "en"], ["xx"], ["en", "fr"],
        RegionData.languages(forLocale: "zh-TW"), RegionData.languages(forLocale: "sr-Latn-RS"),
        RegionData.languages(forLocale: "pt-BR"), RegionData.languages(forLocale: "pa-PK"),
    ]

    @Test("every country of the data, in fourteen lists of languages, as the line parsed whole")
    func everyCountry() throws {
        var checked = 0
        for country in RegionData.embedded.countryCodes {
            let line = try #require(RegionData.embedded.line(of: country))
            for languages in Self.languageLists {
                let read = try #require(RegionLineReader.regions(in: line, languages: languages), "\(country) \(languages)")
                let parsed = try Self.parsed(line, languages: languages)
                #expect(read == parsed, "\(country) \(languages)")
                #expect(RegionData.embedded.regions(country: country, languages: languages) == parsed, "\(country) \(languages)")
                checked += parsed.count
            }
        }
        #expect(checked > 5000 * Self.languageLists.count)
        #expect(RegionData.embedded.line(of: "ZZ") == nil)
        #expect(RegionData.embedded.regions(country: "ZZ", languages: ["en"]).isEmpty)
    }

    @Test("names in the wanted languages and in English, a name with escapes, white space")
    func names() throws {
        let line = Array(#"[{"code":"1","name":"One","names":{"de":"Eins","en":"Uno","fr":"Un\t\u00e9"}},{"code":"2","name":"Two"}]"#.utf8)
        let two = Region(code: "2", name: "Two", otherNames: [])
        #expect(Self.read(line, ["fr", "de"]) == [Region(code: "1", name: "Un\t\u{e9}", otherNames: ["Uno", "One"]), two])
        #expect(Self.read(line, ["it"]) == [Region(code: "1", name: "One", otherNames: ["Uno"]), two])
        #expect(Self.read(line, ["en"]) == [Region(code: "1", name: "Uno", otherNames: ["One"]), two])
        let spaced = Array(#" [ { "code" : "1" , "name" : "One" , "names" : { "de" : "Eins" , "fr" : "Un" } } ]"#.utf8) + [0x0A]
        #expect(Self.read(spaced, ["de"]) == [Region(code: "1", name: "Eins", otherNames: ["One"])])
    }

    /// JSON laid out otherwise than the generator writes it.
    static let otherLayouts = [
        #"[{"code":"1","name":"One","names":{"fr":"Un","de":"Eins"}}]"#,
        #"[{"name":"One","code":"1"}]"#,
        #"[{"code":"1","name":"One","names":{"de":"Eins"},"type":"Land"}]"#,
        #"[{"code":"1","name":"One","names":{"de":7,"fr":"Un"}}]"#,
        #"[{"\u0063ode":"1","name":"One"}]"#,
        #"[{"code":"1","name":"One","names":{"d\u0065":"Eins"}}]"#,
        #"[{"code":"1","name":"One","names":{"de":"Eins","é":"Un"}}]"#,
    ]

    @Test("a line laid out otherwise is read through the parser, to the same regions", arguments: otherLayouts)
    func otherLayout(_ text: String) throws {
        let line = Array(text.utf8)
        #expect(Self.read(line, ["de"]) == nil)
        #expect(try Self.readParsing(line, ["de"]) == line.withUnsafeBufferPointer { try Self.parsed($0, languages: ["de"]) })
    }

    @Test("what is not a region is left out")
    func notRegions() throws {
        let line = Array(#"[{"code":"1","name":"One"},7,{"name":"Two"}]"#.utf8)
        #expect(Self.read(line, []) == nil)
        #expect(try Self.readParsing(line, []) == [Region(code: "1", name: "One", otherNames: [])])
        #expect(try Self.readParsing(Array(#"{"code":"1","name":"One"}"#.utf8), []).isEmpty)
    }

    /// Lines that are not JSON: wrong in their outline, in a name no region keeps as much as
    /// anywhere else, or in the UTF-8 of a string a region keeps.
    static let malformed: [[UInt8]] = [
        Array(#"[{"code":"1","name":"One"}"#.utf8),
        Array(#"[{"code":"1","name":"One"},]"#.utf8),
        Array(#"[{"code":"1","name":"One",}]"#.utf8),
        Array(#"[{"code":"1","name":"One","names":{"de":"Eins","de":"Zwei"}}]"#.utf8),
        Array(#"[{"code":"1","name":"One","names":{"de":"Eins","fr":"U\x"}}]"#.utf8),
        Array(#"[{"code":"1","name":"One","names":{"de":"Eins","fr":"U"#.utf8) + [0x09] + Array(#""}}]"#.utf8),
        Array(#"[{"code":"1","name":"One","names":{"de":"Ei"#.utf8) + [0xC3, 0x28] + Array(#"","fr":"Un"}}]"#.utf8),
        Array(#"[{"code":"1","name":"O"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}]"#.utf8),
        Array(#"[{"code":"1","name":"One","names":{"de":"Eins","fr":"Un}}]"#.utf8),
        Array(#"[{"code":"1","name":"One"}] x"#.utf8),
        Array("[{\"code\":\"1\",\"name\":\"One\",\"names\":{\"K\":\"Kay\",\"\u{212A}\":\"Kelvin\"}}]".utf8),
    ]

    @Test("a malformed line is refused with the parser's error", arguments: malformed)
    func malformedLine(_ line: [UInt8]) throws {
        #expect(Self.read(line, ["de"]) == nil)
        let error = try #require(throws: JSONParseError.self) { try JSONParser().parse(line) }
        #expect(throws: error) { try Self.readParsing(line, ["de"]) }
    }

    /// The regions the reader reads of `line`.
    static func read(_ line: [UInt8], _ languages: [String]) -> [Region]? {
        line.withUnsafeBufferPointer { RegionLineReader.regions(in: $0, languages: languages) }
    }

    /// The regions of `line` parsed whole, as ``RegionData`` reads a line the reader gives up on.
    static func readParsing(_ line: [UInt8], _ languages: [String]) throws(JSONParseError) -> [Region] {
        try line.withUnsafeBufferPointer { buffer throws(JSONParseError) in try RegionData.regions(parsing: buffer, languages: languages) }
    }
}
