import CVouchPluginABI
@_spi(VouchInternal) import VouchBase

#if canImport(Glibc)
    import Glibc
#endif

/// The host services table handed to every plugin (`vouch_host_services`): memory, PCRE2 regular
/// expressions, ICU case mapping, and the sinks plugins write their results into.
enum PluginHost {
    /// The ABI versions this host speaks.
    static let abiVersions: ClosedRange<UInt32> = UInt32(VOUCH_PLUGIN_ABI_MIN_VERSION)...UInt32(VOUCH_PLUGIN_ABI_VERSION)

    /// The table, allocated once and never freed: plugins keep its address while loaded.
    nonisolated(unsafe) static let services: UnsafePointer<vouch_host_services> = {
        let table = UnsafeMutablePointer<vouch_host_services>.allocate(capacity: 1)
        table.initialize(to: vouch_host_services())
        table.pointee.size = UInt32(MemoryLayout<vouch_host_services>.size)
        table.pointee.abi_version = UInt32(VOUCH_PLUGIN_ABI_VERSION)
        table.pointee.alloc = { size in malloc(size) }
        table.pointee.free = { pointer in Glibc.free(pointer) }
        table.pointee.regex_compile = { pattern, length, wholeValue, errorBuffer, errorSize in
            guard let pattern else { return nil }
            let source = String(decoding: UnsafeRawBufferPointer(start: pattern, count: length), as: UTF8.self)
            do {
                let compiled = try RegexPattern(source, wholeValue: wholeValue != 0)
                return OpaquePointer(Unmanaged.passRetained(compiled).toOpaque())
            } catch {
                write("\(error)", into: errorBuffer, size: errorSize)
                return nil
            }
        }
        table.pointee.regex_match = { regex, text, length in
            guard let regex else { return -1 }
            let pattern = Unmanaged<RegexPattern>.fromOpaque(UnsafeRawPointer(regex)).takeUnretainedValue()
            switch pattern.match(string(text, length)) {
            case .match: return 1
            case .noMatch: return 0
            case .budgetExceeded: return -1
            }
        }
        table.pointee.regex_free = { regex in
            guard let regex else { return }
            Unmanaged<RegexPattern>.fromOpaque(UnsafeRawPointer(regex)).release()
        }
        table.pointee.case_map = { sink, text, length, locale, mode in
            guard let sink else { return VOUCH_PLUGIN_ERROR }
            let input = string(text, length)
            let tag = locale.map { String(cString: $0) } ?? "root"
            let output: String
            switch mode {
            case VOUCH_CASE_UPPER: output = CaseMapping.upper(input, locale: tag)
            case VOUCH_CASE_LOWER: output = CaseMapping.lower(input, locale: tag)
            case VOUCH_CASE_TITLE: output = CaseMapping.capitalize(input, mode: .words, locale: tag)
            default: return VOUCH_PLUGIN_ERROR
            }
            TextSink.from(sink).bytes += output.utf8
            return VOUCH_PLUGIN_OK
        }
        table.pointee.text_write = { sink, text, length in
            guard let sink else { return VOUCH_PLUGIN_ERROR }
            if let text, length > 0 { TextSink.from(sink).bytes += UnsafeRawBufferPointer(start: text, count: length) }
            return VOUCH_PLUGIN_OK
        }
        table.pointee.violation = { sink, code in
            guard let sink, let code else { return VOUCH_PLUGIN_ERROR }
            ViolationSink.from(sink).found.append(RuleViolation(String(cString: code)))
            return VOUCH_PLUGIN_OK
        }
        table.pointee.violation_string = { sink, name, value, length in
            guard let sink, let name else { return VOUCH_PLUGIN_ERROR }
            return ViolationSink.from(sink).addArgument(String(cString: name), .string(string(value, length)))
        }
        table.pointee.violation_number = { sink, name, value in
            guard let sink, let name else { return VOUCH_PLUGIN_ERROR }
            return ViolationSink.from(sink).addArgument(String(cString: name), .number(value))
        }
        PluginParameters.install(into: table)
        return UnsafePointer(table)
    }()

    /// UTF-8 bytes from C as a String (invalid sequences become U+FFFD).
    static func string(_ text: UnsafePointer<CChar>?, _ length: Int) -> String {
        guard let text, length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }

    /// Copies `message` into a caller's buffer of `size` bytes, cut at a character boundary and
    /// always NUL-terminated.
    static func write(_ message: String, into buffer: UnsafeMutablePointer<CChar>?, size: Int) {
        guard let buffer, size > 0 else { return }
        let utf8 = Array(message.utf8)
        var end = min(utf8.count, size - 1)
        // Never cut a character: the first byte left out must not continue one.
        while end > 0, end < utf8.count, utf8[end] & 0xC0 == 0x80 { end -= 1 }
        utf8.withUnsafeBytes { if end > 0 { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: end) } }
        buffer[end] = 0
    }

    /// The NUL-terminated text in a buffer that a plugin wrote its error into.
    static func errorText(_ buffer: UnsafeMutableBufferPointer<CChar>) -> String {
        buffer[buffer.count - 1] = 0
        return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: strlen(buffer.baseAddress!)), as: UTF8.self)
    }

    /// How big the error buffers handed to plugins are.
    static let errorBufferSize = 512
}

/// Text a plugin writes (`vouch_text_sink`): a formatter's output.
final class TextSink {
    var bytes: [UInt8] = []

    static func from(_ pointer: OpaquePointer) -> TextSink {
        Unmanaged<TextSink>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }
}

/// The violations a plugin's rule reports (`vouch_violations`).
final class ViolationSink {
    var found: [RuleViolation] = []

    static func from(_ pointer: OpaquePointer) -> ViolationSink {
        Unmanaged<ViolationSink>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    func addArgument(_ name: String, _ value: MessageArgument) -> Int32 {
        guard !found.isEmpty else { return VOUCH_PLUGIN_ERROR }
        found[found.count - 1].arguments[name] = value
        return VOUCH_PLUGIN_OK
    }
}
