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
    static func scheme(ofValidURL text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
            scheme.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        let afterScheme = text[text.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else { return nil }
        let rest = afterScheme.dropFirst(2)
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        let tail = rest[authorityEnd...]
        let fragmentStart = tail.firstIndex(of: "#") ?? tail.endIndex
        // RFC 3986 allows `[` and `]` only around an IPv6 host, and one `#`.
        guard isValidAuthority(rest[..<authorityEnd]), isValidTail(tail), !tail.contains(where: { $0 == "[" || $0 == "]" }),
            !tail[fragmentStart...].dropFirst().contains("#")
        else { return nil }
        return scheme.lowercased()
    }

    /// `[userinfo@]host[:port]` with a non-empty host.
    private static func isValidAuthority(_ authority: Substring) -> Bool {
        var hostAndPort = authority
        if let at = authority.lastIndex(of: "@") {
            let userinfo = authority[..<at]
            guard isValidTail(userinfo), !userinfo.contains(where: { "@[]".contains($0) }) else { return false }
            hostAndPort = authority[authority.index(after: at)...]
        }
        var host = hostAndPort
        if hostAndPort.first == "[" {
            guard let close = hostAndPort.firstIndex(of: "]") else { return false }
            host = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
            guard DomainSyntax.isIPv6(host) else { return false }
            let after = hostAndPort[hostAndPort.index(after: close)...]
            return after.isEmpty || isValidPort(after)
        }
        if let colon = hostAndPort.lastIndex(of: ":") {
            guard isValidPort(hostAndPort[colon...]) else { return false }
            host = hostAndPort[..<colon]
        }
        if DomainSyntax.isIPv4(host) { return true }
        guard let ascii = DomainSyntax.asciiName(String(host)) else { return false }
        return DomainSyntax.isHostName(ascii, requireDot: false, allowRootDot: true)
    }

    /// `:` and a port number 0–65535 (an empty port is allowed by RFC 3986).
    private static func isValidPort(_ text: Substring) -> Bool {
        guard text.first == ":" else { return false }
        let digits = text.dropFirst()
        guard digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return digits.isEmpty || Int(digits)! <= 65535
    }

    /// Path, query and fragment: no white space or control characters, no characters RFC 3986
    /// excludes (`<>"{}|\^` and backtick), and `%` only before two hex digits.
    private static func isValidTail(_ text: Substring) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control { return false }
            if "<>\"{}|\\^`".unicodeScalars.contains(scalar) { return false }
            if scalar == "%" {
                guard let a = scalars.next(), let b = scalars.next(), a.isASCIIHexDigit, b.isASCIIHexDigit else { return false }
            }
        }
        return true
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIHexDigit: Bool { ("0"..."9").contains(self) || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
}
