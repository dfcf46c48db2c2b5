/// `mask`: lays the letters and digits of the text into a mask such as `(###) ###-####`.
struct MaskFormatter: TextFormatter {
    static let definition = FormatterDefinition(
        "mask", summary: "Lays the text into a mask: # a digit, A a letter, * either; other characters are literals.",
        parameters: [ParameterSpec("mask", .string, required: true)]
    ) { parameters, context throws(VouchError) in
        let mask = Mask(parameters.string("mask")!)
        guard mask.slotCount > 0 else { throw context.invalid("mask", "has no slot (#, A or *)") }
        return MaskFormatter(mask: mask)
    }

    let mask: Mask

    func format(_ text: String) -> String { mask.apply(text) }

    var typingStyle: TypingStyle { .mask(.lettersAndDigits, limit: mask.slotCount) }
}
