import CVouchAPI
import Vouch

/// A one-field form that checks a value by kind (`{"kind": name}`) or, when no kind has the name,
/// by rule (`{"rules": [name]}`).
private func singleValueForm(_ registry: Registry, _ name: String, _ locale: String) throws(APIFailure) -> FormSchema {
    var field: JSONObject = ["name": "value"]
    if registry.kind(named: name) != nil {
        field["kind"] = .string(name)
    } else if registry.rule(named: name) != nil {
        field["rules"] = [.string(name)]
    } else {
        throw APIFailure(VOUCH_ERROR_UNKNOWN_NAME, "no kind or rule is named \"\(name)\"")
    }
    do {
        return try FormSchema(spec: ["vouch": 1, "locale": .string(locale), "fields": [.object(field)]], registry: registry)
    } catch {
        throw APIFailure(error, in: VOUCH_ERROR_SPEC)
    }
}

@c @implementation
public func vouch_validate_value(
    _ registry: OpaquePointer?, _ kindOrRule: UnsafePointer<CChar>?, _ nameLength: Int, _ locale: UnsafePointer<CChar>?,
    _ value: UnsafePointer<CChar>?, _ valueLength: Int, _ result: UnsafeMutablePointer<OpaquePointer?>?
) -> vouch_status {
    withRegistry(registry) { handle throws(APIFailure) in
        guard let result else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the output pointer is NULL") }
        let form = try singleValueForm(handle.registry, try text(kindOrRule, nameLength, "the name"), try localeTag(locale))
        result.pointee = ResultHandle(form.validate(["value": try text(value, valueLength, "the value")])).retainedPointer
    }
}

@c @implementation
public func vouch_format_value(
    _ registry: OpaquePointer?, _ kindOrFormatter: UnsafePointer<CChar>?, _ nameLength: Int, _ locale: UnsafePointer<CChar>?,
    _ value: UnsafePointer<CChar>?, _ valueLength: Int, _ canonical: Int32, _ output: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ outputLength: UnsafeMutablePointer<Int>?
) -> vouch_status {
    withRegistry(registry) { handle throws(APIFailure) in
        let name = try text(kindOrFormatter, nameLength, "the name")
        let locale = try localeTag(locale)
        let input = try text(value, valueLength, "the value")
        let registry = handle.registry
        if registry.kind(named: name) != nil {
            let form = try singleValueForm(registry, name, locale)
            let formatted: String
            if let typed = form.validate(["value": input]).value(of: "value") {
                formatted = canonical != 0 ? (typed.canonical.stringValue ?? typed.canonical.jsonText) : typed.display
            } else {
                formatted = form.fields[0].normalize(input)
            }
            return try give(formatted, output, outputLength)
        }
        guard registry.formatter(named: name) != nil else {
            throw APIFailure(VOUCH_ERROR_UNKNOWN_NAME, "no kind or formatter is named \"\(name)\"")
        }
        let formatter: any TextFormatter
        do throws(VouchError) {
            formatter = try registry.makeFormatter(name, locale: locale)
        } catch {
            throw APIFailure(error, in: VOUCH_ERROR_PARAMETER)
        }
        try give(formatter.format(input), output, outputLength)
    }
}
