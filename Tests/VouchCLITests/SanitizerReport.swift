#if canImport(Glibc)
    import Glibc
#endif

/// What the sanitizers print, so that a report from the `vouch` process fails the test that ran it.
///
/// Under `make asan-test` or `make tsan-test` the command is built with the same sanitizer as the
/// tests, but its reports go to its own stderr, and its exit status (1 for AddressSanitizer) can
/// pass for "some records are invalid": the tests look for the reports themselves.
enum SanitizerReport {
    /// The settings of the sanitizers (suppressions, leak detection) this test run was given, to
    /// pass on to the command, whose environment is otherwise made from scratch.
    static let environment: [String] = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"].compactMap { (name: String) -> String? in
        guard let value = getenv(name) else { return nil }
        return "\(name)=\(String(cString: value))"
    }

    private static let markers = ["ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "WARNING: ThreadSanitizer"]

    /// The first sanitizer report in `stderr`, from its first line to the end; nil when it has none.
    static func find(in stderr: String) -> Substring? {
        let start = markers.compactMap { stderr.firstRange(of: $0)?.lowerBound }.min()
        guard let start else { return nil }
        let line = stderr[..<start].lastIndex(of: "\n").map { stderr.index(after: $0) } ?? stderr.startIndex
        return stderr[line...]
    }
}
