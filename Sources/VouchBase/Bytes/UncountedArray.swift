/// An immutable array that threads read without counting references: its elements live in memory
/// allocated once, and its owner (a class) frees it in `deinit` with ``free()``.
///
/// Reading a Swift array retains its storage, and threads that share a form would fight over that
/// count on every record; these reads are plain loads.
@_spi(VouchInternal) public struct UncountedArray<Element>: @unchecked Sendable {
    @usableFromInline let elements: UnsafeMutableBufferPointer<Element>

    @inlinable public init(_ array: [Element]) {
        elements = .allocate(capacity: array.count)
        _ = elements.initialize(from: array)
    }

    @inlinable public var count: Int { elements.count }
    @inlinable public var indices: Range<Int> { 0..<elements.count }

    @inlinable public subscript(index: Int) -> Element { elements[index] }

    /// The elements, as a buffer; valid while the owner lives.
    @inlinable public var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(elements) }

    @inlinable public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R { body(buffer) }

    /// Frees the elements; the owner's `deinit` calls it once.
    @inlinable public func free() {
        elements.deinitialize()
        elements.deallocate()
    }
}
