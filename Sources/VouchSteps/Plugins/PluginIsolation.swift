#if canImport(Glibc)
    import Glibc
#endif

/// How a plugin's rules run when isolated (`vouch check --isolate-plugins`): each rule of a form in
/// a child process of its own, the `plugin-host` command of `helper`, so that a plugin that
/// crashes, hangs past `timeout` or writes to standard output fails only the value it was
/// checking (a `plugin_error` violation naming the rule, and so the plugin), and the run goes on.
public struct PluginIsolation: Sendable {
    /// The program that serves the calls: a `vouch` executable, run as `vouch plugin-host`.
    public let helper: String
    /// How long one call may take, in milliseconds.
    public let timeout: Int

    public init(helper: String, timeout: Int) {
        self.helper = helper
        self.timeout = timeout
    }

    /// The `vouch` command installed or built with this library: beside it (a build directory), or
    /// in the `bin` beside its `lib` (an installed prefix); nil when there is none.
    public static var helperBesideLibrary: String? {
        guard let directory = PluginLoader.imageDirectories.first else { return nil }
        let parent = directory.lastIndex(of: "/").map { String(directory[..<$0]) } ?? ""
        return [directory + "/vouch", parent + "/bin/vouch"].first { access($0, X_OK) == 0 }
    }
}
