@_spi(VouchInternal) import VouchBase

/// `phone`: lays out a phone number as it is typed, in the format of the number it begins: the
/// locale's national format (`(201) 555-0123`), or another country's international one after `+`
/// (`+44 20 7946 0958`).
struct PhoneFormatter: ByteFormatter, TypedTextReading {
    static let definition = FormatterDefinition("phone", summary: "Lays out a phone number as it is typed.") { _, context in
        PhoneFormatter(plan: context.locale.phone)
    }

    let plan: PhonePlan

    /// `+` or an international prefix and a country code, and as many digits as that country's
    /// numbers have (``PhonePlan/typingFit(_:)``).
    var typingStyle: TypingStyle { .mask(.phoneDigits, limit: nil) }

    func typingFit(_ typed: [Character]) -> TypingFit { plan.typingFit(typed) }

    /// The groups of the number as far as it is typed; checking lays out whole numbers only.
    func formatTyping(_ text: String) -> String { plan.formatTyped(text) }

    var typingPlaceholder: Mask? { plan.placeholderMask }

    func significantText(of replacement: String, before: [Character], after: [Character]) -> String? {
        plan.typedText(of: replacement, alone: before.isEmpty && after.isEmpty, afterDigit: { before.contains { $0.isNumber } })
    }

    /// The groups of a valid number; the phone rule and value read the number whatever they are.
    var isLayout: Bool { true }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        let start = output.count
        guard plan.formatTyped(text, into: &output, scratch: &scratch) else { return false }
        if output.text(from: start).hasSameBytes(as: text) {
            output.removeSubrange(start...)
            return false
        }
        return true
    }
}
