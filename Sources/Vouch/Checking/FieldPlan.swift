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

        func check(_ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]) {
            rule.check(text, context: context, scratch: &scratch, into: &violations)
        }
    }

    let formatters: [Formatting]

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
    /// Token fields split their text into tokens: they run on `String`s.
    let usesStrings: Bool

    init(formatters: [any TextFormatter], rules: [FieldSchema.BoundRule], value: any ValueConverter, usesStrings: Bool) {
        self.formatters = formatters.map(Formatting.init)
        self.rules = rules.map(Step.init)
        self.value = value as? any ByteValueConverter ?? StringValueStep(converter: value)
        self.usesStrings = usesStrings
    }

    /// Runs the formatters on `text`, appending the normalized text to `output`.
    func normalize(_ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, scratch: inout CheckScratch) {
        var current = ByteBuffer()
        var next = ByteBuffer()
        swap(&current, &scratch.formatted)
        swap(&next, &scratch.spare)
        defer {
            swap(&current, &scratch.formatted)
            swap(&next, &scratch.spare)
        }
        var formatted = false
        formatters.withUnsafeBufferPointer { formatters in
            for index in formatters.indices {
                next.removeAll()
                let changed =
                    formatted
                    ? current.withUnsafeBufferPointer { formatters[index].format($0, into: &next, scratch: &scratch) }
                    : formatters[index].format(text, into: &next, scratch: &scratch)
                if changed {
                    swap(&current, &next)
                    formatted = true
                }
            }
        }
        if formatted { output.append(current) } else { output.append(contentsOf: text) }
    }
}
