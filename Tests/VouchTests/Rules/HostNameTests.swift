import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchSteps

/// Host names as `email` and `url` check them, label by label.
@Suite("host names")
struct HostNameTests {
    static let label63 = String(repeating: "a", count: 63)

    @Test(
        "labels of letters, digits and inner hyphens, 1 to 63 long, the last not all digits",
        arguments: [
            ("example.com", true), ("a.b", true), ("xn--bcher-kva.example", true), ("a-b.c-d.ef", true), ("a--b.com", true),
            ("1.com", true), ("example.123", false), ("example.1a", true), ("-a.com", false), ("a-.com", false),
            ("a.-b.com", false), ("a.b-", false), ("a..b", false), (".a.b", false), ("a.b.", false), ("", false), ("a b.com", false),
            ("a_b.com", false), ("bücher.example", false), ("a@b.com", false), ("[a].com", false), ("a.b/c", false),
            (label63 + ".com", true), (label63 + "a.com", false), ("com." + label63, true), ("com." + label63 + "a", false),
            ("localhost", true), ("123", false), ("A.B.COM", true), ("z.Z", true), ("`.com", false), ("{.com", false),
            ("a:b.com", false), ("a/b.com", false), ("abcdefgh/.com", false), ("abcdefghé.com", false), ("abcdefghij.c0m", true),
            ("0123456789.abcdefghijklmnop", true), ("ABCDEFGHIJ-KLMNOP.QRSTUVWXYZ0123456789.xyz", true), ("abcdefgh.12345678", false),
            ("abcdefgh.1234567z", true), ("abcdefg-.com", false), ("abcdefgh@com.org", false), ("abcdefg\u{7F}.com", false),
        ])
    func hostNames(name: String, valid: Bool) {
        #expect(DomainSyntax.isHostName(name, requireDot: false) == valid, "\(name)")
        #expect(DomainSyntax.isHostName(name, requireDot: true) == (valid && name.contains(".")), "\(name)")
    }

    @Test("at most 253 characters, and a root dot only where it is allowed")
    func lengthAndRootDot() {
        let long = Array(repeating: String(repeating: "a", count: 49), count: 5).joined(separator: ".") + ".abc"  // 253
        #expect(long.count == 253)
        #expect(DomainSyntax.isHostName(long, requireDot: true))
        #expect(!DomainSyntax.isHostName(long + "d", requireDot: true))
        #expect(DomainSyntax.isHostName("example.com.", requireDot: true, allowRootDot: true))
        #expect(!DomainSyntax.isHostName("example.com.", requireDot: true))
        #expect(!DomainSyntax.isHostName("example.com..", requireDot: true, allowRootDot: true))
    }

    /// What `domains` says of `name`'s length as a host name.
    static func length(_ name: String, in domains: inout DomainCache, requireDot: Bool, allowRootDot: Bool = false) -> Int? {
        var name = name
        return name.withByteText { domains.hostNameLength($0, requireDot: requireDot, allowRootDot: allowRootDot) }
    }

    @Test("a thread's cache answers as the check does, for what each name was checked for")
    func cachedHostNames() {
        var domains = DomainCache()
        // Twice each: checked, then remembered; and past the names the cache keeps.
        for round in 0..<3 {
            for index in 0..<(round == 2 ? 40 : 1) {
                #expect(Self.length("localhost", in: &domains, requireDot: false) == 9)
                #expect(Self.length("localhost", in: &domains, requireDot: true) == nil)
                #expect(Self.length("example.com.", in: &domains, requireDot: true) == nil)
                #expect(Self.length("example.com.", in: &domains, requireDot: true, allowRootDot: true) == 12)
                #expect(Self.length("bücher.example", in: &domains, requireDot: true) == "xn--bcher-kva.example".count)
                #expect(Self.length("a-.com", in: &domains, requireDot: true) == nil)
                #expect(Self.length("\(index).example", in: &domains, requireDot: true) == "\(index).example".count)
            }
        }
    }

    @Test("the cache tells apart names that share their first and last eight bytes and their length")
    func cachedLongNames() {
        var domains = DomainCache()
        for _ in 0..<3 {
            for middle in ["a", "-", "_", "b", ".", "é", "0", "A"] {
                for name in ["mail.exa\(middle)mple.organization", "mail.exa\(middle)\(middle)mple.org", "abcdefgh\(middle)"] {
                    for (requireDot, allowRootDot) in [(false, false), (true, false), (false, true), (true, true)] {
                        var fresh = DomainCache()
                        let uncached = Self.length(name, in: &fresh, requireDot: requireDot, allowRootDot: allowRootDot)
                        #expect(Self.length(name, in: &domains, requireDot: requireDot, allowRootDot: allowRootDot) == uncached, "\(name)")
                    }
                }
            }
        }
    }
}
