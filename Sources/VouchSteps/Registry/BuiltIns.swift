/// Vouch's own rules, formatters and kinds, registered in every new ``Registry``.
enum BuiltIns {
    static let rules: [RuleDefinition] = [
        RequiredRule.definition, LengthRule.definition, PatternRule.definition, OneOfRule.definition,
        EmailRule.definition, URLRule.definition, IntegerRule.definition, DecimalRule.definition,
        EqualsFieldRule.definition, CompareFieldRule.definition, RequiredIfRule.definition, PhoneRule.definition, PostalCodeRule.definition,
        RegionRule.definition, NameRule.definition, AcceptedRule.definition,
    ]

    static let formatters: [FormatterDefinition] = [
        TrimFormatter.definition, CollapseSpacesFormatter.definition, CapitalizeFormatter.definition, NameFormatter.definition,
        CaseFormatter.upper, CaseFormatter.lower, DigitsFormatter.definition, MaxLengthFormatter.definition,
        MaskFormatter.definition, PhoneFormatter.definition, PostalCodeFormatter.definition,
        LowercaseDomainFormatter.definition,
    ]

    static let kinds: [KindDefinition] = [
        TextKinds.text, TextKinds.area, TextKinds.name, TextKinds.address, TextKinds.email, TextKinds.url,
        TextKinds.password, TextKinds.readonly, PhoneKind.definition, PostalCodeKind.definition, StateKind.definition,
        NumberKind.definition, DecimalKind.definition, MoneyKind.definition, DateKind.definition, ChoiceKind.definition,
        TokensKind.definition, BooleanKind.definition, TimeKind.definition,
        DateTimeKind.definition,
    ]
}
