/// A locale's phone numbers: the national plan, and how numbers are shown.
public struct PhonePlan: Sendable {
    /// The country calling code, without `+` (`1`, `49`); empty where the locale has no plan (root).
    public let countryCode: String
    /// What a national significant number looks like (digits only, no trunk prefix).
    public let nationalPattern: RegexPattern?
    /// The digit(s) dialled before a national number inside the country (`0` in Germany, `1` in the US).
    public let trunkPrefix: String
    /// Display masks for national significant numbers; a mask may write the trunk prefix as a
    /// literal (`0## ### ####`). A number no mask fits is shown as the trunk prefix and its digits.
    public let masks: MaskSet
    /// The longest number as typed with its separators.
    public let maxLength: Int?
    /// A valid number, for messages and placeholders.
    public let example: String?
    /// Tells plans apart, for what a thread remembers of its last reading.
    let identity = Identity()

    final class Identity: Sendable {}

    /// A phone number, read against the plan.
    public struct Number: Sendable, Hashable {
        /// The country calling code, without `+`.
        public let countryCode: String
        /// The national significant number: digits only, no trunk prefix.
        public let national: String
        /// The E.164 form: `+15551234567`.
        public var e164: String { "+" + countryCode + national }
    }

    /// Reads `text` as a phone number: national (with or without the trunk prefix or country code)
    /// or international (`+` and country code). `nil` if it is not a valid number.
    public func parse(_ text: String) -> Number? {
        guard Self.isPhoneText(text) else { return nil }
        let digits = Self.asciiDigits(of: text)
        let international = text.utf8.first { $0 != 0x20 && !(0x09...0x0D).contains($0) } == UInt8(ascii: "+")
        if international {
            if !countryCode.isEmpty, digits.hasPrefix(countryCode) {
                let national = String(digits.dropFirst(countryCode.count))
                if isNational(national) { return Number(countryCode: countryCode, national: national) }
                if nationalPattern != nil { return nil }
            }
            // Another country's number: E.164 allows 15 digits at most, and no country code starts
            // with 0. Its plan is not known here, so it is kept whole (its E.164 form needs no split).
            guard (8...15).contains(digits.count), digits.first != "0" else { return nil }
            return Number(countryCode: "", national: digits)
        }
        guard !countryCode.isEmpty else { return nil }
        if isNational(digits) { return Number(countryCode: countryCode, national: digits) }
        for prefix in [trunkPrefix, countryCode] where !prefix.isEmpty && digits.hasPrefix(prefix) {
            let rest = String(digits.dropFirst(prefix.count))
            if isNational(rest) { return Number(countryCode: countryCode, national: rest) }
        }
        return nil
    }

    private func isNational(_ digits: String) -> Bool {
        guard let nationalPattern else { return (4...14).contains(digits.count) }
        return nationalPattern.matches(digits)
    }

    /// How `number` is shown: the national mask for a number of this country, `+` and digits otherwise.
    public func display(_ number: Number) -> String {
        guard number.countryCode == countryCode, !countryCode.isEmpty else { return number.e164 }
        let digits = Array(number.national)
        if let mask = masks.mask(for: digits), mask.slotCount == digits.count { return mask.apply(number.national) }
        return trunkPrefix + number.national
    }

    /// Formats text as it is typed: international numbers keep `+` and their digits; national ones
    /// lose the trunk prefix or country code when the rest is too long for the mask, then take it.
    public func formatTyped(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { return "" }
        // Letters or symbols are kept as typed, so that the phone rule can refuse them.
        guard Self.isPhoneText(trimmed) else { return trimmed }
        if let number = parse(trimmed) { return display(number) }
        let digits = Self.asciiDigits(of: trimmed)
        if trimmed.first == "+" { return "+" + digits }
        guard !masks.isEmpty else { return digits }
        // A national significant number never starts with the trunk prefix: one typed is dropped,
        // since the masks write it themselves; so is a country code the mask has no room for.
        var national = Substring(digits)
        if !trunkPrefix.isEmpty, national.hasPrefix(trunkPrefix) {
            national = national.dropFirst(trunkPrefix.count)
            if national.isEmpty { return digits }  // only the trunk prefix typed so far
        }
        if !countryCode.isEmpty, national.count > masks.longest, national.hasPrefix(countryCode) {
            national = national.dropFirst(countryCode.count)
        }
        return masks.mask(for: Array(national))?.apply(String(national)) ?? digits
    }

    /// Whether `text` has only digits (of any script) and the separators people write in phone
    /// numbers: spaces, `(`, `)`, `-`, `.`, `/` and a leading `+`.
    static func isPhoneText(_ text: String) -> Bool {
        if text.utf8.isASCII {
            var bytes = text.utf8.drop { $0 == 0x20 || (0x09...0x0D).contains($0) }
            if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            return bytes.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == 0x20 || (0x09...0x0D).contains(byte)
                    || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "/")
            }
        }
        let body = text.drop { $0.isWhitespace }
        let rest = body.first == "+" ? body.dropFirst() : body
        return rest.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "(", ")", "-", ".", "/": true
            default: scalar.decimalDigitValue != nil || scalar.isWhitespaceFast
            }
        }
    }

    /// The decimal digits of `text`, of any script, written as ASCII.
    static func asciiDigits(of text: String) -> String {
        DigitsFormatter().format(text)
    }
}

extension PhonePlan {
    /// ``parse(_:)`` of UTF-8 bytes: ASCII text without `String`s, with the thread's match data.
    func parse(_ text: UnsafeBufferPointer<UInt8>, scratch: inout CheckScratch) -> Number? {
        guard text.isASCII else { return parse(text.string) }
        guard Self.isPhoneText(ascii: text) else { return nil }
        scratch.temporary.removeAll()
        for byte in text where byte.isASCIIDigit { scratch.temporary.append(byte) }
        let international = text.first { !$0.isASCIIWhitespace } == .plus
        // The view stays valid: parsing writes nothing to the scratch's buffers.
        return parse(digits: scratch.temporary.bytes, international: international, scratch: &scratch)
    }

    private func parse(digits: UnsafeBufferPointer<UInt8>, international: Bool, scratch: inout CheckScratch) -> Number? {
        func isNational(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let nationalPattern else { return (4...14).contains(digits.count) }
            return nationalPattern.match(digits, using: scratch.matchData) == .match
        }
        func rest(after prefix: String) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: digits[prefix.utf8.count...]) }
        if international {
            if !countryCode.isEmpty, digits.starts(with: countryCode.utf8) {
                let national = rest(after: countryCode)
                if isNational(national) { return Number(countryCode: countryCode, national: national.string) }
                if nationalPattern != nil { return nil }
            }
            // Another country's number, kept whole (see `parse(_:)`).
            guard (8...15).contains(digits.count), digits.first != .zero else { return nil }
            return Number(countryCode: "", national: digits.string)
        }
        guard !countryCode.isEmpty else { return nil }
        if isNational(digits) { return Number(countryCode: countryCode, national: digits.string) }
        for prefix in [trunkPrefix, countryCode] where !prefix.isEmpty && digits.starts(with: prefix.utf8) {
            let national = rest(after: prefix)
            if isNational(national) { return Number(countryCode: countryCode, national: national.string) }
        }
        return nil
    }

    /// ``display(_:)``, appended to `output`.
    func display(_ number: Number, into output: inout ByteBuffer) {
        guard number.countryCode == countryCode, !countryCode.isEmpty, masks.isASCII else {
            return output.append(contentsOf: display(number).utf8)
        }
        var national = number.national
        national.withUTF8 { national in
            if let mask = masks.mask(forASCII: national), mask.slotCount == national.count, mask.apply(national, into: &output) { return }
            output.append(contentsOf: trunkPrefix.utf8)
            output.append(contentsOf: national)
        }
    }

    /// ``formatTyped(_:)`` of UTF-8 bytes, appended to `output`. A number read whole is
    /// remembered in `scratch`, for the rule and the value that read the same text next.
    func formatTyped(_ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, scratch: inout CheckScratch) {
        guard text.isASCII else { return output.append(contentsOf: formatTyped(text.string).utf8) }
        let trimmed = text.trimmingASCIIWhitespace
        guard !trimmed.isEmpty else { return }
        // Letters or symbols are kept as typed, so that the phone rule can refuse them.
        guard Self.isPhoneText(ascii: trimmed) else { return output.append(contentsOf: trimmed) }
        if let number = parse(trimmed, scratch: &scratch) {
            let start = output.count
            display(number, into: &output)
            scratch.phone.remember(number, for: output[start...], plan: self)
            return
        }
        guard masks.isASCII else { return output.append(contentsOf: formatTyped(trimmed.string).utf8) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: trimmed.count) { buffer in
            var count = 0
            for byte in trimmed where byte.isASCIIDigit {
                buffer[count] = byte
                count += 1
            }
            let digits = UnsafeBufferPointer(rebasing: buffer[..<count])
            if trimmed.first == .plus {
                output.append(.plus)
                return output.append(contentsOf: digits)
            }
            guard !masks.isEmpty else { return output.append(contentsOf: digits) }
            // A national significant number never starts with the trunk prefix: one typed is dropped,
            // since the masks write it themselves; so is a country code the mask has no room for.
            var national = digits
            if !trunkPrefix.isEmpty, national.starts(with: trunkPrefix.utf8) {
                national = UnsafeBufferPointer(rebasing: national[trunkPrefix.utf8.count...])
                if national.isEmpty { return output.append(contentsOf: digits) }  // only the trunk prefix typed so far
            }
            if !countryCode.isEmpty, national.count > masks.longest, national.starts(with: countryCode.utf8) {
                national = UnsafeBufferPointer(rebasing: national[countryCode.utf8.count...])
            }
            if let mask = masks.mask(forASCII: national), mask.apply(national, into: &output) { return }
            output.append(contentsOf: digits)
        }
    }

    /// The number `text` spells: what the thread read from this very text last, or a new reading.
    func number(_ text: UnsafeBufferPointer<UInt8>, scratch: inout CheckScratch) -> Number? {
        if let remembered = scratch.phone.number(for: text, plan: self) { return remembered }
        return parse(text, scratch: &scratch)
    }

    /// ``isPhoneText(_:)`` of ASCII bytes.
    static func isPhoneText(ascii text: UnsafeBufferPointer<UInt8>) -> Bool {
        var bytes = text.drop(while: { $0.isASCIIWhitespace })
        if bytes.first == .plus { bytes = bytes.dropFirst() }
        return bytes.allSatisfy { byte in
            byte.isASCIIDigit || byte.isASCIIWhitespace || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == .hyphen
                || byte == .period || byte == .slash
        }
    }
}
