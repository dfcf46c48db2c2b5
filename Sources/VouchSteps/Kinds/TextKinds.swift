/// The kinds whose value is their text: `text`, `area`, `name`, `address`, `email`, `url`,
/// `password` and `readonly`.
enum TextKinds {
    static let text = KindDefinition("text", aliases: ["default"], summary: "One line of text.") { _, _ in
        Kind(name: "text", hints: InputHints(), formatters: [TrimFormatter()])
    }.describingInput { _ in SchemaContribution(text: .trimmed) }

    static let area = KindDefinition("area", summary: "Several lines of text; inner line breaks are kept.") { _, _ in
        Kind(name: "area", hints: InputHints(control: .multilineText), formatters: [TrimFormatter()])
    }.describingInput { _ in SchemaContribution(text: .trimmed) }

    static let name = KindDefinition(
        "name", summary: "A person's name, capitalized by the locale's rules.", parameters: [NameFormatter.partParameter]
    ) { parameters, context in
        let capitalization = context.locale.nameCapitalization
        let part = parameters.string("part") ?? "full"
        return Kind(
            name: "name",
            hints: InputHints(
                capitalization: capitalization, autocorrection: false,
                autocomplete: ["given": "given-name", "family": "family-name"][part] ?? "name"),
            formatters: [
                TrimFormatter(), CollapseSpacesFormatter(),
                capitalization == .words
                    ? NameFormatter(
                        locale: context.locale.icuLocale, particles: context.locale.nameParticles, familyName: part == "family")
                        as any TextFormatter
                    : CapitalizeFormatter(mode: capitalization, locale: context.locale.icuLocale, lowercaseRest: true),
            ],
            rules: [NameRule()])
    }.readingPack(
        "name", ["capitalization": .choice(["none", "words", "sentences", "all"]), "particles": .strings]
    )
    .describingInput { _ in SchemaContribution(unsaid: ["a person's name (letters, marks, spaces, apostrophes, hyphens, periods)"]) }

    static let address = KindDefinition("address", summary: "A street address; words capitalized, the rest kept.") { _, context in
        Kind(
            name: "address", hints: InputHints(capitalization: .words, autocomplete: "street-address"),
            formatters: [
                TrimFormatter(), CollapseSpacesFormatter(),
                CapitalizeFormatter(
                    mode: .words, locale: context.locale.icuLocale, lowercaseRest: false,
                    lowercaseWords: context.locale.addressLowercaseWords),
            ])
    }.readingPack("address", ["lowercase_words": .strings]).describingInput { _ in SchemaContribution() }

    static let email = KindDefinition("email", summary: "An email address; the domain is lower-cased.") { _, _ in
        Kind(
            name: "email",
            hints: InputHints(keyboard: .email, capitalization: .none, autocorrection: false, autocomplete: "email"),
            formatters: [TrimFormatter(), LowercaseDomainFormatter()], rules: [EmailRule()])
    }.describingInput { _ in
        SchemaContribution(constraints: [["format": "idn-email"]], unsaid: ["an email address as RFC 5321 and UTS #46 have it"])
    }

    static let url = KindDefinition(
        "url", summary: "A web address with a scheme and a host.",
        parameters: [ParameterSpec("schemes", .strings, summary: "accepted schemes (default: any)")]
    ) { parameters, context throws(VouchError) in
        Kind(
            name: "url", hints: InputHints(keyboard: .url, capitalization: .none, autocorrection: false, autocomplete: "url"),
            formatters: [TrimFormatter()], rules: [try URLRule.definition.make(parameters, context)])
    }.describingInput { field in
        var schema = SchemaContribution(text: .trimmed, constraints: [["format": "iri"]])
        if let schemes = field.entry["schemes"]?.arrayValue?.compactMap(\.stringValue), !schemes.isEmpty {
            let names = schemes.map { SchemaPattern.literal($0, ignoringCase: true) }
            schema.constraints.append(["pattern": .string("^\\s*(?:" + names.joined(separator: "|") + "):")])
        }
        return schema
    }

    static let password = KindDefinition(
        "password", summary: "A secret: hidden, never formatted, never shown in messages or output."
    ) { _, _ in
        Kind(
            name: "password",
            hints: InputHints(capitalization: .none, autocorrection: false, secureEntry: true, autocomplete: "current-password"))
    }.describingInput { _ in SchemaContribution(text: .exact) }

    static let readonly = KindDefinition("readonly", aliases: ["noneditable"], summary: "Display only; never edited or validated.") {
        _, _ in
        Kind(name: "readonly", hints: InputHints(control: .display, autocorrection: false), isReadOnly: true)
    }.describingInput { _ in SchemaContribution() }
}
