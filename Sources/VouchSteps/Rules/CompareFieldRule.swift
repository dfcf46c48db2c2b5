@_spi(VouchInternal) import VouchBase

/// `compare_field`: the value must be less than, at most, greater than, at least, equal to or
/// different from another field's value, compared as typed values of the field's kind: dates,
/// times and date-times in time order, numbers, decimals and amounts of one currency by value
/// (`{"rule": "compare_field", "field": "start_date", "op": ">"}` on an end date).
///
/// Both fields must be of the same kind; each is read with its own parameters (currency,
/// pattern, time zone). The rule says nothing when the other field is empty or
/// not a valid value (its own rules say why), or when two amounts are of different currencies.
/// The violation belongs to the field that holds the rule, and names the other by its label.
struct CompareFieldRule: TextReadingRule {
    static let definition = RuleDefinition(
        "compare_field", summary: "Compares the value with another field's, as typed values (dates, times, numbers, money).",
        parameters: [
            ParameterSpec("field", .string, required: true, summary: "the other field's name"),
            ParameterSpec("op", .choice(Operator.all.map(\.symbol)), required: true, summary: "<, <=, >, >=, == or !="),
        ]
    ) { parameters, context throws(VouchError) in
        let other = parameters.string("field")!
        let label = try context.formField(other, parameter: "field")
        guard let kind = context.fieldKind, let order = TypedOrder(kind: kind.name) else {
            throw context.invalid(
                "field",
                "compares values of a kind with an order: " + TypedOrder.kinds.joined(separator: ", ")
                    + "; this field's kind is \"\(context.fieldKind?.name ?? "none")\"")
        }
        // Outside a form (a single value), the other field is read as this one.
        let otherKind = context.formKinds?[other] ?? kind
        guard otherKind.name == kind.name else {
            throw context.invalid(
                "field", "names \"\(other)\", a field of kind \"\(otherKind.name)\"; this field's kind is \"\(kind.name)\"")
        }
        let op = Operator.all.first { $0.symbol == parameters.string("op") }!
        return CompareFieldRule(
            other: other, otherIndex: context.formFieldIndex(other), otherLabel: label, op: op, order: order, converter: kind.value,
            otherConverter: otherKind.value)
    }

    /// How the value must stand to the other field's: the operator as a spec writes it, the name
    /// messages select on, and how the value may stand for the rule to hold.
    struct Operator: Sendable {
        let symbol: String
        /// `lt`, `le`, `gt`, `ge`, `eq` or `ne`.
        let messageName: String
        let holdsFor: [TypedOrder.Comparison]

        static let all = [
            Operator(symbol: "<", messageName: "lt", holdsFor: [.less]),
            Operator(symbol: "<=", messageName: "le", holdsFor: [.less, .equal]),
            Operator(symbol: ">", messageName: "gt", holdsFor: [.greater]),
            Operator(symbol: ">=", messageName: "ge", holdsFor: [.greater, .equal]),
            Operator(symbol: "==", messageName: "eq", holdsFor: [.equal]),
            Operator(symbol: "!=", messageName: "ne", holdsFor: [.less, .greater]),
        ]

        func holds(_ comparison: TypedOrder.Comparison) -> Bool { holdsFor.contains(comparison) }
    }

    let other: String
    /// Where the other field is in the form the rule was built for: read there, not looked up by name.
    let otherIndex: Int?
    let otherLabel: String
    let op: Operator
    let order: TypedOrder
    /// This field's value converter, and the other field's (its own currency, pattern, time zone).
    let converter: any ValueConverter
    let otherConverter: any ValueConverter

    var otherFieldsRead: OtherFieldsRead { .named([other]) }

    func findings(in value: String, context: ByteContext) -> [RuleViolation] {
        guard let otherText = context.value(of: other, at: otherIndex)?.string, !otherText.isEmpty,
            case .value(let mine) = converter.convert(value, context: context.ruleContext),
            case .value(let theirs) = otherConverter.convert(otherText, context: context.ruleContext),
            let comparison = order.compare(mine.canonical, theirs.canonical), !op.holds(comparison)
        else { return [] }
        return [
            RuleViolation(
                "compare_field",
                ["other": .string(otherLabel), "op": .string(op.messageName), "order": .string(order.isTime ? "time" : "value")])
        ]
    }
}
