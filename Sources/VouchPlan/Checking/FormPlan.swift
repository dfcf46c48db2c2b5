@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// What the checking path keeps for a form besides its fields' plans: field names for reading
/// records, the writer of results, and the per-thread state of ``FormSchema/validate(_:)-(JSONObject)``.
///
/// A class, so that the values the checking path hands from step to step can refer to it without
/// reference counting.
final class FormPlan: Sendable {
    /// The fields' names and places, and what the steps that read other fields know of the form.
    let formFields: FormFields
    /// The field names as bytes, for reading records.
    let names: ByteKeyTable
    /// Writes checked records as JSON.
    let writer: ResultWriter
    /// Checking state for the threads that validate with the form.
    let checkers: ObjectPool<CheckState>
    /// The numbers of the violation codes the form's checks have made, for counting them.
    let codes = ViolationCodes()
    /// The fields, without reference counting (the form's `fields` keeps them alive): threads
    /// sharing a form never count references on its shared objects while they check.
    let fields: UncountedArray<LentReference<FieldSchema>>
    /// The field names as keys of JSON lines, for the scanner's guess of the next key.
    let keys: FieldKeys
    /// ``names``, without reference counting.
    let nameRef: LentReference<ByteKeyTable>
    /// By field: whether checking leaves out the formatters that only lay its text out
    /// (``FieldPlan/layoutIsUnread``), since nothing reads the laid-out text: no condition names
    /// the field, and no rule of the form reads it (or any other field, unnamed).
    let skipsLayout: UncountedArray<Bool>
    /// By field: whether checking validity alone leaves out, for ASCII text, the formatters that
    /// only change its case (``FieldPlan/caseIsUnseen``), since nothing else reads its text: as
    /// ``skipsLayout``, and no rule of the form checks the field.
    let skipsCaseForValidity: UncountedArray<Bool>
    /// By field: whether a record check reuses the results of values it met before
    /// (``ValueMemo``): a field whose result depends on its text alone
    /// (``FieldPlan/dependsOnTextAlone``), not a list of tokens, nor read-only, nor a secret (whose
    /// values are kept nowhere).
    let remembersValues: [Bool]
    /// By field: its condition as the checking path reads it, when it has one.
    let conditions: UncountedArray<LentReference<ConditionPlan>?>
    /// Keeps ``conditions`` alive.
    private let conditionPlans: [ConditionPlan?]
    /// Whether a field has a condition: without, a record includes every field.
    let hasConditions: Bool

    init(fields: [FieldSchema], formRules: [FormSchema.FormRule], locale: LocaleProfile) {
        self.fields = UncountedArray(fields.map { LentReference($0) })
        let fieldNames = fields.map(\.name)
        let formFields = FormFields(names: fieldNames, converters: fields.map(\.kind.value))
        self.formFields = formFields
        names = ByteKeyTable(fieldNames)
        nameRef = LentReference(names)
        keys = FieldKeys(names: fieldNames)
        writer = ResultWriter(fields: fields)
        checkers = ObjectPool { [codes] in CheckState(codes: codes) }
        var read = fields.reduce(into: OtherFieldsRead.none) { $0.formUnion(.named($1.condition?.fields ?? [])) }
        for rule in formRules { read.formUnion(rule.step.rule.otherFieldsRead) }
        for field in fields {
            for step in field.plan.rules { read.formUnion(step.rule.otherFieldsRead) }
        }
        skipsLayout = UncountedArray(fields.map { !read.includes($0.name) && $0.plan.layoutIsUnread })
        let checked = Set(formRules.map(\.field))
        skipsCaseForValidity = UncountedArray(
            fields.indices.map { !read.includes(fields[$0].name) && !checked.contains($0) && fields[$0].plan.caseIsUnseen })
        remembersValues = fields.map { !$0.isTokens && !$0.isReadOnly && !$0.isSecret && $0.plan.dependsOnTextAlone }
        conditionPlans = fields.map {
            $0.condition.map { condition in
                ConditionPlan(condition, indexByName: formFields.indexByName) { field, value in
                    FormSchema.conditionValue(of: fields[field], normalized: value, locale: locale) == value
                }
            }
        }
        conditions = UncountedArray(conditionPlans.map { $0.map { LentReference($0) } })
        hasConditions = conditionPlans.contains { $0 != nil }
    }

    deinit {
        fields.free()
        keys.free()
        skipsLayout.free()
        skipsCaseForValidity.free()
        conditions.free()
    }
}
