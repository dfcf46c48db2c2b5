@testable import Vouch

extension Registry {
    /// `value`'s canonical value as `kind` in `locale`, as text (a JSON number or boolean as JSON
    /// writes it), or nil when refused.
    func canonicalText(of value: String, as kind: String, locale: String) throws -> String? {
        let result = try validate(value, as: kind, locale: locale)
        guard result.isValid, let canonical = result.value(of: "value")?.canonical else { return nil }
        return canonical.stringValue ?? "\(canonical)"
    }
}
