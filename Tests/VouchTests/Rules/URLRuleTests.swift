import Testing

@testable import Vouch

@Suite("url rule")
struct URLRulesTests {
    @Test(
        "Accepts absolute URLs with a host",
        arguments: [
            "https://example.com",
            "https://example.com/",
            "http://example.com/path/to/page",
            "https://example.com/search?q=vouch&lang=en#results",
            "https://example.com/a%20b?x=%C3%A9",
            "https://example.com:8443/admin",
            "http://example.com:/",  // RFC 3986 allows an empty port
            "http://localhost:3000/",
            "http://192.0.2.1/",
            "http://192.0.2.1:8080/status",
            "http://[2001:db8::1]/",
            "http://[2001:db8::1]:8080/index.html",
            "http://[::1]/",
            "http://[::ffff:192.0.2.1]/",
            "https://bücher.example/",
            "https://xn--bcher-kva.example/",
            "https://user:secret@example.com/private",
            "ftp://anonymous@ftp.example.org/pub",
            "HTTPS://EXAMPLE.COM/",
            "git+ssh://git@example.com/repo.git",
            "https://example.com/café",
        ])
    func valid(url: String) throws {
        #expect(try RuleHarness.codes("url", url) == [])
    }

    @Test(
        "Refuses what is not an absolute URL with a host",
        arguments: [
            "ht!tp://bad url",
            "example.com",  // no scheme
            "www.example.com/path",
            "example.com:8080/path",  // looks like a scheme, but no "//"
            "mailto:x@y.z",  // no host
            "https://",  // empty host
            "https:///path",
            "https://:8080/",
            "://example.com",
            "1http://example.com",
            "https://exa mple.com/",
            "https://example.com/a b",
            " https://example.com",
            "https://example.com/%zz",
            "https://example.com/%4",
            "https://example.com/100%",
            "https://example.com:70000/",
            "https://example.com:80a/",
            "http://256.1.1.1/",  // not IPv4, and a numeric top-level label
            "http://1.2.3/",
            "http://[2001:db8::1/",  // unclosed bracket
            "http://[2001:db8::g]/",
            "http://[1::2::3]/",
            "http://[2001:db8::1]:70000/",
            "https://-example.com/",
            "https://exa_mple.com/",
            "https://example.com/<script>",
            "https://example.com/a\"b",
            "https://example.com/{x}",
        ])
    func invalid(url: String) throws {
        #expect(try RuleHarness.codes("url", url) == ["url"])
    }

    @Test(
        "Refuses junk between an IPv6 literal and the port",
        arguments: [
            "http://[2001:db8::1]x80/",  // must be ":" before a port
            "http://[::1]8080/",
            "http://[::1]]/",
        ])
    func junkAfterIPv6Literal(url: String) throws {
        #expect(try RuleHarness.codes("url", url) == ["url"])
    }

    @Test("Refuses full-width digits in an IPv6 literal (only ASCII hex digits are allowed)")
    func fullWidthIPv6() throws {
        #expect(try RuleHarness.codes("url", "http://[２００１:db8::1]/") == ["url"])
    }

    @Test(
        "Limits the schemes with the schemes parameter",
        arguments: [
            ("https://example.com/", [String]()),
            ("HTTPS://example.com/", []),
            ("http://example.com/", ["url_scheme"]),
            ("ftp://example.com/", ["url_scheme"]),
            ("not a url", ["url"]),  // url comes first: the scheme of an invalid URL is not judged
        ])
    func schemes(url: String, expected: [String]) throws {
        #expect(try RuleHarness.codes("url", ["schemes": ["https"]], url) == expected)
    }

    @Test("The url_scheme violation lists the accepted schemes, sorted")
    func schemeArguments() throws {
        let violations = try RuleHarness.violations("url", ["schemes": ["https", "HTTP"]], "ftp://example.com/")
        #expect(violations == [RuleViolation("url_scheme", ["schemes": .string("http or https")])])
        #expect(try RuleHarness.codes("url", ["schemes": ["https", "HTTP"]], "http://example.com/") == [])
    }

    @Test("An empty schemes list is refused at build time")
    func emptySchemes() {
        let error = RuleHarness.buildError("url", ["schemes": []])
        #expect(error?.code == .invalidParameter)
        #expect(error?.location == "schemes")
    }
}
