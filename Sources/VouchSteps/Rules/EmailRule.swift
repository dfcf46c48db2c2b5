@_spi(VouchInternal) import VouchBase

/// `email`: an email address by the syntax of RFC 5321, with RFC 6531's internationalized local
/// parts (`jürgen@example.de`) and IDN domains (`user@bücher.example`, checked by UTS #46).
///
/// The domain must have a dot (`user@localhost` is refused) and a top-level label that is not all
/// digits. Address literals (`user@[192.0.2.1]`) are refused: forms do not want them.
struct EmailRule: ByteRule {
    static let definition = RuleDefinition("email", summary: "An email address (RFC 5321/6531; IDN domains).") { _, _ in EmailRule() }
        .describingInput { rule in
            rule.text == .changed ? .leftToVouch(rule: "email") : SchemaContribution(constraints: [["format": "idn-email"]])
        }

    /// Where a thread keeps the domain names it converted (``DomainCache/slot``).
    private let domains = DomainCache.slot

    static func isValid(_ address: String) -> Bool {
        var address = address
        var domains = DomainCache()
        return address.withByteText { isValid($0, domains: &domains) }
    }

    @inline(__always)
    static func isValid(_ bytes: ByteText, domains: inout DomainCache) -> Bool {
        guard bytes.count <= 254 * 4, let at = bytes.lastIndex(ofASCII: .at) else { return false }
        let local = bytes[..<at]
        let domain = ByteText(rebasing: bytes[(at + 1)...])
        guard isValidLocalPart(local) else { return false }
        guard let length = domains.hostNameLength(domain, requireDot: true, allowRootDot: false) else { return false }
        // RFC 5321 4.5.3.1.3: a path holds at most 256 octets, so an address at most 254.
        return local.count + 1 + length <= 254
    }

    /// RFC 5321 `Local-part = Dot-string / Quoted-string`, with RFC 6531 UTF-8; at most 64 octets.
    static func isValidLocalPart(_ local: Slice<ByteText>) -> Bool {
        commonLocalPartVerdict(ByteText(rebasing: local)) ?? isValidLocalPartByteByByte(local)
    }

    /// ``isValidLocalPart(_:)`` for a local part of 1 to 64 letters, digits, hyphens, dots and
    /// non-ASCII bytes (atext but for the dots), read eight bytes at a time; nil for any other.
    @inline(__always)
    static func commonLocalPartVerdict(_ local: ByteText) -> Bool? {
        let count = local.count
        guard count > 0, count <= 64 else { return nil }
        let highBits: UInt64 = 0x8080_8080_8080_8080
        /// The high bit of each byte of `word` that is none of those bytes, and of each dot.
        @inline(__always)
        func read(_ word: UInt64) -> (others: UInt64, dots: UInt64) {
            (~(word.asciiHostNameBits | word & highBits) & highBits, word.asciiBits(of: .period))
        }
        if count < 8 {
            // Past the text, the word's bytes are zeros, which are left out.
            let (others, dots) = read(local.word(at: 0, length: count))
            guard others & highBits &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count) == 0 else { return nil }
            // A leading dot is refused like a doubled one.
            return dots & (dots << 8 | 0x80) == 0 && local[count - 1] != .period
        }
        // The high bit of the lowest byte: whether the byte before the word is a dot.
        var dotBefore: UInt64 = 0x80
        var index = 0
        while index &+ 8 <= count {
            let (others, dots) = read(local.word(at: index))
            guard others == 0 else { return nil }
            if dots & (dots << 8 | dotBefore) != 0 { return false }
            dotBefore = dots >> 56
            index &+= 8
        }
        if index < count {
            // The word that ends the text: the dots on either side of its start were read in the
            // word before.
            let (others, dots) = read(local.word(at: count &- 8))
            guard others == 0 else { return nil }
            if dots & (dots << 8) != 0 { return false }
        }
        return local[count - 1] != .period
    }

    /// ``isValidLocalPart(_:)`` a byte at a time, for any local part.
    static func isValidLocalPartByteByByte(_ local: Slice<ByteText>) -> Bool {
        guard !local.isEmpty, local.count <= 64 else { return false }
        if local.first == UInt8(ascii: "\""), local.count >= 2, local.last == UInt8(ascii: "\"") {
            var escaped = false
            for byte in local.dropFirst().dropLast() {
                if escaped {
                    guard byte >= 0x20 else { return false }
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == .quote || byte.isASCIIControl {
                    return false
                }
            }
            return !escaped
        }
        var previousWasDot = true  // a leading dot is refused like a doubled one
        for byte in ByteText(rebasing: local) {
            if byte == UInt8(ascii: ".") {
                if previousWasDot { return false }
                previousWasDot = true
            } else {
                guard isAtext(byte) else { return false }
                previousWasDot = false
            }
        }
        return !previousWasDot
    }

    /// RFC 5322 atext, plus any byte of a non-ASCII UTF-8 character (RFC 6531 UTF8-non-ascii).
    @inline(__always)
    static func isAtext(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        return (byte < 64 ? asciiAtext.low : asciiAtext.high) >> UInt64(byte & 63) & 1 != 0
    }

    /// The ASCII bytes of RFC 5322 atext, as bits (byte b is bit b % 64 of `low` or `high`): the
    /// letters, the digits and `!#$%&'*+-/=?^_`{|}~`.
    static let asciiAtext: (low: UInt64, high: UInt64) = (0xA3FF_ACFA_0000_0000, 0x7FFF_FFFF_C7FF_FFFE)

    /// ASCII letters of either case are the same to an address's syntax and to its domain, which
    /// UTS #46 maps to small letters before it checks it.
    var seesASCIICase: Bool { false }

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        if !Self.isValid(text, domains: &scratch[domains]) { violations.append(RuleViolation("email")) }
    }
}
