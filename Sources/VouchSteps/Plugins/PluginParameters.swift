import CVouchPluginABI

/// The typed parameter getters of the host services (ABI 2): a plugin's `create` asks for its
/// parameters by name and type instead of parsing their JSON text.
///
/// Each getter reads the parameters object again from the text `create` received; `create` runs
/// once per rule entry when a form is built, so this costs nothing on the checking path.
enum PluginParameters {
    /// The outcome of one getter: the value, missing, or why the parameter is unusable.
    enum Lookup<Value> {
        case found(Value)
        case missing
        case invalid(String)
    }

    /// The members of `object` that are text or numbers, as message arguments: a rule's parameters,
    /// which its violations may repeat, or the arguments an isolated plugin's violation gives.
    static func arguments(_ object: JSONObject) -> [String: MessageArgument] {
        var arguments: [String: MessageArgument] = [:]
        for (name, value) in object {
            switch value {
            case .string(let text): arguments[name] = .string(text)
            case .number(let number): arguments[name] = .number(number)
            default: break
            }
        }
        return arguments
    }

    /// Marks which arguments of a plugin's violation only repeat a parameter the spec gave: all a
    /// secret field's violation keeps, whatever the names of the others.
    static func markRepeated(_ parameters: [String: MessageArgument], in violation: inout RuleViolation) {
        violation.parameterArguments = Set(violation.arguments.compactMap { parameters[$0.key] == $0.value ? $0.key : nil })
    }

    /// The parameters object in `text`, or nil when it is not one (the host always passes one).
    static func object(_ text: UnsafePointer<CChar>?, _ length: Int) -> JSONObject? {
        guard let text, length >= 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: text, count: length)
        return (try? JSONParser().parse(bytes)).flatMap(\.objectValue)
    }

    /// The parameter `name` of `text`, read by `read` when it is given.
    static func lookup<Value>(
        _ text: UnsafePointer<CChar>?, _ length: Int, _ name: UnsafePointer<CChar>?, _ type: String, _ read: (JSONValue) -> Value?
    ) -> Lookup<Value> {
        guard let object = object(text, length), let name else { return .invalid("the parameters are not a JSON object") }
        let key = String(cString: name)
        guard let value = object[key] else { return .missing }
        guard let read = read(value) else { return .invalid("parameter \"\(key)\" must be \(type), not \(value.described)") }
        return .found(read)
    }

    /// Why a parameter not in `names` is given, or nil when every one is known.
    static func unknown(_ text: UnsafePointer<CChar>?, _ length: Int, names: UnsafePointer<UnsafePointer<CChar>?>?) -> String? {
        guard let object = object(text, length) else { return "the parameters are not a JSON object" }
        var known: [String] = []
        var index = 0
        while let names, let name = names[index] {
            known.append(String(cString: name))
            index += 1
        }
        guard let key = object.keys.first(where: { !known.contains($0) }) else { return nil }
        return known.isEmpty
            ? "takes no parameters, but \"\(key)\" is given"
            : "unknown parameter \"\(key)\" (known: \(known.sorted().joined(separator: ", ")))"
    }

    /// Hands a lookup to C: its status, the value to `store` when found, the reason into `error`.
    static func answer<Value>(
        _ lookup: Lookup<Value>, error: UnsafeMutablePointer<CChar>?, size: Int, store: (Value) -> Int32 = { _ in VOUCH_PARAM_OK }
    ) -> Int32 {
        switch lookup {
        case .found(let value): return store(value)
        case .missing: return VOUCH_PARAM_MISSING
        case .invalid(let reason):
            PluginHost.write(reason, into: error, size: size)
            return VOUCH_PARAM_INVALID
        }
    }

    /// Installs the getters into the host services table.
    static func install(into table: UnsafeMutablePointer<vouch_host_services>) {
        table.pointee.param_check = { text, length, names, error, errorSize in
            guard let reason = PluginParameters.unknown(text, length, names: names) else { return VOUCH_PARAM_OK }
            PluginHost.write(reason, into: error, size: errorSize)
            return VOUCH_PARAM_INVALID
        }
        table.pointee.param_string = { text, length, name, out, outSize, error, errorSize in
            PluginParameters.answer(PluginParameters.lookup(text, length, name, "a string", \.stringValue), error: error, size: errorSize) {
                value in
                let problem =
                    value.utf8.contains(0)
                    ? "holds a NUL byte, which a C string cannot"
                    : value.utf8.count >= outSize ? "is longer than \(max(outSize, 1) - 1) bytes" : nil
                if let problem {
                    PluginHost.write("parameter \"\(String(cString: name!))\" \(problem)", into: error, size: errorSize)
                    return VOUCH_PARAM_INVALID
                }
                PluginHost.write(value, into: out, size: outSize)
                return VOUCH_PARAM_OK
            }
        }
        table.pointee.param_number = { text, length, name, out, error, errorSize in
            PluginParameters.answer(PluginParameters.lookup(text, length, name, "a number", \.doubleValue), error: error, size: errorSize) {
                value in
                out?.pointee = value
                return VOUCH_PARAM_OK
            }
        }
        table.pointee.param_bool = { text, length, name, out, error, errorSize in
            PluginParameters.answer(
                PluginParameters.lookup(text, length, name, "true or false", \.boolValue), error: error, size: errorSize
            ) { value in
                out?.pointee = value ? 1 : 0
                return VOUCH_PARAM_OK
            }
        }
        table.pointee.param_strings = { text, length, name, each, context, error, errorSize in
            let strings: (JSONValue) -> [String]? = { value in
                guard let items = value.arrayValue else { return nil }
                let texts = items.compactMap(\.stringValue)
                return texts.count == items.count ? texts : nil
            }
            return PluginParameters.answer(
                PluginParameters.lookup(text, length, name, "an array of strings", strings), error: error, size: errorSize
            ) { items in
                guard let each else { return VOUCH_PARAM_OK }
                for item in items {
                    var item = item
                    let refused = item.withUTF8 { bytes in
                        bytes.withMemoryRebound(to: CChar.self) { each($0.baseAddress, $0.count, context, error, errorSize) }
                    }
                    if refused != 0 { return VOUCH_PARAM_INVALID }
                }
                return VOUCH_PARAM_OK
            }
        }
    }
}
