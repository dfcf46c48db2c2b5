import Synchronization

/// An object made the first time it is asked for: made once, by the first thread that asks while
/// the others wait for it, and read after that without taking a lock.
@_spi(VouchInternal) public final class LazyReference<Instance: AnyObject & Sendable>: Sendable {
    /// The object's address once made, retained until this reference goes. (An atomic word, not
    /// Synchronization's `AtomicLazyReference`, whose `load` is not specialized: a call into the
    /// library, some thousands of instructions where a number is checked.)
    private let instanceMade = Atomic<UInt>(0)
    private let making = Lock(())
    private let make: @Sendable () -> Instance

    public init(_ make: @escaping @Sendable () -> Instance) { self.make = make }

    /// One already made.
    public init(made instance: Instance) {
        make = { instance }
        instanceMade.store(UInt(bitPattern: Unmanaged.passRetained(instance).toOpaque()), ordering: .releasing)
    }

    deinit {
        if let made = Self.pointer(instanceMade.load(ordering: .acquiring)) { Unmanaged<Instance>.fromOpaque(made).release() }
    }

    /// Whether the object has been made.
    public var isMade: Bool { instanceMade.load(ordering: .acquiring) != 0 }

    public var instance: Instance {
        if let made = self.made { return made }
        return making.withLock { _ in
            if let made = self.made { return made }
            let instance = make()
            instanceMade.store(UInt(bitPattern: Unmanaged.passRetained(instance).toOpaque()), ordering: .releasing)
            return instance
        }
    }

    /// Calls `body` with the object, made if it is not yet, lent without reference counting.
    @inline(__always) public func withInstance<Result>(_ body: (Instance) -> Result) -> Result {
        if let made = Self.pointer(instanceMade.load(ordering: .acquiring)) {
            return Unmanaged<Instance>.fromOpaque(made)._withUnsafeGuaranteedRef(body)
        }
        return body(instance)
    }

    /// The object if it has been made.
    public var made: Instance? {
        Self.pointer(instanceMade.load(ordering: .acquiring)).map { Unmanaged<Instance>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func pointer(_ address: UInt) -> UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: address) }
}
