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
}
