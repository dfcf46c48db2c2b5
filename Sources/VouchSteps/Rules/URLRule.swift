@_spi(VouchInternal) import VouchBase

/// `url`: an absolute URL with a scheme and a host (RFC 3986, IRI characters allowed):
/// `https://example.com/a?b#c`, `http://[2001:db8::1]:8080/`, `https://bücher.example/`.
struct URLRule: ByteRule {
    static let definition = RuleDefinition(
        "url", summary: "An absolute URL with a scheme and a host.",
        parameters: [ParameterSpec("schemes", .strings, summary: "accepted schemes, lower case (default: any)")]
    ) { parameters, context throws(VouchError) in
        let schemes = parameters.strings("schemes")
        if let schemes, schemes.isEmpty { throw context.invalid("schemes", "must list at least one scheme") }
        return URLRule(schemes: schemes.map { Set($0.map { $0.lowercased() }).sorted() })
    }.describingInput(inputSchema)

    static func inputSchema(_ rule: SchemaContribution.Field) -> SchemaContribution {
        rule.text == .changed ? .leftToVouch(rule: "url") : SchemaContribution(constraints: [["format": "iri"]])
    }

    /// The accepted schemes in lower case, sorted.
    let schemes: [String]?
    private let schemeBytes: [[UInt8]]
    /// Where a thread keeps the domain names it converted (``DomainCache/slot``).
    private let domains = DomainCache.slot

    init(schemes: [String]?) {
        self.schemes = schemes
        schemeBytes = schemes?.map { Array($0.utf8) } ?? []
    }

    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        guard let scheme = Self.scheme(ofValidURL: text, domains: &scratch[domains]) else { return violations.append(RuleViolation("url")) }
        guard let schemes else { return }
        let name = text[scheme]
        let accepted = schemeBytes.contains { accepted in
            accepted.count == name.count && zip(accepted, name).allSatisfy { $0 == $1.asciiLowercased }
        }
        if !accepted {
            violations.append(
                RuleViolation("url_scheme", ["schemes": .string(ListFormat.format(schemes, locale: context.icuLocale, kind: .or))]))
        }
    }

    /// Where the scheme of `text` is, if it is a valid absolute URL with a host, else `nil`.
    /// Works on the UTF-8 bytes; only a non-ASCII host or tail is looked at as Unicode.
    @inline(__always)
    static func scheme(ofValidURL bytes: ByteText, domains: inout DomainCache) -> Range<Int>? {
        switch scheme(ofPlainURL: bytes, domains: &domains) {
        case .valid(let scheme): scheme
        case .invalid: nil
        case .notPlain: scheme(ofAnyURL: bytes, domains: &domains)
        }
    }

    /// What ``scheme(ofPlainURL:domains:)`` decides: a valid URL and where its scheme is, not a
    /// valid URL, or an authority it leaves to ``scheme(ofAnyURL:domains:)``.
    enum PlainURLVerdict: Equatable {
        case valid(scheme: Range<Int>)
        case invalid
        case notPlain
    }

    /// The common case in one pass: the scheme, then an authority that is only a host of letters,
    /// digits, dots and hyphens (no user information, port or IPv6 literal), then the tail. An
    /// authority with any other byte is `notPlain`; every other answer is the one
    /// ``scheme(ofAnyURL:domains:)`` gives.
    static func scheme(ofPlainURL bytes: ByteText, domains: inout DomainCache) -> PlainURLVerdict {
        let count = bytes.count
        guard count > 0, bytes[0].isASCIILetter else { return .invalid }
        // The first byte that cannot be in a scheme must be the first colon, and `//` follows it
        // (as in `https://` and `http://`, which are looked for first).
        var colon = 1
        if count >= 8, let common = commonSchemeColon(bytes.word(at: 0)) {
            colon = common
        } else {
            while colon < count, bytes[colon].isURLSchemeByte { colon += 1 }
            guard count >= colon + 3, bytes[colon] == .colon, bytes[colon + 1] == .slash, bytes[colon + 2] == .slash else {
                return .invalid
            }
        }
        let authorityEnd = bytes.runEnd(from: colon + 3) { $0.asciiHostNameBits }
        if authorityEnd < count, !bytes[authorityEnd].endsURLAuthority { return .notPlain }
        let host = bytes[(colon + 3)..<authorityEnd]
        guard isValidHost(host, domains: &domains), isValidTail(bytes[authorityEnd...]) else {
            return .invalid
        }
        return .valid(scheme: 0..<colon)
    }

    /// Where the colon is when the first eight bytes of a URL, `word`, are `https://` or
    /// `http://` and another byte; nil for any other start.
    static func commonSchemeColon(_ word: UInt64) -> Int? {
        // The bytes of `https://` and `http://`, the first in the lowest byte.
        if word == 0x2F2F_3A73_7074_7468 { return 5 }
        if word & 0x00FF_FFFF_FFFF_FFFF == 0x2F_2F3A_7074_7468 { return 4 }
        return nil
    }

    /// ``scheme(ofValidURL:domains:)`` for any URL: user information, ports and IPv6 literals too.
    static func scheme(ofAnyURL bytes: ByteText, domains: inout DomainCache) -> Range<Int>? {
        guard let colon = bytes.firstIndex(of: .colon), colon > 0, bytes[0].isASCIILetter,
            bytes[..<colon].allSatisfy({ $0.isURLSchemeByte }),
            bytes.count >= colon + 3, bytes[colon + 1] == .slash, bytes[colon + 2] == .slash
        else { return nil }
        let rest = bytes[(colon + 3)...]
        let authorityEnd = rest.firstIndex { $0.endsURLAuthority } ?? rest.endIndex
        guard isValidAuthority(rest[..<authorityEnd], domains: &domains), isValidTail(rest[authorityEnd...]) else { return nil }
        return 0..<colon
    }

    /// `[userinfo@]host[:port]` with a non-empty host.
    private static func isValidAuthority(_ authority: Slice<ByteText>, domains: inout DomainCache) -> Bool {
        var hostAndPort = authority
        if let at = authority.lastIndex(of: .at) {
            let userinfo = authority[..<at]
            guard isValidTail(userinfo), !userinfo.contains(.at) else {
                return false
            }
            hostAndPort = authority[(at + 1)...]
        }
        var host = hostAndPort
        if hostAndPort.first == .openBracket {
            guard let close = hostAndPort.firstIndex(of: .closeBracket) else { return false }
            let address = String(decoding: hostAndPort[(hostAndPort.startIndex + 1)..<close], as: UTF8.self)
            guard DomainSyntax.isIPv6(Substring(address)) else { return false }
            let after = hostAndPort[(close + 1)...]
            return after.isEmpty || isValidPort(after)
        }
        if let colon = hostAndPort.lastIndex(of: .colon) {
            guard isValidPort(hostAndPort[colon...]) else { return false }
            host = hostAndPort[..<colon]
        }
        return isValidHost(host, domains: &domains)
    }

    /// A dotted-quad IPv4 address, or a host name (IDNA allowed; a root dot too).
    @inline(__always)
    private static func isValidHost(_ host: Slice<ByteText>, domains: inout DomainCache) -> Bool {
        // An IPv4 address ends with a digit; a name seldom does.
        if host.last?.isASCIIDigit == true, DomainSyntax.isIPv4(host) { return true }
        return domains.hostNameLength(ByteText(rebasing: host), requireDot: false, allowRootDot: true) != nil
    }

    /// `:` and a port number 0–65535 (an empty port is allowed by RFC 3986).
    private static func isValidPort(_ text: Slice<ByteText>) -> Bool {
        guard text.first == .colon else { return false }
        let digits = text.dropFirst()
        guard digits.count <= 5, digits.allSatisfy({ $0.isASCIIDigit }) else { return false }
        return digits.reduce(0) { $0 * 10 + Int($1 - .zero) } <= 65535
    }

    /// Path, query and fragment (or user information): no white space or control characters, no
    /// characters RFC 3986 excludes (`<>"{}|\^` and backtick), no `[` or `]` (allowed only around
    /// an IPv6 host), at most one `#`, and `%` only before two hex digits.
    @inline(__always)
    static func isValidTail(_ bytes: Slice<ByteText>) -> Bool {
        // Letters, digits and `&'()*+,-./:;?@` may be anywhere and change nothing in how the
        // rest is read: the run of them at the start is passed over, eight bytes at a time.
        let plain = ByteText(rebasing: bytes).runEnd(from: 0) { $0.plainURLTailBits }
        return plain == bytes.count || isValidTail(bytes, readingFrom: bytes.startIndex + plain)
    }

    /// ``isValidTail(_:)`` for `bytes` whose bytes before `start` are plain
    /// (``Swift/UInt64/plainURLTailBits``): those are passed over.
    static func isValidTail(_ bytes: Slice<ByteText>, readingFrom start: Int) -> Bool {
        var index = start
        var ascii = true
        var fragment = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case 0..<0x21, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), .quote, .openBrace, .closeBrace, UInt8(ascii: "|"), .backslash,
                UInt8(ascii: "^"), UInt8(ascii: "`"), .openBracket, .closeBracket:
                return false
            case UInt8(ascii: "#"):
                if fragment { return false }
                fragment = true
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.endIndex, bytes[index + 1].isASCIIHexDigit, bytes[index + 2].isASCIIHexDigit else { return false }
                index += 2
            case 0x80...: ascii = false
            default: break
            }
            index += 1
        }
        // Non-ASCII (IRI) characters: no Unicode white space or controls either.
        guard !ascii else { return true }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy {
            !$0.properties.isWhitespace && $0.properties.generalCategory != .control
        }
    }
}

extension UInt64 {
    /// The high bit of each of eight bytes, ASCII or not, that is plain in a URL's tail: `&`
    /// through `;`, `?` through `Z`, `a` through `z`, which ``URLRule/isValidTail(_:)`` passes over.
    var plainURLTailBits: UInt64 {
        @inline(__always) get {
            let ascii = self & 0x7F7F_7F7F_7F7F_7F7F
            let plain =
                ascii.asciiBits(from: UInt8(ascii: "&"), through: UInt8(ascii: ";"))
                | ascii.asciiBits(from: UInt8(ascii: "?"), through: UInt8(ascii: "Z"))
                | ascii.asciiBits(from: UInt8(ascii: "a"), through: UInt8(ascii: "z"))
            return plain & ~self
        }
    }
}

extension UInt8 {
    /// A letter, digit, `+`, `-` or `.`: a scheme's bytes after its first letter.
    fileprivate var isURLSchemeByte: Bool { isASCIILetterOrDigit || self == .plus || self == .hyphen || self == .period }

    /// `/`, `?` or `#`: where the authority of a URL ends and its path, query or fragment begins.
    fileprivate var endsURLAuthority: Bool { self == .slash || self == UInt8(ascii: "?") || self == UInt8(ascii: "#") }
}

extension Unicode.Scalar {
    var isASCIIHexDigit: Bool { ("0"..."9").contains(self) || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
}
