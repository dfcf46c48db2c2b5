import CICU

/// Internationalized domain names to their ASCII (Punycode) form by UTS #46:
/// "bücher.example" gives "xn--bcher-kva.example".
///
/// Nontransitional processing (ß and ς stay themselves, as browsers do), STD3 rules (letters,
/// digits and hyphens only; no spaces or underscores), BiDi and CONTEXTJ checks. Thread-safe.
enum DomainName {
    /// What UTS #46 found wrong with a name (ICU's `UIDNA_ERROR_*` bits).
    struct Problems: OptionSet, Error, Sendable, Hashable {
        let rawValue: UInt32

        /// A label is empty, as in "a..com" or ".com" (`UIDNA_ERROR_EMPTY_LABEL`).
        static let emptyLabel = Problems(rawValue: cicu_idna_error_empty_label)
        /// A label is longer than 63 bytes (`UIDNA_ERROR_LABEL_TOO_LONG`).
        static let labelTooLong = Problems(rawValue: cicu_idna_error_label_too_long)
        /// The name is longer than 253 bytes (`UIDNA_ERROR_DOMAIN_NAME_TOO_LONG`).
        static let nameTooLong = Problems(rawValue: cicu_idna_error_domain_name_too_long)
        /// A label starts with "-" (`UIDNA_ERROR_LEADING_HYPHEN`).
        static let leadingHyphen = Problems(rawValue: cicu_idna_error_leading_hyphen)
        /// A label ends with "-" (`UIDNA_ERROR_TRAILING_HYPHEN`).
        static let trailingHyphen = Problems(rawValue: cicu_idna_error_trailing_hyphen)
        /// A label has "--" in its third and fourth places (`UIDNA_ERROR_HYPHEN_3_4`).
        static let hyphen34 = Problems(rawValue: cicu_idna_error_hyphen_3_4)
        /// A label starts with a combining mark (`UIDNA_ERROR_LEADING_COMBINING_MARK`).
        static let leadingCombiningMark = Problems(rawValue: cicu_idna_error_leading_combining_mark)
        /// A character not allowed in domain names, such as a space (`UIDNA_ERROR_DISALLOWED`).
        static let disallowed = Problems(rawValue: cicu_idna_error_disallowed)
        /// An "xn--" label that is not valid Punycode (`UIDNA_ERROR_PUNYCODE`).
        static let punycode = Problems(rawValue: cicu_idna_error_punycode)
        /// A label with a full stop after mapping (`UIDNA_ERROR_LABEL_HAS_DOT`).
        static let labelHasDot = Problems(rawValue: cicu_idna_error_label_has_dot)
        /// An "xn--" label that does not decode to a valid label (`UIDNA_ERROR_INVALID_ACE_LABEL`).
        static let invalidACELabel = Problems(rawValue: cicu_idna_error_invalid_ace_label)
        /// Right-to-left text breaks the BiDi rule (`UIDNA_ERROR_BIDI`).
        static let bidi = Problems(rawValue: cicu_idna_error_bidi)
        /// A joiner where the CONTEXTJ rules forbid it (`UIDNA_ERROR_CONTEXTJ`).
        static let contextJ = Problems(rawValue: cicu_idna_error_contextj)
    }

    /// The ASCII form of `name`, or nil when UTS #46 finds any problem.
    static func toASCII(_ name: String) -> String? {
        guard case .success(let ascii) = check(name) else { return nil }
        return ascii
    }

    /// The ASCII form of `name`, or the problems UTS #46 found.
    static func check(_ name: String) -> Result<String, Problems> {
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
