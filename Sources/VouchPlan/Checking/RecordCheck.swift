@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// One record on its way through the checking path: each field's input, normalized text and
/// outcome, kept in buffers that a thread reuses from record to record.
///
/// It follows the fields' plans: formatters on every field's input, then the `when` conditions,
/// then each included field's rules and typed value, then the form-level rules. Strings and
/// result objects are made only where a caller asks for them.
struct RecordCheck: ~Copyable {
    /// A field's input: a run of bytes (of the record's line, or of ``unescaped``), bytes that
    /// outlive the check (a caller's, or a literal's), a list of texts (tokens, at their index in
    /// ``lists``), or a value of the wrong type (what was expected). Plain values, so that setting
    /// one on every record costs no release.
    enum Input {
        case bytes(Range<Int>, inLine: Bool)
        case lent(UnsafeBufferPointer<UInt8>)
        case list(Int)
        case wrongType(StaticString)

        static var empty: Input { .bytes(0..<0, inLine: false) }
    }

    /// What checking one field gave.
    struct Outcome {
        var included = false
        /// The first violation, made once for all the records that have it: held as it is, so that
        /// a field that breaks one rule counts one reference, and nil while the field has none.
        private(set) var first: MadeViolation?
        /// The first violation's JSON object (``MadeViolation/json``), while there is one.
        private(set) var firstJSON = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        /// The violations after the first, and their JSON objects as ``ResultWriter`` writes them,
        /// each after a comma.
        private(set) var more: [Violation] = []
        private(set) var moreJSON: [UInt8] = []
        /// The number of each violation's code (``MadeViolation/code``): the first's, then those of
        /// ``more``.
        private(set) var firstCode = 0
        private(set) var moreCodes: [Int] = []
        /// The typed value: the normalized text, in ``values`` (canonical, then display), or none.
        var value: Value = .none

        enum Value {
            case none
            /// The field's normalized text.
            case text
            case bytes(canonical: Range<Int>, display: Range<Int>?, form: Form)
        }

        /// What the canonical bytes of a value are.
        enum Form: UInt8 {
            /// The text of a JSON string, escaped when written.
            case text
            /// The text of a JSON string that holds nothing to escape, written as it is.
            case plainText
            /// A JSON number or boolean, written as it is.
            case json
        }

        var isValid: Bool { first == nil }

        /// How many violations the field has.
        var violationCount: Int { first == nil ? 0 : 1 + more.count }

        /// The violations, in the order they were found.
        var violations: [Violation] {
            guard let first else { return [] }
            return more.isEmpty ? first.alone : first.alone + more
        }

        mutating func removeViolations() {
            guard first != nil else { return }
            first = nil
            if !more.isEmpty {
                more = []
                moreJSON = []
                moreCodes = []
            }
        }

        /// Makes `made` the only violation.
        mutating func setViolation(_ made: MadeViolation) {
            removeViolations()
            append(made)
        }

        /// Adds a violation.
        mutating func append(_ made: MadeViolation) {
            guard first != nil else {
                first = made
                firstJSON = made.json
                firstCode = made.code
                return
            }
            more.append(made.violation)
            moreCodes.append(made.code)
            moreJSON.append(.comma)
            moreJSON += made.json
        }
    }

    /// A violation, alone in an array and as JSON, made once for all the records that have it.
    /// (A class, so that handing one over counts one reference, not those of its parts.)
    final class MadeViolation {
        let violation: Violation
        let alone: [Violation]
        /// Its JSON object, in memory of its own that lives as long as it does: read where it is,
        /// with no reference counted.
        let json: UnsafeBufferPointer<UInt8>
        /// The number of its code in the form's ``ViolationCodes``; -1 for a check without a form
        /// (``CheckState/shared``), whose violations nothing counts.
        let code: Int

        init(_ violation: Violation, code: Int) {
            self.violation = violation
            self.code = code
            alone = [violation]
            var json = ByteBuffer()
            ResultWriter.write(violation, into: &json)
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: json.count)
            _ = copy.initialize(from: json.bytes)
            self.json = UnsafeBufferPointer(copy)
        }

        deinit { json.deallocate() }
    }

    var inputs = FieldSlots<Input>()
    /// The lists of texts of ``Input/list(_:)`` inputs.
    private var lists: [[String]] = []
    /// Input texts that had to be unescaped or copied.
    var unescaped = ByteBuffer()
    var normalized = ByteBuffer()
    /// Where each field's normalized text is in ``normalized``, when it is there.
    private var ranges = FieldSlots<Range<Int>?>()
    /// Each field's normalized text where it lies: its input (in the record's line or in
    /// ``unescaped``) when no formatter changed it, so that it is not copied; else in
    /// ``normalized``. Valid while the line is, until the next record.
    var texts = FieldSlots<UnsafeBufferPointer<UInt8>>()
    /// Whether each field's text in ``texts`` holds nothing a JSON string escapes, as known without
    /// reading it again: a string of the line that had no escape, left as it was (or a result met
    /// before that says so). Written as it is.
    var isPlainJSON = FieldSlots<Bool>()
    var included = FieldSlots<Bool>()
    private var known = FieldSlots<Bool>()
    /// Where each normalized token of a token field lies in `normalized`.
    private var tokenRanges = FieldSlots<[Range<Int>]>()
    var outcomes = FieldSlots<Outcome>()
    /// Canonical and display bytes of the typed values.
    var values = ByteBuffer()
    private var found: [RuleViolation] = []
    /// Where formatters write.
    private var formatting = FieldPlan.Work()
    /// The typed value a converter is making.
    private var value = ValueBytes()
    /// A field's value, as conditions compare it.
    private var compared = ValueBytes()
    /// The distinct values of the tokens of the field being checked.
    private var tokens = DistinctTokens()
    /// Whether only the record's validity is wanted (``run(schema:line:scratch:wantsDisplay:excluding:stoppingAtFirstFailure:)``):
    /// no typed value is kept.
    private var wantsValidityOnly = false
    /// What a field found stands for when only validity is wanted: no message is made.
    private let unsaidViolation: MadeViolation
    /// Violations made lately, by field and step, with the finding each was made from.
    private let messages: ViolationCache
    /// Results of values met before, reused for the fields whose results depend on their text alone.
    private var memo = ValueMemo()
    /// How many fields of the last record had a result met before.
    var foundCount: Int { memo.foundCount }
    /// The scanner's notes: which fields have a value, and the keys that are not fields.
    var seenFields = FieldSlots<Bool>()
    var otherKeys = UnknownKeySet()
    /// The order of the last record's keys, for the scanner's first guess: at 0 the field its first
    /// key named, at `field + 1` the field named after `field`'s key. Records from one source
    /// list their keys in one order, the form's or another (PostgreSQL sorts a jsonb's keys).
    var keyOrder = FieldSlots<Int>()
    /// The bytes between the last records' values, for the scanner to pass with a compare.
    var layout = LineLayout()

    /// A record of a form whose violations get numbers from `codes`, the form's; of none without.
    init(codes: ViolationCodes?) {
        messages = ViolationCache(codes: codes)
        unsaidViolation = messages.made(Violation(field: "", code: "invalid", message: ""))
    }

    /// Starts a record of `count` fields, every input empty.
    mutating func reset(fields count: Int) {
        if inputs.count != count {
            inputs = FieldSlots(repeating: .empty, count: count)
            ranges = FieldSlots(repeating: nil, count: count)
            texts = FieldSlots(repeating: UnsafeBufferPointer(start: nil, count: 0), count: count)
            isPlainJSON = FieldSlots(repeating: false, count: count)
            included = FieldSlots(repeating: false, count: count)
            known = FieldSlots(repeating: false, count: count)
            tokenRanges = FieldSlots(repeating: [], count: count)
            seenFields = FieldSlots(repeating: false, count: count)
            outcomes = FieldSlots(repeating: Outcome(), count: count)
            keyOrder = FieldSlots(repeating: 0, count: count + 1)
            for index in 0...count { keyOrder[index] = index }
        } else {
            for index in 0..<count { inputs[index] = .empty }
        }
        unescaped.removeAll()
        if !lists.isEmpty { lists.removeAll(keepingCapacity: true) }
    }

    /// Sets a field's input to `text`, copied.
    @inline(__always)
    mutating func setText(_ index: Int, _ text: some Collection<UInt8>) {
        let start = unescaped.count
        unescaped.append(contentsOf: text)
        inputs[index] = .bytes(start..<unescaped.count, inLine: false)
    }

    /// Sets the inputs from a record of JSON values, as ``FormSchema/validate(_:)-(JSONObject)`` reads them.
    mutating func setInputs(_ record: JSONObject, schema: FormSchema) {
        reset(fields: schema.fields.count)
        for (index, field) in schema.fields.enumerated() {
            switch record[field.name] {
            case nil: break
            case .array(let items) where field.isTokens:
                let texts = items.compactMap(\.textValue)
                if texts.count == items.count {
                    inputs[index] = .list(lists.count)
                    lists.append(texts)
                } else {
                    inputs[index] = .wrongType("an array of strings")
                }
            case .number(let number)? where field.kind.name == "decimal" || field.kind.name == "money":
                // A JSON number is that number in every locale: written as the locale writes it
                // (`12,5` in de-DE), so that the kind reads the same number.
                setText(index, NumberFormat.formatDecimal(JSONValue.number(number).jsonText, locale: schema.locale.icuLocale).utf8)
            case let value?:
                if let text = value.textValue {
                    setText(index, text.utf8)
                } else {
                    inputs[index] = .wrongType(field.isTokens ? "a string or an array of strings" : "a string")
                }
            }
        }
    }

    /// Checks the record whose inputs are set; `line` is the record's line, when inputs point into it.
    /// Fields at `excluded` are left out as if their conditions did not hold. With
    /// `stoppingAtFirstFailure`, only whether the record is valid is wanted (``isValid``): the
    /// fields after the first that has a violation are not checked, and have none.
    mutating func run(
        schema: FormSchema, line: UnsafeBufferPointer<UInt8>, scratch: inout CheckScratch, wantsDisplay: Bool,
        excluding excluded: Set<Int> = [], stoppingAtFirstFailure: Bool = false
    ) {
        let fields = schema.plan.fields
        wantsValidityOnly = stoppingAtFirstFailure
        memo.begin(plan: schema.plan, wantsDisplay: wantsDisplay, validityOnly: stoppingAtFirstFailure)
        normalized.removeAll()
        values.removeAll()
        for index in fields.indices {
            let skipsLayout = schema.plan.skipsLayout[index]
            let skipsCase = stoppingAtFirstFailure && schema.plan.skipsCaseForValidity[index]
            fields[index].with { field in
                let start = self.normalized.count
                var inNormalized = true
                isPlainJSON[index] = false
                switch inputs[index] {
                case .bytes(let range, let inLine):
                    // The view of `unescaped` stays valid: normalizing writes elsewhere.
                    let text = inLine ? UnsafeBufferPointer(rebasing: line[range]) : unescaped[range]
                    inNormalized = normalizeInput(
                        index, field, text, skippingLayout: skipsLayout, skippingASCIICase: skipsCase, scratch: &scratch)
                    // A string read from the line holds nothing to escape (the scanner found none).
                    if !inNormalized {
                        isPlainJSON[index] = texts[index].baseAddress == text.baseAddress ? inLine : memo.foundPlainJSON(index)
                    }
                case .lent(let text):
                    inNormalized = normalizeInput(
                        index, field, text, skippingLayout: skipsLayout, skippingASCIICase: skipsCase, scratch: &scratch)
                case .list(let list):
                    self.tokenRanges[index].removeAll(keepingCapacity: true)
                    for var item in lists[list] { item.withUTF8 { appendToken(index, field, $0, scratch: &scratch) } }
                case .wrongType:
                    break
                }
                ranges[index] = inNormalized ? start..<self.normalized.count : nil
                included[index] = !field.isConditional
            }
        }
        // The texts in `normalized`, now that it no longer grows.
        let normalizedBytes = normalized.bytes
        for index in fields.indices {
            if let range = ranges[index] { texts[index] = UnsafeBufferPointer(rebasing: normalizedBytes[range]) }
        }
        // A form without conditions includes every field the caller does not exclude. (Most
        // records exclude none: no iterator is made for them.)
        if schema.plan.hasConditions || !excluded.isEmpty {
            // So far, a field is known to be included when it has no condition.
            for index in fields.indices { known[index] = included[index] }
            for index in excluded {
                known[index] = true
                included[index] = false
            }
            for index in fields.indices where !known[index] { _ = isIncluded(index, schema: schema, scratch: &scratch) }
        }

        // The views stay valid: checking writes elsewhere, and sets no text nor inclusion.
        let record = RecordView(form: schema.plan.formFields, texts: texts.buffer, included: included.buffer)
        checkFields(
            schema: schema, record: record, scratch: &scratch, wantsDisplay: wantsDisplay, stoppingAtFirstFailure: stoppingAtFirstFailure)
    }

    /// Normalizes a field's input text: true when the text is in ``normalized``, false when it
    /// is in ``texts``: its input as it is, or the normalized text of a result met before.
    @inline(__always)
    private mutating func normalizeInput(
        _ index: Int, _ field: FieldSchema, _ text: UnsafeBufferPointer<UInt8>, skippingLayout: Bool, skippingASCIICase: Bool,
        scratch: inout CheckScratch
    ) -> Bool {
        if let recalled = memo.find(index, text) {
            texts[index] = recalled
            return false
        }
        if normalize(index, field, text, skippingLayout: skippingLayout, skippingASCIICase: skippingASCIICase, scratch: &scratch) {
            return true
        }
        texts[index] = text
        return false
    }

    /// Normalizes a field's input onto ``normalized``: false, with nothing written, when the
    /// normalized text is the input. (Inlined into the loop over the fields.)
    @inline(__always)
    private mutating func normalize(
        _ index: Int, _ field: FieldSchema, _ text: UnsafeBufferPointer<UInt8>, skippingLayout: Bool, skippingASCIICase: Bool,
        scratch: inout CheckScratch
    ) -> Bool {
        if let tokens = field.tokensRef {
            tokenRanges[index].removeAll(keepingCapacity: true)
            tokens.with { settings in
                settings.forEachPiece(of: ByteText(unsafeBuffer: text)) { piece in
                    piece.withUnsafeBufferPointer { appendToken(index, field, $0, scratch: &scratch) }
                }
            }
            return true
        }
        return field.planRef.with { plan in
            plan.normalizeIfChanged(
                text, into: &normalized, work: &formatting, scratch: &scratch,
                skippingLayout: skippingLayout, skippingASCIICase: skippingASCIICase)
        }
    }

    /// Whether field `index` is included: its condition holds on the normalized texts, an excluded
    /// field counting as empty. Conditions cannot form cycles (the spec reader refuses them).
    private mutating func isIncluded(_ index: Int, schema: FormSchema, scratch: inout CheckScratch) -> Bool {
        if known[index] { return included[index] }
        let holds = schema.plan.conditions[index]!.with { condition in
            for source in condition.sources.indices { _ = isIncluded(condition.sources[source], schema: schema, scratch: &scratch) }
            return self.holds(condition, 0, schema: schema, scratch: &scratch)
        }
        known[index] = true
        included[index] = holds
        return holds
    }

    /// Whether test `node` of `condition` holds, as ``Condition/holds(_:)`` says.
    private mutating func holds(_ condition: ConditionPlan, _ node: Int, schema: FormSchema, scratch: inout CheckScratch) -> Bool {
        let test = condition.nodes[node]
        switch test.test {
        case .equals:
            // A normalized text written as a value that compares as written holds without its value made.
            if test.field >= 0 && included[test.field] {
                for item in test.items where condition.value(item, isWritten: texts[test.field]) { return true }
            }
            let text = comparedText(test.field, schema: schema, scratch: &scratch)
            for item in test.items where condition.value(item, is: text) { return true }
            return false
        case .filled: return !comparedText(test.field, schema: schema, scratch: &scratch).isEmpty
        case .notFilled: return comparedText(test.field, schema: schema, scratch: &scratch).isEmpty
        case .all:
            for part in test.items where !holds(condition, condition.parts[part], schema: schema, scratch: &scratch) { return false }
            return true
        case .any:
            for part in test.items where holds(condition, condition.parts[part], schema: schema, scratch: &scratch) { return true }
            return false
        case .not: return !holds(condition, condition.parts[test.items.lowerBound], schema: schema, scratch: &scratch)
        }
    }

    /// What conditions compare for field `index` (-1 for none), as
    /// ``FormSchema/conditionValue(of:normalized:)`` gives it: empty for an excluded field, else
    /// its canonical value as text, or its normalized text when it has none. Valid until the next call.
    private mutating func comparedText(_ index: Int, schema: FormSchema, scratch: inout CheckScratch) -> UnsafeBufferPointer<UInt8> {
        guard index >= 0, included[index] else { return UnsafeBufferPointer(start: nil, count: 0) }
        let text = texts[index]
        guard !text.isEmpty else { return text }
        compared.reset()
        return schema.plan.fields[index].with { field in
            if field.isTokens {
                // Tokens compare as the `String` path joins them.
                compared.canonical.append(contentsOf: Array(schema.conditionValue(of: index, normalized: text.string).utf8))
                return compared.canonical.bytes
            }
            clearFound()
            var context = ByteContext(locale: schema.locale, record: .alone, wantsDisplay: false)
            context.fieldName = field.name
            field.planRef.with { plan in
                plan.valueRef.with {
                    $0.convert(ByteText(unsafeBuffer: text), context: context, scratch: &scratch, into: &compared, violations: &found)
                }
            }
            guard found.isEmpty, !compared.isText else { return text }
            guard compared.isNumber else { return compared.canonical.bytes }
            // A JSON value: as its text (``JSONValue/textValue``), or the normalized text for an
            // array or object.
            let canonical = compared.canonical.bytes
            if canonical.elementsEqual("true".utf8) || canonical.elementsEqual("false".utf8) { return canonical }
            guard let json = try? JSONParser().parse(canonical) else { return canonical }
            guard let value = json.textValue else { return text }
            compared.reset()
            compared.canonical.append(contentsOf: Array(value.utf8))
            return compared.canonical.bytes
        }
    }

    private mutating func checkFields(
        schema: FormSchema, record: RecordView, scratch: inout CheckScratch, wantsDisplay: Bool, stoppingAtFirstFailure: Bool
    ) {
        let fields = schema.plan.fields
        let locale = schema.locale
        var context = ByteContext(locale: locale, record: record, wantsDisplay: wantsDisplay)
        // Only validity: no converter need write a value (a token's is still made, below).
        context.wantsValue = !stoppingAtFirstFailure
        if schema.readsClock { context.now = schema.clock.now() }
        var failed = false
        for index in fields.indices {
            outcomes[index].included = record.included[index]
            outcomes[index].removeViolations()
            outcomes[index].value = .none
            guard record.included[index], !failed else { continue }
            // A valid result met before.
            if memo.found(index) {
                outcomes[index].value = memo.restore(index, into: &values)
                continue
            }
            context.fieldIndex = index
            fields[index].with { field in checkField(index, field, record: record, context: context, scratch: &scratch) }
            if memo.missed(index) && outcomes[index].isValid {
                memo.remember(index, normalized: record.normalizedBytes(at: index)!, value: outcomes[index].value, values: values.bytes)
            }
            failed = stoppingAtFirstFailure && !outcomes[index].isValid
        }
        if !failed { formRules(schema: schema, record: record, context: &context, scratch: &scratch) }
    }

    /// Normalizes a token of field `index` onto its text in `normalized`, where tokens are joined
    /// by ", " (as conditions read them); a token that normalizes to nothing is dropped.
    private mutating func appendToken(
        _ index: Int, _ field: FieldSchema, _ token: UnsafeBufferPointer<UInt8>, scratch: inout CheckScratch
    ) {
        let start = normalized.count
        if !tokenRanges[index].isEmpty { normalized.append(", ") }
        let tokenStart = normalized.count
        field.tokenPlanRef!.with { $0.normalize(token, into: &normalized, work: &formatting, scratch: &scratch) }
        if normalized.count == tokenStart {
            normalized.removeSubrange(start...)
        } else {
            tokenRanges[index].append(tokenStart..<normalized.count)
        }
    }

    /// Checks one included field: its input's type, its tokens, or its normalized text.
    private mutating func checkField(
        _ index: Int, _ field: FieldSchema, record: RecordView, context: ByteContext, scratch: inout CheckScratch
    ) {
        switch inputs[index] {
        case .wrongType(let expected):
            outcomes[index].setViolation(
                messages.made(
                    field.violation(
                        RuleViolation("type", ["expected": .string(expected.description)]), message: nil, locale: context.locale)))
        case .list where field.isTokens, .bytes where field.isTokens, .lent where field.isTokens:
            checkTokens(index, field, context: context, scratch: &scratch)
        default:
            check(index, field, record.normalizedBytes(at: index)!, context: context, scratch: &scratch)
        }
    }

    /// The form-level rules, each adding to the outcome of the field it belongs to.
    private mutating func formRules(schema: FormSchema, record: RecordView, context: inout ByteContext, scratch: inout CheckScratch) {
        for (ruleIndex, formRule) in schema.formRules.enumerated() {
            let index = formRule.field
            guard record.included[index] else { continue }
            let field = schema.fields[index]
            if field.isReadOnly || (field.stopAtFirst && !outcomes[index].isValid) { continue }
            let text = ByteText(unsafeBuffer: record.normalizedBytes(at: index)!)
            let step = formRule.step
            guard !text.isEmpty || step.checksEmptyValues else { continue }
            clearFound()
            context.fieldIndex = index
            step.check(text, context: context, scratch: &scratch, into: &found)
            guard !found.isEmpty else { continue }
            if text.isEmpty && !outcomes[index].isValid { continue }  // still one violation for an empty field
            for item in found.prefix(field.stopAtFirst ? 1 : found.count) {
                outcomes[index].append(
                    violation(item, field: field, plan: field.plan, step: -2 - ruleIndex, message: step.message, locale: schema.locale))
            }
            outcomes[index].value = .none
        }
    }

    /// Checks field `index`'s normalized text with its plan.
    private mutating func check(
        _ index: Int, _ field: FieldSchema, _ text: UnsafeBufferPointer<UInt8>, context: ByteContext, scratch: inout CheckScratch
    ) {
        field.planRef.with { plan in
            check(index, field, plan, text, context: context, scratch: &scratch)
        }
    }

    /// Checks a field's normalized text: a read-only field's value, or its rules and value.
    private mutating func check(
        _ index: Int, _ field: FieldSchema, _ plan: FieldPlan, _ text: UnsafeBufferPointer<UInt8>, context: ByteContext,
        scratch: inout CheckScratch
    ) {
        if field.isReadOnly {
            // Shown, never validated: the kind's value when it has one, else the text.
            guard !text.isEmpty else { return }
            clearFound()
            value.reset()
            plan.value.convert(ByteText(unsafeBuffer: text), context: context, scratch: &scratch, into: &value, violations: &found)
            if !found.isEmpty {
                value.reset()
                value.setText(ByteText(unsafeBuffer: text))
            }
            store(index)
            return
        }
        if checkText(index, field, plan, text, context: context, scratch: &scratch) { store(index) }
    }

    /// Runs `plan`'s rules on a normalized text, adding what they find to the outcome of field
    /// `index`, then, when they find nothing, makes its value in ``value``: true when it did. An
    /// empty text gets at most one violation (`required`) and no value. A token's findings say
    /// which token it is (`item`, from 1).
    private mutating func checkText(
        _ index: Int, _ field: FieldSchema, _ plan: FieldPlan, _ text: UnsafeBufferPointer<UInt8>, item: Int? = nil,
        context: ByteContext, scratch: inout CheckScratch
    ) -> Bool {
        let text = ByteText(unsafeBuffer: text)
        clearFound()
        let before = outcomes[index].violationCount
        plan.ruleRefs.withUnsafeBufferPointer { steps in
            if text.isEmpty {
                // An empty text gets at most one violation (`required`), and skips every other rule.
                for position in steps.indices {
                    let finds = steps[position].with { step in
                        guard step.checksEmptyValues else { return false }
                        step.check(text, context: context, scratch: &scratch, into: &found)
                        return !found.isEmpty
                    }
                    if finds {
                        outcomes[index].append(
                            violation(
                                found: 0, item: item, field: field, plan: plan, step: position,
                                message: steps[position].object.message,
                                locale: context.locale))
                        return
                    }
                }
                return
            }
            // A text that is not empty: the rules that may find something in one.
            for rule in plan.filledTextRules.buffer {
                let start = found.count
                rule.step.with { $0.check(text, context: context, scratch: &scratch, into: &found) }
                guard found.count > start else { continue }
                for finding in start..<found.count {
                    outcomes[index].append(
                        violation(
                            found: finding, item: item, field: field, plan: plan, step: rule.position,
                            message: rule.step.object.message,
                            locale: context.locale))
                    if field.stopAtFirst { return }
                }
            }
        }
        guard outcomes[index].violationCount == before, !text.isEmpty else { return false }
        value.reset()
        if plan.valueIsText {
            value.setNormalizedText()
            return true
        }
        // Validity alone: no value is written, and the rules found what the converter would.
        if plan.valueFollowsRules && !context.wantsValue { return true }
        plan.valueRef.with { $0.convert(text, context: context, scratch: &scratch, into: &value, violations: &found) }
        guard found.isEmpty else {
            for finding in found {
                outcomes[index].append(
                    violation(finding.at(item), field: field, plan: plan, step: -1, message: nil, locale: context.locale))
            }
            return false
        }
        return true
    }

    /// Checks a `tokens` field: each token normalized and checked by the field's token plan, the
    /// value the array of canonical tokens with duplicates left out, then the count of tokens.
    /// Checks the normalized tokens of field `index` (``appendToken(_:_:_:scratch:)``). Kept out
    /// of line: the loop over the fields stays small for the fields that are not tokens.
    @inline(never)
    private mutating func checkTokens(_ index: Int, _ field: FieldSchema, context: ByteContext, scratch: inout CheckScratch) {
        guard !tokenRanges[index].isEmpty else {
            // No token: the field is empty, and only `required` may speak.
            return check(index, field, field.plan, UnsafeBufferPointer(start: nil, count: 0), context: context, scratch: &scratch)
        }
        let counts: (min: Int?, max: Int?) = field.tokensRef!.with { ($0.minCount, $0.maxCount) }
        field.tokenPlanRef!.with { plan in
            // Tokens are told apart by their values to be counted: made for validity alone too when
            // the field has a count to keep.
            guard !context.wantsValue, counts.min != nil || counts.max != nil else {
                return checkTokens(index, field, plan, counts: counts, context: context, scratch: &scratch)
            }
            var counting = context
            counting.wantsValue = true
            checkTokens(index, field, plan, counts: counts, context: counting, scratch: &scratch)
        }
    }

    /// ``checkTokens(_:_:context:scratch:)`` of a field that has tokens, whose token plan is `plan`
    /// and whose count of tokens is within `counts`.
    private mutating func checkTokens(
        _ index: Int, _ field: FieldSchema, _ plan: FieldPlan, counts: (min: Int?, max: Int?), context: ByteContext,
        scratch: inout CheckScratch
    ) {
        if context.wantsValue { tokens.removeAll() }
        var display: [String] = []
        // By position, so that the ranges are read where they are, not copied while checking writes.
        var position = 0
        while position < tokenRanges[index].count {
            // The view stays valid: checking writes elsewhere.
            let token = UnsafeBufferPointer(rebasing: normalized.bytes[tokenRanges[index][position]])
            position += 1
            if checkText(index, field, plan, token, item: position, context: context, scratch: &scratch) {
                guard context.wantsValue else { continue }
                let canonical = value.isText ? ByteText(unsafeBuffer: token) : value.canonical.text
                if tokens.insert(canonical, isNumber: !value.isText && value.isNumber), context.wantsDisplay {
                    display.append(value.isText ? token.string : value.typed.display)
                }
            } else if field.stopAtFirst && !outcomes[index].isValid {
                return
            }
        }
        if let min = counts.min, tokens.count < min {
            outcomes[index].append(
                violation(
                    RuleViolation("too_few", ["min": .number(Double(min))]), field: field, plan: plan, step: -3, message: nil,
                    locale: context.locale))
        }
        if let max = counts.max, tokens.count > max {
            outcomes[index].append(
                violation(
                    RuleViolation("too_many", ["max": .number(Double(max))]), field: field, plan: plan, step: -4, message: nil,
                    locale: context.locale))
        }
        guard outcomes[index].isValid, !wantsValidityOnly else { return }
        // The value is the JSON array; its display the list as the locale writes one, when it is asked for.
        let start = values.count
        tokens.writeJSON(into: &values)
        let canonical = start..<values.count
        var displayRange: Range<Int>?
        if context.wantsDisplay {
            values.append(contentsOf: ListFormat.format(display, locale: context.icuLocale).utf8)
            displayRange = canonical.upperBound..<values.count
        }
        outcomes[index].value = .bytes(canonical: canonical, display: displayRange, form: .json)
    }

    /// Checks tokens as `field`'s, on their own, in `locale`: what an interactive token field asks
    /// of a token before it adds it.
    mutating func checkTokens(of field: FieldSchema, _ tokens: [String], locale: LocaleProfile, scratch: inout CheckScratch)
        -> (violations: [Violation], value: TypedValue?)
    {
        reset(fields: 1)
        wantsValidityOnly = false
        outcomes[0].removeViolations()
        outcomes[0].value = .none
        normalized.removeAll()
        tokenRanges[0].removeAll(keepingCapacity: true)
        for var token in tokens { token.withUTF8 { appendToken(0, field, $0, scratch: &scratch) } }
        var context = ByteContext(locale: locale, record: .alone, wantsDisplay: true)
        context.fieldName = field.name
        context.now = VouchClock.system.now()
        checkTokens(0, field, context: context, scratch: &scratch)
        return (outcomes[0].violations, typedValue(0))
    }

    /// A rule's finding as a violation of `field` with its message, as
    /// ``FieldSchema/violation(_:message:locale:)`` makes it; the same finding of the same step
    /// is made once per thread, since most invalid records break a field the same way. Kept out
    /// of line: the checking loops that call it only when a rule finds something stay small.
    @inline(never)
    private mutating func violation(
        _ found: RuleViolation, field: FieldSchema, plan: FieldPlan, step: Int, message: @autoclosure () -> MessageTemplate?,
        locale: @autoclosure () -> LocaleProfile
    ) -> MadeViolation {
        if wantsValidityOnly { return unsaidViolation }
        return withUnsafePointer(to: found) { found in
            messages.violation(found, plan: plan, step: step) {
                field.violation(found.pointee, message: message(), locale: locale())
            }
        }
    }

    /// ``violation(_:field:plan:step:message:locale:)`` of the finding at `position` in ``found``,
    /// read where it is (a token's, about token `item`, copied to say so).
    @inline(never)
    private mutating func violation(
        found position: Int, item: Int?, field: FieldSchema, plan: FieldPlan, step: Int,
        message: @autoclosure () -> MessageTemplate?, locale: @autoclosure () -> LocaleProfile
    ) -> MadeViolation {
        if let item {
            return violation(found[position].at(item), field: field, plan: plan, step: step, message: message(), locale: locale())
        }
        if wantsValidityOnly { return unsaidViolation }
        return found.withUnsafeBufferPointer { found in
            messages.violation(found.baseAddress.unsafelyUnwrapped + position, plan: plan, step: step) {
                field.violation(found[position], message: message(), locale: locale())
            }
        }
    }

    /// Empties ``found``, keeping its storage. One finding at a time: a field has few, and
    /// `removeAll(keepingCapacity:)` goes through a `replaceSubrange` that costs more than they do.
    private mutating func clearFound() {
        while !found.isEmpty { found.removeLast() }
    }

    private mutating func store(_ index: Int) {
        if wantsValidityOnly { return }
        if value.isText {
            outcomes[index].value = .text
            return
        }
        let start = values.count
        values.append(value.canonical)
        let canonical = start..<values.count
        var display: Range<Int>?
        if !value.displayIsCanonical {
            values.append(value.display)
            display = canonical.upperBound..<values.count
        }
        outcomes[index].value = .bytes(
            canonical: canonical, display: display, form: value.isNumber ? .json : value.canonicalIsPlain ? .plainText : .text)
    }

    // MARK: Results

    /// Whether no included field has a violation. (Inlined: a call would copy the record.)
    var isValid: Bool {
        @inline(__always) get {
            for index in outcomes.indices where outcomes[index].included && !outcomes[index].isValid { return false }
            return true
        }
    }

    /// The record's outcome as the `String` API gives it.
    func result(schema: FormSchema) -> ValidationResult {
        ValidationResult(
            fields: schema.fields.indices.compactMap { index in
                let outcome = outcomes[index]
                guard outcome.included else { return nil }
                return ValidationResult.FieldResult(
                    name: schema.fields[index].name, value: typedValue(index), violations: outcome.violations,
                    isSecret: schema.fields[index].isSecret)
            })
    }

    /// The typed value of field `index`, if it has one.
    func typedValue(_ index: Int) -> TypedValue? {
        switch outcomes[index].value {
        case .none: return nil
        case .text: return TypedValue(text: texts[index].string)
        case .bytes(let canonical, let display, let form):
            var bytes = ValueBytes()
            bytes.isNumber = form == .json
            bytes.canonical.append(contentsOf: values[canonical])
            if let display {
                bytes.displayIsCanonical = false
                bytes.display.append(contentsOf: values[display])
            }
            return bytes.typed
        }
    }
}
