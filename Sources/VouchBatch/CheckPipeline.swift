import Vouch
@_spi(VouchInternal) import VouchBase

/// Reads, checks and writes records with `jobs` threads at once: each thread takes the next batch
/// from the reader, checks it into its own buffer, and the finished batches are written in input
/// order by whichever thread finds the next one ready, or by the calling thread alone when the
/// pipeline is made so (a caller's callback, which some languages run on their own thread only).
/// Reading, checking and writing overlap, and at most two batches per thread are held at a time,
/// so memory stays flat.
///
/// Unchecked Sendable: every mutable property is read and written with `lock` held.
package final class CheckPipeline: @unchecked Sendable {
    private let lock = ConditionLock()
    private let readLock = ConditionLock()
    private var reader: any RecordReader
    private let makeChecker: @Sendable () -> RecordChecker
    private let output: OutputWriter
    private let progress: ProgressBar?
    private let source: ByteSource
    private let fieldNames: [String]
    private let batchRecords: Int
    private let batchBytes: Int
    private let writesOnCallingThread: Bool

    private var summary: CheckSummary
    private var failure: BatchError?
    private var ended = false
    private var nextToRead = 0
    private var nextToWrite = 0
    private var inFlight = 0
    private var maxInFlight = 2
    private var finished: [Int: (output: BatchOutput, summary: CheckSummary)] = [:]
    private var writing = false
    /// The threads other than the calling one still in ``work(writes:)``.
    private var helpersWorking = 0
    /// Memory of batches read and written, to read and write the next ones into.
    private var spareInputs: [RecordBatch] = []
    private var spareOutputs: [BatchOutput] = []

    package init(
        reader: any RecordReader, source: ByteSource, fieldNames: [String], output: OutputWriter, progress: ProgressBar?,
        batchRecords: Int = CheckPipeline.batchRecords, batchBytes: Int = 1 << 18, writesOnCallingThread: Bool = false,
        makeChecker: @escaping @Sendable () -> RecordChecker
    ) {
        self.reader = reader
        self.source = source
        self.fieldNames = fieldNames
        self.output = output
        self.progress = progress
        self.batchRecords = batchRecords
        self.batchBytes = batchBytes
        self.writesOnCallingThread = writesOnCallingThread
        self.makeChecker = makeChecker
        self.summary = CheckSummary(fieldNames: fieldNames)
    }

    /// The most records of a batch.
    package static let batchRecords = 1024
    /// The most threads a check takes (`--jobs`).
    package static let maximumJobs = 1024

    /// The bytes of a batch for an input of `inputBytes` (nil: of unknown size, a pipe's) on `jobs`
    /// threads. A small input is cut into small batches, one or more per thread, so that a slow
    /// step (a plugin that takes seconds) on a few records runs on every thread, not all on one. A
    /// batch is at most 1,024 records or 256 KiB (a few milliseconds of checking), so that at the
    /// end one thread does not check a large last batch while the others wait.
    package static func batchBytes(inputBytes: Int?, jobs: Int) -> Int {
        inputBytes.map { min(max($0 / (jobs * 4), 1), 1 << 18) } ?? 1 << 18
    }

    /// Checks every record on `jobs` threads (the calling thread alone for one), and returns the
    /// summary of the whole run.
    ///
    /// Each thread besides the calling one starts on a CPU of its own, the ones after the calling
    /// thread's (``HelperThread``). Threads the process cannot make are done without: the threads
    /// there are check every record.
    package func run(jobs: Int) throws(BatchError) -> CheckSummary {
        maxInFlight = 2 * jobs
        let place = jobs > 1 ? HelperThread.currentPlace : nil
        var helpers: [HelperThread] = []
        helpersWorking = jobs - 1
        for helper in 1..<jobs {
            let started = HelperThread.start(place: place.map { $0 + helper } ?? -1) {
                self.work(writes: !self.writesOnCallingThread)
                self.lock.lock()
                self.helpersWorking -= 1
                self.lock.broadcast()
                self.lock.unlock()
            }
            guard let started else {
                lock.lock()
                helpersWorking -= jobs - helper
                lock.unlock()
                break
            }
            helpers.append(started)
        }
        work(writes: true)
        if writesOnCallingThread {
            // The helpers' last batches are written here as they finish.
            lock.lock()
            while helpersWorking > 0 {
                writeReady()
                if helpersWorking > 0 && finished[nextToWrite] == nil { lock.wait() }
            }
            writeReady()
            lock.unlock()
        }
        for helper in helpers { helper.join() }
        if let failure { throw failure }
        return summary
    }

    /// One thread's loop: take a batch, check it, hand it to be written (and write the batches
    /// that are next in order when `writes`).
    private func work(writes: Bool) {
        let checker = makeChecker()
        while case (let sequence, let batch, let output)? = take(writes: writes) {
            let lines = output.lines
            var batchSummary = CheckSummary(fieldNames: fieldNames)
            CrashOutput.startBatch(sequence)
            checker.check(batch, into: &lines.pointee, summary: &batchSummary) { records, lines in
                CrashOutput.checked(lines.bytes, records: records, sequence: sequence)
            }
            // Handed over, not shared: the lines come back to `spareOutputs` to be written into again.
            finish(sequence, output: output, summary: batchSummary, input: batch, writes: writes)
        }
    }

    /// The next batch, its place in the input, and empty lines to write its output into;
    /// nil at the end or after a failure.
    ///
    /// One thread reads at a time, under `readLock` and not `lock`, so that while it waits for
    /// slow input the batches already checked are written.
    private func take(writes: Bool) -> (Int, RecordBatch, BatchOutput)? {
        lock.lock()
        while inFlight >= maxInFlight && failure == nil && !ended {
            // A writer that waits for room makes it, when the next batch is ready.
            if writes && !writing && finished[nextToWrite] != nil {
                writeReady()
            } else {
                lock.wait()
            }
        }
        guard failure == nil, !ended else {
            lock.unlock()
            return nil
        }
        inFlight += 1
        let spareInput = spareInputs.popLast() ?? RecordBatch()
        // Room for the output of any batch within the budget, made once: a JSON line out, with its
        // values and errors, is about two and a half times the line in. Room never written is
        // never touched, so costs no memory; room made again for a larger batch would be new
        // memory, each page touched anew.
        let spareOutput = spareOutputs.popLast() ?? BatchOutput(capacity: batchBytes * 3 + 4096)
        lock.unlock()

        readLock.lock()
        defer { readLock.unlock() }
        var batch = RecordBatch()
        var problem: BatchError?
        if !isEnded {
            do {
                batch = try reader.nextBatch(limit: batchRecords, byteBudget: batchBytes, reusing: consume spareInput)
            } catch {
                problem = error
            }
        }
        lock.lock()
        defer { lock.unlock() }
        guard problem == nil, !batch.isEmpty else {
            if let problem, failure == nil { failure = problem }
            ended = true
            inFlight -= 1
            lock.broadcast()
            return nil
        }
        defer { nextToRead += 1 }
        return (nextToRead, batch, spareOutput)
    }

    /// Whether reading is over (at the end, or after a failure).
    private var isEnded: Bool {
        lock.lock()
        defer { lock.unlock() }
        return ended || failure != nil
    }

    /// Hands over a checked batch, and, when `writes`, writes every batch that is next in order.
    private func finish(
        _ sequence: Int, output batchOutput: BatchOutput, summary batchSummary: CheckSummary, input: RecordBatch, writes: Bool
    ) {
        lock.lock()
        defer { lock.unlock() }
        spareInputs.append(input)
        finished[sequence] = (batchOutput, batchSummary)
        if writes {
            writeReady()
        } else {
            lock.broadcast()
        }
    }

    /// Writes every batch that is next in order, one writer at a time. Called, and returns, with
    /// `lock` held; lets go of it while it writes.
    private func writeReady() {
        guard !writing else { return }
        writing = true
        while let next = finished.removeValue(forKey: nextToWrite) {
            nextToWrite += 1
            lock.unlock()
            output.write(next.output.lines.pointee.bytes)
            lock.lock()
            if let failed = output.failure, failure == nil {
                // Nothing more can be written: stop reading and checking at once.
                failure = failed
                lock.broadcast()
            }
            summary.merge(next.summary)
            output.withPending { CrashOutput.pending($0, records: summary.records, nextBatch: nextToWrite) }
            next.output.lines.pointee.removeAll()
            spareOutputs.append(next.output)
            inFlight -= 1
            progress?.update(records: summary.records, bytes: source.bytesRead)
            lock.broadcast()
            if nextToWrite == nextToRead {
                // Every batch read is written: out it goes, as the next may be long in coming.
                lock.unlock()
                output.flush()
                lock.lock()
                output.withPending { CrashOutput.pending($0, records: summary.records, nextBatch: nextToWrite) }
            }
        }
        writing = false
    }
}
