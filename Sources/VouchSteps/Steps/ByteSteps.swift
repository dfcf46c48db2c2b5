@_spi(VouchInternal) import VouchBase

/// Formatters, rules and value converters that work on UTF-8 bytes: the checking path.
///
/// Built-in steps adopt these protocols beside the `String` ones (``TextFormatter``, ``Rule``,
/// ``ValueConverter``), with fast paths for the common text and the `String` code (and ICU) for
/// the rest, giving the same answers. A custom step that adopts only the `String` protocol still
/// runs: the plan makes a `String` of the bytes for it (an allocation for values over 15 bytes).

/// A step's code on UTF-8 bytes, as the `String` protocols hand it to the checking path
/// (``TextFormatter/formatterOnBytes``, ``Rule/ruleOnBytes``, ``ValueConverter/converterOnBytes``):
/// known when the step's type adopts its protocol, so that no step is cast at run time.
/// Vouch's own steps carry their byte code; any other step keeps the empty default and runs
/// through its `String` methods.
public struct ByteStep: Sendable {
    package var formatter: (any ByteFormatter)?
    package var rule: (any ByteRule)?
    package var converter: (any ByteValueConverter)?

    /// No byte code: the step runs through its `String` methods.
    public static let none = ByteStep()
}

/// A formatter that runs on UTF-8 bytes.
package protocol ByteFormatter: TextFormatter {
    /// Formats `text` (valid UTF-8), appending the result to `output`; returns false, and writes
    /// nothing, when the text stays as it is.
    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool

    /// Whether the formatter only lays the text out for people to read (a phone number's groups,
    /// `(201) 555-0123`): rules and values that read through layouts (``ByteRule/seesLayout``)
    /// find the same in the text with or without it. False unless a formatter says so.
    var isLayout: Bool { get }

    /// Whether, on ASCII text, the formatter changes only the case of letters (capitalizing a
    /// name): rules and values that do not see ASCII case (``ByteRule/seesASCIICase``) find the
    /// same in the text with or without it. False unless a formatter says so.
    var changesOnlyASCIICase: Bool { get }

    /// Whether the formatter leaves plain text (``ByteText/isPlainText``: printable ASCII, no space
    /// at either end nor two in a row) as it is: a field's first such formatters are not run on
    /// it. False unless a formatter says so.
    var leavesPlainTextAsIs: Bool { get }

    /// Whether what the formatter writes depends on nothing but its text and how the form made
    /// it (its parameters, the locale): checking may then reuse what it gave the same text
    /// before. True unless a formatter says otherwise (one whose code is not Vouch's).
    var dependsOnTextAlone: Bool { get }
}

extension ByteFormatter {
    package var isLayout: Bool { false }
    package var dependsOnTextAlone: Bool { true }
    package var changesOnlyASCIICase: Bool { false }
    package var leavesPlainTextAsIs: Bool { false }
    public var formatterOnBytes: ByteStep { ByteStep(formatter: self) }
}

/// A rule that runs on UTF-8 bytes.
package protocol ByteRule: Rule {
    /// Checks `text` (valid UTF-8; not empty unless the rule checks empty values), appending what
    /// it finds to `violations`.
    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation])

    /// Whether what the rule finds can depend on a layout formatter's work (``ByteFormatter/isLayout``):
    /// true unless the rule reads through layouts (a phone number's digits, whatever their groups)
    /// or reads only whether the text is empty.
    var seesLayout: Bool { get }

    /// Whether the rule finds something only in an empty text (`required`): checking a text that
    /// is not empty leaves it out. False unless a rule says so.
    var findsOnlyInEmptyText: Bool { get }

    /// Whether what the rule finds in ASCII text can depend on the case of its letters: true
    /// unless a rule says so (a name's letters, a length).
    var seesASCIICase: Bool { get }

    /// The other fields whose normalized texts the rule reads (``ByteContext/value(of:)``):
    /// none unless a rule says so.
    var otherFieldsRead: OtherFieldsRead { get }

    /// Whether what the rule finds depends on nothing but its text and how the form made it, as
    /// ``ByteFormatter/dependsOnTextAlone``: true unless it reads other fields or says otherwise.
    var dependsOnTextAlone: Bool { get }
}

extension ByteRule {
    package var seesLayout: Bool { true }
    package var findsOnlyInEmptyText: Bool { false }
    package var seesASCIICase: Bool { true }
    package var otherFieldsRead: OtherFieldsRead { .none }
    package var dependsOnTextAlone: Bool {
        if case .none = otherFieldsRead { true } else { false }
    }
    public var ruleOnBytes: ByteStep { ByteStep(rule: self) }
}

/// A value converter that runs on UTF-8 bytes.
package protocol ByteValueConverter: ValueConverter {
    /// Makes the typed value of `text` (valid UTF-8, not empty) in `value`, or appends to
    /// `violations` why it has none.
    func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation])

    /// Whether the value can depend on a layout formatter's work, as ``ByteRule/seesLayout``.
    var seesLayout: Bool { get }

    /// Whether the violations the converter finds in ASCII text can depend on the case of its
    /// letters, as ``ByteRule/seesASCIICase``.
    var seesASCIICase: Bool { get }

    /// Whether the value depends on the time (a date bound relative to today): the form reads
    /// its clock for each record only when one of its fields' converters does. False unless a
    /// converter says so.
    var readsClock: Bool { get }

    /// Whether the converter finds nothing in a text in which `rule` found nothing (the kind's
    /// own rule reads the text as the converter does): checking validity alone then leaves the
    /// converter out of a field that has that rule. False unless a converter says so.
    func findsNothing(where rule: any ByteRule) -> Bool

    /// Whether the value and what the converter finds depend on nothing but the text and how
    /// the form made it, as ``ByteFormatter/dependsOnTextAlone``: true unless it reads the clock
    /// or says otherwise.
    var dependsOnTextAlone: Bool { get }
}

extension ByteValueConverter {
    package var seesLayout: Bool { true }
    package var seesASCIICase: Bool { true }
    package var readsClock: Bool { false }
    package func findsNothing(where rule: any ByteRule) -> Bool { false }
    package var dependsOnTextAlone: Bool { !readsClock }
    public var converterOnBytes: ByteStep { ByteStep(converter: self) }
}

/// A typed value as bytes: its canonical form (the text of a JSON string, or a JSON number) and
/// its display form.
@_spi(VouchInternal) public struct ValueBytes: ~Copyable {
    /// The value is the field's normalized text, as it is (no bytes are copied).
    public var isText = false
    /// Whether the canonical form is a JSON string, or a JSON number or boolean written as it is.
    public var isNumber = false
    /// Whether the canonical text holds nothing a JSON string escapes (no quote, backslash nor
    /// control character): a converter that writes only such text (digits, ISO dates, codes)
    /// says so, and the text is then written as it is.
    public var canonicalIsPlain = false
    public var canonical = ByteBuffer()
    /// The display form; empty with `displayIsCanonical` when it is the canonical text.
    public var display = ByteBuffer()
    public var displayIsCanonical = true

    public init() {}

    /// Empties the value, keeping its buffers.
    public mutating func reset() {
        isText = false
        isNumber = false
        canonicalIsPlain = false
        canonical.removeAll()
        display.removeAll()
        displayIsCanonical = true
    }

    /// A text value: canonical and display are `text`.
    public mutating func setText(_ text: ByteText) {
        canonical.append(contentsOf: text)
    }

    /// The value is the normalized text the converter was given.
    package mutating func setNormalizedText() {
        isText = true
    }

    /// A value made by the `String` path.
    mutating func set(_ typed: TypedValue) {
        switch typed.canonical {
        case .string(let text): canonical.append(contentsOf: text.utf8)
        default:
            isNumber = true
            var json: [UInt8] = []
            JSONWriter.write(typed.canonical, into: &json)
            canonical.append(contentsOf: json)
        }
        if typed.display.utf8.elementsEqual(canonical.bytes) && !isNumber { return }
        displayIsCanonical = false
        display.append(contentsOf: typed.display.utf8)
    }

    /// The value as the `String` API gives it.
    public var typed: TypedValue {
        let canonicalText = canonical.text.string
        let displayText = displayIsCanonical ? canonicalText : display.text.string
        if isNumber, let value = try? JSONParser().parse(canonical.bytes) { return TypedValue(canonical: value, display: displayText) }
        return TypedValue(canonical: .string(canonicalText), display: displayText)
    }
}

/// What a step may know besides its text: the field, the locale, the other fields of the record,
/// and whether display forms are wanted. Valid for one call only.
@_spi(VouchInternal) public struct ByteContext {
    /// The field being checked, by its place in the form.
    public var fieldIndex = 0
    /// The field's name, when it is not in a form's plan (a value checked on its own).
    public var fieldName: String?
    /// The field's name.
    var field: String { fieldName ?? record.form!.names[fieldIndex] }
    /// The form's locale, without reference counting (the form keeps it alive): threads that
    /// share a form never count references on it.
    @usableFromInline let localeRef: LentReference<LocaleProfile>
    @usableFromInline let record: RecordView
    /// Whether the caller shows display values (the `String` and C APIs); the command line does not.
    public let wantsDisplay: Bool
    /// Whether a converter's value is wanted: false when only the record's validity is, and a
    /// converter then may write no value, only what it finds wrong.
    public var wantsValue = true
    /// When the record is checked (seconds since 1970 in UTC), read once per record from the
    /// form's clock when a field needs it (0 otherwise).
    public var now = 0

    public init(locale: LocaleProfile, record: RecordView, wantsDisplay: Bool) {
        localeRef = LentReference(locale)
        self.record = record
        self.wantsDisplay = wantsDisplay
    }

    /// The form's locale.
    public var locale: LocaleProfile { localeRef.object }

    /// The ICU locale ID of the form's locale (`en-US`; `en` for root), read where ICU is called:
    /// a context, made for every record, holds no string of its own.
    public var icuLocale: String { locale.icuLocale }

    /// Whether the locale has a region with the code `code` (its bytes exactly).
    func hasRegion(code: ByteText) -> Bool {
        localeRef.with { $0.hasRegion(code: code) }
    }

    /// The normalized text of another field, or nil if the form has no such field or it is excluded.
    func value(of field: String) -> ByteText? { record.normalizedBytes(of: field).map(ByteText.init(unsafeBuffer:)) }

    /// ``value(of:)``, read at `index` when the form has the field there (where it was when the
    /// rule was built, ``BuildContext/formFieldIndex(_:)``); by name otherwise.
    func value(of field: String, at index: Int?) -> ByteText? {
        guard let index else { return value(of: field) }
        return record.normalizedBytes(of: field, at: index).map(ByteText.init(unsafeBuffer:))
    }

    /// What a condition compares for another field: its canonical value as text
    /// (``Condition/comparedText(_:converter:context:)``); nil if the form has no such field or it
    /// is excluded.
    func conditionValue(of field: String) -> String? {
        guard let form = record.form, let index = form.indexByName[field], let bytes = record.normalizedBytes(at: index) else { return nil }
        let converter = form.converters[index]
        return Condition.comparedText(bytes.string, converter: converter, context: RuleContext(field: field, locale: locale, now: now))
    }

    /// The context the `String` protocols take.
    var ruleContext: RuleContext { RuleContext(field: field, locale: locale, others: record, now: now) }
}

/// A built-in rule whose one body reads its text as a `String` throughout (ICU parsing, Unicode
/// case folding, other fields' values as text): the checking path hands it the text decoded.
protocol TextReadingRule: ByteRule {
    /// What the rule finds in `value` (not empty unless the rule checks empty values).
    func findings(in value: String, context: ByteContext) -> [RuleViolation]
}

extension TextReadingRule {
    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        violations += findings(in: text.string, context: context)
    }
}

/// A built-in value converter whose one body reads its text as a `String` (ICU number and date
/// parsing), as ``TextReadingRule``.
protocol TextReadingConverter: ByteValueConverter {
    /// The typed value of `text` (never empty), or why it has none.
    func conversion(of text: String, context: RuleContext) -> Conversion
}

extension TextReadingConverter {
    func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        convertAsText(text, context: context, into: &value, violations: &violations)
    }

    /// The conversion of `text` decoded: what ``convert(_:context:scratch:into:violations:)`` does,
    /// and what a converter with a byte path for some texts does with the others.
    func convertAsText(_ text: ByteText, context: ByteContext, into value: inout ValueBytes, violations: inout [RuleViolation]) {
        switch conversion(of: text.string, context: context.ruleContext) {
        case .value(let typed): value.set(typed)
        case .violations(let found): violations += found
        }
    }
}

/// A `TextFormatter` without a byte path, run on a `String` made from the bytes.
package struct StringFormatterStep: ByteFormatter {
    let formatter: any TextFormatter

    package init(formatter: any TextFormatter) { self.formatter = formatter }

    package func format(_ text: String) -> String { formatter.format(text) }
    package var typingStyle: TypingStyle { formatter.typingStyle }
    /// A custom formatter may keep state of its own.
    package var dependsOnTextAlone: Bool { false }

    package func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        output.append(contentsOf: formatter.format(text.string).utf8)
        return true
    }
}

/// A `Rule` without a byte path, run on a `String` made from the bytes.
package struct StringRuleStep: ByteRule {
    let rule: any Rule

    package init(rule: any Rule) { self.rule = rule }

    package var checksEmptyValues: Bool { rule.checksEmptyValues }
    package func check(_ value: String, context: RuleContext) -> [RuleViolation] { rule.check(value, context: context) }
    /// A rule that only has a `String` path gets the other fields (`RuleContext/value(of:)`).
    package var otherFieldsRead: OtherFieldsRead { .any }

    package func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        violations += rule.check(text.string, context: context.ruleContext)
    }
}

/// A `ValueConverter` without a byte path, run on a `String` made from the bytes.
package struct StringValueStep: ByteValueConverter {
    let converter: any ValueConverter

    package init(converter: any ValueConverter) { self.converter = converter }

    /// A custom converter may keep state of its own.
    package var dependsOnTextAlone: Bool { false }

    package func convert(_ text: String, context: RuleContext) -> Conversion { converter.convert(text, context: context) }

    package func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        converter.convertAsString(text, context: context, into: &value, violations: &violations)
    }
}

extension ValueConverter {
    /// The checking path of a conversion through its `String` path: what a converter without a
    /// byte path of its own does, and one with a fast path does with the rest.
    func convertAsString(
        _ text: ByteText, context: ByteContext, into value: inout ValueBytes, violations: inout [RuleViolation]
    ) {
        switch convert(text.string, context: context.ruleContext) {
        case .value(let typed): value.set(typed)
        case .violations(let found): violations += found
        }
    }
}
