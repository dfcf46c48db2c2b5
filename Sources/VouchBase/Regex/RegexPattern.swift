import CPCRE2

#if canImport(Glibc)
    import Glibc
#endif

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

    /// Matches with the compiled code, which this pattern owns and frees.
    @_spi(VouchInternal) public let matcher: RegexMatcher

    /// How many capturing groups the pattern has.
    public var captureCount: Int { matcher.captureCount }

    /// The outcome of a match.
    public enum Outcome: Sendable, Hashable {
        case match
        case noMatch
        /// The match or depth limit (or the JIT stack) ran out before an answer.
        case budgetExceeded
    }

    /// How much of a subject a match must cover.
    @_spi(VouchInternal) public enum Anchoring: Sendable {
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
    @_spi(VouchInternal)
    public convenience init(_ pattern: String, wholeValue: Bool = true, limits: RegexLimits = .standard) throws(RegexCompileError) {
        try self.init(pattern, anchoring: wholeValue ? .whole : .anywhere, limits: limits)
    }

    /// Compiles `pattern` to match as `anchoring` says; without `unicode`, the pattern and its
    /// subjects are bytes and `\d` is `[0-9]` (as for phone number data, which is ASCII). With
    /// `groupsOnly`, the pattern is matched mostly for its groups: no automaton is made for it,
    /// and a whole match runs on PCRE2 too.
    @_spi(VouchInternal) public init(
        _ pattern: String, anchoring: Anchoring, unicode: Bool = true, caseless: Bool = false, partial: Bool = false,
        groupsOnly: Bool = false, limits: RegexLimits = .standard
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
        // Simple whole-value patterns run as an automaton on printable-ASCII subjects, where
        // PCRE2's budget cannot run out (nor the caller's, unless set far below the standard one).
        let automaton =
            anchoring == .whole && !caseless && !groupsOnly && limits.matchLimit >= 100_000 && limits.depthLimit >= 1_000
            ? ASCIIRegexAutomaton(pattern) : nil
        matcher = RegexMatcher(compiled: compiled, partial: partial && anchoring != .anywhere, limits: limits, automaton: automaton)
    }

    deinit { matcher.free() }

    /// Matches `text` against the pattern, within the limits.
    public func match(_ text: String) -> Outcome {
        var text = text
        return RegexMatchData.withPooled { data in text.withByteText { match($0, using: data) } }
    }

    /// Matches UTF-8 bytes (already known to be valid UTF-8) with match data kept by the caller's
    /// thread, so that a match allocates nothing.
    @_spi(VouchInternal) @inlinable public func match(_ bytes: ByteText, using data: RegexMatchData) -> Outcome {
        matcher.match(bytes, using: data)
    }

    /// Matches `bytes` and leaves the groups of the match in `data` (``RegexMatchData/range(of:)``);
    /// false for no match, or one out of budget.
    @_spi(VouchInternal) public func matchGroups(_ bytes: ByteText, using data: RegexMatchData) -> Bool {
        matcher.matchGroups(bytes, using: data)
    }

    /// Whether `bytes` match, or are the beginning of a text that would (PCRE2's soft partial
    /// matching; compile with `partial` for the JIT to do it).
    @_spi(VouchInternal) @inlinable public func matchesOrBegins(_ bytes: ByteText, using data: RegexMatchData) -> Bool {
        matcher.matchesOrBegins(bytes, using: data)
    }

    /// Whether `text` matches; a match that ran out of budget counts as no match.
    public func matches(_ text: String) -> Bool { match(text) == .match }

    public var description: String { pattern }
}

/// A pattern PCRE2 cannot compile: its message and the offset (in bytes) of the problem.
@_spi(VouchInternal) public struct RegexCompileError: Error, Sendable, Hashable, CustomStringConvertible {
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
@_spi(VouchInternal) public final class RegexMatchData: @unchecked Sendable {
    public let pointer: OpaquePointer

    /// The match data of the calling thread, for callers without their own (the `String` APIs):
    /// made on the thread's first match and freed when the thread ends.
    public static var ofThisThread: RegexMatchData {
        if let existing = pthread_getspecific(threadKey) {
            return Unmanaged<RegexMatchData>.fromOpaque(existing).takeUnretainedValue()
        }
        let data = RegexMatchData()
        pthread_setspecific(threadKey, Unmanaged.passRetained(data).toOpaque())
        return data
    }

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<RegexMatchData>.fromOpaque(pointer).release() }
        }
        return key
    }()

    /// Calls `body` with the thread's match data (``ofThisThread``). Not to be nested: a match
    /// inside `body` must use the data it was given.
    public static func withPooled<R>(_ body: (RegexMatchData) throws -> R) rethrows -> R {
        // The thread's data lives as long as the thread: lent to `body` without reference counting.
        if let existing = pthread_getspecific(threadKey) {
            return try Unmanaged<RegexMatchData>.fromOpaque(existing)._withUnsafeGuaranteedRef(body)
        }
        return try body(ofThisThread)
    }

    /// Room for the whole match and this many groups.
    public static let groups = 31
    /// How many pairs of offsets the last ``RegexMatcher/matchGroups(_:using:)`` set. One thread
    /// uses a match data at a time, and no access to it overlaps another: unchecked, as the
    /// optimizer proved before cross-module optimization made the property visible to other modules.
    @exclusivity(unchecked) var groupsSet = 0

    public init() {
        pointer = pcre2_match_data_create_8(UInt32(Self.groups + 1), nil)!
    }

    /// Where group `group` (0: the whole match) of the last match lies; nil when it took no part.
    public func range(of group: Int) -> Range<Int>? {
        guard group < groupsSet else { return nil }
        let ovector = pcre2_get_ovector_pointer_8(pointer)!
        let start = ovector[2 * group]
        let end = ovector[2 * group + 1]
        guard start != ~0, end >= start else { return nil }  // PCRE2_UNSET
        return start..<end
    }

    deinit { pcre2_match_data_free_8(pointer) }
}
