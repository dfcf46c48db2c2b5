@_spi(VouchInternal) import VouchBase

/// `max_length`: cuts the text to at most `max` user-perceived characters.
///
/// Use it where a longer value cannot be meant (a 2-letter state); elsewhere prefer the `length`
/// rule, which tells the user instead of cutting.
struct MaxLengthFormatter: ByteFormatter {
    static let definition = FormatterDefinition(
        "max_length", summary: "Cuts the text to at most max characters.",
        parameters: [ParameterSpec("max", .integer, required: true)]
    ) { parameters, context throws(VouchError) in
        let max = parameters.int("max")!
        guard max >= 0 else { throw context.invalid("max", "must not be negative") }
        return MaxLengthFormatter(max: max)
    }

    let max: Int

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        // Every character is at least one UTF-8 byte: short texts need no counting.
        guard text.count > max else { return false }
        output.append(contentsOf: text.string.prefix(max).utf8)
        return true
    }
}
