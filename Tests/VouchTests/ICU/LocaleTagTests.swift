import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("Locale tags")
struct LocaleTagTests {
    @Test(
        "Canonical BCP-47 form",
        arguments: [
            ("de_CH", "de-CH"), ("de-ch", "de-CH"), ("EN-us", "en-US"),
            ("zh_hant_tw", "zh-Hant-TW"), ("root", "root"),
        ])
    func canonical(tag: String, expected: String) {
        #expect(LocaleTag.canonical(tag) == expected)
    }

    @Test("Malformed tags", arguments: ["de-", "x", "de--CH", "12"])
    func malformed(tag: String) {
        #expect(LocaleTag.canonical(tag) == nil)
    }

    @Test("Parents")
    func parents() {
        #expect(LocaleTag.parent(of: "de-CH") == "de")
        #expect(LocaleTag.parent(of: "de") == "root")
        #expect(LocaleTag.parent(of: "root") == nil)
        #expect(LocaleTag.fallbackChain("de_CH") == ["de-CH", "de", "root"])
        #expect(LocaleTag.fallbackChain("zh-Hant-TW") == ["zh-Hant-TW", "zh-Hant", "root"])
    }

    // ICU's resource data, not truncation alone: aliases (zh_TW is zh_Hant_TW), then CLDR's parent
    // locales (es_MX's is es_419, zh_Hant's and en_001's are root and en, nb's is no).
    @Test(
        "fallback chains follow ICU's data",
        arguments: [
            ("es-MX", ["es-MX", "es-419", "es", "root"]), ("zh-TW", ["zh-TW", "zh-Hant-TW", "zh-Hant", "root"]),
            ("zh-CN", ["zh-CN", "zh-Hans-CN", "zh-Hans", "zh", "root"]), ("nb-NO", ["nb-NO", "nb", "no", "root"]), ("no", ["no", "root"]),
            ("en-IN", ["en-IN", "en-001", "en", "root"]), ("de-JP", ["de-JP", "de", "root"]), ("pt-PT", ["pt-PT", "pt", "root"]),
        ])
    func icuChains(tag: String, chain: [String]) {
        #expect(LocaleTag.fallbackChain(tag) == chain)
    }

    @Test(
        "Known languages",
        arguments: [("de-CH", true), ("de", true), ("tr", true), ("tlh", false), ("qq", false)])
    func known(tag: String, expected: Bool) {
        #expect(LocaleTag.isKnown(tag) == expected)
    }

    @Test("ICU identifiers")
    func identifiers() {
        #expect(LocaleTag.icuIdentifier("de-CH") == "de_CH")
        #expect(LocaleTag.icuIdentifier("root") == "")
    }
}
