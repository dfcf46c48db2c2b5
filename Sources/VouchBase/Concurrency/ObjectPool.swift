import Synchronization

/// Objects kept for the threads that take turns with them, so that each call reuses buffers instead
/// of making them: a thread takes one that no other thread is using and gives it back.
@_spi(VouchInternal) public final class ObjectPool<Object: AnyObject & Sendable>: Sendable {
    /// The object given back last, when no other thread has taken it since: a thread that calls
    /// again and again takes and gives back this one, with an atomic exchange instead of the lock.
    /// Its address, retained (0 for none).
    private let spare = Atomic<UInt>(0)
    /// The others.
    private let objects = Lock<[Object]>([])
    private let make: @Sendable () -> Object
    /// Enough for the threads of a busy process; more are made and dropped as needed.
    private static var capacity: Int { 16 }

    /// A pool that makes each object with `make` when none is free.
    public init(make: @escaping @Sendable () -> Object) { self.make = make }

    deinit {
        if let spare = Self.object(at: spare.load(ordering: .relaxed)) { spare.release() }
    }

    /// Runs `body` with an object that no other thread is using. The pool's reference is lent to
    /// `body` and handed back, with no reference counted.
    public func withObject<R>(_ body: (Object) -> R) -> R {
        let object = takeReference()
        let result = object._withUnsafeGuaranteedRef(body)
        giveBack(object)
        return result
    }

    /// An object that no other thread is using, until it is given back.
    public func take() -> Object { takeReference().takeRetainedValue() }

    /// Gives back an object ``take()`` gave.
    public func giveBack(_ object: Object) { giveBack(Unmanaged.passRetained(object)) }

    /// ``take()``, the reference retained for the caller.
    private func takeReference() -> Unmanaged<Object> {
        if let spare = Self.object(at: spare.exchange(0, ordering: .acquiring)) { return spare }
        return Unmanaged.passRetained(objects.withLock { $0.popLast() } ?? make())
    }

    /// ``giveBack(_:)`` of a retained reference, handed over: to the spare slot, else to the list.
    private func giveBack(_ given: Unmanaged<Object>) {
        if spare.compareExchange(expected: 0, desired: UInt(bitPattern: given.toOpaque()), ordering: .releasing).exchanged { return }
        objects.withLock { objects in
            if objects.count < Self.capacity { objects.append(given.takeRetainedValue()) } else { given.release() }
        }
    }

    @inline(__always)
    private static func object(at address: UInt) -> Unmanaged<Object>? {
        UnsafeMutableRawPointer(bitPattern: address).map { Unmanaged<Object>.fromOpaque($0) }
    }
}
