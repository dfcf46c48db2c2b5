import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What `vouch check` writes when it crashes (a plugin's bad pointer, say): the output it holds
/// in order (what the output buffer holds, then the records of the batch next in order checked
/// before the crash), so that the records checked before the crashing one are not lost; then a
/// line on stderr, and the default action of the signal (no backtrace: crash_signals.c).
///
/// The handler reads what the threads publish as they go, with atomics: where the output buffer's
/// bytes are, and where those of the batch next in order are, after each record.
package enum CrashOutput {
    /// What the threads publish, made before they start (``install(output:)``) and never freed;
    /// read through a pointer, so that no reference is counted.
    nonisolated(unsafe) private static let published: UnsafeMutablePointer<Published> = {
        let pointer = UnsafeMutablePointer<Published>.allocate(capacity: 1)
        pointer.initialize(to: Published())
        return pointer
    }()

    /// The published values, on cache lines apart: the batch next in order (which every checking
    /// thread reads after each record) and the output buffer's, set once a batch; and the records
    /// of that batch, set after each record by the thread checking it. On one line, each record's
    /// stores would take the line from the other thread, and its reads take it back.
    private struct Published: ~Copyable {
        /// The batch next in order, whose records may be written after the output buffer's.
        let nextBatch = Atomic<Int>(0)
        let pendingBase = Atomic<Int>(0)
        let pendingCount = Atomic<Int>(0)
        let written = Atomic<Int>(0)
        private let apart: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )
        let batchBase = Atomic<Int>(0)
        let batchCount = Atomic<Int>(0)
        let batchRecords = Atomic<Int>(0)
    }
    private static let descriptor = Atomic<Int32>(-1)
    private static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// Catches the crash signals for `vouch check`, writing to `output`.
    package static func install(output: Int32) {
        _ = published.pointee.nextBatch.load(ordering: .relaxed)
        descriptor.store(output, ordering: .relaxed)
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in CrashOutput.crashed(number) }
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND) | UInt32(SA_NODEFER))
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    /// The output buffer's bytes not yet written, and the records written so far.
    package static func pending(_ bytes: UnsafeBufferPointer<UInt8>, records: Int, nextBatch next: Int) {
        published.pointee.pendingCount.store(0, ordering: .releasing)
        published.pointee.pendingBase.store(Int(bitPattern: bytes.baseAddress), ordering: .releasing)
        published.pointee.pendingCount.store(bytes.count, ordering: .releasing)
        published.pointee.written.store(records, ordering: .releasing)
        if published.pointee.nextBatch.load(ordering: .acquiring) != next {
            // The batch that was next is in the output buffer now.
            published.pointee.batchCount.store(0, ordering: .releasing)
            published.pointee.batchRecords.store(0, ordering: .releasing)
            published.pointee.nextBatch.store(next, ordering: .releasing)
        }
    }

    /// The output of batch `sequence` after a record: published when it is the batch next in order.
    package static func checked(_ bytes: UnsafeBufferPointer<UInt8>, records: Int, sequence: Int) {
        guard published.pointee.nextBatch.load(ordering: .acquiring) == sequence else { return }
        published.pointee.batchCount.store(0, ordering: .releasing)
        published.pointee.batchBase.store(Int(bitPattern: bytes.baseAddress), ordering: .releasing)
        published.pointee.batchCount.store(bytes.count, ordering: .releasing)
        published.pointee.batchRecords.store(records, ordering: .releasing)
    }

    /// A new batch next in order: nothing of it is checked yet.
    package static func startBatch(_ sequence: Int) {
        guard published.pointee.nextBatch.load(ordering: .acquiring) == sequence else { return }
        published.pointee.batchCount.store(0, ordering: .releasing)
        published.pointee.batchRecords.store(0, ordering: .releasing)
    }

    private static func crashed(_ number: Int32) {
        let output = descriptor.load(ordering: .relaxed)
        var records = published.pointee.written.load(ordering: .acquiring)
        if output >= 0 {
            writeAll(
                output, published.pointee.pendingBase.load(ordering: .acquiring), published.pointee.pendingCount.load(ordering: .acquiring))
            writeAll(
                output, published.pointee.batchBase.load(ordering: .acquiring), published.pointee.batchCount.load(ordering: .acquiring))
            records += published.pointee.batchRecords.load(ordering: .acquiring)
        }
        // On the stack, without allocating: the heap may be what broke.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 160) { line in
            var length = 0
            func append(_ text: StaticString) {
                for index in 0..<text.utf8CodeUnitCount where length < line.count {
                    line[length] = text.utf8Start[index]
                    length += 1
                }
            }
            func append(_ value: Int) {
                var divisor = 1
                while value / divisor >= 10 { divisor *= 10 }
                while divisor > 0 && length < line.count {
                    line[length] = UInt8(48 + value / divisor % 10)
                    length += 1
                    divisor /= 10
                }
            }
            append("vouch check: crashed (signal ")
            append(Int(number))
            append("); the records checked before the crash are written: ")
            append(records)
            append("\n")
            _ = write(2, line.baseAddress, length)
        }
        raise(number)
    }

    private static func writeAll(_ output: Int32, _ base: Int, _ count: Int) {
        guard let pointer = UnsafeRawPointer(bitPattern: base), count > 0 else { return }
        var offset = 0
        while offset < count {
            let done = write(output, pointer + offset, count - offset)
            if done <= 0 { return }
            offset += done
        }
    }
}
