@_spi(VouchInternal) import VouchBase

/// A rule entry of a spec, as a field's `rules` and a choice's `manual_rules` give it.
extension Registry {
    private static let specShape = JSONShape(code: .invalidSpec)

    /// `"email"` or `{"rule": "length", "max": 5, "message": "…"}`.
    package func readRule(_ entry: JSONValue, context: BuildContext) throws(VouchError) -> BoundRule {
        if let name = entry.stringValue {
            return BoundRule(rule: try buildRule(name, [:], context: context), message: nil)
        }
        let rule = try Self.specShape.object(entry, at: context.path, what: "a rule (a name, or {\"rule\": name, …parameters})")
        guard let name = rule["rule"]?.stringValue else {
            throw VouchError(.invalidSpec, "a rule object needs \"rule\": the rule's name", at: context.path.description)
        }
        var message: MessageTemplate?
        if let template = rule["message"] {
            guard let text = template.stringValue else {
                throw VouchError(
                    .invalidSpec, "\"message\" must be a string, not \(template.typeName)",
                    at: context.path.appending("message").description)
            }
            message = try context.message(text, parameter: "message")
        }
        let parameters = JSONObject(rule.filter { $0.0 != "rule" && $0.0 != "message" })
        return BoundRule(rule: try buildRule(name, parameters, context: context), message: message)
    }
}
