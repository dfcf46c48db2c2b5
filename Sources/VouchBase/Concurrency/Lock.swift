#if VOUCH_PTHREAD_LOCKS
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Synchronization
#endif

/// A value that one thread at a time may read or change: the one lock type of Vouch.
///
/// It is Synchronization's `Mutex`, unless Vouch is built with `-Xswiftc -DVOUCH_PTHREAD_LOCKS`
/// (`make tsan-test` does): then it is a pthread mutex. On Linux, `Mutex` waits on a futex of its
/// own, which ThreadSanitizer cannot see, so it takes every access `Mutex` orders for a data race;
/// it sees `pthread_mutex_lock` and `pthread_mutex_unlock`. Other builds keep `Mutex`, which needs
/// no allocation and compiles to the same code as `Mutex` used directly.
///
/// Like `Mutex` it cannot be copied; keep it in a `let`.
///
/// Not part of Vouch's API: SPI, so that only Vouch's own modules see it (`@_spi(VouchInternal) import
/// VouchBase`). It is not `package` because the C API's module must inline it as it inlined `Mutex`,
/// and Swift inlines `package` declarations into other modules only with `-package-cmo`.
@_spi(VouchInternal) public struct Lock<Value: ~Copyable>: ~Copyable {
    #if VOUCH_PTHREAD_LOCKS
        // Allocated, so that neither moves while a thread holds or waits for the lock.
        @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
        @usableFromInline let value: UnsafeMutablePointer<Value>

        public init(_ initialValue: consuming sending Value) {
            mutex = .allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
            value = .allocate(capacity: 1)
            value.initialize(to: initialValue)
        }

        deinit {
            value.deinitialize(count: 1)
            value.deallocate()
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        /// Runs `body` with the value, the lock held.
        @inlinable
        public borrowing func withLock<Result: ~Copyable, E: Error>(
            _ body: (inout sending Value) throws(E) -> sending Result
        ) throws(E) -> sending Result {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    #else
        @usableFromInline let mutex: Mutex<Value>

        @inlinable
        public init(_ initialValue: consuming sending Value) {
            mutex = Mutex(initialValue)
        }

        /// Runs `body` with the value, the lock held.
        @inlinable
        public borrowing func withLock<Result: ~Copyable, E: Error>(
            _ body: (inout sending Value) throws(E) -> sending Result
        ) throws(E) -> sending Result {
            try mutex.withLock(body)
        }
    #endif
}

// As for `Mutex`: the value is reached only under the lock, and goes in and out as `sending`.
extension Lock: @unchecked Sendable where Value: ~Copyable {}
