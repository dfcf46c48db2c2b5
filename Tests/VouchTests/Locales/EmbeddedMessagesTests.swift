import Testing
@_spi(VouchInternal) import VouchBase
import VouchTestSupport

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// The built-in messages are written once, in `Sources/VouchData/messages/messages.json`, keyed by
/// code then locale: each code has every language, and each reaches every locale through the packs.
@Suite("Built-in messages in one file")
struct EmbeddedMessagesTests {
    static let registry = Registry()

    /// The whole file, parsed as JSON: code, then locale, then template.
    static let file: [(code: String, templates: JSONObject)] = {
        let object = try! JSONParser().parse(EmbeddedMessages.file).objectValue!
        return object.map { ($0.key, $0.value.objectValue!) }
    }()

    /// The locales the file has templates for, in the order they first appear.
    static let locales: [String] = {
        var seen: [String] = []
        for (_, templates) in file { for locale in templates.keys where !seen.contains(locale) { seen.append(locale) } }
        return seen
    }()

    /// The embedded packs of a language (and root), not of a country.
    static let languages = EmbeddedPacks.all.filter { $0.document["regions"] == nil }.map(\.locale)

    @Test("reading one locale gives what a parse of the whole file gives")
    func lineReading() throws {
        #expect(Self.locales.count > 30)
        for locale in Self.locales {
            let expected = Self.file.compactMap { code, templates in templates[locale].map { (code, $0) } }
            let read = try #require(EmbeddedMessages.messages(for: locale), "\(locale)")
            #expect(read.keys == expected.map(\.0), "\(locale)")
            #expect(read.values == expected.map(\.1), "\(locale)")
        }
        #expect(EmbeddedMessages.messages(for: "en-US") == nil)
        // Several locales read in one pass give what each gives alone.
        let together = EmbeddedMessages.messages(for: Self.locales + ["en-US"])
        #expect(together.count == Self.locales.count)
        for locale in Self.locales { #expect(together[locale] == EmbeddedMessages.messages(for: locale), "\(locale)") }
    }

    /// The embedded packs are read without parsing their templates (the profiles that use them
    /// do): each must pass the whole check a pack from a file gets.
    @Test("every embedded pack, its messages with it, passes the check a pack file gets")
    func packsChecked() {
        #expect(EmbeddedPacks.all.count == EmbeddedPacks.locales.count)
        for pack in EmbeddedPacks.all {
            #expect(pack.document["messages"]?.objectValue?.isEmpty == false || pack.locale.contains("-"), "\(pack.locale)")
            #expect(throws: Never.self, "\(pack.locale)") { try PackSchema.check(pack.document) }
        }
    }

    @Test("every code has a template in root and in every language")
    func everyLanguage() {
        #expect(Self.languages.count > 30)
        for (code, templates) in Self.file {
            let missing = Self.languages.filter { templates[$0] == nil }
            #expect(missing.isEmpty, "\(code) has no template in \(missing)")
        }
    }

    @Test("every locale of the file has a pack compiled in, and no pack file holds messages of its own")
    func onePlace() throws {
        #expect(Set(Self.locales).isSubset(of: Set(EmbeddedPacks.locales)))
        for locale in EmbeddedPacks.locales {
            let text = TestFiles.read("Sources/VouchData/packs/\(locale).json")
            let pack = try #require(try JSONParser().parse(text).objectValue)
            #expect(pack["messages"] == nil, "packs/\(locale).json")
        }
    }

    /// A locale compiles a template when a message of its code is first made, once: loading it
    /// compiles none, and a record that breaks no rule costs no ICU message format.
    @Test("a locale's templates are compiled when a message first needs them")
    func compiledOnFirstUse() throws {
        let profile = try Registry().locale("de-DE")
        #expect(profile.messages.withLock { $0.isEmpty })
        let message = profile.message(for: "too_long", ["max": .number(3)])
        #expect(message == profile.template(for: "too_long")?.format(["max": .number(3)]))
        #expect(profile.messages.withLock { Set($0.keys) } == ["too_long"])
        #expect(profile.message(for: "no such code") == profile.message(for: "invalid"))
        #expect(profile.messages.withLock { Set($0.keys) } == ["too_long", "invalid"])
    }

    @Test(
        "each code of the file reaches every locale, along the locale's fallback chain",
        arguments: EmbeddedPacks.locales + ["de-CH", "es-MX", "zh-TW", "zh-CN", "nb-NO", "pt-PT", "sr-ME", "en"])
    func reachesEveryLocale(tag: String) throws {
        let profile = try Self.registry.locale(tag)
        for (code, templates) in Self.file {
            let expected = profile.chain.lazy.compactMap { templates[$0]?.stringValue }.first
            #expect(expected != nil, "\(tag): \(code)")
            #expect(profile.template(for: code)?.pattern == expected, "\(tag): \(code)")
        }
    }
}
