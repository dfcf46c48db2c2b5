/// `mask`: lays the characters of the text into a mask such as `(###) ###-####`.
package struct MaskFormatter: TextFormatter {
    static let definition = FormatterDefinition(
        "mask",
        summary:
            "Lays the text into a mask: # a digit, A a letter, * either, ? any character; > upper-cases, [ ] an optional part.",
        parameters: [ParameterSpec("mask", .string, required: true)]
    ) { parameters, context throws(VouchError) in
        let mask = Mask(parameters.string("mask")!)
        if let problem = mask.problem { throw context.invalid("mask", problem) }
        guard mask.slotCount > 0 else { throw context.invalid("mask", "has no slot (#, A, * or ?)") }
        return MaskFormatter(mask: mask)
    }

    package let mask: Mask

    package func format(_ text: String) -> String { mask.apply(text) }

    package var typingStyle: TypingStyle { .mask(mask.hasAnySlot ? .slots(of: mask) : .lettersAndDigits, limit: mask.slotCount) }

    package func typingFit(_ typed: [Character]) -> TypingFit {
        guard mask.takes(typed) else { return .refused }
        return mask.isComplete(typed) ? .complete : .partial
    }

    package var typingPlaceholder: Mask? { mask }
}
