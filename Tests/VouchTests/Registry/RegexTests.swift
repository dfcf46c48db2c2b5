import Dispatch
import Testing

@testable import Vouch
@testable @_spi(VouchInternal) import VouchBase
@testable import VouchSteps

@Suite("Regex rules on PCRE2")
struct RegexTests {
    @Test("a catastrophic pattern on hostile input ends with regex_budget")
    func catastrophicPattern() throws {
        let registry = Registry()
        let rule = try registry.makeRule("pattern", ["regex": "(a+)+$"])
        let context = RuleContext(locale: try registry.locale("en-US"))
        let hostile = String(repeating: "a", count: 40) + "!"
        let found = rule.check(hostile, context: context)
        #expect(found.map(\.code) == ["regex_budget"])
        #expect(context.locale.message(for: "regex_budget").contains("could not be checked"))
        #expect(rule.check(String(repeating: "a", count: 40), context: context).isEmpty)
    }

    /// A pattern, how it is anchored, and the digits PCRE2 says no match starts with.
    @Test(
        "an anchored pattern refuses a subject whose first digit no match starts with, and matches the rest as PCRE2 does",
        arguments: [
            ("1", RegexPattern.Anchoring.prefix, "023456789"),
            ("011", .prefix, "123456789"),
            ("(?:242|246|441|[89]00)", .prefix, "013567"),
            ("[2-9]\\d{2}", .whole, "01"),
            ("\\d*", .prefix, ""),
            ("(?:0|)", .prefix, ""),
            ("1", .anywhere, ""),
            ("^1", .anywhere, "023456789"),
            ("[a-z]+", .whole, "0123456789"),
            ("(?i)x1", .prefix, "0123456789"),
        ])
    func refusedFirstDigits(pattern: String, anchoring: RegexPattern.Anchoring, refused: String) throws {
        let compiled = try RegexPattern(pattern, anchoring: anchoring, unicode: false)
        let bits = refused.utf8.reduce(UInt32(0)) { $0 | 1 << UInt32($1 - UInt8(ascii: "0")) }
        #expect(RegexMatcher.refusedFirstDigits(of: compiled.matcher.code) == bits, "\(pattern)")
        // What PCRE2 itself finds: the same pattern after a first byte that is no digit.
        guard anchoring != .anywhere else { return }
        let reference = try RegexPattern("#(?:\(pattern))", anchoring: anchoring, unicode: false)
        let data = RegexMatchData()
        for subject in ["1", "011442079460958", "2420001234", "4415551234", "8005550123", "2015550123", "x1", "X1", "", "12"] {
            var text = subject
            var marked = "#" + subject
            let found = text.withByteText { compiled.matchGroups($0, using: data) }
            let expected = marked.withByteText { reference.matchGroups($0, using: data) }
            #expect(found == expected, "\(pattern) on \(subject)")
        }
    }

    @Test("the registry's limits are the ones a match honours")
    func ownLimits() throws {
        let small = Registry(regexLimits: RegexLimits(matchLimit: 1_000, depthLimit: 100))
        let rule = try small.makeRule("pattern", ["regex": "(\\w+\\s?)*"])
        let context = RuleContext(locale: try small.locale("en-US"))
        #expect(rule.check(String(repeating: "ab ", count: 12) + "!", context: context).map(\.code) == ["regex_budget"])
        #expect(rule.check("ab ab", context: context).isEmpty)
    }

    @Test("patterns are compiled once and shared")
    func cache() throws {
        let registry = Registry()
        _ = try registry.locale("en-US")
        let before = registry.regexCache.count
        for _ in 0..<10 { _ = try registry.makeRule("pattern", ["regex": "^x+$"]) }
        _ = try registry.makeRule("pattern", ["regex": "^x+$", "match": "partial"])
        #expect(registry.regexCache.count == before + 2)
    }

    /// The JIT compiles a pattern before its first match, under a lock: threads that match a new
    /// pattern at once wait for one compilation, and all answer as one thread alone does.
    @Test("a pattern is JIT-compiled at its first match, once, whichever of many threads comes first")
    func jitAtFirstMatch() throws {
        let subjects = ["2015550123", "1015550123", "2015550123x12", "201555012", "9995550123"]
        let expected = [true, false, true, false, true]
        for _ in 0..<20 {
            let pattern = try RegexPattern("(?:[2-9][0-9]{2}){2}[0-9]{4}(?:x[0-9]+)?", anchoring: .whole, unicode: false, partial: true)
            let matcher = pattern.matcher
            #expect(matcher.jit.pointee.load(ordering: .acquiring) & RegexMatcher.JIT.compiled == 0, "not compiled before a match")
            let answers = Lock([[Bool]](repeating: [], count: 8))
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                let data = RegexMatchData()
                let found = subjects.map { subject in
                    var subject = subject
                    return subject.withByteText { matcher.matchGroups($0, using: data) }
                }
                answers.withLock { $0[thread] = found }
            }
            #expect(answers.withLock { $0 }.allSatisfy { $0 == expected })
            #expect(matcher.jit.pointee.load(ordering: .acquiring) & RegexMatcher.JIT.compiled != 0)
            #expect(matcher.isJIT, "PCRE2's JIT is available on this machine")
        }
    }

    @Test("a bad pattern names the rule, the parameter and the field")
    func badPattern() throws {
        let spec = """
            {"vouch": 1, "fields": [{"name": "code", "rules": [{"rule": "pattern", "regex": "([0-9]"}]}]}
            """
        let error = #expect(throws: VouchError.self) { try FormSchema(json: spec, registry: Registry()) }
        #expect(error?.code == .badRegex)
        #expect(error?.location == "fields[0].rules[0].regex")
        #expect(error?.message.contains("field \"code\"") == true)
        #expect(error?.message.contains("rule \"pattern\"") == true)
        #expect(error?.message.contains("missing closing parenthesis") == true)
    }

    @Test(
        "UTF and Unicode properties are on",
        arguments: [
            ("^\\w+$", "Grüße", true), ("^\\d{3}$", "١٢٣", true), ("^[0-9]{3}$", "١٢٣", false), ("^.$", "😀", true),
            ("^\\p{Lu}\\p{Ll}+$", "Élan", true),
        ])
    func unicode(pattern: String, text: String, matches: Bool) throws {
        #expect(try RegexPattern(pattern).matches(text) == matches)
    }
}
