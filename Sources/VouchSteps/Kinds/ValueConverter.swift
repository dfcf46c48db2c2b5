@_spi(VouchInternal) import VouchBase

/// Turns a field's checked text into its typed value, or says why it cannot.
///
/// Each kind has one: text kinds keep the text; `date` parses it with ICU; `money` reads an amount
/// and currency. A converter runs after the rules, and only when they found nothing.
///
/// ## Implementation requirements
///
/// Like rules: safe to call from many threads, no mutable state, no value in a violation.
public protocol ValueConverter: Sendable {
    /// The typed value of `text` (never empty), or the violations that stop it from having one.
    func convert(_ text: String, context: RuleContext) -> Conversion

    /// Vouch's own converters' code on UTF-8 bytes; keep the default (``ByteStep/none``), and
    /// the checking path runs ``convert(_:context:)``.
    var converterOnBytes: ByteStep { get }
}

extension ValueConverter {
    public var converterOnBytes: ByteStep { .none }
}

/// What a ``ValueConverter`` made of a text.
public enum Conversion: Sendable, Hashable {
    case value(TypedValue)
    case violations([RuleViolation])
}

/// Text kinds: the value is the text.
public struct TextValue: ByteValueConverter {
    public init() {}

    public func convert(_ text: String, context: RuleContext) -> Conversion { convertThroughBytes(text, context: context) }

    /// Finds nothing in any text.
    package var seesASCIICase: Bool { false }

    package func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        value.setNormalizedText()
    }
}
