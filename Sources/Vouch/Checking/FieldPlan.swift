/// A field compiled for the checking path: its formatters, rules and value converter in order,
/// each on bytes (steps without a byte path through `String`s), with every rule's message
/// template resolved.
///
/// Built once with the field; checking a value only follows it.
final class FieldPlan: Sendable {
    /// A rule, its message, and whether it runs on an empty value.
    ///
    /// A class, so that the rule is called where it is stored, never copied out first.
    final class Step: Sendable {
        let rule: any ByteRule
        let message: MessageTemplate?
        let checksEmptyValues: Bool

        init(_ bound: FieldSchema.BoundRule) {
            rule = bound.rule as? any ByteRule ?? StringRuleStep(rule: bound.rule)
            message = bound.message
            checksEmptyValues = bound.rule.checksEmptyValues
        }

        func check(
            _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
        ) {
            rule.check(text, context: context, scratch: &scratch, into: &violations)
        }
    }

    let formatters: [Formatting]
    /// The same, without reference counting: ``formatters`` keeps them alive, and checking calls
    /// them through these, so that threads sharing a form never count references on shared objects.
    private let formatterRefs: UncountedArray<Unmanaged<Formatting>>
    let ruleRefs: UncountedArray<Unmanaged<Step>>
    /// The value converter, without reference counting.
    let valueRef: Unmanaged<Converting>

    /// The value converter, as a class for the same reason as ``Step``.
    final class Converting: Sendable {
        let converter: any ByteValueConverter

        init(_ converter: any ByteValueConverter) { self.converter = converter }

        func convert(
            _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
            violations: inout [RuleViolation]
        ) {
            converter.convert(text, context: context, scratch: &scratch, into: &value, violations: &violations)
        }
    }

    private let converting: Converting

    /// A formatter, as a class for the same reason as ``Step``.
    final class Formatting: Sendable {
        let formatter: any ByteFormatter

        init(_ formatter: any TextFormatter) {
            self.formatter = formatter as? any ByteFormatter ?? StringFormatterStep(formatter: formatter)
        }

        func format(_ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
            formatter.format(text, into: &output, scratch: &scratch)
        }
    }
    let rules: [Step]
    let value: any ByteValueConverter
    /// Where the formatters that only lay the text out begin (``ByteFormatter/isLayout``): the
    /// last ones, or none (`formatters.count`).
    let layoutStart: Int
    /// Whether the field's rules and value find the same without those formatters: checking
    /// may leave them out where nothing else reads the field's text (``FormPlan/skipsLayout``).
    let layoutIsUnread: Bool

    init(formatters: [any TextFormatter], rules: [FieldSchema.BoundRule], value: any ValueConverter) {
        self.formatters = formatters.map(Formatting.init)
        layoutStart = (self.formatters.lastIndex { !$0.formatter.isLayout } ?? -1) + 1
        self.rules = rules.map(Step.init)
        self.formatterRefs = UncountedArray(self.formatters.map { Unmanaged.passUnretained($0) })
        self.ruleRefs = UncountedArray(self.rules.map { Unmanaged.passUnretained($0) })
        self.value = value as? any ByteValueConverter ?? StringValueStep(converter: value)
        layoutIsUnread = layoutStart < self.formatters.count && !self.rules.contains { $0.rule.seesLayout } && !self.value.seesLayout
        self.converting = Converting(self.value)
        self.valueRef = Unmanaged.passUnretained(converting)
    }

    deinit {
        formatterRefs.free()
        ruleRefs.free()
    }

    /// Two buffers the formatters of a field write into in turn.
    /// (Empty until first written: an empty record state costs nothing to make.)
    struct Work: ~Copyable {
        var first = ByteBuffer()
        var second = ByteBuffer()
    }

    /// Runs the formatters on `text`, appending the normalized text to `output`; without those
    /// that only lay it out when `skippingLayout`.
    func normalize(
        _ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, work: inout Work, scratch: inout CheckScratch,
        skippingLayout: Bool = false
    ) {
        // Where the text is now: the input (0), or the first (1) or second (2) buffer of `work`.
        var current = 0
        formatterRefs.withUnsafeBufferPointer { formatters in
            for index in formatters.indices[..<(skippingLayout ? layoutStart : formatters.count)] {
                formatters[index]._withUnsafeGuaranteedRef { formatter in
                    switch current {
                    case 0:
                        work.first.removeAll()
                        if formatter.format(text, into: &work.first, scratch: &scratch) { current = 1 }
                    case 1:
                        work.second.removeAll()
                        if formatter.format(work.first.bytes, into: &work.second, scratch: &scratch) { current = 2 }
                    default:
                        work.first.removeAll()
                        if formatter.format(work.second.bytes, into: &work.first, scratch: &scratch) { current = 1 }
                    }
                }
            }
        }
        switch current {
        case 0: output.append(contentsOf: text)
        case 1: output.append(work.first)
        default: output.append(work.second)
        }
    }
}
