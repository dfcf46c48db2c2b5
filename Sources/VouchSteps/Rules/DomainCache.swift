@_spi(VouchInternal) import VouchBase

/// A small table of domain names and their ASCII forms (nil: not a valid name), so that a thread
/// asks ICU once per distinct name; the oldest entries make room for new ones. Beside it, the
/// ASCII names lately checked as host names, so that a name seen again is not read again.
struct DomainCache: ScratchState, ~Copyable {
    private var names: [[UInt8]] = []
    private var results: [[UInt8]?] = []
    private var next = 0
    private static let capacity = 64

    /// A name checked by ``hostNameLength(_:requireDot:allowRootDot:)``: its key, where its bytes
    /// are in ``hostBytes`` when the key does not hold them all, and what the check found.
    private struct CheckedHost {
        var key: HostKey
        var start: Int
        var asciiLength: Int?
    }

    /// What tells names apart before their bytes are compared: the bytes from 0, from 8 and up to
    /// the end (eight of each, or fewer with zeros; all of a name up to 24 long), and the length
    /// with what the name is checked for.
    fileprivate struct HostKey: Equatable {
        var head: UInt64
        var middle: UInt64
        var tail: UInt64
        /// The length times four, plus 2 if a dot is required and 1 if a root dot is allowed;
        /// -1 in a free place.
        var shape: Int

        /// The key of no name.
        static let free = HostKey(head: 0, middle: 0, tail: 0, shape: -1)

        /// Whether the key holds all of its name's bytes.
        var holdsName: Bool { shape <= 24 &<< 2 | 3 }

        /// The place to look first in a table of `places` (a power of two).
        @inline(__always)
        func place(among places: Int) -> Int {
            let mixed = (head ^ tail &* 0xFF51_AFD7_ED55_8CCD ^ UInt64(truncatingIfNeeded: shape)) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: mixed &>> 32) & (places &- 1)
        }
    }

    /// The names checked lately, by their keys' places (the next place after a taken one); no
    /// places until a name is checked.
    private var hosts: [CheckedHost] = []
    private var hostCount = 0
    private var hostBytes = ByteBuffer()
    /// Past this many names, the checked names are forgotten and gathered again.
    private static let hostCapacity = 16
    /// Twice the names kept, so that a name is found in a place or two.
    private static let hostPlaces = 32

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
    @inline(__always)
    mutating func hostNameLength(_ name: ByteText, requireDot: Bool, allowRootDot: Bool) -> Int? {
        let key = HostKey(name, requireDot: requireDot, allowRootDot: allowRootDot)
        var place = key.place(among: Self.hostPlaces)
        while hostCount > 0 {
            let host = hosts[place]
            if host.key == key,
                key.holdsName || ByteText(unsafeBuffer: hostBytes[host.start..<(host.start &+ name.count)]).hasSameBytes(as: name)
            {
                return host.asciiLength
            }
            if host.key.shape < 0 { break }
            place = (place &+ 1) & (Self.hostPlaces &- 1)
        }
        return checkHostName(name, key: key, place: place)
    }

    /// ``hostNameLength(_:requireDot:allowRootDot:)`` for a name not checked lately, whose key is
    /// `key` and whose place is `place` (the first free one from the key's).
    @inline(never)
    private mutating func checkHostName(_ name: ByteText, key: HostKey, place: Int) -> Int? {
        let requireDot = key.shape & 2 != 0
        let allowRootDot = key.shape & 1 != 0
        let length = DomainSyntax.withASCIIName(name, domains: &self) { ascii in
            ascii.flatMap { DomainSyntax.isHostName($0, requireDot: requireDot, allowRootDot: allowRootDot) ? $0.count : nil }
        }
        var place = place
        if hosts.isEmpty {
            hosts = [CheckedHost](repeating: CheckedHost(key: .free, start: 0, asciiLength: nil), count: Self.hostPlaces)
            place = key.place(among: Self.hostPlaces)
        } else if hostCount == Self.hostCapacity {
            for index in hosts.indices { hosts[index].key = .free }
            hostCount = 0
            hostBytes.removeAll()
            place = key.place(among: Self.hostPlaces)
        }
        let start = hostBytes.count
        if !key.holdsName { hostBytes.append(contentsOf: name) }
        hosts[place] = CheckedHost(key: key, start: start, asciiLength: length)
        hostCount += 1
        return length
    }
}

extension DomainCache.HostKey {
    /// The key of `name`, checked as the flags say.
    @inline(__always)
    init(_ name: ByteText, requireDot: Bool, allowRootDot: Bool) {
        let count = name.count
        self.init(
            head: count >= 8 ? name.word(at: 0) : count > 0 ? name.word(at: 0, length: count) : 0,
            middle: count > 16 ? name.word(at: 8) : 0, tail: count > 8 ? name.word(at: count &- 8) : 0,
            shape: count &<< 2 | (requireDot ? 2 : 0) | (allowRootDot ? 1 : 0))
    }
}
