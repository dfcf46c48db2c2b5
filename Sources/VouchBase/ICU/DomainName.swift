import CICU

/// Internationalized domain names to their ASCII (Punycode) form by UTS #46:
/// "bücher.example" gives "xn--bcher-kva.example".
///
/// Nontransitional processing (ß and ς stay themselves, as browsers do), STD3 rules (letters,
/// digits and hyphens only; no spaces or underscores), BiDi and CONTEXTJ checks. Thread-safe.
@_spi(VouchInternal) public enum DomainName {
    /// What UTS #46 found wrong with a name: ICU's `UIDNA_ERROR_*` bits, as `<unicode/uidna.h>`
    /// names and documents them. The ones Vouch decides on are named here (`CICU_IDNA_*`).
    public struct Problems: OptionSet, Error, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A label is empty, as in "a..com" or ".com".
        public static let emptyLabel = Problems(rawValue: CICU_IDNA_EMPTY_LABEL)
        /// A character not allowed in domain names, such as a space.
        public static let disallowed = Problems(rawValue: CICU_IDNA_DISALLOWED)
    }

    /// The ASCII form of `name`, or nil when UTS #46 finds any problem.
    public static func toASCII(_ name: String) -> String? {
        guard case .success(let ascii) = check(name) else { return nil }
        return ascii
    }

    /// The ASCII form of `name`, or the problems UTS #46 found.
    public static func check(_ name: String) -> Result<String, Problems> {
        if name.isEmpty { return .failure(.emptyLabel) }
        var errors: UInt32 = 0
        let ascii = ICUText.map(name) { source, length, buffer, capacity, status in
            cicu_idna_name_to_ascii(source, length, buffer, capacity, &errors, &status)
        }.value
        guard let ascii, errors == 0 else {
            return .failure(errors == 0 ? .disallowed : Problems(rawValue: errors))
        }
        return .success(ascii)
    }
}
