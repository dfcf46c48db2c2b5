/// Objects kept for the threads that take turns with them, so that each call reuses buffers instead
/// of making them: a thread takes one that no other thread is using and gives it back.
@_spi(VouchInternal) public final class ObjectPool<Object: AnyObject & Sendable>: Sendable {
    private let objects = Lock<[Object]>([])
    private let make: @Sendable () -> Object
    /// Enough for the threads of a busy process; more are made and dropped as needed.
    private static var capacity: Int { 16 }

    /// A pool that makes each object with `make` when none is free.
    public init(make: @escaping @Sendable () -> Object) { self.make = make }

    /// Runs `body` with an object that no other thread is using.
    public func withObject<R>(_ body: (Object) -> R) -> R {
        let object = take()
        defer { giveBack(object) }
        return body(object)
    }

    /// An object that no other thread is using, until it is given back.
    public func take() -> Object {
        objects.withLock { $0.popLast() } ?? make()
    }

    public func giveBack(_ object: Object) {
        objects.withLock { objects in
            if objects.count < Self.capacity { objects.append(object) }
        }
    }
}
