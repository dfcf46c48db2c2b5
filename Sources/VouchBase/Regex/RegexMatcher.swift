import CPCRE2
import Synchronization

/// The compiled code of a ``RegexPattern`` and how to match it: a plain value, with no reference
/// counting, for the hot loops (the phone plans hold thousands). The pattern owns the code: a
/// matcher must not outlive it.
@_spi(VouchInternal) public struct RegexMatcher: @unchecked Sendable {
    // PCRE2 compiled code is read-only once JIT-compiled: matching it from many threads is safe as
    // long as each thread has its own match data (``RegexMatchData``). The JIT compiles the code
    // before its first match, under a lock, and no thread matches it before then.
    @usableFromInline let code: OpaquePointer
    @usableFromInline let context: OpaquePointer
    /// What the JIT made of the code, shared by the matcher's copies (see ``JIT``).
    @usableFromInline let jit: UnsafeMutablePointer<Atomic<UInt32>>
    /// How many capturing groups the pattern has.
    public let captureCount: Int
    /// The pattern without PCRE2, for printable-ASCII subjects, when it is of the simple kind.
    @usableFromInline let automaton: ASCIIRegexAutomaton?

    /// The word ``jit`` points to: zero bits but ``partial`` until the code is JIT-compiled, then
    /// ``compiled`` with what the compilation found.
    @usableFromInline enum JIT {
        /// The JIT has run (whether or not it could compile the code).
        @usableFromInline static let compiled: UInt32 = 1 << 31
        /// The JIT compiled the code (else PCRE2's interpreter runs it).
        @usableFromInline static let isJIT: UInt32 = 1 << 17
        /// Compile for soft partial matching too.
        static let partial: UInt32 = 1 << 16
        /// The low ten bits: for an anchored pattern, the ASCII digits its matches cannot start
        /// with (bit n for digit n), so that a subject starting with one is refused without a
        /// match call: those PCRE2 says no match starts with (``refusedFirstDigits(of:)``), and,
        /// for a pattern compiled `partial`, those whose soft partial match fails.
        @usableFromInline static let refusedFirstDigits: UInt32 = 0x3FF
        /// One compilation at a time: they are rare, and matching waits for them.
        static let lock = Lock(())
    }

    /// Takes `compiled` over, to JIT-compile before its first match (also for soft partial
    /// matching with `partial`), and gives it a match context. A program compiles thousands of
    /// patterns it may never match (the phone plans): the JIT runs only for those it does.
    public init(compiled: OpaquePointer, partial: Bool, limits: RegexLimits, automaton: ASCIIRegexAutomaton? = nil) {
        code = compiled
        self.automaton = automaton
        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
        jit = .allocate(capacity: 1)
        jit.initialize(to: Atomic((partial ? JIT.partial : 0) | Self.refusedFirstDigits(of: compiled)))
        context = pcre2_match_context_create_8(nil)
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
    }

    /// The ASCII digits no match of `compiled` can start with, as bits (``JIT/refusedFirstDigits``):
    /// none unless the pattern is anchored and matches no empty text, and PCRE2 knows the first
    /// byte of its matches, or the set of them.
    static func refusedFirstDigits(of compiled: OpaquePointer) -> UInt32 {
        var options: UInt32 = 0
        var matchesEmpty: UInt32 = 1
        var firstType: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_ALLOPTIONS), &options)
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_MATCHEMPTY), &matchesEmpty)
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_FIRSTCODETYPE), &firstType)
        guard options & UInt32(PCRE2_ANCHORED) != 0, matchesEmpty == 0 else { return 0 }
        var refused: UInt32 = 0
        switch firstType {
        case 1:
            // One first byte (a caseless letter also in its other case, which is no digit).
            var first: UInt32 = 0
            pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_FIRSTCODEUNIT), &first)
            for digit in 0..<10 where UInt32(UInt8.zero) + UInt32(digit) != first { refused |= 1 << UInt32(digit) }
        case 0:
            var map: UnsafePointer<UInt8>?
            pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_FIRSTBITMAP), &map)
            guard let map else { return 0 }
            for digit in 0..<10 {
                let byte = Int(UInt8.zero) + digit
                if map[byte / 8] & (1 << UInt8(byte % 8)) == 0 { refused |= 1 << UInt32(digit) }
            }
        default:
            return 0
        }
        return refused
    }

    /// Whether PCRE2's JIT compiled the pattern (else its interpreter runs it).
    public var isJIT: Bool { compiledJIT() & JIT.isJIT != 0 }

    /// The ``JIT`` word, the code JIT-compiled first if it is not yet.
    @usableFromInline @inline(__always) func compiledJIT() -> UInt32 {
        let state = jit.pointee.load(ordering: .acquiring)
        return state & JIT.compiled != 0 ? state : compileJIT()
    }

    @usableFromInline @inline(never) func compileJIT() -> UInt32 {
        JIT.lock.withLock { _ in
            let state = jit.pointee.load(ordering: .acquiring)
            if state & JIT.compiled != 0 { return state }
            let partial = state & JIT.partial != 0
            let modes = UInt32(PCRE2_JIT_COMPLETE) | (partial ? UInt32(PCRE2_JIT_PARTIAL_SOFT) : 0)
            var compiled = JIT.compiled | state & JIT.refusedFirstDigits
            if pcre2_jit_compile_8(code, modes) == 0 {
                compiled |= JIT.isJIT
                // The JIT's soft partial matching of each digit alone (PCRE2's interpreter finds no
                // partial match for an end-anchored pattern).
                if partial {
                    let data = RegexMatchData()
                    for digit in 0..<10 {
                        var subject = UInt8.zero + UInt8(digit)
                        let result = pcre2_jit_match_8(code, &subject, 1, 0, UInt32(PCRE2_PARTIAL_SOFT), data.pointer, nil)
                        if result < 0 && result != PCRE2_ERROR_PARTIAL { compiled |= 1 << digit }
                    }
                }
            }
            jit.pointee.store(compiled, ordering: .releasing)
            return compiled
        }
    }

    /// Frees the code and the context; only the owning pattern calls it, once.
    public func free() {
        pcre2_match_context_free_8(context)
        pcre2_code_free_8(code)
        jit.deinitialize(count: 1)
        jit.deallocate()
        automaton?.free()
    }

    @inlinable public func match(_ bytes: ByteText, using data: RegexMatchData) -> RegexPattern.Outcome {
        if let automaton, let matched = automaton.matches(bytes) { return matched ? .match : .noMatch }
        let result = run(bytes, data)
        if result >= 0 { return .match }
        switch result {
        case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL: return .noMatch
        default: return .budgetExceeded  // match/depth/heap limit, JIT stack limit
        }
    }

    /// Whether `bytes` match; a match out of budget is none.
    @inlinable public func matches(_ bytes: ByteText, using data: RegexMatchData) -> Bool {
        if let automaton, let matched = automaton.matches(bytes) { return matched }
        return run(bytes, data) >= 0
    }

    public func matchGroups(_ bytes: ByteText, using data: RegexMatchData) -> Bool {
        let result = run(bytes, data)
        data.groupsSet = result > 0 ? Int(result) : 0
        return result >= 0
    }

    @inlinable public func matchesOrBegins(_ bytes: ByteText, using data: RegexMatchData) -> Bool {
        let result = run(bytes, data, extraOptions: UInt32(PCRE2_PARTIAL_SOFT))
        return result >= 0 || result == PCRE2_ERROR_PARTIAL
    }

    /// Whether no match can start with `digit` (an ASCII digit): a subject that starts with it
    /// is refused without a match call (``JIT/refusedFirstDigits``). The code is JIT-compiled
    /// first if it is not yet, as before a match.
    @inlinable @inline(__always) public func refuses(firstDigit digit: UInt8) -> Bool {
        Self.refuses(digit, compiledJIT())
    }

    /// Whether the ``JIT`` word `jit` refuses subjects that start with `byte`.
    @usableFromInline @inline(__always) static func refuses(_ byte: UInt8, _ jit: UInt32) -> Bool {
        byte.isASCIIDigit && jit & JIT.refusedFirstDigits & (1 << UInt32(byte &- .zero)) != 0
    }

    @usableFromInline @inline(__always) func run(_ text: ByteText, _ data: RegexMatchData, extraOptions: UInt32 = 0) -> Int32 {
        let jit = compiledJIT()
        if let first = text.first, Self.refuses(first, jit) { return PCRE2_ERROR_NOMATCH }
        // The bytes are valid UTF-8 (Swift strings, or checked input): PCRE2 need not check again.
        let options = UInt32(PCRE2_NO_UTF_CHECK) | extraOptions
        return text.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
            return jit & JIT.isJIT != 0
                ? pcre2_jit_match_8(code, base, bytes.count, 0, options, data.pointer, context)
                : pcre2_match_8(code, base, bytes.count, 0, options, data.pointer, context)
        }
    }
}
