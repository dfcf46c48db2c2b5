import CICU

/// Why a message template did not compile, and where.
@_spi(VouchInternal) public struct MessageTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of mistake ICU found.
    public enum Reason: Sendable, Hashable {
        /// A `{` without its `}`, or the reverse (`U_UNMATCHED_BRACES`).
        case unmatchedBraces
        /// An argument or plural/select that is not written as ICU expects
        /// (`U_PATTERN_SYNTAX_ERROR`, `U_ARGUMENT_TYPE_MISMATCH`, ...).
        case syntax
        /// An argument type or style ICU does not know, as in `{n, foo}`
        /// (`U_ILLEGAL_ARGUMENT_ERROR`, `U_INVALID_FORMAT_ERROR`, ...).
        case invalidArgument
        /// Braces nested deeper than ``MessageTemplate/maximumNesting``: refused before ICU's
        /// parser, which would recurse once per level.
        case tooDeep
    }

    public var reason: Reason
    /// Where in the template, in UTF-16 code units (as Vouch's editing API counts); nil when
    /// ICU does not say.
    public var offset: Int?
    /// ICU's status; nil for a template refused before ICU saw it.
    public var status: ICUStatus?
    /// ICU's name for the status, e.g. "U_UNMATCHED_BRACES".
    public var icuStatus: String { status?.name ?? "nesting limit" }
    /// The template, for the description.
    public var pattern: String

    public var description: String {
        let what =
            switch reason {
            case .unmatchedBraces: "Unmatched braces"
            case .syntax: "Syntax error"
            case .invalidArgument: "Unknown argument type or style"
            case .tooDeep: "Braces nested more than \(MessageTemplate.maximumNesting) deep"
            }
        guard let offset else { return "\(what) in message template (\(icuStatus))" }
        let utf16 = pattern.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: min(offset, utf16.count))
        let near = String(pattern[start...].prefix(12))
        let context = near.isEmpty ? "at the end" : "near \"\(near)\""
        return "\(what) in message template at offset \(offset), \(context) (\(icuStatus))"
    }

    /// A template nested too deep, at the brace that goes past the limit.
    public init(tooDeepAt offset: Int, pattern: String) {
        reason = .tooDeep
        self.offset = offset
        status = nil
        self.pattern = pattern
    }

    /// A template ICU refused: `kind` is ICU's classification (`CICU_MESSAGE_*`).
    public init(kind: Int32, status: ICUStatus, offset: Int?, pattern: String) {
        switch kind {
        case CICU_MESSAGE_UNMATCHED_BRACES: reason = .unmatchedBraces
        case CICU_MESSAGE_SYNTAX: reason = .syntax
        default: reason = .invalidArgument
        }
        self.offset = offset
        self.status = status
        self.pattern = pattern
    }
}
