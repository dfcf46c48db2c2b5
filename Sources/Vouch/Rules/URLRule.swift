/// `url`: an absolute URL with a scheme and a host (RFC 3986, IRI characters allowed):
/// `https://example.com/a?b#c`, `http://[2001:db8::1]:8080/`, `https://bücher.example/`.
struct URLRule: Rule {
    static let definition = RuleDefinition(
        "url", summary: "An absolute URL with a scheme and a host.",
        parameters: [ParameterSpec("schemes", .strings, summary: "accepted schemes, lower case (default: any)")]
    ) { parameters, context throws(VouchError) in
        let schemes = parameters.strings("schemes")
        if let schemes, schemes.isEmpty { throw context.invalid("schemes", "must list at least one scheme") }
        return URLRule(schemes: schemes.map { Set($0.map { $0.lowercased() }) })
    }

    let schemes: Set<String>?

    func check(_ value: String, context: RuleContext) -> [RuleViolation] {
        guard let scheme = Self.scheme(ofValidURL: value) else { return [RuleViolation("url")] }
        if let schemes, !schemes.contains(scheme) {
            return [RuleViolation("url_scheme", ["schemes": .string(ListFormat.format(schemes.sorted(), locale: context.locale.icuLocale, kind: .or))])]
        }
        return []
    }

    /// The lower-cased scheme of `text` if it is a valid absolute URL with a host, else `nil`.
    /// Works on the UTF-8 bytes; only a non-ASCII host or tail is looked at as Unicode.
    static func scheme(ofValidURL text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
            bytes[..<colon].allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }),
            bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        let rest = bytes[(colon + 3)...]
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        let tail = rest[authorityEnd...]
        let fragment = tail.firstIndex(of: UInt8(ascii: "#")) ?? tail.endIndex
        // RFC 3986 allows `[` and `]` only around an IPv6 host, and one `#`.
        guard isValidAuthority(rest[..<authorityEnd]), isValidTail(tail), !tail.contains(UInt8(ascii: "[")), !tail.contains(UInt8(ascii: "]")),
            !tail[fragment...].dropFirst().contains(UInt8(ascii: "#"))
        else { return nil }
        return String(decoding: bytes[..<colon].map { $0 | (isLetter($0) ? 0x20 : 0) }, as: UTF8.self)
    }

    /// `[userinfo@]host[:port]` with a non-empty host.
    private static func isValidAuthority(_ authority: ArraySlice<UInt8>) -> Bool {
        var hostAndPort = authority
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            let userinfo = authority[..<at]
            guard isValidTail(userinfo), !userinfo.contains(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") })
            else { return false }
            hostAndPort = authority[(at + 1)...]
        }
        var host = hostAndPort
        if hostAndPort.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")) else { return false }
            guard DomainSyntax.isIPv6(Substring(String(decoding: hostAndPort[(hostAndPort.startIndex + 1)..<close], as: UTF8.self))) else { return false }
            let after = hostAndPort[(close + 1)...]
            return after.isEmpty || isValidPort(after)
        }
        if let colon = hostAndPort.lastIndex(of: UInt8(ascii: ":")) {
            guard isValidPort(hostAndPort[colon...]) else { return false }
            host = hostAndPort[..<colon]
        }
        let name = String(decoding: host, as: UTF8.self)
        if DomainSyntax.isIPv4(Substring(name)) { return true }
        guard let ascii = DomainSyntax.asciiName(name) else { return false }
        return DomainSyntax.isHostName(ascii, requireDot: false, allowRootDot: true)
    }

    /// `:` and a port number 0–65535 (an empty port is allowed by RFC 3986).
    private static func isValidPort(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: ":") else { return false }
        let digits = text.dropFirst()
        guard digits.count <= 5, digits.allSatisfy(isDigit) else { return false }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 65535
    }

    /// Path, query and fragment: no white space or control characters, no characters RFC 3986
    /// excludes (`<>"{}|\^` and backtick), and `%` only before two hex digits.
    private static func isValidTail(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case 0..<0x21, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"):
                return false
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.endIndex, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                index += 2
            default: break
            }
            index += 1
        }
        // Non-ASCII (IRI) characters: no Unicode white space or controls either.
        guard bytes.contains(where: { $0 >= 0x80 }) else { return true }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy {
            !$0.properties.isWhitespace && $0.properties.generalCategory != .control
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")) }
}

extension Unicode.Scalar {
    var isASCIIHexDigit: Bool { ("0"..."9").contains(self) || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
}
