#if canImport(Glibc)
    import Glibc
#endif

/// The entry points libFuzzer calls. One executable holds every Swift target; which one runs is
/// chosen once, at start, by `--target=NAME` (libFuzzer ignores arguments that start with `--`)
/// or the environment variable `VOUCH_FUZZ_TARGET`.
nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    var name = getenv("VOUCH_FUZZ_TARGET").map { String(cString: $0) }
    if let arguments = argv.pointee {
        for index in 1..<Int(argc.pointee) {
            guard let argument = arguments[index].map({ String(cString: $0) }), argument.hasPrefix("--target=") else { continue }
            name = String(argument.dropFirst("--target=".count))
        }
    }
    guard let name, let target = FuzzTarget.all.first(where: { $0.name == name }) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        let message = "vouch-fuzz: choose a target with --target=NAME or VOUCH_FUZZ_TARGET: \(names)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
    // What a target prepares lives as long as the process: not leaks. (LeakSanitizer would report
    // some of it anyway, as Swift stores flags in spare bits of the pointers that keep it.)
    lsanDisable()
    target.setUp()
    lsanEnable()
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selected!.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

@_silgen_name("__lsan_disable") func lsanDisable()
@_silgen_name("__lsan_enable") func lsanEnable()
