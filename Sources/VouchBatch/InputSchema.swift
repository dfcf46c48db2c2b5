import Vouch

/// A JSON Schema (draft 2020-12) of the records a form reads: what `vouch check` takes as input,
/// as far as JSON Schema can say it.
///
/// The schema takes every record Vouch takes: a value may come as Vouch reads it (text with spaces
/// around it, a state by name in any case, a choice by label, a number as text), and an empty
/// optional field (missing, `null`, blank) is always valid. Where it can, it refuses what Vouch
/// refuses: a required field left empty, a value of a JSON type the field does not read, lengths,
/// whole-value patterns, choices and regions, whole numbers and their range, token lists; a field
/// that belongs to the form only under a condition, and `required_if`, become `if`/`then`. What it
/// cannot say (phone plans, postal codes, dates, cross-field rules, plugins' rules) is listed in
/// its `$comment`, field by field.
package struct InputSchema {
    let form: FormSchema
    /// The spec as written: rule entries and kind parameters, which a compiled form keeps no longer.
    let spec: JSONObject
    /// What the schema cannot say, one line each.
    private(set) var unsaid: [String] = []

    package init(form: FormSchema, spec: JSONObject) {
        self.form = form
        self.spec = spec
    }

    package mutating func schema(title: String) -> JSONValue {
        let specFields = spec["fields"]?.arrayValue ?? []
        var properties = JSONObject()
        var required: [JSONValue] = []
        var conditional: [JSONValue] = []
        for (index, field) in form.fields.enumerated() {
            let entry = specFields.indices.contains(index) ? specFields[index].objectValue ?? [:] : [:]
            let property = self.property(field, spec: entry, required: field.isRequired)
            guard let condition = field.condition else {
                properties[field.name] = property
                if field.isRequired && !field.isReadOnly { required.append(.string(field.name)) }
                continue
            }
            // Excluded, a field is not read at all: its constraints hold only under its condition.
            properties[field.name] = .bool(true)
            guard let test = self.condition(condition, for: field.name) else { continue }
            var then: JSONObject = ["properties": .object([field.name: property])]
            if field.isRequired && !field.isReadOnly { then["required"] = [.string(field.name)] }
            conditional.append(.object(["if": test, "then": .object(then)]))
        }
        for (index, field) in form.fields.enumerated() {
            let entry = specFields.indices.contains(index) ? specFields[index].objectValue ?? [:] : [:]
            for rule in Self.ruleEntries(entry["rules"]) where rule.name == "required_if" {
                requiredIf(field, rule.parameters, into: &conditional)
            }
        }
        for rule in Self.ruleEntries(spec["rules"]) {
            let target = rule.parameters["target"]?.stringValue ?? ""
            if rule.name == "required_if", let field = form.field(target) {
                requiredIf(field, rule.parameters, into: &conditional)
            } else {
                unsaid.append("\(target): the form's rule \(rule.name)")
            }
        }
        var schema: JSONObject = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": .string(title),
            "description": .string(
                "A record of the form, as vouch check reads it (locale \(form.locale.tag)): each field's value as typed, "
                    + "before Vouch formats it; a missing, null or blank optional field is empty."),
            "type": "object",
            "properties": .object(properties),
        ]
        if !required.isEmpty { schema["required"] = .array(required) }
        if !conditional.isEmpty { schema["allOf"] = .array(conditional) }
        if !unsaid.isEmpty {
            schema["$comment"] = .string("Vouch also checks what this schema cannot say: " + unsaid.joined(separator: "; ") + ".")
        }
        return .object(schema)
    }

    // MARK: Fields

    /// A field's value: empty (unless required), or a value of its kind that passes its rules.
    private mutating func property(_ field: FieldSchema, spec entry: JSONObject, required: Bool) -> JSONValue {
        let kind = field.kind.name
        let schema: JSONObject = ["description": .string("\(field.label) (\(kind))")]
        if field.isReadOnly {
            unsaid.append("\(field.name): read-only, never checked")
            return .object(schema)
        }
        if field.kind.tokens != nil { return tokens(field, spec: entry, description: schema, required: required) }
        let given = Self.contribution(field.kind, spec: entry, locale: form.locale, required: required)
        let plain = given.text != .changed && (entry["formatters"]?.arrayValue ?? []).isEmpty
        let trims = given.text != .exact
        var constraints = given.constraints
        unsaid += given.unsaid.map { "\(field.name): \($0)" }
        constraints += rules(field, spec: entry, text: plain ? given.text : .changed)
        // A field's own max_length hint is checked as a length rule's max is.
        if let max = entry["hints"]?["max_length"]?.intValue {
            constraints += rules(
                field, spec: ["rules": [["rule": "length", "max": .number(Double(max))]]], text: trims ? .changed : .exact)
        }
        return wrap(schema, types: given.types.map { .string($0) }, constraints: constraints, required: required, trimmed: trims)
    }

    /// What `kind`'s definition says of a field's input; a kind that says nothing leaves its
    /// values to Vouch, and the `$comment` says so.
    static func contribution(_ kind: Kind, spec entry: JSONObject, locale: LocaleProfile, required: Bool = false) -> SchemaContribution {
        guard let describe = kind.inputSchema else { return SchemaContribution(unsaid: ["a value of the kind \(kind.name)"]) }
        return describe(SchemaContribution.Field(entry: entry, kind: kind, locale: locale, required: required))
    }

    /// A tokens field: a text split at its separators, or an array of tokens.
    private mutating func tokens(_ field: FieldSchema, spec entry: JSONObject, description: JSONObject, required: Bool) -> JSONValue {
        let tokenKind = field.kind.tokens?.tokenKind
        let itemText = tokenKind.map { Self.contribution($0, spec: [:], locale: form.locale).text } ?? .changed
        let itemTrimmed = itemText == .trimmed && (entry["formatters"]?.arrayValue ?? []).isEmpty
        var item: JSONObject = ["type": ["string", "number", "boolean", "null"]]
        let itemRules = rules(field, spec: entry, text: itemTrimmed ? .trimmed : .changed)
        if !itemRules.isEmpty { item["allOf"] = .array(itemRules.map { .object($0) }) }
        var array: JSONObject = ["type": "array", "items": .object(item)]
        if let min = entry["min_count"], min.doubleValue != nil { array["minItems"] = min }
        if let max = entry["max_count"], max.doubleValue != nil { array["maxItems"] = max }
        unsaid.append("\(field.name): the tokens of a text, split at its separators, and repeated tokens")
        if let tokenKind, tokenKind.name != "text" { unsaid.append("\(field.name): each token by the kind \(tokenKind.name)") }
        var schema = description
        var empty: [JSONValue] = [["type": "null"], ["type": "string", "pattern": #"^[\s,]*$"#], ["type": "array", "maxItems": 0]]
        if required {
            schema["type"] = ["string", "array"]
            schema["not"] = .object(["anyOf": .array(empty)])
            schema["anyOf"] = [["type": "string"], .object(array)]
        } else {
            empty.append(["type": "string"])
            empty.append(.object(array))
            schema["type"] = ["string", "array", "null"]
            schema["anyOf"] = .array(empty)
        }
        return .object(schema)
    }

    /// What the field's rules say of its text, each as its definition declares; `text`: how the
    /// field's text reaches them.
    private mutating func rules(_ field: FieldSchema, spec entry: JSONObject, text: SchemaContribution.Text) -> [JSONObject] {
        var constraints: [JSONObject] = []
        for rule in Self.ruleEntries(entry["rules"]) {
            let describe = form.registry?.rule(named: rule.name)?.inputSchema ?? { _ in .leftToVouch(rule: rule.name) }
            let given = describe(SchemaContribution.Field(entry: rule.parameters, kind: field.kind, locale: form.locale, text: text))
            constraints += given.constraints
            unsaid += given.unsaid.map { "\(field.name): \($0)" }
        }
        return constraints
    }

    /// `{types, constraints}`; optional: empty or that; required: not empty, and that.
    private func wrap(_ schema: JSONObject, types: [JSONValue], constraints: [JSONObject], required: Bool, trimmed: Bool) -> JSONValue {
        var schema = schema
        let blank: JSONValue = ["type": "string", "pattern": trimmed ? #"^\s*$"# : "^$"]
        var value: JSONObject = ["type": .array(types)]
        if constraints.count == 1 {
            for (key, constraint) in constraints[0] { value[key] = constraint }
        } else if !constraints.isEmpty {
            value["allOf"] = .array(constraints.map { .object($0) })
        }
        if required {
            for (key, constraint) in value { schema[key] = constraint }
            schema["not"] = blank
        } else {
            schema["anyOf"] = [["type": "null"], blank, .object(value)]
        }
        return .object(schema)
    }

    // MARK: Conditions

    /// A condition as a schema that holds when it holds, or nil (noted) when Vouch compares texts
    /// that JSON Schema cannot see: a field whose formatters change its text, or with a condition
    /// of its own.
    private mutating func condition(_ condition: Condition, for name: String) -> JSONValue? {
        switch condition {
        case .equals(let other, let value): return equals(other, [value], for: name)
        case .oneOf(let other, let values): return equals(other, values, for: name)
        case .filled(let other, let filled):
            guard plainField(other, for: name) != nil else { return nil }
            let present: JSONValue = [
                "required": [.string(other)],
                "properties": .object([other: ["not": ["anyOf": [["type": "null"], ["type": "string", "pattern": #"^\s*$"#]]]]]),
            ]
            return filled ? present : ["not": present]
        case .all(let conditions), .any(let conditions):
            var parts: [JSONValue] = []
            for part in conditions {
                guard let schema = self.condition(part, for: name) else { return nil }
                parts.append(schema)
            }
            if case .all = condition { return ["allOf": .array(parts)] }
            return ["anyOf": .array(parts)]
        case .not(let inner):
            return self.condition(inner, for: name).map { ["not": $0] }
        }
    }

    private mutating func equals(_ other: String, _ values: [String], for name: String) -> JSONValue? {
        guard plainField(other, for: name) != nil, !values.contains("") else {
            if values.contains("") { unsaid.append("\(name): its condition on \(other) being empty") }
            return nil
        }
        var accepted: [JSONValue] = [["type": "string", "pattern": .string(SchemaPattern.wholeValue(values, ignoringCase: false))]]
        for value in values {
            if value == "true" || value == "false" { accepted.append(.bool(value == "true")) }
            if let number = Double(value), JSONValue.number(number).jsonText == value { accepted.append(["const": .number(number)]) }
        }
        return ["required": [.string(other)], "properties": .object([other: ["anyOf": .array(accepted)]])]
    }

    /// The field a condition looks at, when its text as given is its normalized text give or take
    /// white space at the ends; nil (noted) otherwise.
    private mutating func plainField(_ other: String, for name: String) -> FieldSchema? {
        let entry = (spec["fields"]?.arrayValue ?? []).first { $0["name"]?.stringValue == other }?.objectValue ?? [:]
        guard let field = form.field(other), field.condition == nil, (entry["formatters"]?.arrayValue ?? []).isEmpty,
            Self.contribution(field.kind, spec: entry, locale: form.locale).text == .trimmed
        else {
            unsaid.append("\(name): its condition on \(other), whose text Vouch formats before it compares")
            return nil
        }
        return field
    }

    private mutating func requiredIf(_ field: FieldSchema, _ parameters: JSONObject, into conditional: inout [JSONValue]) {
        guard let when = parameters["when"], let parsed = try? Condition(when), let test = condition(parsed, for: field.name) else {
            return
        }
        let blank: JSONValue = ["type": ["string", "null"], "pattern": #"^\s*$"#]
        conditional.append(
            ["if": test, "then": ["required": [.string(field.name)], "properties": .object([field.name: ["not": blank]])]])
    }

    // MARK: Text

    /// A field's rule entries as name and parameters: `"email"` or `{"rule": "length", "max": 9}`.
    static func ruleEntries(_ rules: JSONValue?) -> [(name: String, parameters: JSONObject)] {
        (rules?.arrayValue ?? []).compactMap { entry in
            if let name = entry.stringValue { return (name, [:]) }
            guard var object = entry.objectValue, let name = object["rule"]?.stringValue else { return nil }
            object["rule"] = nil
            return (name, object)
        }
    }

}
