import Testing
@_spi(VouchInternal) import VouchBase

@testable import VouchSteps

/// The one-pass reading of a plain URL against the general one, on real and tricky URLs: where the
/// one-pass reading decides, both must give the same answer.
@Suite("url rule: plain path")
struct URLPlainPathTests {
    /// URLs the one-pass reading decides (its authority is a bare host), valid or not.
    static let plain = [
        "https://xn--bcher-kva.example/u/697123", "https://uni.edu/u/345472", "https://example.com", "https://example.com/",
        "HTTPS://EXAMPLE.COM/", "Https://Example.Com/A?B#C", "git+ssh://example.com/repo.git", "a.b-c+d://example.com/",
        "https://example.com.", "https://example.com./", "https://example.com../", "https://.example.com/",
        "https://example.com?", "https://example.com#", "https://example.com?q=1#frag", "https://example.com#a#b",
        "https://example.com/a%20b?x=%C3%A9", "https://example.com/%zz", "https://example.com/%4", "https://example.com/100%",
        "https://example.com/café", "https://example.com/a b", "https://example.com/<x>", "https://example.com/[x]",
        "https://example.com/\u{7F}", "https://example.com/a\u{3000}b", "https://example.com/\u{85}",
        "http://192.0.2.1/", "http://192.0.2.1", "http://256.1.1.1/", "http://1.2.3/", "http://01.2.3.4/", "http://1.2.3.4./",
        "http://1.2.3.4.5/", "http://localhost/", "http://123/", "http://a123/", "http://123a/",
        "https://-example.com/", "https://example-.com/", "https://ex--ample.com/", "https://ab--cd.example/",
        "https://xn--bcher-kva.example", "https://xn--zz.example/", "https://xn--.example/", "https://a-b.c-d.example/",
        "https://" + String(repeating: "a", count: 63) + ".com/", "https://" + String(repeating: "a", count: 64) + ".com/",
        "https://" + Array(repeating: String(repeating: "a", count: 60), count: 5).joined(separator: ".") + "/",
        "https://", "https:///path", "https://?q", "https://#f", "https:/example.com", "https:example.com", "https//example.com",
        "1http://example.com", "://example.com", "ht!tp://example.com", "h", "", "http", "http:", "http:/", "http://",
        "mailto:x@y.z", "example.com", "h\u{e9}ttp://example.com/",
    ]

    /// URLs the one-pass reading leaves to the general one (user information, ports, IPv6
    /// literals, non-ASCII hosts and other authority bytes).
    static let notPlain = [
        "https://bücher.example/", "https://BÜCHER.example/", "https://example.com:8443/admin", "http://example.com:/",
        "https://example.com:70000/", "https://example.com:80a/", "https://:8080/", "http://[2001:db8::1]/",
        "http://[2001:db8::1]:8080/index.html", "http://[::1]/", "http://[::ffff:192.0.2.1]/", "http://[2001:db8::1/",
        "http://[::1]8080/", "https://user:secret@example.com/private", "ftp://anonymous@ftp.example.org/pub",
        "https://a@b@example.com/", "https://us%20er@example.com/", "https://exa_mple.com/", "https://exa mple.com/",
        "https://example.com\\path", "https://ex%41mple.com/", "https://example。com/", "https://１２３.example/",
    ]

    @Test("Decides the URLs whose authority is a bare host", arguments: plain)
    func decidesPlainURLs(url: String) {
        #expect(Self.verdicts(url).plain != .notPlain)
    }

    @Test("Leaves other authorities to the general path", arguments: notPlain)
    func leavesOtherURLs(url: String) {
        #expect(Self.verdicts(url).plain == .notPlain)
    }

    @Test("Agrees with the general path", arguments: plain + notPlain)
    func agreesWithGeneralPath(url: String) {
        let (plain, general, combined) = Self.verdicts(url)
        if plain != .notPlain {
            #expect(plain == (general.map { .valid(scheme: $0) } ?? .invalid))
        }
        #expect(combined == general)
    }

    @Test("https:// and http:// give the colon the scheme's bytes give", arguments: plain + notPlain + ["http://x", "https:/x/"])
    func commonSchemes(url: String) {
        let bytes = Array(url.utf8)
        guard bytes.count >= 8 else { return }
        let common = bytes.withByteText { URLRule.commonSchemeColon($0.word(at: 0)) }
        #expect(common == (url.hasPrefix("https://") ? 5 : url.hasPrefix("http://") ? 4 : nil))
    }

    /// Texts of every length up to 19 with `byte` at `place`, around the bytes the word reads.
    static func withEveryByte(_ body: (_ bytes: [UInt8]) -> Void) {
        for length in 1...19 {
            for place in 0..<length {
                for value in 0...255 {
                    var bytes = Array(Array("ab-c.0Z9/u?x=1&;@(*)".utf8).prefix(length))
                    bytes[place] = UInt8(value)
                    body(bytes)
                }
            }
        }
    }

    @Test("a host name's end, eight bytes at a time, is the first byte not a letter, digit, dot or hyphen")
    func hostNameEnd() {
        Self.withEveryByte { bytes in
            bytes.withByteText { text in
                for start in [0, 1, 3, 7, 8, 9, bytes.count] where start <= bytes.count {
                    let end = bytes[start...].firstIndex { !($0.isASCIILetterOrDigit || $0 == .hyphen || $0 == .period) } ?? bytes.count
                    #expect(text.runEnd(from: start) { $0.asciiHostNameBits } == end, "\(bytes) from \(start)")
                }
            }
        }
    }

    @Test("a tail's plain bytes are bytes the byte loop passes over, and passing over them changes nothing")
    func plainTail() {
        for value in 0...255 {
            let word = UInt64(value) | UInt64(value) << 32
            let plain = word.plainURLTailBits & 0x80 != 0
            #expect(word.plainURLTailBits == (plain ? 0x80_0000_0080 : 0), "\(value)")
            // A plain byte is valid alone and is neither `#` nor `%`, which the loop remembers.
            if plain {
                #expect([UInt8(value)].withByteText { URLRule.isValidTail($0[...], readingFrom: 0) } && value != 0x23 && value != 0x25)
            }
        }
        Self.withEveryByte { bytes in
            bytes.withByteText { text in
                #expect(URLRule.isValidTail(text[...]) == URLRule.isValidTail(text[...], readingFrom: 0), "\(bytes)")
                for start in [1, 3, 8, 9] where start <= bytes.count {
                    #expect(URLRule.isValidTail(text[start...]) == URLRule.isValidTail(text[start...], readingFrom: start))
                }
            }
        }
    }

    @Test(
        "tails read with their plain bytes passed over as byte by byte",
        arguments: [
            "/u/697123", "/a%20b?x=%C3%A9", "/%zz", "/%4", "/100%", "/café", "/a b", "/<x>", "/[x]", "/\u{7F}", "/a\u{3000}b",
            "/abcdefgh#ijklmnop#q", "/abcdefgh#ijklmnop", "/abcdefghijklmno%2", "/abcdefghijklmno%41", "?q=1#frag", "",
            "/abcdefghijklmnopqrstuvwxyz0123456789", "/ABCDEFGH\u{85}", "/path/to/page.html?query=1&b=2;c=(3)*@x",
        ])
    func tails(tail: String) {
        Array(tail.utf8).withByteText { text in
            #expect(URLRule.isValidTail(text[...]) == URLRule.isValidTail(text[...], readingFrom: 0))
        }
    }

    /// The one-pass verdict, the general path's answer, and the rule's (which combines them).
    static func verdicts(_ url: String) -> (plain: URLRule.PlainURLVerdict, general: Range<Int>?, combined: Range<Int>?) {
        Array(url.utf8).withByteText { bytes in
            var domains = DomainCache()
            let plain = URLRule.scheme(ofPlainURL: bytes, domains: &domains)
            var fresh = DomainCache()
            let general = URLRule.scheme(ofAnyURL: bytes, domains: &fresh)
            var other = DomainCache()
            return (plain, general, URLRule.scheme(ofValidURL: bytes, domains: &other))
        }
    }
}
