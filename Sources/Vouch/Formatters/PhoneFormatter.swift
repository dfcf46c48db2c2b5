/// `phone`: shows a phone number in the locale's national format (`(555) 123-4567`), or as `+`
/// and digits for another country's number.
struct PhoneFormatter: TextFormatter {
    static let definition = FormatterDefinition("phone", summary: "Formats a phone number with the locale's mask.") { _, context in
        PhoneFormatter(plan: context.locale.phone)
    }

    let plan: PhonePlan

    func format(_ text: String) -> String { plan.formatTyped(text) }

    /// Up to `+` and the 15 digits of E.164.
    var typingStyle: TypingStyle { .mask(.phoneDigits, limit: 16) }
}

extension PhoneFormatter: ByteFormatter {
    func format(_ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        let start = output.count
        plan.formatTyped(text, into: &output, scratch: &scratch)
        if output[start...].hasSameBytes(as: text) {
            output.removeSubrange(start...)
            return false
        }
        return true
    }
}
