/// An ICU object owned by Swift: closed when the last reference goes away.
///
/// It is `@unchecked Sendable` because the objects it wraps (`UDateFormat`, `UCaseMap` with a break
/// iterator, ...) are not thread-safe: it may move between threads, but only an ``ICUObjectPool``
/// lends it, to one caller at a time.
@_spi(VouchInternal) public final class ICUObject: @unchecked Sendable {
    public let pointer: OpaquePointer
    private let close: (OpaquePointer) -> Void

    public init(_ pointer: OpaquePointer, close: @escaping (OpaquePointer) -> Void) {
        self.pointer = pointer
        self.close = close
    }

    deinit { close(pointer) }

    /// What an ICU `open` call gave: the object, or the status that says why there is none.
    public static func opened(
        _ pointer: OpaquePointer?, status: Int32, close: @escaping (OpaquePointer) -> Void
    ) -> Result<ICUObject, ICUStatus> {
        guard let pointer, status <= 0 else {
            if let pointer { close(pointer) }
            return .failure(ICUStatus(rawValue: status > 0 ? status : ICUStatus.illegalArgument.rawValue))
        }
        return .success(ICUObject(pointer, close: close))
    }
}

/// What a pooled ICU object is opened for: an ICU locale id, and what in that locale (a kind of
/// case mapping, a date layout, a message pattern).
@_spi(VouchInternal) public struct LocaleKey<Variant: Hashable & Sendable>: Hashable, Sendable {
    public var locale: String
    public var variant: Variant
}

/// Lends ICU objects that are not thread-safe to one caller at a time, keyed by what they were
/// opened for (locale, pattern, style).
///
/// A caller checks an idle object out, uses it alone and checks it back in; when none is idle a
/// new one is opened, so concurrent callers never share an object. A few idle objects are kept
/// per key, and the number of keys is bounded so that arbitrary patterns cannot grow it forever.
@_spi(VouchInternal) public final class ICUObjectPool<Key: Hashable & Sendable>: Sendable {
    private let idle = Lock<[Key: [ICUObject]]>([:])
    private let open: @Sendable (Key) -> Result<ICUObject, ICUStatus>
    private let idlePerKey: Int
    private let maximumKeys: Int

    /// - Parameter open: opens a new object for a key, or says why ICU cannot.
    public init(idlePerKey: Int = 4, maximumKeys: Int = 64, open: @escaping @Sendable (Key) -> Result<ICUObject, ICUStatus>) {
        self.open = open
        self.idlePerKey = idlePerKey
        self.maximumKeys = maximumKeys
    }

    /// Calls `body` with an object for `key` that no other caller uses meanwhile. The failure says
    /// what ICU refused: opening an object for the key, or the call `body` made.
    public func withObject<R>(_ key: Key, _ body: (OpaquePointer) throws(ICUStatus) -> R) -> Result<R, ICUStatus> {
        let object: ICUObject
        switch checkOut(key) {
        case .success(let checkedOut): object = checkedOut
        case .failure(let status): return .failure(status)
        }
        defer { checkIn(object, for: key) }
        return Result { () throws(ICUStatus) in try body(object.pointer) }
    }

    /// Takes an idle object for `key`, or opens one.
    public func checkOut(_ key: Key) -> Result<ICUObject, ICUStatus> {
        if let reused = idle.withLock({ idle in idle[key]?.popLast() }) { return .success(reused) }
        return open(key)
    }

    /// Returns an object (checked out, or opened by the caller) for others to use.
    public func checkIn(_ object: ICUObject, for key: Key) {
        // Objects dropped here are closed after the lock is released, when `evicted` goes.
        let evicted: [ICUObject] = idle.withLock { idle in
            var evicted: [ICUObject] = []
            if idle[key] == nil, idle.count >= maximumKeys, let victim = idle.keys.first {
                evicted = idle.removeValue(forKey: victim) ?? []
            }
            if idle[key, default: []].count < idlePerKey {
                idle[key, default: []].append(object)
            } else {
                evicted.append(object)
            }
            return evicted
        }
        _ = evicted
    }

    /// The number of idle objects kept, over all keys.
    public var idleCount: Int { idle.withLock { $0.values.reduce(0) { $0 + $1.count } } }
}
