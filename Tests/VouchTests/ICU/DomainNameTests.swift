import CICU
import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("Domain names")
struct DomainNameTests {
    @Test(
        "Converts to ASCII",
        arguments: [
            ("bücher.example", "xn--bcher-kva.example"),
            ("xn--bcher-kva.example", "xn--bcher-kva.example"),
            ("Example.COM", "example.com"),
            ("faß.de", "xn--fa-hia.de"),
        ])
    func ascii(name: String, expected: String) {
        #expect(DomainName.toASCII(name) == expected)
    }

    @Test(
        "Rejects invalid names",
        arguments: ["exa mple.com", "-bad-.com", "a..com", "", "under_score.com"])
    func rejects(name: String) {
        #expect(DomainName.toASCII(name) == nil)
    }

    @Test("Reports what is wrong")
    func problems() {
        let hyphens = DomainName.Problems(rawValue: CICU_IDNA_LEADING_HYPHEN | CICU_IDNA_TRAILING_HYPHEN)
        #expect(DomainName.check("-bad-.com") == .failure(hyphens))
        #expect(DomainName.check("a..com") == .failure(.emptyLabel))
    }
}
