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
            ParameterSpec("op", .choice(Operator.allCases.map(\.rawValue)), required: true, summary: "<, <=, >, >=, == or !="),
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
        return CompareFieldRule(
            other: other, otherLabel: label, op: Operator(rawValue: parameters.string("op")!)!, order: order, converter: kind.value,
            otherConverter: otherKind.value)
    }

    /// How the value must stand to the other field's.
    enum Operator: String, CaseIterable, Sendable {
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case equal = "=="
        case notEqual = "!="

        func holds(_ order: TypedOrder.Comparison) -> Bool {
            switch self {
            case .less: order == .less
            case .lessOrEqual: order != .greater
            case .greater: order == .greater
            case .greaterOrEqual: order != .less
            case .equal: order == .equal
            case .notEqual: order != .equal
            }
        }

        /// The name messages select on: `lt`, `le`, `gt`, `ge`, `eq`, `ne`.
        var messageName: String {
            switch self {
            case .less: "lt"
            case .lessOrEqual: "le"
            case .greater: "gt"
            case .greaterOrEqual: "ge"
            case .equal: "eq"
            case .notEqual: "ne"
            }
        }
    }

    let other: String
    let otherLabel: String
    let op: Operator
    let order: TypedOrder
    /// This field's value converter, and the other field's (its own currency, pattern, time zone).
    let converter: any ValueConverter
    let otherConverter: any ValueConverter

    var otherFieldsRead: OtherFieldsRead { .named([other]) }

    func findings(in value: String, context: ByteContext) -> [RuleViolation] {
        guard let otherText = context.value(of: other)?.string, !otherText.isEmpty,
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
