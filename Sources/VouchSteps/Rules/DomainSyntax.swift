@_spi(VouchInternal) import VouchBase

/// Host names as email addresses and URLs use them.
enum DomainSyntax {
    /// The ASCII (A-label) form of a domain name, through UTS #46 when it has non-ASCII characters;
    /// `nil` if it is not a valid name.
    static func asciiName(_ name: String) -> String? {
        var name = name
        var domains = DomainCache()
        return name.withByteText { bytes in withASCIIName(bytes, domains: &domains) { $0.map { String(decoding: $0, as: UTF8.self) } } }
    }

    /// Calls `body` with the ASCII (A-label) form of a domain name, through UTS #46 (with the
    /// thread's cache of ICU's answers) when it has non-ASCII characters or hyphens; with `nil` if
    /// it is not a valid name.
    static func withASCIIName<R>(
        _ name: ByteText, domains: inout DomainCache, _ body: (ByteText?) -> R
    ) -> R {
        guard !name.isEmpty else { return body(nil) }
        // A-labels (xn--) are checked by UTS #46 as well, so that a bad Punycode label is refused.
        if name.isASCII && !name.contains(.hyphen) { return body(name) }
        return domains.withASCIIName(name, body)
    }

    /// Whether an ASCII name is a host name: labels of letters, digits and inner hyphens, each of
    /// 1 to 63 characters, at most 253 in all, a top-level label that is not all digits.
    static func isHostName(_ name: String, requireDot: Bool, allowRootDot: Bool = false) -> Bool {
        var name = name
        return name.withByteText { isHostName($0, requireDot: requireDot, allowRootDot: allowRootDot) }
    }

    static func isHostName(_ name: ByteText, requireDot: Bool, allowRootDot: Bool = false) -> Bool {
        var name = name
        // A fully qualified name's root dot.
        if allowRootDot, name.last == .period { name = ByteText(rebasing: name.dropLast()) }
        guard !name.isEmpty, name.count <= 253 else { return false }
        // One pass: each label 1 to 63 letters, digits and inner hyphens; the last not all digits.
        // Eight bytes at a time (the last ones as a shorter word): letters and digits pass in
        // one test, each other byte (a dot, a hyphen, or one that refuses the name) is looked at
        // where it is.
        let count = name.count
        var labels = 1
        var labelStart = 0
        var wordStart = 0
        while wordStart < count {
            let length = min(8, count - wordStart)
            let kept: UInt64 = 0x8080_8080_8080_8080 >> UInt64(8 * (8 - length))
            var others = ~name.word(at: wordStart, length: length).asciiLetterOrDigitBits & kept
            while others != 0 {
                let index = wordStart + others.trailingZeroBitCount / 8
                others &= others - 1
                let byte = name[index]
                if byte == .hyphen, index > labelStart { continue }
                guard byte == .period, index > labelStart, index - labelStart <= 63, name[index - 1] != .hyphen else { return false }
                labels += 1
                labelStart = index + 1
            }
            wordStart += 8
        }
        guard count > labelStart, count - labelStart <= 63, name[count - 1] != .hyphen else { return false }
        if requireDot && labels < 2 { return false }
        for byte in name[labelStart...] where !byte.isASCIIDigit { return true }
        return false
    }

    /// A dotted-quad IPv4 address: four decimal numbers 0–255 without leading zeros.
    static func isIPv4(_ text: Slice<ByteText>) -> Bool {
        var parts = 0
        for part in ByteText(rebasing: text).parts(separatedBy: .period) {
            parts += 1
            guard parts <= 4, (1...3).contains(part.count), part.allSatisfy({ $0.isASCIIDigit }) else { return false }
            let value = part.reduce(0) { $0 * 10 + Int($1 - .zero) }
            guard value <= 255 && (part.count == 1 || part.first != .zero) else { return false }
        }
        return parts == 4
    }

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
                guard (1...4).contains(part.count), part.unicodeScalars.allSatisfy({ $0.isASCIIHexDigit }) else { return false }
                groups += 1
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
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
