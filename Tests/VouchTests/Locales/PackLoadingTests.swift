import Testing
import VouchTestSupport

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Loading locale packs")
struct PackLoadingTests {
    static let fixtures = "Tests/Fixtures/packs"

    @Test("a good pack loads, layers over its parents and serves its locale")
    func goodPack() throws {
        let registry = Registry()
        try registry.loadPacks(at: ["\(Self.fixtures)/good"])
        let austria = try registry.locale("de-AT")
        #expect(austria.chain == ["de-AT", "de", "root"])
        #expect(austria.message(for: "required") == "Bitte ausfüllen.")
        #expect(austria.message(for: "email") == "Geben Sie eine gültige E-Mail-Adresse ein.", "from the de pack")
        #expect(austria.postalCode.isValid("6020"))
        #expect(!austria.postalCode.isValid("60200"))
        let vienna = try #require(austria.phone.parse("01 5881234"))
        #expect(vienna.e164 == "+4315881234")
        #expect(austria.phone.display(vienna) == "01/5881234", "the pack's format replaces libphonenumber's")
        #expect(austria.phone.maxLength == 20)
        let subdivisions = RegionData.embedded.regions(country: "AT", languages: ["de"]).map(\.code)
        #expect(austria.regions.map(\.code) == ["W", "T"] + subdivisions, "the pack's regions, then the country's subdivisions")
        #expect(austria.manualEntryLabel == "Andere Eingabe")
        #expect(registry.localeTags.contains("de-AT"))
        let spec =
            #"{"vouch": 1, "locale": "de-AT", "fields": [{"name": "a", "kind": "decimal"}, {"name": "b", "kind": "decimal", "max_fraction_digits": 3}]}"#
        let result = try FormSchema(json: spec, registry: registry).validate(["a": "1,234", "b": "1,234"])
        #expect(result.violations.map(\.code) == ["too_precise"], "the pack's precision, unless the field gives its own")
        #expect(result.violations.first?.message == "Geben Sie höchstens 2 Nachkommastellen ein.")
    }

    @Test("a later pack overrides the keys it gives and keeps the rest")
    func layering() throws {
        let registry = Registry()
        try registry.loadPacks(at: ["\(Self.fixtures)/good", "\(Self.fixtures)/layer"])
        let austria = try registry.locale("de-AT")
        #expect(austria.message(for: "required") == "Pflichtfeld.")
        #expect(austria.postalCode.example == "6020")
        #expect(austria.postalCode.maxLength == 4, "kept from the first pack")
    }

    @Test(
        "a malformed pack is refused whole, naming the file and the key",
        arguments: [
            ("bad-json", VouchError.Code.invalidPack, "bad-json/pack.json"),
            ("bad-version", .invalidPack, "bad-version/pack.json: vouch_pack"),
            ("bad-message", .badMessage, "bad-message/pack.json: messages.too_short"),
            ("bad-regex", .badRegex, "bad-regex/pack.json: kinds.postal_code.pattern"),
            ("unknown-locale", .unknownLocale, "unknown-locale/pack.json: locale"),
            ("bad-key", .invalidPack, "bad-key/pack.json: kinds.phone.mask"),
            ("bad-masks", .invalidPack, "bad-masks/pack.json: kinds.postal_code.masks"),
            ("bad-phone-plan", .badRegex, "bad-phone-plan/pack.json: kinds.phone.plan.types.mobile.pattern"),
            ("missing", .io, "missing"),
        ])
    func malformed(name: String, code: VouchError.Code, location: String) throws {
        let registry = Registry()
        let before = registry.localeTags
        let error = #expect(throws: VouchError.self) { try registry.loadPacks(at: ["\(Self.fixtures)/\(name)"]) }
        #expect(error?.code == code, "\(error.map(String.init(describing:)) ?? "")")
        #expect(error?.location?.hasPrefix("\(Self.fixtures)/\(location)") == true, "\(error?.location ?? "")")
        // The file and the key inside it are kept apart, as the C and Python APIs give them.
        #expect(error?.file?.hasPrefix("\(Self.fixtures)/\(name)") == true, "\(error?.file ?? "")")
        let key = location.split(separator: ": ", maxSplits: 1).dropFirst().first.map(String.init)
        #expect(error?.path == key, "\(error?.path ?? "")")
        #expect(registry.localeTags == before, "nothing half-loaded")
    }

    @Test("error messages say what was expected")
    func messages() throws {
        let registry = Registry()
        let version = #expect(throws: VouchError.self) { try registry.loadPacks(at: ["\(Self.fixtures)/bad-version"]) }
        #expect(version?.message == "unknown pack format version 7; this Vouch reads version 1")
        let message = #expect(throws: VouchError.self) { try registry.loadPacks(at: ["\(Self.fixtures)/bad-message"]) }
        #expect(message?.message.hasPrefix("ICU cannot parse this message template:") == true)
        let key = #expect(throws: VouchError.self) { try registry.loadPacks(at: ["\(Self.fixtures)/bad-key"]) }
        #expect(key?.message.contains("unknown key \"mask\" for kind \"phone\"") == true)
    }

    @Test("a directory of packs loads all or none")
    func allOrNothing() throws {
        let registry = Registry()
        let error = #expect(throws: VouchError.self) { try registry.loadPacks(at: ["\(Self.fixtures)/set"]) }
        #expect(error?.location?.contains("set/b-bad/pack.json") == true)
        #expect(!registry.localeTags.contains("de-AT"), "the good pack before the bad one is not kept")
        #expect(try registry.locale("de-AT").message(for: "required") == "Dieses Feld ist erforderlich.")
        let partial = #expect(throws: VouchError.self) {
            try registry.loadPacks(at: ["\(Self.fixtures)/good", "\(Self.fixtures)/bad-json"])
        }
        #expect(partial?.code == .invalidPack)
        #expect(!registry.localeTags.contains("de-AT"))
    }

    // The process's environment is left alone: tests running meanwhile start `vouch` commands.
    @Test("VOUCH_PACK_PATH names more packs")
    func environment() throws {
        let registry = Registry()
        try registry.loadPacks(searchPath: "\(Self.fixtures)/good::\(Self.fixtures)/layer")
        #expect(try registry.locale("de-AT").message(for: "required") == "Pflichtfeld.")
        let error = #expect(throws: VouchError.self) { try Registry().loadPacks(searchPath: "\(Self.fixtures)/bad-regex") }
        #expect(error?.code == .badRegex)
    }

    @Test("a profile built before a load is replaced after it")
    func profilesRefresh() throws {
        let registry = Registry()
        #expect(try registry.locale("de-AT").regions.first?.code == "1", "the country's subdivisions alone")
        try registry.loadPacks(at: ["\(Self.fixtures)/good"])
        #expect(try registry.locale("de-AT").regions.first?.code == "W", "the pack's first")
    }

    @Test("many packs of one locale load in one check of that locale, the last one laid on top")
    func manyPacks() throws {
        let directory = TestFiles.temporaryDirectory("vouch-packs")
        for index in 0..<250 {
            let folder = directory + "/" + Self.folderName(index)
            mkdir(folder, 0o700)
            let text =
                #"{"vouch_pack": 1, "locale": "de-AT", "version": "1.0.\#(index)", "messages": {"required": "Pflichtfeld \#(index)."}, "manual_entry": "Andere"}"#
            let file = fopen(folder + "/pack.json", "w")!
            fputs(text, file)
            fclose(file)
        }
        let registry = Registry()
        let before = registry.locales.checksMade
        try registry.loadPacks(at: [directory])
        // 250 packs of de-AT: its profile is built once to check them (it was built 250 times,
        // each over all the packs: loading 3,000 took minutes).
        #expect(registry.locales.checksMade - before == 1)
        #expect(try registry.locale("de-AT").message(for: "required") == "Pflichtfeld 249.")
    }

    /// `0007`: names that sort in the order the packs are made.
    private static func folderName(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
