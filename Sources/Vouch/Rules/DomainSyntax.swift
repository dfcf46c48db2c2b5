/// Host names as email addresses and URLs use them.
enum DomainSyntax {
    /// The ASCII (A-label) form of a domain name, through UTS #46 when it has non-ASCII characters;
    /// `nil` if it is not a valid name.
    static func asciiName(_ name: String) -> String? {
        guard !name.isEmpty else { return nil }
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            // A-labels (xn--) are checked by UTS #46 as well, so that a bad Punycode label is refused.
            if !name.utf8.contains(where: { $0 == UInt8(ascii: "-") }) { return name }
        }
        return DomainName.toASCII(name)
    }

    /// Whether an ASCII name is a host name: labels of letters, digits and inner hyphens, each of
    /// 1 to 63 characters, at most 253 in all, a top-level label that is not all digits.
    static func isHostName(_ name: String, requireDot: Bool, allowRootDot: Bool = false) -> Bool {
        var name = Substring(name)
        if allowRootDot, name.hasSuffix(".") { name = name.dropLast() }  // a fully qualified name's root dot
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if requireDot && labels.count < 2 { return false }
        for label in labels {
            let bytes = label.utf8
            guard (1...63).contains(bytes.count), bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { return false }
            guard bytes.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }) else { return false }
        }
        return !labels.last!.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// A dotted-quad IPv4 address: four decimal numbers 0–255 without leading zeros.
    static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                guard (1...3).contains(part.count), part.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                    let value = Int(part), value <= 255
                else { return false }
                return part.count == 1 || part.first != "0"
            }
    }

    /// An IPv6 address (RFC 4291 text forms, with an optional trailing IPv4 part and one `::`).
    static func isIPv6(_ text: Substring) -> Bool {
        guard text.contains(":"), text.count <= 45 else { return false }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, part) in parts.enumerated() {
                if position == parts.count - 1, index == halves.count - 1, part.contains(".") {
                    guard isIPv4(part) else { return false }
                    groups += 2
                    continue
                }
                guard (1...4).contains(part.count), part.unicodeScalars.allSatisfy(\.isASCIIHexDigit) else { return false }
                groups += 1
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }
}

extension Substring {
    /// Splits at each occurrence of `separator` (a multi-character string).
    func components(separatedBy separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        parts.append(rest)
        return parts
    }
}
