@_spi(VouchInternal) import VouchBase

/// What a factory may use while it builds a rule, formatter or kind.
public struct BuildContext: Sendable {
    /// The registry doing the build, for factories that build other parts (kinds build rules).
    public let registry: Registry
    /// The locale the form is built for.
    public let locale: LocaleProfile
    /// The field being built, if any.
    public let field: String?
    /// Where the parameters sit in the spec, for errors.
    public let path: JSONPath
    /// Names the thing being built in messages: `rule "length"`.
    let subject: String
    /// The fields of the form being built (name to label), for rules that refer to other fields;
    /// `nil` outside a form.
    let formFields: [String: String]?
    /// The names of the fields of the form being built, in its order; `nil` outside a form.
    let formFieldNames: [String]?
    /// The kind of each field of the form being built, for rules that read other fields' values
    /// as their kinds do; `nil` outside a form.
    let formKinds: [String: Kind]?
    /// The kind of the field being built, once built: what its rules' values are.
    let fieldKind: Kind?

    package init(
        registry: Registry, locale: LocaleProfile, field: String?, path: JSONPath, subject: String = "",
        formFields: [String: String]? = nil, formFieldNames: [String]? = nil, formKinds: [String: Kind]? = nil,
        fieldKind: Kind? = nil
    ) {
        self.registry = registry
        self.locale = locale
        self.field = field
        self.path = path
        self.subject = subject
        self.formFields = formFields
        self.formFieldNames = formFieldNames
        self.formKinds = formKinds
        self.fieldKind = fieldKind
    }

    /// The label of the form's field `name`, given as `parameter`; throws if the form has no such field.
    public func formField(_ name: String, parameter: String) throws(VouchError) -> String {
        guard let formFields else { return name }
        guard let label = formFields[name] else {
            throw invalid(parameter, "names \"\(name)\", which is not a field of this form")
        }
        return label
    }

    /// Where the form's field `name` is in the form, or nil outside a form.
    func formFieldIndex(_ name: String) -> Int? { formFieldNames?.firstIndex(of: name) }

    /// An error for a parameter of the right type but an unacceptable value.
    public func invalid(_ parameter: String, _ message: String) -> VouchError {
        VouchError(.invalidParameter, describe("parameter \"\(parameter)\" \(message)"), at: path.appending(parameter).description)
    }

    /// The bounds of a range among the parameters, `lower` and `upper`, each read by `read`; throws
    /// when both are given and `upper` is less than `lower` (for dates: before it).
    public func range<Bound: Comparable>(
        _ lower: String = "min", _ upper: String = "max", written: (Bound) -> String = { "\($0)" },
        lessThan: String = "less than", read: (String) throws(VouchError) -> Bound?
    ) throws(VouchError) -> (min: Bound?, max: Bound?) {
        let min = try read(lower)
        let max = try read(upper)
        if let min, let max, max < min { throw invalid(upper, "must not be \(lessThan) \(lower) (\(written(min)))") }
        return (min, max)
    }

    /// Compiles a regular expression given as `parameter`, or throws a `bad_regex` error naming it.
    public func regex(_ pattern: String, parameter: String, wholeValue: Bool = true) throws(VouchError) -> RegexPattern {
        do {
            return try registry.regexCache.pattern(pattern, wholeValue: wholeValue, limits: registry.regexLimits)
        } catch {
            throw VouchError(.badRegex, describe("parameter \"\(parameter)\": \(error)"), at: path.appending(parameter).description)
        }
    }

    /// Compiles an ICU MessageFormat template given as `parameter`, or throws a `bad_message` error.
    public func message(_ template: String, parameter: String) throws(VouchError) -> MessageTemplate {
        do {
            return try MessageTemplate(template, locale: locale.icuLocale)
        } catch {
            throw VouchError(.badMessage, describe("parameter \"\(parameter)\": \(error)"), at: path.appending(parameter).description)
        }
    }

    func describe(_ message: String) -> String {
        var parts: [String] = []
        if let field { parts.append("field \"\(field)\"") }
        if !subject.isEmpty { parts.append(subject) }
        parts.append(message)
        return parts.joined(separator: ", ")
    }

    package func with(subject: String, path: JSONPath) -> BuildContext {
        BuildContext(
            registry: registry, locale: locale, field: field, path: path, subject: subject, formFields: formFields,
            formFieldNames: formFieldNames, formKinds: formKinds, fieldKind: fieldKind)
    }

    /// This context for the rules of a field of `kind`.
    func with(fieldKind kind: Kind) -> BuildContext {
        BuildContext(
            registry: registry, locale: locale, field: field, path: path, subject: subject, formFields: formFields,
            formFieldNames: formFieldNames, formKinds: formKinds, fieldKind: kind)
    }
}
