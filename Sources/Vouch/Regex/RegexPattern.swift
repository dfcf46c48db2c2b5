import CPCRE2

/// A compiled PCRE2 regular expression (UTF and Unicode properties on, JIT-compiled), safe to
/// match from many threads at once.
///
/// The dialect is PCRE2's (Perl-compatible); see `docs/regex.md`. `\d`, `\w` and `[[:alpha:]]`
/// follow Unicode properties, so `\d` also matches Arabic-Indic digits: write `[0-9]` for ASCII.
public final class RegexPattern: Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// Whether the whole value must match (true) or a match anywhere in it is enough.
    public let wholeValue: Bool
    public let limits: RegexLimits

    // PCRE2 compiled code is read-only once compiled: matching it from many threads is safe as
    // long as each thread has its own match data (``RegexMatchData``).
    nonisolated(unsafe) private let code: OpaquePointer
    nonisolated(unsafe) private let context: OpaquePointer
    private let isJIT: Bool
    /// How many capturing groups the pattern has.
    let captureCount: Int

    /// The outcome of a match.
    public enum Outcome: Sendable, Hashable {
        case match
        case noMatch
        /// The match or depth limit (or the JIT stack) ran out before an answer.
        case budgetExceeded
    }

    /// How much of a subject a match must cover.
    enum Anchoring: Sendable {
        /// All of it.
        case whole
        /// A beginning of it (`lookingAt`).
        case prefix
        /// Any part of it.
        case anywhere
    }

    /// Compiles `pattern`.
    ///
    /// - Throws: ``RegexCompileError`` with PCRE2's message and the offset of the problem.
    public convenience init(_ pattern: String, wholeValue: Bool = true, limits: RegexLimits = .standard) throws(RegexCompileError) {
        try self.init(pattern, anchoring: wholeValue ? .whole : .anywhere, limits: limits)
    }

    /// Compiles `pattern` to match as `anchoring` says; without `unicode`, the pattern and its
    /// subjects are bytes and `\d` is `[0-9]` (as for phone number data, which is ASCII).
    init(
        _ pattern: String, anchoring: Anchoring, unicode: Bool = true, caseless: Bool = false, partial: Bool = false,
        limits: RegexLimits = .standard
    ) throws(RegexCompileError) {
        self.pattern = pattern
        self.wholeValue = anchoring == .whole
        self.limits = limits
        var options = unicode ? UInt32(PCRE2_UTF | PCRE2_UCP) : 0
        if caseless { options |= UInt32(PCRE2_CASELESS) }
        switch anchoring {
        case .whole: options |= UInt32(PCRE2_ANCHORED) | PCRE2_ENDANCHORED
        case .prefix: options |= UInt32(PCRE2_ANCHORED)
        case .anywhere: break
        }
        var errorCode: Int32 = 0
        var errorOffset = 0
        let compiled = pattern.withCString { text in
            text.withMemoryRebound(to: UInt8.self, capacity: pattern.utf8.count) {
                pcre2_compile_8($0, pattern.utf8.count, options, &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else {
            throw RegexCompileError(message: pcre2Message(errorCode), offset: errorOffset)
        }
        code = compiled
        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
        let jitModes = UInt32(PCRE2_JIT_COMPLETE) | (partial ? UInt32(PCRE2_JIT_PARTIAL_SOFT) : 0)
        isJIT = pcre2_jit_compile_8(compiled, jitModes) == 0
        context = pcre2_match_context_create_8(nil)
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
    }

    deinit {
        pcre2_match_context_free_8(context)
        pcre2_code_free_8(code)
    }

    /// Matches `text` against the pattern, within the limits.
    public func match(_ text: String) -> Outcome {
        var text = text
        let data = RegexMatchData()
        return text.withUTF8 { match($0, using: data) }
    }

    /// Matches UTF-8 bytes (already known to be valid UTF-8) with match data kept by the caller's
    /// thread, so that a match allocates nothing.
    func match(_ bytes: UnsafeBufferPointer<UInt8>, using data: RegexMatchData) -> Outcome {
        let result = run(bytes, data)
        if result >= 0 { return .match }
        switch result {
        case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL: return .noMatch
        default: return .budgetExceeded  // match/depth/heap limit, JIT stack limit
        }
    }

    /// Matches `bytes` and leaves the groups of the match in `data` (``RegexMatchData/range(of:)``);
    /// false for no match, or one out of budget.
    func matchGroups(_ bytes: UnsafeBufferPointer<UInt8>, using data: RegexMatchData) -> Bool {
        let result = run(bytes, data)
        data.groupsSet = result > 0 ? Int(result) : 0
        return result >= 0
    }

    /// Whether `bytes` match, or are the beginning of a text that would (PCRE2's soft partial
    /// matching; compile with `partial` for the JIT to do it).
    func matchesOrBegins(_ bytes: UnsafeBufferPointer<UInt8>, using data: RegexMatchData) -> Bool {
        let result = run(bytes, data, extraOptions: UInt32(PCRE2_PARTIAL_SOFT))
        return result >= 0 || result == PCRE2_ERROR_PARTIAL
    }

    private func run(_ bytes: UnsafeBufferPointer<UInt8>, _ data: RegexMatchData, extraOptions: UInt32 = 0) -> Int32 {
        // The bytes are valid UTF-8 (Swift strings, or checked input): PCRE2 need not check again.
        let options = UInt32(PCRE2_NO_UTF_CHECK) | extraOptions
        let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        return isJIT
            ? pcre2_jit_match_8(code, base, bytes.count, 0, options, data.pointer, context)
            : pcre2_match_8(code, base, bytes.count, 0, options, data.pointer, context)
    }

    /// Whether `text` matches; a match that ran out of budget counts as no match.
    public func matches(_ text: String) -> Bool { match(text) == .match }

    public var description: String { pattern }
}

/// A pattern PCRE2 cannot compile: its message and the offset (in bytes) of the problem.
public struct RegexCompileError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public let offset: Int
    public var description: String { "\(message) at offset \(offset)" }
}

private func pcre2Message(_ code: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = pcre2_get_error_message_8(code, &buffer, buffer.count)
    return count > 0 ? String(decoding: buffer[0..<Int(count)], as: UTF8.self) : "PCRE2 error \(code)"
}

/// PCRE2 match data, made once per thread and reused by every match it runs (one thread at a time).
final class RegexMatchData {
    let pointer: OpaquePointer

    /// Room for the whole match and this many groups.
    static let groups = 15
    /// How many pairs of offsets the last ``RegexPattern/matchGroups(_:using:)`` set.
    fileprivate(set) var groupsSet = 0

    init() {
        pointer = pcre2_match_data_create_8(UInt32(Self.groups + 1), nil)!
    }

    /// Where group `group` (0: the whole match) of the last match lies; nil when it took no part.
    func range(of group: Int) -> Range<Int>? {
        guard group < groupsSet else { return nil }
        let ovector = pcre2_get_ovector_pointer_8(pointer)!
        let start = ovector[2 * group]
        let end = ovector[2 * group + 1]
        guard start != ~0, end >= start else { return nil }  // PCRE2_UNSET
        return start..<end
    }

    deinit { pcre2_match_data_free_8(pointer) }
}
