@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// A field compiled for the checking path: its formatters, rules and value converter in order,
/// each on bytes (steps without a byte path through `String`s), with every rule's message
/// template resolved.
///
/// Built once with the field; checking a value only follows it.
final class FieldPlan: Sendable, NumberedPlan {
    /// A rule, its message, and whether it runs on an empty value.
    ///
    /// A class, so that the rule is called where it is stored, never copied out first; each one a
    /// ``TypedStep`` of its rule's own type (``make(_:)`` is the only way to one), so that a call
    /// finds the rule without opening an existential box; `rule` answers what the plan asks of it
    /// when it is made. (Not final for that: every property is a constant, so it is `Sendable`.)
    class Step: @unchecked Sendable {
        let rule: any ByteRule
        let message: MessageTemplate?
        let checksEmptyValues: Bool

        /// The step of `bound`'s rule, through its `String` path when it has no byte path.
        static func make(_ bound: BoundRule) -> Step {
            func typed<Rule: ByteRule>(_ rule: Rule) -> Step { TypedStep(rule, bound) }
            let rule: any ByteRule = bound.rule.ruleOnBytes.rule ?? StringRuleStep(rule: bound.rule)
            return typed(rule)
        }

        fileprivate init(_ rule: any ByteRule, _ bound: BoundRule) {
            self.rule = rule
            message = bound.message
            checksEmptyValues = bound.rule.checksEmptyValues
        }

        func check(
            _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
        ) {
            preconditionFailure("a step is a TypedStep")
        }
    }

    private final class TypedStep<Rule: ByteRule>: Step, @unchecked Sendable {
        let typed: Rule

        init(_ rule: Rule, _ bound: BoundRule) {
            typed = rule
            super.init(rule, bound)
        }

        override func check(
            _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
        ) {
            typed.check(text, context: context, scratch: &scratch, into: &violations)
        }
    }

    let formatters: [Formatting]
    /// The same, without reference counting: ``formatters`` keeps them alive, and checking calls
    /// them through these, so that threads sharing a form never count references on shared objects.
    private let formatterRefs: UncountedArray<LentReference<Formatting>>
    let ruleRefs: UncountedArray<LentReference<Step>>
    /// The rules that may find something in a text that is not empty, with their positions in
    /// ``ruleRefs``: all but those that only find an empty one (``ByteRule/findsOnlyInEmptyText``).
    let filledTextRules: UncountedArray<PlacedStep>

    /// A rule and its position among the field's rules.
    struct PlacedStep {
        let position: Int
        let step: LentReference<Step>
    }
    /// The value converter, without reference counting.
    let valueRef: LentReference<Converting>

    /// The value converter, as a class for the same reasons as ``Step``.
    class Converting: @unchecked Sendable {
        static func make(_ converter: any ByteValueConverter) -> Converting {
            func typed<Converter: ByteValueConverter>(_ converter: Converter) -> Converting { TypedConverting(converter) }
            return typed(converter)
        }

        fileprivate init() {}

        func convert(
            _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
            violations: inout [RuleViolation]
        ) {
            preconditionFailure("a converting is a TypedConverting")
        }
    }

    private final class TypedConverting<Converter: ByteValueConverter>: Converting, @unchecked Sendable {
        let converter: Converter

        init(_ converter: Converter) { self.converter = converter }

        override func convert(
            _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
            violations: inout [RuleViolation]
        ) {
            converter.convert(text, context: context, scratch: &scratch, into: &value, violations: &violations)
        }
    }

    private let converting: Converting

    /// A formatter, as a class for the same reasons as ``Step``.
    class Formatting: @unchecked Sendable {
        let formatter: any ByteFormatter

        /// The formatting of `formatter`, through its `String` path when it has no byte path.
        static func make(_ formatter: any TextFormatter) -> Formatting {
            func typed<Formatter: ByteFormatter>(_ formatter: Formatter) -> Formatting { TypedFormatting(formatter) }
            let formatter: any ByteFormatter = formatter.formatterOnBytes.formatter ?? StringFormatterStep(formatter: formatter)
            return typed(formatter)
        }

        fileprivate init(_ formatter: any ByteFormatter) { self.formatter = formatter }

        func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
            preconditionFailure("a formatting is a TypedFormatting")
        }
    }

    private final class TypedFormatting<Formatter: ByteFormatter>: Formatting, @unchecked Sendable {
        let typed: Formatter

        init(_ formatter: Formatter) {
            typed = formatter
            super.init(formatter)
        }

        override func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
            typed.format(text, into: &output, scratch: &scratch)
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
    /// Whether the value is the normalized text itself (``TextValue``): made without a call.
    let valueIsText: Bool
    /// Whether the converter finds nothing where the rules of a filled text found nothing
    /// (``ByteValueConverter/findsNothing(where:)``): checking validity alone leaves it out.
    let valueFollowsRules: Bool
    /// How many of the first formatters leave plain text as it is (``ByteFormatter/leavesPlainTextAsIs``):
    /// plain text starts at the one after them.
    let plainStart: Int
    /// Where the formatters that change only the case of ASCII letters
    /// (``ByteFormatter/changesOnlyASCIICase``) begin: the last ones, or none (`formatters.count`).
    let caseStart: Int
    /// Whether the field's rules and value find the same in ASCII text without those formatters:
    /// checking validity alone may leave them out where nothing else reads the field's text
    /// (``FormPlan/skipsCaseForValidity``).
    let caseIsUnseen: Bool
    /// Whether what checking gives a text depends on nothing but the text: every formatter, rule
    /// and the converter say so (``ByteRule/dependsOnTextAlone``). A record check may then reuse
    /// a result (``ValueMemo``).
    let dependsOnTextAlone: Bool
    let number = PlanNumbers.next()

    init(formatters: [any TextFormatter], rules: [BoundRule], value: any ValueConverter) {
        self.formatters = formatters.map(Formatting.make)
        layoutStart = (self.formatters.lastIndex { !$0.formatter.isLayout } ?? -1) + 1
        let steps = rules.map(Step.make)
        self.rules = steps
        self.formatterRefs = UncountedArray(self.formatters.map { LentReference($0) })
        self.ruleRefs = UncountedArray(steps.map { LentReference($0) })
        filledTextRules = UncountedArray(
            steps.indices.filter { !steps[$0].rule.findsOnlyInEmptyText }.map { PlacedStep(position: $0, step: LentReference(steps[$0])) })
        self.value = value.converterOnBytes.converter ?? StringValueStep(converter: value)
        valueIsText = self.value is TextValue
        let value = self.value
        valueFollowsRules = filledTextRules.buffer.contains { value.findsNothing(where: steps[$0.position].rule) }
        layoutIsUnread = layoutStart < self.formatters.count && !steps.contains { $0.rule.seesLayout } && !self.value.seesLayout
        plainStart = self.formatters.firstIndex { !$0.formatter.leavesPlainTextAsIs } ?? self.formatters.count
        caseStart = (self.formatters.lastIndex { !$0.formatter.changesOnlyASCIICase } ?? -1) + 1
        caseIsUnseen = caseStart < self.formatters.count && !steps.contains { $0.rule.seesASCIICase } && !self.value.seesASCIICase
        dependsOnTextAlone =
            self.formatters.allSatisfy { $0.formatter.dependsOnTextAlone } && steps.allSatisfy { $0.rule.dependsOnTextAlone }
            && self.value.dependsOnTextAlone
        self.converting = Converting.make(self.value)
        self.valueRef = LentReference(converting)
    }

    deinit {
        formatterRefs.free()
        ruleRefs.free()
        filledTextRules.free()
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
        if !normalizeIfChanged(text, into: &output, work: &work, scratch: &scratch, skippingLayout: skippingLayout) {
            output.append(contentsOf: text)
        }
    }

    /// ``normalize(_:into:work:scratch:skippingLayout:)`` when a formatter changes `text`: false,
    /// with nothing appended, when the normalized text is `text` itself. Plain text starts at
    /// ``plainStart``. With `skippingASCIICase`, the formatters from ``caseStart`` on are left out
    /// when the text they would get is ASCII.
    @inline(__always)
    func normalizeIfChanged(
        _ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, work: inout Work, scratch: inout CheckScratch,
        skippingLayout: Bool, skippingASCIICase: Bool = false
    ) -> Bool {
        let end = skippingLayout ? layoutStart : formatters.count
        // Where the text is now: the input (0), or the first (1) or second (2) buffer of `work`.
        var current = 0
        let start = plainStart > 0 && ByteText(unsafeBuffer: text).isPlainText ? Swift.min(plainStart, end) : 0
        formatterRefs.withUnsafeBufferPointer { formatters in
            for index in formatters.indices[start..<end] {
                if skippingASCIICase && index == caseStart {
                    let now = current == 0 ? ByteText(unsafeBuffer: text) : current == 1 ? work.first.text : work.second.text
                    if now.isASCII { break }
                }
                formatters[index].with { formatter in
                    switch current {
                    case 0:
                        work.first.removeAll()
                        if formatter.format(ByteText(unsafeBuffer: text), into: &work.first, scratch: &scratch) { current = 1 }
                    case 1:
                        work.second.removeAll()
                        if formatter.format(work.first.text, into: &work.second, scratch: &scratch) { current = 2 }
                    default:
                        work.first.removeAll()
                        if formatter.format(work.second.text, into: &work.first, scratch: &scratch) { current = 1 }
                    }
                }
            }
        }
        switch current {
        case 0: return false
        case 1: output.append(work.first)
        default: output.append(work.second)
        }
        return true
    }

    /// ``normalize(_:into:work:scratch:skippingLayout:)`` of a `String`.
    func normalize(_ text: String) -> String {
        StringAdapters.withScratch { scratch in
            var output = ByteBuffer()
            var work = Work()
            StringAdapters.withBytes(text) { $0.withUnsafeBufferPointer { normalize($0, into: &output, work: &work, scratch: &scratch) } }
            return output.text.string
        }
    }
}
