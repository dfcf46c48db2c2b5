/// Compiled patterns by source text and options, so each pattern is compiled (and JIT-compiled) once.
@_spi(VouchInternal) public final class RegexCache: Sendable {
    private struct Key: Hashable {
        let pattern: String
        let wholeValue: Bool
        let limits: RegexLimits
    }

    /// Past this many patterns the cache starts again, so that specs built from untrusted input
    /// cannot grow it without bound.
    public static let capacity = 4096
    private let patterns = Lock<[Key: RegexPattern]>([:])

    public init() {}

    public func pattern(_ source: String, wholeValue: Bool, limits: RegexLimits) throws(RegexCompileError) -> RegexPattern {
        let key = Key(pattern: source, wholeValue: wholeValue, limits: limits)
        if let cached = patterns.withLock({ $0[key] }) { return cached }
        let compiled = try RegexPattern(source, wholeValue: wholeValue, limits: limits)
        return patterns.withLock { patterns in
            if let raced = patterns[key] { return raced }
            if patterns.count >= Self.capacity { patterns.removeAll() }
            patterns[key] = compiled
            return compiled
        }
    }

    public var count: Int { patterns.withLock { $0.count } }
}
