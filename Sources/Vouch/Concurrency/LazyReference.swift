import Synchronization

/// An object made the first time it is asked for: made once, by the first thread that asks while
/// the others wait for it, and read after that without taking a lock.
final class LazyReference<Instance: AnyObject & Sendable>: Sendable {
    /// The object once made, retained until this reference goes. (An atomic pointer, not
    /// Synchronization's `AtomicLazyReference`, whose `load` is not specialized: a call into the
    /// library, some thousands of instructions where a number is checked.)
    private let instanceMade = Atomic<UnsafeRawPointer?>(nil)
    private let making = Lock(())
    private let make: @Sendable () -> Instance

    init(_ make: @escaping @Sendable () -> Instance) { self.make = make }

    /// One already made.
    init(made instance: Instance) {
        make = { instance }
        instanceMade.store(UnsafeRawPointer(Unmanaged.passRetained(instance).toOpaque()), ordering: .releasing)
    }

    deinit {
        if let made = instanceMade.load(ordering: .acquiring) { Unmanaged<Instance>.fromOpaque(made).release() }
    }

    /// Whether the object has been made.
    var isMade: Bool { instanceMade.load(ordering: .acquiring) != nil }

    var instance: Instance {
        if let made = instanceMade.load(ordering: .acquiring) { return Unmanaged<Instance>.fromOpaque(made).takeUnretainedValue() }
        return making.withLock { _ in
            if let made = instanceMade.load(ordering: .acquiring) { return Unmanaged<Instance>.fromOpaque(made).takeUnretainedValue() }
            let instance = make()
            instanceMade.store(UnsafeRawPointer(Unmanaged.passRetained(instance).toOpaque()), ordering: .releasing)
            return instance
        }
    }
}
