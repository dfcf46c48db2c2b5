import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchSteps

@Suite("email rule")
struct EmailRulesTests {
    static let localPart64 = String(repeating: "a", count: 64)
    static let localPart65 = String(repeating: "a", count: 65)
    /// 32 × "ü" is 64 octets in UTF-8 (but 32 characters).
    static let utf8LocalPart64 = String(repeating: "ü", count: 32)
    static let utf8LocalPart66 = String(repeating: "ü", count: 33)
    static let label63 = String(repeating: "a", count: 63)
    static let label64 = String(repeating: "a", count: 64)

    @Test(
        "Accepts valid addresses",
        arguments: [
            "user@example.com",
            "ada.lovelace@example.com",
            "first.middle.last@mail.example.org",
            "user+tag@example.com",
            "user+tag+more@sub.example.co.uk",
            "o'neil@example.ie",
            "x@example.io",
            "#!$%&'*+-/=?^_`{|}~@example.com",
            "\"john doe\"@example.com",
            "\"a@b\"@example.com",
            "\"quoted\\\"escape\"@example.com",
            "jürgen@example.de",
            "用户@example.com",
            "user@bücher.example",
            "user@BÜCHER.example",
            "user@xn--bcher-kva.example",
            "user@my-host.example.com",
            "user@123.example.com",
            "user@EXAMPLE.COM",
            localPart64 + "@example.com",
            utf8LocalPart64 + "@example.com",
            "user@" + label63 + ".example",
        ])
    func valid(address: String) throws {
        #expect(try RuleHarness.codes("email", address) == [])
    }

    @Test(
        "Refuses invalid addresses",
        arguments: [
            "userexample.com",  // no @
            "user@@example.com",
            "user@name@example.com",  // two @, unquoted
            ".user@example.com",  // leading dot
            "user.@example.com",  // trailing dot
            "us..er@example.com",  // double dot
            "user@localhost",  // no dot in the domain
            "user@-example.com",  // label with a leading hyphen
            "user@example-.com",  // label with a trailing hyphen
            "user@" + label64 + ".example",  // label over 63 octets
            localPart65 + "@example.com",  // local part over 64 octets
            utf8LocalPart66 + "@example.com",  // 33 characters but 66 octets
            "john doe@example.com",  // space in an unquoted local part
            "user@exa mple.com",  // space in the domain
            " user@example.com",
            "user@example.123",  // numeric top-level label
            "user@[192.0.2.1]",  // address literals are refused
            "@example.com",  // empty local part
            "user@",  // empty domain
            "user@.example.com",
            "user@example..com",
            "user@exa_mple.com",
            "\"unterminated@example.com",
            "\"bad\"quote\"@example.com",
            "user(comment)@example.com",
            "user@xn--zz.example",  // bad Punycode label
        ])
    func invalid(address: String) throws {
        #expect(try RuleHarness.codes("email", address) == ["email"])
    }

    @Test("Counts the local part's length in octets, not characters")
    func localPartOctets() throws {
        #expect(Self.utf8LocalPart64.count == 32)
        #expect(Self.utf8LocalPart64.utf8.count == 64)
        #expect(try RuleHarness.codes("email", Self.utf8LocalPart64 + "@example.com") == [])
        #expect(try RuleHarness.codes("email", Self.utf8LocalPart66 + "@example.com") == ["email"])
    }

    @Test("Refuses a domain with a trailing root dot (RFC 5321 Domain has none)")
    func trailingDotDomain() throws {
        #expect(try RuleHarness.codes("email", "user@example.com.") == ["email"])
    }

    @Test("Refuses an address longer than 254 octets")
    func tooLong() throws {
        // 64 + 1 + 190 = 255 octets; every label is valid.
        let domain = [String](repeating: String(repeating: "d", count: 62), count: 3).joined(separator: ".") + ".example"  // 62*3+2+8 = 196
        let local = String(repeating: "a", count: 64)
        let address = local + "@" + domain
        #expect(address.utf8.count > 254)
        #expect(try RuleHarness.codes("email", address) == ["email"])
        // Shortening the domain to fit makes it valid.
        let fitting = local + "@" + String(domain.dropFirst(address.utf8.count - 254))
        #expect(fitting.utf8.count == 254)
        #expect(try RuleHarness.codes("email", fitting) == [])
    }

    @Test("a local part read eight bytes at a time gets the answer read byte by byte, for every byte at every place")
    func commonLocalParts() {
        for length in 1...19 {
            for place in 0..<length {
                for value in 0...255 {
                    for base in ["ab.c-0Z9.éxyz.12345", "a..b.c.d.e.f.g.h.ij", "abcdefg.hijklmn.opq", "abcdefgh.ijklmnop.q"] {
                        var bytes = Array(Array(base.utf8).prefix(length))
                        bytes[place] = UInt8(value)
                        bytes.withByteText { local in
                            guard let verdict = EmailRule.commonLocalPartVerdict(local) else { return }
                            #expect(verdict == EmailRule.isValidLocalPartByteByByte(local[...]), "\(bytes)")
                        }
                    }
                }
            }
        }
        let dotted = String(repeating: "abcdefg.", count: 8)
        for local in [
            "a", ".", "a.", ".a", "a.b", "abcdefg.", "abcdefgh.", "abcdefgh.i", "abcdefg..h", "abcdefgh..i", "ab.cdefg.h", Self.localPart64,
            Self.utf8LocalPart64, String(dotted.dropLast()), "a" + dotted.dropLast(), "x" + dotted.dropLast(2),
        ] {
            Array(local.utf8).withByteText { bytes in
                #expect(EmailRule.commonLocalPartVerdict(bytes) == EmailRule.isValidLocalPartByteByByte(bytes[...]), "\(local)")
                #expect(EmailRule.isValidLocalPart(bytes[...]) == EmailRule.isValidLocalPartByteByByte(bytes[...]), "\(local)")
            }
        }
    }

    /// RFC 5322: `atext = ALPHA / DIGIT / "!" / "#" / … / "~"`, and RFC 6531 any byte of UTF-8 beyond ASCII.
    @Test("atext is RFC 5322's, byte by byte, and a local part of each byte is read so")
    func atext() throws {
        let punctuation = Set("!#$%&'*+-/=?^_`{|}~".utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            let expected =
                byte >= 0x80 || (byte < 0x80 && (Character(Unicode.Scalar(byte)).isLetter || Character(Unicode.Scalar(byte)).isNumber))
                || punctuation.contains(byte)
            #expect(EmailRule.isAtext(byte) == expected, "\(value)")
            guard byte < 0x80, byte >= 0x20, byte != UInt8(ascii: "."), byte != UInt8(ascii: "@"), byte != UInt8(ascii: " ") else {
                continue
            }
            let address = "a\(Character(Unicode.Scalar(byte)))b@example.com"
            #expect(try RuleHarness.codes("email", address).isEmpty == expected, "\(address)")
        }
    }
}
