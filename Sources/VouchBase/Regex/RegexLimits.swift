/// Bounds on one regular-expression match, so that a catastrophic pattern on hostile input ends
/// quickly with a `regex_budget` violation instead of running for minutes.
public struct RegexLimits: Sendable, Hashable {
    /// PCRE2's match limit: how many times the matcher may call its internal match function
    /// (backtracking steps). Honoured by the JIT and the interpreter.
    public var matchLimit: UInt32
    /// PCRE2's depth limit: how deep backtracking may nest (interpreter only; the JIT is bounded by
    /// its own stack, and running out of it is reported the same way).
    public var depthLimit: UInt32

    public init(matchLimit: UInt32, depthLimit: UInt32) {
        self.matchLimit = matchLimit
        self.depthLimit = depthLimit
    }

    /// 1,000,000 steps and a depth of 10,000: far above what any field pattern needs, and a few
    /// milliseconds of work at most.
    public static let standard = RegexLimits(matchLimit: 1_000_000, depthLimit: 10_000)
}
