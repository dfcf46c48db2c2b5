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
    private static let pendingBase = Atomic<Int>(0)
    private static let pendingCount = Atomic<Int>(0)
    private static let batchBase = Atomic<Int>(0)
    private static let batchCount = Atomic<Int>(0)
    private static let batchRecords = Atomic<Int>(0)
    private static let written = Atomic<Int>(0)
    /// The batch next in order, whose records may be written after the output buffer's.
    private static let nextBatch = Atomic<Int>(0)
    private static let descriptor = Atomic<Int32>(-1)
    private static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// Catches the crash signals for `vouch check`, writing to `output`.
    package static func install(output: Int32) {
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
        pendingCount.store(0, ordering: .releasing)
        pendingBase.store(Int(bitPattern: bytes.baseAddress), ordering: .releasing)
        pendingCount.store(bytes.count, ordering: .releasing)
        written.store(records, ordering: .releasing)
        if nextBatch.load(ordering: .acquiring) != next {
            // The batch that was next is in the output buffer now.
            batchCount.store(0, ordering: .releasing)
            batchRecords.store(0, ordering: .releasing)
            nextBatch.store(next, ordering: .releasing)
        }
    }

    /// The output of batch `sequence` after a record: published when it is the batch next in order.
    package static func checked(_ bytes: UnsafeBufferPointer<UInt8>, records: Int, sequence: Int) {
        guard nextBatch.load(ordering: .acquiring) == sequence else { return }
        batchCount.store(0, ordering: .releasing)
        batchBase.store(Int(bitPattern: bytes.baseAddress), ordering: .releasing)
        batchCount.store(bytes.count, ordering: .releasing)
        batchRecords.store(records, ordering: .releasing)
    }

    /// A new batch next in order: nothing of it is checked yet.
    package static func startBatch(_ sequence: Int) {
        guard nextBatch.load(ordering: .acquiring) == sequence else { return }
        batchCount.store(0, ordering: .releasing)
        batchRecords.store(0, ordering: .releasing)
    }

    private static func crashed(_ number: Int32) {
        let output = descriptor.load(ordering: .relaxed)
        var records = written.load(ordering: .acquiring)
        if output >= 0 {
            writeAll(output, pendingBase.load(ordering: .acquiring), pendingCount.load(ordering: .acquiring))
            writeAll(output, batchBase.load(ordering: .acquiring), batchCount.load(ordering: .acquiring))
            records += batchRecords.load(ordering: .acquiring)
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
