/// Checking and formatting one value on its own, as `vouch validate`, `vouch format` and the C API do.
extension Registry {
    /// The version of Vouch.
    public static let version = "0.2.0"

    /// Checks one value by kind (`phone`) or, when no kind has the name, by rule (`email`,
    /// `card.luhn`), in `locale`, with the kind's or rule's `parameters` (`["min": 18]`). The
    /// result has one field, `value`.
    public func validate(_ value: String, as name: String, locale: String = "en-US", parameters: JSONObject = [:]) throws(VouchError)
        -> ValidationResult
    {
        try singleValueForm(name, locale: locale, parameters: parameters).validate(["value": value])
    }

    /// Formats one value by kind or, when no kind has the name, by formatter, in `locale`.
    ///
    /// For a kind: the display form of a valid value, or its canonical form as text when
    /// `canonical` is true (`+15551234567`, `1982-02-22`); an invalid value as far as the kind's
    /// formatters take it. For a formatter: its output. `parameters` are the kind's or the
    /// formatter's (`["mode": "words"]` for `capitalize`). A kind whose values are secret (a
    /// `password`, `tokens` of passwords) is refused: its values are never written out.
    public func format(
        _ value: String, as name: String, locale: String = "en-US", canonical: Bool = false, parameters: JSONObject = [:]
    ) throws(VouchError) -> String {
        guard kind(named: name) != nil else {
            guard formatter(named: name) != nil else {
                throw unknown(name, "kind or formatter", among: kinds.flatMap(\.names) + formatters.flatMap(\.names))
            }
            return try makeFormatter(name, parameters, locale: locale).format(value)
        }
        let form = try singleValueForm(name, locale: locale, parameters: parameters)
        guard !form.fields[0].isSecret else {
            throw VouchError(.invalidInput, "\(name) values are secret and are never written out")
        }
        guard let typed = form.validate(["value": value]).value(of: "value") else { return form.fields[0].normalize(value) }
        return canonical ? (typed.canonical.stringValue ?? typed.canonical.jsonText) : typed.display
    }

    /// A one-field form: `{"kind": name, …parameters}`, or `{"rules": [{"rule": name,
    /// …parameters}]}` when no kind has the name.
    private func singleValueForm(_ name: String, locale: String, parameters: JSONObject) throws(VouchError) -> FormSchema {
        var field: JSONObject = ["name": "value"]
        if kind(named: name) != nil {
            for (key, _) in parameters where ["name", "kind"].contains(key) {
                throw VouchError(.unknownParameter, "kind \"\(name)\" has no parameter \"\(key)\"", at: key)
            }
            field["kind"] = .string(name)
            for (key, value) in parameters { field[key] = value }
        } else if rule(named: name) != nil {
            if parameters["rule"] != nil { throw VouchError(.unknownParameter, "rule \"\(name)\" has no parameter \"rule\"", at: "rule") }
            var entry: JSONObject = ["rule": .string(name)]
            for (key, value) in parameters { entry[key] = value }
            field["rules"] = [.object(entry)]
        } else {
            throw unknown(name, "kind or rule", among: kinds.flatMap(\.names) + rules.flatMap(\.names))
        }
        return try FormSchema(spec: ["vouch": 1, "locale": .string(locale), "fields": [.object(field)]], registry: self)
    }

    /// `no kind or rule is named "emial" (did you mean "email"?)`, with the plugin that provides a
    /// namespaced name when it is not loaded.
    private func unknown(_ name: String, _ what: String, among names: [String]) -> VouchError {
        VouchError(
            .unknownName,
            "no \(what) is named \"\(name)\"" + NameSuggestion.didYouMean(name, among: names)
                + NameSuggestion.plugin(for: name, registry: self))
    }
}
