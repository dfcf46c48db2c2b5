#if canImport(Glibc)
    import Glibc
#endif

/// Where relative bounds (`today`, `now-2h`) read the time: the system clock, or a fixed time in
/// tests. A form reads it once per record, so every field of a record sees the same time.
public struct VouchClock: Sendable {
    private let read: @Sendable () -> Int

    /// A clock that gives seconds since 1970-01-01T00:00Z.
    public init(_ read: @escaping @Sendable () -> Int) { self.read = read }

    /// The system's clock.
    public static let system = VouchClock {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int(now.tv_sec)
    }

    /// A clock stopped at `instant` (a wall time without an offset is taken as UTC).
    public static func fixed(_ instant: LocalDateTime) -> VouchClock {
        let seconds = instant.instant
        return VouchClock { seconds }
    }

    /// Seconds since 1970-01-01T00:00Z.
    public func now() -> Int { read() }
}
