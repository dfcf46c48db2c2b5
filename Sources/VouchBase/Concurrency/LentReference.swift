/// A reference that its owner also holds, read without counting references on the object:
/// threads that share the owner do not contend on the object's reference count. Valid while the
/// owner lives; the owner keeps a strong reference of its own beside it.
@_spi(VouchInternal) public struct LentReference<Object: AnyObject>: @unchecked Sendable {
    @usableFromInline let reference: Unmanaged<Object>

    @inlinable public init(_ object: Object) { reference = .passUnretained(object) }

    /// The object at `pointer`, which its holder keeps alive for as long as this is used (C
    /// holding a handle through a call).
    @inlinable public init(unretained pointer: UnsafeRawPointer) { reference = .fromOpaque(pointer) }

    /// The object, as a reference of the caller's own from here on.
    @inlinable public var object: Object { reference.takeUnretainedValue() }

    /// Calls `body` with the object, its owner guaranteeing that it lives.
    @inlinable @inline(__always)
    public func with<Result>(_ body: (Object) -> Result) -> Result { reference._withUnsafeGuaranteedRef(body) }
}
