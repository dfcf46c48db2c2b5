/// A field compiled for the checking path: its formatters, rules and value converter in order,
/// each on bytes where it can be, with every rule's message template resolved.
///
/// Built once with the field; checking a value only follows it.
struct FieldPlan: Sendable {
    enum Formatting: Sendable {
        case bytes(any ByteFormatter)
        case text(any TextFormatter)
    }

    enum Checking: Sendable {
        case bytes(any ByteRule)
        case text(any Rule)
    }

    enum Converting: Sendable {
        case bytes(any ByteValueConverter)
        case text(any ValueConverter)
    }

    /// A rule, its message, and whether it runs on an empty value.
    struct Step: Sendable {
        let rule: Checking
        let message: MessageTemplate?
        let checksEmptyValues: Bool

        init(_ bound: FieldSchema.BoundRule) {
            rule = (bound.rule as? any ByteRule).map(Checking.bytes) ?? .text(bound.rule)
            message = bound.message
            checksEmptyValues = bound.rule.checksEmptyValues
        }
    }

    let formatters: [Formatting]
    let rules: [Step]
    let value: Converting
    /// Token fields split their text into tokens: they run on `String`s.
    let usesStrings: Bool

    init(formatters: [any TextFormatter], rules: [FieldSchema.BoundRule], value: any ValueConverter, usesStrings: Bool) {
        self.formatters = formatters.map { ($0 as? any ByteFormatter).map(Formatting.bytes) ?? .text($0) }
        self.rules = rules.map(Step.init)
        self.value = (value as? any ByteValueConverter).map(Converting.bytes) ?? .text(value)
        self.usesStrings = usesStrings
    }

    /// Runs the formatters on `text`, appending the normalized text to `output`.
    func normalize(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], scratch: CheckScratch) {
        var current: [UInt8] = []
        var next: [UInt8] = []
        swap(&current, &scratch.formatted)
        swap(&next, &scratch.spare)
        defer {
            swap(&current, &scratch.formatted)
            swap(&next, &scratch.spare)
        }
        var formatted = false
        formatters.withUnsafeBufferPointer { formatters in
            for index in formatters.indices {
                next.removeAll(keepingCapacity: true)
                let changed =
                    formatted
                    ? current.withUnsafeBufferPointer { run(formatters[index], on: $0, into: &next, scratch: scratch) }
                    : run(formatters[index], on: text, into: &next, scratch: scratch)
                if changed {
                    swap(&current, &next)
                    formatted = true
                }
            }
        }
        if formatted { output.append(contentsOf: current) } else { output.append(contentsOf: text) }
    }

    private func run(_ formatter: Formatting, on text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], scratch: CheckScratch) -> Bool {
        switch formatter {
        case .bytes(let formatter):
            return formatter.format(text, into: &output, scratch: scratch)
        case .text(let formatter):
            output.append(contentsOf: formatter.format(String(decoding: text, as: UTF8.self)).utf8)
            return true
        }
    }

    /// Runs one rule on `text`, appending what it finds.
    func check(_ step: Step, _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, into violations: inout [RuleViolation]) {
        switch step.rule {
        case .bytes(let rule): rule.check(text, context: context, into: &violations)
        case .text(let rule): violations += rule.check(String(decoding: text, as: UTF8.self), context: context.ruleContext)
        }
    }

    /// Makes the typed value of `text` into `value`, or appends why there is none.
    func convert(_ text: UnsafeBufferPointer<UInt8>, context: ByteContext, into value: inout ValueBytes, violations: inout [RuleViolation]) {
        switch self.value {
        case .bytes(let converter):
            converter.convert(text, context: context, into: &value, violations: &violations)
        case .text(let converter):
            switch converter.convert(String(decoding: text, as: UTF8.self), context: context.ruleContext) {
            case .value(let typed): value.set(typed)
            case .violations(let found): violations += found
            }
        }
    }
}
