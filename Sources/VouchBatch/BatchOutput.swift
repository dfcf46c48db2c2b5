@_spi(VouchInternal) import VouchBase

/// The output lines of one batch: written record by record by the thread that checks the batch,
/// handed to the thread that writes the batches out in order, then emptied and handed out again.
///
/// A class, so that the lines (a ``ByteBuffer``, which cannot be copied) can be handed over and
/// kept in lists; they live behind a pointer, so that writing them costs no exclusivity check, as
/// a class's stored property would on every access. Used by one thread at a time, handed over
/// under the pipeline's lock.
final class BatchOutput {
    let lines = UnsafeMutablePointer<ByteBuffer>.allocate(capacity: 1)

    /// Lines with room for `capacity` bytes before they grow.
    init(capacity: Int) { lines.initialize(to: ByteBuffer(capacity: capacity)) }

    deinit {
        lines.deinitialize(count: 1)
        lines.deallocate()
    }
}
