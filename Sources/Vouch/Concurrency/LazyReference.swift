import Synchronization

/// An object made the first time it is asked for: made once, by the first thread that asks while
/// the others wait for it, and read after that without taking a lock.
final class LazyReference<Instance: AnyObject & Sendable>: Sendable {
    private let instanceMade = AtomicLazyReference<Instance>()
    private let making = Lock(())
    private let make: @Sendable () -> Instance

    init(_ make: @escaping @Sendable () -> Instance) { self.make = make }

    /// One already made.
    init(made instance: Instance) {
        make = { instance }
        _ = instanceMade.storeIfNil(instance)
    }

    var instance: Instance {
        if let instance = instanceMade.load() { return instance }
        return making.withLock { _ in instanceMade.load() ?? instanceMade.storeIfNil(make()) }
    }
}
