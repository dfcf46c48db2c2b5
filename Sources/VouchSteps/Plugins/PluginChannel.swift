@_spi(VouchInternal) import VouchBase

#if canImport(Glibc)
    import Glibc
#endif

/// The child process behind an ``IsolatedPluginRule``: started on the first call, asked one line
/// of JSON per value (the rule, its parameters, the locale, the value), answering one line on its
/// descriptor 3; its standard output goes to standard error, so that what the plugin prints never
/// mixes with anyone's output. One call at a time. The child says it is ready before its first
/// request: its start (slow under a sanitizer or on a loaded machine) is not counted in the time
/// a check may take, only bounded by ``startLimit``.
///
/// Unchecked Sendable: the child's state is read and written with `lock` held.
final class PluginChannel: @unchecked Sendable {
    private let isolation: PluginIsolation
    private let request: JSONObject
    private let lock = Lock(())
    private var child: (pid: pid_t, input: Int32, output: Int32)?
    private var pending: [UInt8] = []

    /// How long a child may take to start, in milliseconds.
    static let startLimit = 120_000

    init(isolation: PluginIsolation, request: JSONObject) {
        self.isolation = isolation
        self.request = request
    }

    deinit { stop() }

    /// The child's answer for `value`, or nil when it crashed, hung or answered nonsense (it is
    /// then stopped, and the next call starts another).
    func call(value: String, locale: String) -> JSONObject? {
        lock.withLock { _ in
            var line = request
            line["value"] = .string(value)
            line["locale"] = .string(locale)
            let answer = exchange(Array((JSONValue.object(line).jsonText + "\n").utf8))
            if answer == nil { stop() }
            return answer
        }
    }

    private func exchange(_ bytes: [UInt8]) -> JSONObject? {
        guard let child = child ?? start() else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(child.input, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return nil }
            offset += written
        }
        return readLine(from: child.output, within: isolation.timeout)
    }

    /// The child's next line on `output` as a JSON object, or nil when none came within `limit`
    /// milliseconds, the child died or the line is no object.
    private func readLine(from output: Int32, within limit: Int) -> JSONObject? {
        var deadline = limit
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = pending.firstIndex(of: .lineFeed) {
                let line = Array(pending[..<end])
                pending.removeSubrange(...end)
                return (try? JSONParser().parse(line))?.objectValue
            }
            var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let before = Self.milliseconds()
            let polled = poll(&ready, 1, Int32(clamping: max(deadline, 0)))
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { return nil }  // past the time limit
            deadline -= Self.milliseconds() - before
            let count = read(output, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0, pending.count + count <= 1 << 20 else { return nil }  // the child died
            pending += buffer[..<count]
        }
    }

    private func start() -> (pid: pid_t, input: Int32, output: Int32)? {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { return nil }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0])
            close(toChild[1])
            return nil
        }
        // Not inherited by other children (the dup2s below give the child its own).
        for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 3)
        let words: [String] = [isolation.helper, "plugin-host"]
        let arguments = words.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, isolation.helper, &actions, nil, arguments, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            return nil
        }
        pending = []
        child = (pid, toChild[1], fromChild[0])
        guard readLine(from: fromChild[0], within: Self.startLimit)?["ready"] == .bool(true) else {
            stop()
            return nil
        }
        return child
    }

    private func stop() {
        guard let child else { return }
        kill(child.pid, SIGKILL)
        close(child.input)
        close(child.output)
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
        self.child = nil
    }

    private static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
