/// `money`: an amount of money in the locale's notation (`$1,234.50`, `1.234,50 €`), stored as
/// `"1234.50 USD"`. A plain number takes the field's currency, else the locale's.
enum MoneyKind {
    static let definition = KindDefinition(
        "money", summary: "An amount and currency, stored as \"1234.50 USD\".",
        parameters: [
            ParameterSpec("currency", .string, summary: "the ISO 4217 code amounts must be in (default: the locale's)"),
            ParameterSpec("min", .number), ParameterSpec("max", .number),
        ]
    ) { parameters, context throws(VouchError) in
        guard let currency = parameters.string("currency")?.uppercased() ?? context.locale.currency else {
            throw context.invalid("currency", "is needed: locale \(context.locale.tag) has no currency of its own")
        }
        guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw context.invalid("currency", "must be an ISO 4217 code such as \"EUR\"")
        }
        let min = parameters.double("min"), max = parameters.double("max")
        if let min, let max, max < min { throw context.invalid("max", "must not be less than min (\(min))") }
        let locale = context.locale.icuLocale
        return Kind(
            name: "money",
            hints: InputHints(
                keyboard: .decimalPad, capitalization: .none, autocorrection: false, autocomplete: "transaction-amount",
                currencySymbol: NumberFormat.currencySymbol(currency, locale: locale)),
            formatters: [TrimFormatter()], value: MoneyValue(currency: currency, min: min, max: max))
    }
}

/// Money: canonical `"1234.50 EUR"`, display in the locale's currency format.
struct MoneyValue: ValueConverter {
    let currency: String
    let min: Double?
    let max: Double?

    func convert(_ text: String, context: RuleContext) -> Conversion {
        let locale = context.locale.icuLocale
        guard let money = NumberFormat.parseMoney(text, locale: locale, defaultCurrency: currency) else {
            return .violations([RuleViolation("money")])
        }
        guard money.currency == currency else { return .violations([RuleViolation("currency", ["currency": .string(currency)])]) }
        let amount = Double(money.amount) ?? 0
        let range = RangeCheck.check(amount, min: min, max: max) { bound in
            .string(NumberFormat.formatMoney(amount: String(bound), currency: currency, locale: locale))
        }
        if !range.isEmpty { return .violations(range) }
        return .value(
            TypedValue(
                canonical: .string("\(money.amount) \(currency)"),
                display: NumberFormat.formatMoney(amount: money.amount, currency: currency, locale: locale)))
    }
}
