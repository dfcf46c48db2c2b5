@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// A form, built and checked: ordered fields, conditions, form-level rules and a locale.
///
/// Build one from a JSON spec (``init(json:registry:)``, see `docs/form-spec.md`) or in code. A
/// schema is immutable and safe to use from many threads: validate records with it in bulk, or
/// make interactive ``Form`` objects from it.
public struct FormSchema: Sendable {
    /// The form's locale, with everything its packs say.
    public let locale: LocaleProfile
    /// The fields, in order.
    public let fields: [FieldSchema]
    /// Cross-field rules, each tied to the field its violations belong to.
    let formRules: [FormRule]
    /// Names, the result writer and checking state, for the checking path.
    let plan: FormPlan
    /// The registry's clock, read once per record when ``readsClock``.
    let clock: VouchClock
    /// Whether a field has a bound relative to the time (`today`, `now-2h`).
    let readsClock: Bool
    /// The registry a spec was read with: its definitions say what the form's JSON Schema holds.
    package internal(set) var registry: Registry?

    /// A form-level rule and the field its violations belong to.
    struct FormRule: Sendable {
        let field: Int
        let bound: BoundRule
        /// The rule as the checking path runs it.
        let step: FieldPlan.Step

        init(field: Int, bound: BoundRule) {
            self.field = field
            self.bound = bound
            self.step = FieldPlan.Step.make(bound)
        }
    }

    init(locale: LocaleProfile, fields: [FieldSchema], formRules: [FormRule], clock: VouchClock = .system) {
        self.locale = locale
        self.fields = fields
        self.formRules = formRules
        self.plan = FormPlan(fields: fields, formRules: formRules, locale: locale)
        self.clock = clock
        self.readsClock = fields.contains { $0.kind.value.converterOnBytes.converter?.readsClock ?? false }
    }

    /// Reads a form from its JSON spec.
    ///
    /// - Throws: ``VouchError`` with code `invalid_json` (with line and column) or `invalid_spec`,
    ///   `unknown_name`, `invalid_parameter`, `bad_regex`… located by the JSON path of the problem.
    public init(json: some Collection<UInt8>, registry: Registry) throws(VouchError) {
        self = try FormSpecReader(registry: registry).read(json: Array(json))
    }

    /// Reads a form from its JSON spec, given as text.
    public init(json: String, registry: Registry) throws(VouchError) {
        try self.init(json: Array(json.utf8), registry: registry)
    }

    /// Reads a form from its JSON spec in a file; errors name the file (`form.json: fields[2].kind`).
    ///
    /// - Parameters:
    ///   - locale: a locale to use instead of the spec's.
    ///   - maxFileBytes: the largest spec read (16 MiB unless given); only a regular file is read.
    public init(file path: String, registry: Registry, locale: String? = nil, maxFileBytes: Int = Registry.defaultMaxFileBytes)
        throws(VouchError)
    {
        let bytes = try FileBytes.read(path, limit: maxFileBytes)
        var spec: JSONValue
        do {
            spec = try JSONParser().parse(bytes)
        } catch {
            throw VouchError(
                .invalidJSON, "line \(error.line), column \(error.column): the form spec is not valid JSON: \(error.message)", path: nil,
                file: path)
        }
        if let locale, case .object(var object) = spec {
            object["locale"] = .string(locale)
            spec = .object(object)
        }
        do {
            self = try FormSpecReader(registry: registry).read(spec)
        } catch {
            throw error.inFile(path)
        }
    }

    /// Reads a form from an already parsed spec.
    public init(spec: JSONValue, registry: Registry) throws(VouchError) {
        self = try FormSpecReader(registry: registry).read(spec)
    }

    /// The position of the field `name`.
    public func index(of name: String) -> Int? { plan.formFields.indexByName[name] }

    /// The field `name`.
    public func field(_ name: String) -> FieldSchema? { plan.formFields.indexByName[name].map { fields[$0] } }

    // MARK: Validating

    /// Validates a record (field name to value). Strings are the usual values; numbers and booleans
    /// are read as their text, `null` or a missing key as empty; a `tokens` field takes an array of
    /// strings or a string with separators. Keys that are not fields are ignored.
    public func validate(_ record: JSONObject) -> ValidationResult {
        plan.checkers.withObject { $0.validate(record, schema: self) }
    }

    /// Checks one record given as a JSON object (UTF-8) and appends its result as JSON to `output`:
    /// `{"valid", "values", ["display",] "errors"}`, the same as ``validate(_:)-(JSONObject)`` gives,
    /// straight from the bytes. Nothing is written for a record that cannot be read.
    ///
    /// For many records on one thread, a ``FormChecker`` of its own saves a look-up per record.
    public func checkJSON(_ record: UnsafeBufferPointer<UInt8>, display: Bool = false, into output: inout [UInt8])
        -> Result<Void, FormChecker.Unreadable>
    {
        plan.checkers.withObject {
            $0.checkJSON(record, schema: self, maxValueBytes: .max, header: .none, display: display) { output.append(contentsOf: $0) }
        }
    }

    /// Checks one record given as a JSON object (UTF-8), and calls `body` with its result as JSON
    /// (the bytes are valid during the call only); for a record that cannot be read, `body` is not
    /// called.
    public func checkJSON<R>(_ record: UnsafeBufferPointer<UInt8>, display: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> R)
        -> Result<R, FormChecker.Unreadable>
    {
        plan.checkers.withObject { $0.checkJSON(record, schema: self, maxValueBytes: .max, header: .none, display: display, body) }
    }

    /// Whether a record given as a JSON object (UTF-8) is valid: what `"valid"` says in
    /// ``checkJSON(_:display:into:)``'s result, without writing the result. A record that cannot
    /// be read gives the reason.
    public func isValid(json record: UnsafeBufferPointer<UInt8>) -> Result<Bool, FormChecker.Unreadable> {
        plan.checkers.withObject { $0.isValid(record, schema: self) }
    }

    /// Whether a record given member by member is valid: what ``isValid(json:)`` says of the JSON
    /// object of those members (``RecordMember/writeObject(_:into:)``), without writing it.
    /// The members may be a view of the caller's own array, read in place.
    public func isValid(members: some Collection<RecordMember>) -> Result<Bool, FormChecker.Unreadable> {
        plan.checkers.withObject { $0.isValid(members: members, schema: self) }
    }

    /// Validates values given as text, by field name.
    public func validate(_ values: [String: String]) -> ValidationResult {
        plan.checkers.withObject { $0.validate(values, schema: self) }
    }

    /// Validates values given as text, leaving out the fields at `excluded` (disabled fields of an
    /// interactive form) as if their conditions did not hold.
    package func validate(_ values: [String: String], excluding excluded: Set<Int>) -> ValidationResult {
        plan.checkers.withObject { $0.validate(values, schema: self, excluding: excluded) }
    }

    /// What a condition compares for field `index` with this normalized text (``Condition``).
    func conditionValue(of index: Int, normalized text: String) -> String {
        Self.conditionValue(of: fields[index], normalized: text, locale: locale)
    }

    /// ``conditionValue(of:normalized:)`` of a field of a form in `locale`.
    static func conditionValue(of field: FieldSchema, normalized text: String, locale: LocaleProfile) -> String {
        Condition.comparedText(text, converter: field.kind.value, context: RuleContext(field: field.name, locale: locale, now: 0))
    }

    /// Whether each field is included, given every field's normalized text; an excluded field's
    /// value counts as empty in the conditions of others.
    package func inclusion(normalized: [String]) -> [Bool] {
        var included = [Bool?](repeating: nil, count: fields.count)
        func isIncluded(_ index: Int) -> Bool {
            if let known = included[index] { return known }
            // Conditions cannot form cycles (the spec reader refuses them), so the recursion ends.
            let holds =
                fields[index].condition.map { condition in
                    condition.holds { name in
                        self.index(of: name).flatMap { isIncluded($0) ? conditionValue(of: $0, normalized: normalized[$0]) : nil }
                    }
                } ?? true
            included[index] = holds
            return holds
        }
        return fields.indices.map(isIncluded)
    }
}
