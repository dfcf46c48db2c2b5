extension InputHints {
    /// The hints as HTML input attributes, in a fixed order: `type`, `inputmode`, `autocapitalize`,
    /// `autocomplete`, `autocorrect`, `spellcheck`, `enterkeyhint`, `maxlength`, `min`, `max`, `step`.
    ///
    /// - Parameter returnKey: what the return key does in the form (`next`, `done`, `search`…), if
    ///   known; else the return key the hints name, if any. `enterkeyhint` is its
    ///   ``Form/ReturnKey/enterKeyHint``.
    public func htmlAttributes(returnKey: Form.ReturnKey? = nil) -> [(name: String, value: String)] {
        var attributes: [(String, String)] = []
        let type: String =
            if secureEntry { "password" } else {
                switch keyboard {
                case .email: "email"
                case .url: "url"
                case .phonePad: "tel"
                default:
                    switch control {
                    case .datePicker: "date"
                    case .timePicker: "time"
                    case .dateTimePicker: "datetime-local"
                    case .toggle: "checkbox"
                    default: "text"
                    }
                }
            }
        attributes.append(("type", type))
        let mode: String? =
            switch keyboard {
            case .numberPad: "numeric"
            case .decimalPad: "decimal"
            case .phonePad: "tel"
            case .email: "email"
            case .url: "url"
            case .standard: nil
            }
        if let mode { attributes.append(("inputmode", mode)) }
        let capitalize =
            switch capitalization {
            case .none: "off"
            case .words: "words"
            case .sentences: "sentences"
            case .allCharacters: "characters"
            }
        attributes.append(("autocapitalize", capitalize))
        if let autocomplete { attributes.append(("autocomplete", autocomplete)) }
        attributes.append(("autocorrect", autocorrection ? "on" : "off"))
        attributes.append(("spellcheck", autocorrection ? "true" : "false"))
        if let returnKey = returnKey ?? self.returnKey { attributes.append(("enterkeyhint", returnKey.enterKeyHint)) }
        if let maxLength { attributes.append(("maxlength", String(maxLength))) }
        if let minimum { attributes.append(("min", minimum)) }
        if let maximum { attributes.append(("max", maximum)) }
        if let step { attributes.append(("step", step)) }
        return attributes.map { (name: $0.0, value: $0.1) }
    }
}

extension Field {
    /// What the return key does here: the one the field's hints name, else `next` to the next
    /// editable field, or `done` at the last.
    public var returnKey: Form.ReturnKey? { form?.returnKey(for: self) ?? schema.hints.returnKey }

    /// The field's hints as HTML input attributes, with `enterkeyhint` from its place in the form.
    public var htmlAttributes: [(name: String, value: String)] {
        schema.hints.htmlAttributes(returnKey: returnKey)
    }

    /// The attributes as HTML text: `type="tel" inputmode="tel" autocapitalize="off" …`.
    public var htmlAttributeText: String {
        htmlAttributes.map { "\($0.name)=\"\($0.value.replacing("\"", with: "&quot;"))\"" }.joined(separator: " ")
    }
}
