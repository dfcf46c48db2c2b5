import CICU

/// A failing ICU status code (`UErrorCode`), with ICU's name for it.
///
/// The values are ICU's; only the ones Vouch reacts to have static names.
@_spi(VouchInternal) public struct ICUStatus: RawRepresentable, Error, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `U_ILLEGAL_ARGUMENT_ERROR`: an argument ICU rejected, such as a malformed pattern.
    public static let illegalArgument = ICUStatus(rawValue: CICU_ILLEGAL_ARGUMENT)
    /// `U_PARSE_ERROR`: the text was not (entirely) understood.
    public static let parseError = ICUStatus(rawValue: CICU_PARSE_ERROR)
    /// `U_BUFFER_OVERFLOW_ERROR`: the output needs a bigger buffer.
    public static let bufferOverflow = ICUStatus(rawValue: CICU_BUFFER_OVERFLOW)

    /// ICU's symbolic name, e.g. `U_PATTERN_SYNTAX_ERROR`.
    public var name: String { String(cString: cicu_error_name(rawValue)) }

    public var description: String { name }

    /// Throws when `status` is a failure; ICU warnings (negative values) are not.
    public static func check(_ status: Int32) throws(ICUStatus) {
        if status > 0 { throw ICUStatus(rawValue: status) }
    }
}

@_spi(VouchInternal) extension Result where Failure == ICUStatus {
    /// The value, or `fallback` when ICU failed: where a wrapper's documented fallback is chosen.
    public func value(or fallback: @autoclosure () -> Success) -> Success {
        switch self {
        case .success(let value): value
        case .failure: fallback()
        }
    }

    /// The value, or nil when ICU failed: for parsers, where a refusal means "not one".
    public var value: Success? {
        switch self {
        case .success(let value): value
        case .failure: nil
        }
    }
}
