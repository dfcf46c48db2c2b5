import Testing

@testable import VouchSteps

/// The checking path runs Vouch's own steps on bytes: each carries its byte code from its type's
/// conformance (``ByteStep``), and a custom step, which only has its `String` methods, carries none.
@Suite("Byte steps")
struct ByteStepTests {
    @Test("every built-in kind's formatters, rules and value carry their byte code", arguments: ["en-US", "de-DE", "ja-JP"])
    func kinds(locale: String) throws {
        let registry = Registry()
        var built = 0
        for name in registry.kinds.map(\.name) {
            guard let kind = try? registry.makeKind(name, locale: locale) else { continue }
            built += 1
            for formatter in kind.formatters {
                #expect(formatter.formatterOnBytes.formatter != nil, "\(name): \(type(of: formatter))")
            }
            for rule in kind.rules { #expect(rule.ruleOnBytes.rule != nil, "\(name): \(type(of: rule))") }
            #expect(kind.value.converterOnBytes.converter != nil, "\(name): \(type(of: kind.value))")
        }
        #expect(built >= 15)
    }

    @Test("every built-in formatter and rule that builds without parameters carries its byte code")
    func steps() throws {
        let registry = Registry()
        let formatters = registry.formatters.compactMap { try? registry.makeFormatter($0.name) }
        let rules = registry.rules.compactMap { try? registry.makeRule($0.name) }
        #expect(formatters.count >= 8 && rules.count >= 5, "\(formatters.count) formatters, \(rules.count) rules")
        for formatter in formatters { #expect(formatter.formatterOnBytes.formatter != nil, "\(type(of: formatter))") }
        for rule in rules { #expect(rule.ruleOnBytes.rule != nil, "\(type(of: rule))") }
    }

    struct Shouting: Rule {
        func check(_ value: String, context: RuleContext) -> [RuleViolation] {
            value == value.uppercased() ? [RuleViolation("shouting")] : []
        }
    }

    struct Counted: ValueConverter {
        func convert(_ text: String, context: RuleContext) -> Conversion { .value(TypedValue(text: String(text.count))) }
    }

    @Test("a custom step carries no byte code")
    func custom() {
        #expect(ClosureFormatter { $0 }.formatterOnBytes.formatter == nil)
        #expect(Shouting().ruleOnBytes.rule == nil)
        #expect(Counted().converterOnBytes.converter == nil)
    }
}
