@_spi(VouchInternal) import VouchBase

/// `boolean`: yes or no. A JSON `true` or `false` in a record, or in text the locale's words
/// (`yes`/`no`, `ja`/`nein`, `oui`/`non`) in any case, `true`/`false` and `1`/`0`; stored as a
/// JSON boolean, shown as the locale's first word.
enum BooleanKind {
    static let definition = KindDefinition(
        "boolean", aliases: ["bool"],
        summary: "Yes or no: a JSON boolean, the locale's words (yes/no, ja/nein) or 1/0; stored as a JSON boolean.",
        parameters: []
    ) { _, context throws(VouchError) in
        let value = BooleanValue(words: context.locale.booleanWords)
        var kind = Kind(
            name: "boolean", hints: InputHints(control: .toggle, capitalization: .none, autocorrection: false),
            formatters: [TrimFormatter()], value: value)
        // Required is accepted: a box that must be ticked. Words that are neither yes nor no are
        // left to the kind's own `boolean` violation.
        kind.whenRequired = [AcceptedRule(reading: value, leavesOtherWords: true)]
        return kind
    }.readingPack(
        "boolean", ["true": .strings, "false": .strings]
    ).describingInput(inputSchema)

    /// The locale's words for yes and no, and the words every locale takes, in any case; when
    /// required (accepted), only the words for yes, and not JSON's false or 0.
    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        let words = field.locale.booleanWords
        let yes = words.true + ["true", "1", "on"]
        let all = field.required ? yes : yes + words.false + ["false", "0", "off"]
        var constraints: [JSONObject] = [["pattern": .string(SchemaPattern.wholeValue(all, ignoringCase: true))]]
        if field.required { constraints.append(["not": ["enum": [false, 0]]]) }
        return SchemaContribution(text: .trimmed, constraints: constraints)
    }
}

/// Booleans: canonical a JSON boolean, display the locale's word.
struct BooleanValue: ByteValueConverter {
    /// The words of each value, lower case: the locale's, then `true`/`false` and `1`/`0`.
    let words: (true: [[UInt8]], false: [[UInt8]])
    /// What each value is shown as.
    let display: (true: String, false: String)

    init(words: (true: [String], false: [String])) {
        func lowered(_ words: [String], _ always: [String]) -> [[UInt8]] {
            var list: [[UInt8]] = []
            for word in words + always where !word.isEmpty {
                let bytes = Array(word.lowercased().utf8)
                if !list.contains(bytes) { list.append(bytes) }
            }
            return list
        }
        self.words = (lowered(words.true, ["true", "1", "on"]), lowered(words.false, ["false", "0", "off"]))
        display = (words.true.first ?? "true", words.false.first ?? "false")
    }

    /// The value `text` (trimmed) spells, in any case; nil when it is neither.
    func read(_ text: ByteText) -> Bool? {
        if text.allSatisfy({ $0 < 0x80 }) {
            func matches(_ word: [UInt8]) -> Bool {
                word.count == text.count && zip(word, text).allSatisfy { $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }
            }
            if words.true.contains(where: matches) { return true }
            if words.false.contains(where: matches) { return false }
            return nil
        }
        let lowered = Array(String(decoding: text, as: UTF8.self).lowercased().utf8)
        if words.true.contains(lowered) { return true }
        if words.false.contains(lowered) { return false }
        return nil
    }

    private var violation: RuleViolation {
        RuleViolation("boolean", ["true": .string(display.true), "false": .string(display.false)])
    }

    func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        guard let answer = read(text) else { return violations.append(violation) }
        // Written into the JSON output as it is: `true`, not `"true"`.
        value.isNumber = true
        value.canonical.append(contentsOf: (answer ? "true" : "false").utf8)
        guard context.wantsDisplay else { return }
        value.displayIsCanonical = false
        value.display.append(contentsOf: (answer ? display.true : display.false).utf8)
    }
}
