@testable import Vouch

/// Builds rules through the registry, as users do, and checks values with them.
enum RuleHarness {
    static let registry = Registry()

    /// The violations `rule` (built with `parameters` for `locale`) finds in `value`.
    static func violations(
        _ rule: String, _ parameters: JSONObject, _ value: String, locale: String = "en-US"
    ) throws -> [RuleViolation] {
        let built = try registry.makeRule(rule, parameters, locale: locale)
        return built.check(value, context: RuleContext(locale: try registry.locale(locale)))
    }

    /// The codes of the violations `rule` finds in `value`.
    static func codes(
        _ rule: String, _ parameters: JSONObject, _ value: String, locale: String = "en-US"
    ) throws -> [String] {
        try violations(rule, parameters, value, locale: locale).map(\.code)
    }

    static func violations(_ rule: String, _ value: String, locale: String = "en-US") throws -> [RuleViolation] {
        try violations(rule, [:], value, locale: locale)
    }

    static func codes(_ rule: String, _ value: String, locale: String = "en-US") throws -> [String] {
        try codes(rule, [:], value, locale: locale)
    }

    static func format(_ name: String, _ text: String, locale: String = "en-US") throws -> String {
        try format(name, [:], text, locale: locale)
    }

    /// What formatter `name` shows after an edit, as a field runs it while it is typed into.
    static func formatTyping(_ name: String, _ text: String, locale: String = "en-US") throws -> String {
        try Registry().makeFormatter(name, [:], locale: locale).formatTyping(text)
    }

    /// The error `build` throws, or nil if it returns.
    static func error<Built>(_ build: () throws(VouchError) -> Built) -> VouchError? {
        do throws(VouchError) {
            _ = try build()
            return nil
        } catch {
            return error
        }
    }

    /// The error building `rule` throws, or nil if it builds.
    static func buildError(_ rule: String, _ parameters: JSONObject = [:], locale: String = "en-US") -> VouchError? {
        error { () throws(VouchError) in try registry.makeRule(rule, parameters, locale: locale) }
    }

    /// The error building formatter `name` throws, or nil if it builds.
    static func formatterBuildError(_ name: String, _ parameters: JSONObject = [:], locale: String = "en-US") -> VouchError? {
        error { () throws(VouchError) in try registry.makeFormatter(name, parameters, locale: locale) }
    }

    /// `text` run through formatter `name`.
    static func format(_ name: String, _ parameters: JSONObject, _ text: String, locale: String = "en-US") throws -> String {
        try registry.makeFormatter(name, parameters, locale: locale).format(text)
    }
}
