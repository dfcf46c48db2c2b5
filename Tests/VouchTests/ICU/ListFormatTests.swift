import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("Lists")
struct ListFormatTests {
    @Test(
        "Joins like the locale",
        arguments: [
            (["Ada", "Grace", "Alan"], "en-US", "Ada, Grace, and Alan"),
            (["Ada", "Grace", "Alan"], "de", "Ada, Grace und Alan"),
            (["Ada", "Grace"], "en-US", "Ada and Grace"),
            (["Ada"], "en-US", "Ada"),
            ([], "en-US", ""),
        ])
    func and(items: [String], locale: String, expected: String) {
        #expect(ListFormat.format(items, locale: locale) == expected)
    }

    @Test("Or lists")
    func or() {
        #expect(
            ListFormat.format(["PDF", "PNG", "JPEG"], locale: "en-US", kind: .or)
                == "PDF, PNG, or JPEG")
        #expect(
            ListFormat.format(["PDF", "PNG", "JPEG"], locale: "fr", kind: .or) == "PDF, PNG ou JPEG"
        )
    }
}
