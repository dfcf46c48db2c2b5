// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions here implement include/vouch.h: their names are the C API's, vouch_snake_case.

import CVouchAPI
import Vouch

#if canImport(Glibc)
    import Glibc
#endif

/// What a `vouch_registry *` points to.
final class RegistryHandle: ErrorKeepingHandle {
    let registry = Registry()
    let errors = LastError()
}

@c @implementation
public func vouch_registry_open(_ registry: HandleOut) -> vouch_status {
    run(nil) { () throws(APIFailure) in try outParameter(registry).pointee = RegistryHandle().retainedPointer }
}

@c @implementation
public func vouch_registry_free(_ registry: OpaquePointer?) { RegistryHandle.release(registry) }

@c @implementation
public func vouch_registry_last_error(_ registry: OpaquePointer?) -> CText { RegistryHandle.lastError(registry) }

@c @implementation
public func vouch_registry_error_detail(_ registry: OpaquePointer?, _ detail: UnsafeMutablePointer<vouch_error_detail>?) -> vouch_status {
    RegistryHandle.errorDetail(registry, detail)
}

@c @implementation
public func vouch_registry_load_packs(_ registry: OpaquePointer?, _ path: CText, _ pathLength: Int) -> vouch_status {
    RegistryHandle.with(registry) { handle throws(APIFailure) in
        let path = try text(path, pathLength, "the path")
        do throws(VouchError) {
            try handle.registry.loadPacks(at: [path])
        } catch {
            throw APIFailure(error, in: VOUCH_ERROR_PACK)
        }
    }
}

@c @implementation
public func vouch_registry_load_plugin_isolated(
    _ registry: OpaquePointer?, _ nameOrPath: CText, _ length: Int, _ helper: CText, _ timeoutMS: UInt32
) -> vouch_status {
    RegistryHandle.with(registry) { handle throws(APIFailure) in
        let name = try text(nameOrPath, length, "the plugin name or path")
        guard (1...3_600_000).contains(timeoutMS) else {
            throw APIFailure(VOUCH_ERROR_ARGUMENT, "timeout_ms is \(timeoutMS): from 1 to 3600000")
        }
        let program = try helper.map { pointer throws(APIFailure) in try text(pointer, strlen(pointer), "the helper") }
        guard let program = program ?? PluginIsolation.helperBesideLibrary else {
            throw APIFailure(VOUCH_ERROR_ARGUMENT, "no vouch command beside libvouch to run the plugin in: give its path as helper")
        }
        do throws(VouchError) {
            try handle.registry.loadPlugin(name, isolation: PluginIsolation(helper: program, timeout: Int(timeoutMS)))
        } catch {
            throw APIFailure(error, in: VOUCH_ERROR_PLUGIN)
        }
    }
}

@c @implementation
public func vouch_registry_load_plugin(_ registry: OpaquePointer?, _ nameOrPath: CText, _ length: Int) -> vouch_status {
    RegistryHandle.with(registry) { handle throws(APIFailure) in
        let name = try text(nameOrPath, length, "the plugin name or path")
        do throws(VouchError) {
            try handle.registry.loadPlugin(name)
        } catch {
            throw APIFailure(error, in: VOUCH_ERROR_PLUGIN)
        }
    }
}

@c @implementation
public func vouch_registry_list(_ registry: OpaquePointer?, _ what: vouch_list, _ json: CTextOut, _ length: IntOut) -> vouch_status {
    RegistryHandle.with(registry) { handle throws(APIFailure) in
        let registry = handle.registry
        let names: [String]
        switch what {
        case VOUCH_LIST_RULES: names = registry.rules.map(\.name)
        case VOUCH_LIST_FORMATTERS: names = registry.formatters.map(\.name)
        case VOUCH_LIST_KINDS: names = registry.kinds.map(\.name)
        case VOUCH_LIST_LOCALES: names = registry.localeTags
        case VOUCH_LIST_PLUGINS: names = registry.plugins.map(\.name)
        default: throw APIFailure(VOUCH_ERROR_ARGUMENT, "unknown list \(what.rawValue)")
        }
        try give(.array(names.map { .string($0) }), json, length)
    }
}
