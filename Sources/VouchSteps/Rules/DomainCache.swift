@_spi(VouchInternal) import VouchBase

/// A small table of domain names and their ASCII forms (nil: not a valid name), so that a thread
/// asks ICU once per distinct name; the oldest entries make room for new ones.
struct DomainCache: ScratchState {
    private var names: [[UInt8]] = []
    private var results: [[UInt8]?] = []
    private var next = 0
    private static let capacity = 64

    init() {}

    /// Each thread's cache, shared by the `email` and `url` rules.
    static let slot = ScratchSlot<DomainCache>()

    /// Calls `body` with the ASCII form of `name` by UTS #46 (nil if it is not a valid name),
    /// asking ICU only for a name not seen lately.
    mutating func withASCIIName<R>(_ name: ByteText, _ body: (ByteText?) -> R) -> R {
        for index in names.indices {
            let known = names[index].withByteText { $0.hasSameBytes(as: name) }
            guard known else { continue }
            guard let result = results[index] else { return body(nil) }
            return result.withByteText(body)
        }
        let result = DomainName.toASCII(name.string).map { Array($0.utf8) }
        if names.count < Self.capacity {
            names.append(name.array)
            results.append(result)
        } else {
            names[next] = name.array
            results[next] = result
            next = (next + 1) % Self.capacity
        }
        guard let result else { return body(nil) }
        return result.withByteText(body)
    }
}
