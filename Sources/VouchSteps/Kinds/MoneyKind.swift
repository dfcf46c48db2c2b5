@_spi(VouchInternal) import VouchBase

/// `money`: an amount of money in the locale's notation (`$1,234.50`, `1.234,50 €`), stored as
/// `"1234.50 USD"`. A plain number takes the field's currency, else the locale's.
enum MoneyKind {
    static let definition = KindDefinition(
        "money", summary: "An amount and currency, stored as \"1234.50 USD\".",
        parameters: [ParameterSpec("currency", .string, summary: "the ISO 4217 code amounts must be in (default: the locale's)")]
            + ParameterSpec.range(.number)
    ) { parameters, context throws(VouchError) in
        guard let currency = parameters.string("currency")?.uppercased() ?? context.locale.currency else {
            throw context.invalid("currency", "is needed: locale \(context.locale.tag) has no currency of its own")
        }
        guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw context.invalid("currency", "must be an ISO 4217 code such as \"EUR\"")
        }
        let (min, max) = try context.range(read: parameters.double)
        let locale = context.locale.icuLocale
        return Kind(
            name: "money",
            hints: InputHints(
                keyboard: .decimalPad, capitalization: .none, autocorrection: false, autocomplete: "transaction-amount",
                currencySymbol: NumberFormat.currencySymbol(currency, locale: locale)),
            formatters: [WidthFormatter(), TrimFormatter()],
            value: MoneyValue(
                currency: currency, min: min, max: max, layout: MoneyLayout(currency: currency, locale: locale), locale: locale,
                extraMarkers: currency == context.locale.currency ? context.locale.currencyWords : []),
            typing: [
                AmountTypingFormatter(
                    locale: locale, fractionDigits: NumberFormat.fractionDigits(currency: currency),
                    symbol: NumberFormat.currencySymbol(currency, locale: locale) + currency)
            ])
    }.readingPack(
        "money", ["currency": .string, "symbols": .strings]
    ).describingInput(inputSchema)

    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        SchemaContribution(types: ["string", "number"], text: .trimmed, unsaid: ["a money amount in the locale's notation and its range"])
    }
}

/// Money: canonical `"1234.50 EUR"`, display in the locale's currency format.
struct MoneyValue: ByteValueConverter {
    let currency: String
    let min: Double?
    let max: Double?
    /// How the form's locale writes the currency, for plain amounts; nil leaves every amount to ICU.
    var layout: MoneyLayout? = nil
    /// The locale the layout is for.
    var locale: String = ""
    /// More words that mark the currency in the locale (`元`), from the packs.
    var extraMarkers: [String] = []

    func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        // A plain amount is read and written without ICU; the rest, and amounts out of range
        // (whose message shows the bound in the locale's words), through ICU.
        guard let layout, context.icuLocale == locale, layout.parse(text, into: &value.canonical) else {
            return convertWithICU(text.string, locale: context.icuLocale, into: &value, violations: &violations)
        }
        let amount = value.canonical.text
        if min != nil || max != nil {
            let number = Double(amount.string) ?? 0
            if min.map({ number < $0 }) ?? false || max.map({ number > $0 }) ?? false {
                value.reset()
                return convertWithICU(text.string, locale: context.icuLocale, into: &value, violations: &violations)
            }
        }
        if context.wantsDisplay {
            value.displayIsCanonical = false
            let point = amount.firstIndex(of: .period) ?? amount.count
            layout.format(
                integer: ByteText(rebasing: amount[..<point]),
                fraction: ByteText(rebasing: amount[Swift.min(point + 1, amount.count)...]), into: &value.display)
        }
        value.canonical.append(.space)
        value.canonical.append(contentsOf: currency.utf8)
    }

    /// Any amount ICU's currency parser reads, in `locale`.
    private func convertWithICU(_ text: String, locale: String, into value: inout ValueBytes, violations: inout [RuleViolation]) {
        guard let money = NumberFormat.parseMoney(text, locale: locale, defaultCurrency: currency, extraMarkers: extraMarkers) else {
            return violations.append(RuleViolation("money"))
        }
        guard money.currency == currency else { return violations.append(RuleViolation("currency", ["currency": .string(currency)])) }
        let amount = Double(money.amount) ?? 0
        let range = RangeCheck.check(amount, min: min, max: max) { bound in
            .string(NumberFormat.formatMoney(amount: String(bound), currency: currency, locale: locale))
        }
        guard range.isEmpty else {
            violations += range
            return
        }
        value.set(
            TypedValue(
                canonical: .string("\(money.amount) \(currency)"),
                display: NumberFormat.formatMoney(amount: money.amount, currency: currency, locale: locale)))
    }
}
