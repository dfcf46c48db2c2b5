@_spi(VouchInternal) import VouchBase

/// A small table of domain names and their ASCII forms (nil: not a valid name), so that a thread
/// asks ICU once per distinct name; the oldest entries make room for new ones. Beside it, the
/// ASCII names lately checked as host names, so that a name seen again is not read again.
struct DomainCache: ScratchState, ~Copyable {
    private var names: [[UInt8]] = []
    private var results: [[UInt8]?] = []
    private var next = 0
    private static let capacity = 64

    /// A name checked by ``hostNameLength(_:requireDot:allowRootDot:)``: where its bytes are in
    /// ``hostBytes``, what it was checked for, and what the check found.
    private struct CheckedHost {
        var bytes: Range<Int>
        var requireDot: Bool
        var allowRootDot: Bool
        var asciiLength: Int?
    }

    private var hosts: [CheckedHost] = []
    private var hostBytes = ByteBuffer()
    /// Past this many names, the checked names are forgotten and gathered again.
    private static let hostCapacity = 16

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

    /// The length of the ASCII form of `name` (``DomainSyntax/withASCIIName(_:domains:_:)``) when
    /// that form is a host name (``DomainSyntax/isHostName(_:requireDot:allowRootDot:)``), else
    /// nil; remembered for the names checked last, since a form's records mostly share a few
    /// domains.
    mutating func hostNameLength(_ name: ByteText, requireDot: Bool, allowRootDot: Bool) -> Int? {
        for host in hosts where host.bytes.count == name.count && host.requireDot == requireDot && host.allowRootDot == allowRootDot {
            if ByteText(unsafeBuffer: hostBytes[host.bytes]).hasSameBytes(as: name) { return host.asciiLength }
        }
        let length = DomainSyntax.withASCIIName(name, domains: &self) { ascii in
            ascii.flatMap { DomainSyntax.isHostName($0, requireDot: requireDot, allowRootDot: allowRootDot) ? $0.count : nil }
        }
        if hosts.count == Self.hostCapacity {
            hosts.removeAll(keepingCapacity: true)
            hostBytes.removeAll()
        }
        let start = hostBytes.count
        hostBytes.append(contentsOf: name)
        hosts.append(CheckedHost(bytes: start..<hostBytes.count, requireDot: requireDot, allowRootDot: allowRootDot, asciiLength: length))
        return length
    }
}
