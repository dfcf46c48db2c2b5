@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// Reads a form spec (JSON) into a ``FormSchema``, refusing a bad spec with the JSON path of the
/// problem. The format is described in `docs/form-spec.md`.
struct FormSpecReader {
    let registry: Registry
    private let shape = JSONShape(code: .invalidSpec)

    init(registry: Registry) { self.registry = registry }

    static let formatVersion = 1
    static let formKeys: Set<String> = ["vouch", "locale", "name", "fields", "rules"]
    /// The keys every field may have; any other key is a parameter of the field's kind.
    static let fieldKeys: Set<String> = [
        "name", "kind", "label", "placeholder", "required", "rules", "formatters", "message", "when", "validate",
        "stop_at_first", "read_only", "hints", "overwrite",
    ]

    func read(json bytes: [UInt8]) throws(VouchError) -> FormSchema {
        let spec: JSONValue
        do {
            spec = try JSONParser().parse(bytes)
        } catch {
            throw VouchError(.invalidJSON, "line \(error.line), column \(error.column): the form spec is not valid JSON: \(error.message)")
        }
        return try read(spec)
    }

    func read(_ spec: JSONValue) throws(VouchError) -> FormSchema {
        let root = JSONPath()
        let form = try shape.object(spec, at: root, what: "a form spec")
        try shape.checkKeys(form, allowed: Self.formKeys, at: root, "in a form")
        guard let version = form["vouch"] else {
            throw VouchError(.invalidSpec, "missing \"vouch\": the spec format version (\(Self.formatVersion))", at: "vouch")
        }
        guard version.intValue == Self.formatVersion else {
            throw VouchError(
                .invalidSpec, "unknown spec format version \(version.jsonText); this Vouch reads version \(Self.formatVersion)", at: "vouch"
            )
        }
        let localeTag = try shape.string(form["locale"], at: root.appending("locale")) ?? "en-US"
        let locale: LocaleProfile
        do {
            locale = try registry.locale(localeTag)
        } catch {
            throw VouchError(error.code, error.message, at: "locale")
        }
        _ = try shape.string(form["name"], at: root.appending("name"))

        guard let fieldsValue = form["fields"] else {
            throw VouchError(.invalidSpec, "missing \"fields\": an array of fields", at: "fields")
        }
        let fieldsPath = root.appending("fields")
        guard let items = fieldsValue.arrayValue else {
            throw VouchError(.invalidSpec, "\"fields\" must be an array, not \(fieldsValue.typeName)", at: "fields")
        }
        guard !items.isEmpty else { throw VouchError(.invalidSpec, "a form needs at least one field", at: "fields") }

        // Names and labels first, so rules can refer to any field, before or after them.
        var labels: [String: String] = [:]
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let path = fieldsPath.appending(index)
            let field = try shape.object(item, at: path, what: "a field")
            guard let name = try shape.string(field["name"], at: path.appending("name")), !name.isEmpty else {
                throw VouchError(.invalidSpec, "a field needs a non-empty \"name\"", at: path.description)
            }
            guard labels[name] == nil else {
                throw VouchError(.invalidSpec, "two fields are named \"\(name)\"", at: path.appending("name").description)
            }
            labels[name] = try shape.string(field["label"], at: path.appending("label")) ?? name
            names.append(name)
        }

        // Kinds next, so that rules can read other fields' values as their kinds do.
        var kinds: [String: Kind] = [:]
        for (index, item) in items.enumerated() {
            let field = item.objectValue!
            kinds[field["name"]!.stringValue!] = try readKind(
                field, at: fieldsPath.appending(index), locale: locale, labels: labels, names: names)
        }
        var fields: [FieldSchema] = []
        for (index, item) in items.enumerated() {
            fields.append(
                try readField(
                    item.objectValue!, at: fieldsPath.appending(index), locale: locale, labels: labels, names: names, kinds: kinds))
        }
        try checkConditionCycles(fields, at: fieldsPath)
        try checkConditionChoices(fields, at: fieldsPath)

        var formRules: [FormSchema.FormRule] = []
        if let rulesValue = form["rules"] {
            let rulesPath = root.appending("rules")
            guard let entries = rulesValue.arrayValue else {
                throw VouchError(.invalidSpec, "\"rules\" must be an array, not \(rulesValue.typeName)", at: "rules")
            }
            for (index, entry) in entries.enumerated() {
                let path = rulesPath.appending(index)
                var rule = try shape.object(entry, at: path, what: "a form rule")
                guard let target = try shape.string(rule["target"], at: path.appending("target")) else {
                    throw VouchError(.invalidSpec, "a form rule needs \"target\": the field its violations belong to", at: path.description)
                }
                guard let fieldIndex = names.firstIndex(of: target) else {
                    throw VouchError(
                        .invalidSpec, "\"target\" names \"\(target)\", which is not a field of this form",
                        at: path.appending("target").description)
                }
                rule = JSONObject(rule.filter { $0.0 != "target" })
                let context = BuildContext(
                    registry: registry, locale: locale, field: target, path: path, formFields: labels, formFieldNames: names,
                    formKinds: kinds, fieldKind: fields[fieldIndex].kind)
                formRules.append(FormSchema.FormRule(field: fieldIndex, bound: try registry.readRule(.object(rule), context: context)))
            }
        }
        var schema = FormSchema(locale: locale, fields: fields, formRules: formRules, clock: registry.clock)
        schema.registry = registry
        return schema
    }

    // MARK: Fields

    /// A field's kind, built with the keys of the field that are the kind's parameters.
    private func readKind(
        _ field: JSONObject, at path: JSONPath, locale: LocaleProfile, labels: [String: String], names: [String]
    ) throws(VouchError) -> Kind {
        let context = BuildContext(
            registry: registry, locale: locale, field: field["name"]!.stringValue!, path: path, formFields: labels,
            formFieldNames: names)
        let kindName = try shape.string(field["kind"], at: path.appending("kind")) ?? "text"
        if registry.kind(named: kindName) == nil {
            // Name the unknown kind before complaining about keys it would have taken.
            _ = try registry.buildKind(kindName, [:], context: context.with(subject: "", path: path.appending("kind")))
        }
        return try registry.buildKind(kindName, JSONObject(field.filter { !Self.fieldKeys.contains($0.0) }), context: context)
    }

    private func readField(
        _ field: JSONObject, at path: JSONPath, locale: LocaleProfile, labels: [String: String], names: [String],
        kinds: [String: Kind]
    ) throws(VouchError) -> FieldSchema {
        let name = field["name"]!.stringValue!
        let kind = kinds[name]!
        let context = BuildContext(
            registry: registry, locale: locale, field: name, path: path, formFields: labels, formFieldNames: names, formKinds: kinds,
            fieldKind: kind)

        var formatters: [any TextFormatter] = []
        for (index, entry) in try shape.array(field["formatters"], at: path.appending("formatters")).enumerated() {
            formatters.append(
                try readFormatter(entry, context: context.with(subject: "", path: path.appending("formatters").appending(index))))
        }
        var rules: [BoundRule] = []
        for (index, entry) in try shape.array(field["rules"], at: path.appending("rules")).enumerated() {
            rules.append(try registry.readRule(entry, context: context.with(subject: "", path: path.appending("rules").appending(index))))
        }
        var condition: Condition?
        if let when = field["when"] {
            let conditionPath = path.appending("when")
            let parsed = try Condition(when, at: conditionPath)
            for other in parsed.fields where labels[other] == nil {
                throw VouchError(
                    .invalidSpec, "the condition names \"\(other)\", which is not a field of this form", at: conditionPath.description)
            }
            guard !parsed.fields.contains(name) else {
                throw VouchError(.invalidSpec, "a field's condition cannot depend on the field itself", at: conditionPath.description)
            }
            condition = parsed
        }
        var timing = ValidationTiming.onEnd
        if let text = try shape.string(field["validate"], at: path.appending("validate")) {
            guard let parsed = ValidationTiming(rawValue: text) else {
                throw VouchError(
                    .invalidSpec,
                    "\"validate\" is one of \(ValidationTiming.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \"\(text)\"",
                    at: path.appending("validate").description)
            }
            timing = parsed
        }
        var hints = try readHints(field["hints"], base: kind.hints, at: path.appending("hints"))
        // A mask's longest text is the most the field holds, as typed and as hinted.
        if let mask = (FieldEditor.layout(of: kind.formatters + kind.typing + formatters) as? MaskFormatter)?.mask {
            hints.maxLength = min(hints.maxLength ?? mask.longestText, mask.longestText)
        }
        if kind.tokens == nil {
            try Self.unifyMaxLength(&hints, &rules, fieldHint: field["hints"]?.objectValue?["max_length"] != nil, at: path)
        }
        return FieldSchema(
            name: name, label: labels[name], placeholder: try shape.string(field["placeholder"], at: path.appending("placeholder")),
            kind: kind,
            isRequired: try shape.bool(field["required"], at: path.appending("required")) ?? false, formatters: formatters, rules: rules,
            condition: condition, timing: timing,
            stopAtFirst: try shape.bool(field["stop_at_first"], at: path.appending("stop_at_first")) ?? false,
            isReadOnly: try shape.bool(field["read_only"], at: path.appending("read_only")) ?? false, hints: hints,
            messages: try readMessages(field["message"], context: context.with(subject: "", path: path.appending("message"))),
            overwrites: try shape.bool(field["overwrite"], at: path.appending("overwrite")) ?? false)
    }

    /// One maximum length for a field, the same for typing and checking: the smallest of its
    /// hints' `max_length` (the field's, else its kind's) and its `length` rules' `max` becomes the
    /// hint, and its `length` rules check that number (`too_long`). A field whose own hints give
    /// `max_length` (`fieldHint`) and that has no `length` rule gets one, before its other rules; a
    /// kind's own maximum needs none, as the kind's rules refuse longer values (a `state` code).
    static func unifyMaxLength(
        _ hints: inout InputHints, _ rules: inout [BoundRule], fieldHint: Bool, at path: JSONPath
    ) throws(VouchError) {
        let lengths = rules.indices.compactMap { index in (rules[index].rule as? LengthRule).map { (index, $0) } }
        guard let maxLength = ([hints.maxLength] + lengths.map(\.1.max)).compactMap({ $0 }).min() else { return }
        hints.maxLength = maxLength
        if lengths.isEmpty && fieldHint {
            rules.insert(BoundRule(rule: LengthRule(min: nil, max: maxLength), message: nil), at: 0)
        }
        for (_, length) in lengths {
            guard let min = length.min, min > maxLength else { continue }
            throw VouchError(
                .invalidSpec,
                "a length rule's min (\(min)) is more than the field's maximum length (\(maxLength)): no value could be entered",
                at: path.appending("rules").description)
        }
        for (index, length) in lengths where length.max != maxLength {
            rules[index] = BoundRule(rule: LengthRule(min: length.min, max: maxLength), message: rules[index].message)
        }
    }

    /// `"trim"` or `{"formatter": "capitalize", "mode": "words"}`.
    private func readFormatter(_ entry: JSONValue, context: BuildContext) throws(VouchError) -> any TextFormatter {
        if let name = entry.stringValue { return try registry.buildFormatter(name, [:], context: context) }
        let formatter = try shape.object(entry, at: context.path, what: "a formatter (a name, or {\"formatter\": name, …parameters})")
        guard let name = formatter["formatter"]?.stringValue else {
            throw VouchError(.invalidSpec, "a formatter object needs \"formatter\": the formatter's name", at: context.path.description)
        }
        return try registry.buildFormatter(name, JSONObject(formatter.filter { $0.0 != "formatter" }), context: context)
    }

    /// `"Enter your ZIP"` for every code, or `{"required": "…", "pattern": "…"}`.
    private func readMessages(_ value: JSONValue?, context: BuildContext) throws(VouchError) -> [String: MessageTemplate] {
        guard let value else { return [:] }
        if let text = value.stringValue {
            return ["*": try message(text, context: context, at: context.path)]
        }
        let codes = try shape.object(value, at: context.path, what: "a message (a string, or an object of code to message)")
        var messages: [String: MessageTemplate] = [:]
        for (code, template) in codes {
            guard let text = template.stringValue else {
                throw VouchError(
                    .invalidSpec, "a message must be a string, not \(template.typeName)", at: context.path.appending(code).description)
            }
            messages[code] = try message(text, context: context, at: context.path.appending(code))
        }
        return messages
    }

    private func message(_ text: String, context: BuildContext, at path: JSONPath) throws(VouchError) -> MessageTemplate {
        do {
            return try MessageTemplate(text, locale: context.locale.icuLocale)
        } catch {
            throw VouchError(.badMessage, "ICU cannot parse this message template: \(error)", at: path.description)
        }
    }

    /// `item` as one of the values of `Choice`, or an error naming them all.
    private static func choice<Choice: CaseIterable & RawRepresentable<String>>(
        _ item: JSONValue, _ key: String, at path: JSONPath
    ) throws(VouchError) -> Choice {
        guard let parsed = item.stringValue.flatMap(Choice.init(rawValue:)) else {
            throw VouchError(
                .invalidSpec, "\"\(key)\" is one of \(Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))",
                at: path.description)
        }
        return parsed
    }

    private func readHints(_ value: JSONValue?, base: InputHints, at path: JSONPath) throws(VouchError) -> InputHints {
        guard let value else { return base }
        var hints = base
        for (key, item) in try shape.object(value, at: path, what: "hints") {
            let at = path.appending(key)
            switch key {
            case "keyboard": hints.keyboard = try Self.choice(item, key, at: at)
            case "capitalization":
                guard let parsed = item.stringValue.flatMap(Capitalization.init(rawValue:)) else {
                    throw VouchError(
                        .invalidSpec, "\"capitalization\" is one of \"none\", \"words\", \"sentences\", \"all\"", at: at.description)
                }
                hints.capitalization = parsed
            case "autocorrection": hints.autocorrection = try shape.bool(item, at: at)!
            case "max_length":
                guard let length = item.intValue, length > 0 else {
                    throw VouchError(.invalidSpec, "\"max_length\" must be a positive integer", at: at.description)
                }
                hints.maxLength = length
            case "autocomplete": hints.autocomplete = try shape.string(item, at: at)
            case "return_key": hints.returnKey = try Self.choice(item, key, at: at)
            default:
                throw VouchError(
                    .invalidSpec,
                    "unknown hint \"\(key)\" (hints are keyboard, capitalization, autocorrection, max_length, autocomplete, return_key)",
                    at: at.description)
            }
        }
        return hints
    }

    /// Refuses a `when` condition that compares a choice (without manual entry) with something
    /// that is none of its values, such as a label: it could never hold.
    private func checkConditionChoices(_ fields: [FieldSchema], at path: JSONPath) throws(VouchError) {
        var choices: [String: [ChoiceOption]] = [:]
        for field in fields where !field.kind.options.isEmpty && field.kind.manualEntryLabel == nil {
            choices[field.name] = field.kind.options
        }
        for (index, field) in fields.enumerated() {
            for (name, value) in field.condition?.comparedValues ?? [] {
                guard let options = choices[name], !value.isEmpty, !options.contains(where: { $0.value == value }) else { continue }
                let label = options.first { $0.label == value }.map { " (the label of \"\($0.value)\")" } ?? ""
                throw VouchError(
                    .invalidSpec,
                    "the condition compares \"\(name)\" with \"\(value)\"\(label), which is no value of that choice (values: "
                        + options.prefix(10).map(\.value).joined(separator: ", ") + (options.count > 10 ? ", …" : "") + ")",
                    at: path.appending(index).appending("when").description)
            }
        }
    }

    /// Refuses `when` conditions that depend on each other in a circle.
    private func checkConditionCycles(_ fields: [FieldSchema], at path: JSONPath) throws(VouchError) {
        var indexByName: [String: Int] = [:]
        for (index, field) in fields.enumerated() { indexByName[field.name] = index }
        var state = [UInt8](repeating: 0, count: fields.count)  // 0 new, 1 on the path, 2 done
        func visit(_ index: Int, _ trail: [String]) throws(VouchError) {
            if state[index] == 2 { return }
            if state[index] == 1 {
                throw VouchError(
                    .invalidSpec, "the \"when\" conditions form a cycle: " + (trail + [fields[index].name]).joined(separator: " → "),
                    at: path.appending(index).appending("when").description)
            }
            state[index] = 1
            for name in fields[index].condition?.fields.sorted() ?? [] {
                try visit(indexByName[name]!, trail + [fields[index].name])
            }
            state[index] = 2
        }
        for index in fields.indices { try visit(index, []) }
    }
}
