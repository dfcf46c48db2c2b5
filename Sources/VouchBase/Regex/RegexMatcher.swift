import CPCRE2

/// The compiled code of a ``RegexPattern`` and how to match it: a plain value, with no reference
/// counting, for the hot loops (the phone plans hold thousands). The pattern owns the code: a
/// matcher must not outlive it.
@_spi(VouchInternal) public struct RegexMatcher: @unchecked Sendable {
    // PCRE2 compiled code is read-only once compiled: matching it from many threads is safe as
    // long as each thread has its own match data (``RegexMatchData``).
    @usableFromInline let code: OpaquePointer
    @usableFromInline let context: OpaquePointer
    /// Whether PCRE2's JIT compiled the pattern (else its interpreter runs it).
    public let isJIT: Bool
    /// How many capturing groups the pattern has.
    public let captureCount: Int
    /// For an anchored pattern compiled `partial`: the ASCII digits its matches cannot start with
    /// (bit n for digit n), so that a subject starting with one is refused without a match call.
    @usableFromInline let refusedFirstDigits: UInt16
    /// The pattern without PCRE2, for short ASCII subjects, when it is of the simple kind.
    @usableFromInline let program: ASCIIRegexProgram?

    /// Takes `compiled` over: JIT-compiles it (also for soft partial matching with `partial`,
    /// which also works out the digits no match starts with) and gives it a match context.
    public init(compiled: OpaquePointer, partial: Bool, limits: RegexLimits, program: ASCIIRegexProgram? = nil) {
        code = compiled
        self.program = program
        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
        let jitModes = UInt32(PCRE2_JIT_COMPLETE) | (partial ? UInt32(PCRE2_JIT_PARTIAL_SOFT) : 0)
        let isJIT = pcre2_jit_compile_8(compiled, jitModes) == 0
        self.isJIT = isJIT
        // The JIT's soft partial matching of each digit alone (PCRE2's interpreter finds no
        // partial match for an end-anchored pattern).
        var refused: UInt16 = 0
        if partial && isJIT {
            let data = RegexMatchData()
            for digit in 0..<10 {
                var subject = UInt8.zero + UInt8(digit)
                let result = pcre2_jit_match_8(compiled, &subject, 1, 0, UInt32(PCRE2_PARTIAL_SOFT), data.pointer, nil)
                if result < 0 && result != PCRE2_ERROR_PARTIAL { refused |= 1 << digit }
            }
        }
        refusedFirstDigits = refused
        context = pcre2_match_context_create_8(nil)
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
    }

    /// Frees the code and the context; only the owning pattern calls it, once.
    public func free() {
        pcre2_match_context_free_8(context)
        pcre2_code_free_8(code)
        program?.free()
    }

    @inlinable public func match(_ bytes: ByteText, using data: RegexMatchData) -> RegexPattern.Outcome {
        if let program, let matched = program.matches(bytes) { return matched ? .match : .noMatch }
        let result = run(bytes, data)
        if result >= 0 { return .match }
        switch result {
        case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL: return .noMatch
        default: return .budgetExceeded  // match/depth/heap limit, JIT stack limit
        }
    }

    /// Whether `bytes` match; a match out of budget is none.
    @inlinable public func matches(_ bytes: ByteText, using data: RegexMatchData) -> Bool {
        if let program, let matched = program.matches(bytes) { return matched }
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

    @usableFromInline @inline(__always) func run(_ text: ByteText, _ data: RegexMatchData, extraOptions: UInt32 = 0) -> Int32 {
        if refusedFirstDigits != 0, let first = text.first, first.isASCIIDigit, refusedFirstDigits & (1 << (first - .zero)) != 0 {
            return PCRE2_ERROR_NOMATCH
        }
        // The bytes are valid UTF-8 (Swift strings, or checked input): PCRE2 need not check again.
        let options = UInt32(PCRE2_NO_UTF_CHECK) | extraOptions
        return text.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
            return isJIT
                ? pcre2_jit_match_8(code, base, bytes.count, 0, options, data.pointer, context)
                : pcre2_match_8(code, base, bytes.count, 0, options, data.pointer, context)
        }
    }
}
