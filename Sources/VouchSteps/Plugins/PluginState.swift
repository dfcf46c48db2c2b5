import CVouchPluginABI
@_spi(VouchInternal) import VouchBase

/// What a plugin's `create` callback made for one rule or formatter of a form, released through
/// its `destroy` callback when the form no longer uses it.
final class PluginState: @unchecked Sendable {
    // The plugin owns what the pointer points to; the host only passes it back.
    let pointer: UnsafeMutableRawPointer?
    private let destroy: vouch_destroy_fn?
    private let threadSafe: Bool
    /// Calls one at a time, for callbacks the plugin did not declare thread-safe.
    private let lock = Lock(())
    /// The parameters the spec gave (text and numbers), which a violation may repeat.
    let parameters: [String: MessageArgument]

    private init(pointer: UnsafeMutableRawPointer?, destroy: vouch_destroy_fn?, threadSafe: Bool, parameters: JSONObject) {
        self.pointer = pointer
        self.destroy = destroy
        self.threadSafe = threadSafe
        self.parameters = PluginParameters.arguments(parameters)
    }

    deinit { destroy?(PluginHost.services, pointer) }

    /// Runs a callback as the plugin's thread-safety flag allows.
    func call<Result>(_ body: () -> Result) -> Result {
        if threadSafe { return body() }
        return lock.withLock { _ in body() }
    }

    /// Calls `create` with the parameters as JSON text; a plugin without `create` takes none.
    static func make(
        create: vouch_create_fn?, destroy: vouch_destroy_fn?, threadSafe: Bool, parameters: JSONObject, context: BuildContext
    ) throws(VouchError) -> PluginState {
        guard let create else {
            if let name = parameters.keys.first { throw context.invalid(name, "is not a parameter: it takes no parameters") }
            return PluginState(pointer: nil, destroy: nil, threadSafe: threadSafe, parameters: parameters)
        }
        var state: UnsafeMutableRawPointer?
        let json = JSONValue.object(parameters).jsonText
        let failure: String? = json.withCString { text in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: PluginHost.errorBufferSize) { error in
                error[0] = 0
                let status = create(PluginHost.services, text, json.utf8.count, &state, error.baseAddress, error.count)
                return status == VOUCH_PLUGIN_OK ? nil : PluginHost.errorText(error)
            }
        }
        if let failure {
            throw VouchError(
                .invalidParameter, context.describe(failure.isEmpty ? "the plugin refused the parameters" : failure),
                at: context.path.description)
        }
        return PluginState(pointer: state, destroy: destroy, threadSafe: threadSafe, parameters: parameters)
    }
}

/// A rule whose check is a plugin's `validate` callback.
struct PluginRule: ByteRule {
    let name: String
    let validate: vouch_validate_fn
    let state: PluginState
    let checksEmptyValues: Bool
    /// A plugin may keep state of its own: its results are not reused.
    var dependsOnTextAlone: Bool { false }

    /// Calls the plugin with the value's UTF-8 bytes, full-width forms read as ASCII.
    func check(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into violations: inout [RuleViolation]
    ) {
        let sink = ViolationSink()
        let status = PluginCall.call(state, with: text, locale: context.locale.tag) { bytes, count, locale, error, size in
            validate(PluginHost.services, state.pointer, bytes, count, locale, sink.pointer, error, size)
        }
        // The plugin's error text may quote the value, which may be secret: it is not passed on.
        guard status == VOUCH_PLUGIN_OK else { return violations.append(RuleViolation("plugin_error", ["rule": .string(name)])) }
        for var found in sink.found {
            PluginParameters.markRepeated(state.parameters, in: &found)
            violations.append(found)
        }
    }
}

/// A formatter whose transform is a plugin's `format` callback; on failure the text stays as it is.
struct PluginFormatter: ByteFormatter {
    let format: vouch_format_fn
    let state: PluginState
    let locale: String
    let isMask: Bool
    /// A plugin may keep state of its own: its results are not reused.
    var dependsOnTextAlone: Bool { false }

    var typingStyle: TypingStyle { isMask ? .mask(.lettersAndDigits, limit: nil) : .checkOnly }

    /// A mask whose `format` callback fails on the characters typed cannot lay them out (a card
    /// number past its brand's longest): the edit is refused.
    func typingFit(_ typed: [Character]) -> TypingFit {
        guard isMask, !typed.isEmpty else { return .partial }
        var text = String(typed)
        var output = ByteBuffer()
        var scratch = CheckScratch()
        return text.withByteText { format($0, into: &output, scratch: &scratch) } ? .partial : .refused
    }

    /// Calls the plugin with the text's UTF-8 bytes; false, with nothing written, when it fails.
    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        let sink = TextSink()
        let status = PluginCall.call(state, with: text, locale: locale) { input, count, locale, error, size in
            format(PluginHost.services, state.pointer, input, count, locale, sink.pointer, error, size)
        }
        guard status == VOUCH_PLUGIN_OK else { return false }
        output.append(contentsOf: sink.bytes)
        return true
    }
}

enum PluginCall {
    /// Calls a plugin callback on `state` with UTF-8 bytes, a locale ID and an error buffer (which
    /// Vouch never shows: it may quote the value), under the state's lock when it needs one.
    ///
    /// The bytes are read as every built-in check where digits and codes are expected reads them:
    /// full-width digits and letters and the ideographic and no-break spaces as ASCII
    /// (``WidthFormatter``), so that a card number typed `４１１１…` reaches the plugin as `4111…`.
    static func call(
        _ state: PluginState, with bytes: ByteText, locale: String,
        _ body: (UnsafePointer<CChar>, Int, UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int32
    ) -> Int32 {
        WidthFormatter.withASCIIWidth(bytes) { call(state, exactly: $0, locale: locale, body) }
    }

    private static func call(
        _ state: PluginState, exactly bytes: ByteText, locale: String,
        _ body: (UnsafePointer<CChar>, Int, UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int32
    ) -> Int32 {
        locale.withCString { locale in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: PluginHost.errorBufferSize) { error in
                error[0] = 0
                return state.call { withText(bytes) { text in body(text, bytes.count, locale, error.baseAddress, error.count) } }
            }
        }
    }

    /// Hands UTF-8 bytes to C as a non-null pointer, even for an empty string.
    static func withText<Result>(_ bytes: ByteText, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return "".withCString(body) }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count, body)
        }
    }
}
