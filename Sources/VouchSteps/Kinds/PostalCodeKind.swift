/// `zip` (`postal_code`): a postal code valid in the locale, written its way.
enum PostalCodeKind {
    static let definition = KindDefinition("zip", aliases: ["postal_code"], summary: "A postal code valid in the locale.") {
        _, context throws(VouchError) in
        let format = try context.locale.postalCode.required(by: context)
        return Kind(
            name: "zip",
            hints: InputHints(
                keyboard: format.numeric ? .numberPad : .standard, capitalization: .allCharacters, autocorrection: false,
                maxLength: format.masks.isEmpty ? format.maxLength : format.masks.longestText, autocomplete: "postal-code"),
            formatters: [WidthFormatter(), TrimFormatter(), PostalCodeFormatter(format: format)], rules: [PostalCodeRule(format: format)])
    }.readingPack(
        "postal_code", ["pattern": .string, "masks": .json, "max_length": .integer, "keyboard": .string, "example": .string]
    ).describingInput(inputSchema)

    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        SchemaContribution(unsaid: ["a postal code of \(field.locale.tag) (after the locale's mask)"])
    }
}
