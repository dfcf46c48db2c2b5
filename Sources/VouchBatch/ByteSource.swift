@_spi(VouchInternal) import VouchBase

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a file or standard input in large chunks, counting the bytes read (for progress).
package final class ByteSource {
    package let descriptor: Int32
    /// What errors call the input: its path, or `standard input`.
    package let name: String
    /// The file's size when known (a regular file), for percentages.
    package let size: Int?
    private(set) var bytesRead = 0
    /// The chunk read last: memory of its own, or the caller's bytes for input already in memory.
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private let ownsBuffer: Bool
    private var start = 0
    private var end = 0
    private var finished = false
    /// Whether reading ended because a signal asked to stop: a record read in part is then not
    /// a record, and is dropped.
    private(set) var stopped = false

    /// The bytes read at a time: 256 KiB stay in a core's cache while their lines are taken, and
    /// hold the pipeline's read lock a quarter as long as 1 MiB did (BENCHMARKS.md, "Two threads").
    package static let chunkSize = 1 << 18

    package init(descriptor: Int32, chunkSize: Int = ByteSource.chunkSize, name: String = "standard input") {
        self.descriptor = descriptor
        self.name = name
        var info = stat()
        size = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
        // Not cleared: only the bytes `read` fills are ever read, and a small input then touches
        // few of the chunk's pages.
        buffer = .allocate(capacity: chunkSize)
        ownsBuffer = true
    }

    /// Input already in memory (the C API's batch call), read in place as a file holding these
    /// bytes: they must stay valid and unchanged while the source is read and while the records
    /// read from it are checked (their lines are read where they lie, ``lentBytes``).
    package init(borrowing bytes: UnsafeRawBufferPointer) {
        descriptor = -1
        name = "the input"
        size = bytes.count
        let base = UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.assumingMemoryBound(to: UInt8.self)
        buffer = UnsafeMutableBufferPointer(start: base, count: bytes.count)
        ownsBuffer = false
        end = bytes.count
        bytesRead = bytes.count
        finished = true
    }

    /// Opens a file; nil path or "-" is standard input.
    package static func open(_ path: String?) throws(BatchError) -> ByteSource {
        guard let path, path != "-" else { return ByteSource(descriptor: 0) }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BatchError("\(path): cannot open: \(String(cString: strerror(errno)))") }
        return ByteSource(descriptor: descriptor, name: path)
    }

    deinit {
        if descriptor > 2 { close(descriptor) }
        if ownsBuffer { buffer.deallocate() }
    }

    /// Skips a UTF-8 byte order mark (EF BB BF) at the start of the input, as spreadsheets write
    /// before CSV and some tools before JSON lines; call before reading anything.
    package func skipByteOrderMark() throws(BatchError) {
        if start == end {
            guard try refill() else { return }
        }
        guard end - start >= 3, buffer[start] == 0xEF, buffer[start + 1] == 0xBB, buffer[start + 2] == 0xBF else { return }
        start += 3
    }

    /// The next byte, or nil at the end.
    @inline(__always) package func next() throws(BatchError) -> UInt8? {
        if start == end {
            guard try refill() else { return nil }
        }
        let byte = buffer[start]
        start += 1
        return byte
    }

    /// The input, when it is held in memory (``init(borrowing:)``): every line of it stays where it
    /// is for as long as the source is read, and ``forEachBufferedLine(_:)`` gives each whole.
    package var lentBytes: UnsafeBufferPointer<UInt8>? { ownsBuffer ? nil : UnsafeBufferPointer(buffer) }

    /// Calls `body` with each complete line already buffered (without its line feed), and with
    /// the input's last line when no line feed ends it and nothing is left to read, while `body`
    /// returns true; consumes the lines it was given. For reading many lines without a call per
    /// line into ``scan(until:_:)``.
    package func forEachBufferedLine(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        let all = UnsafeBufferPointer(buffer)
        while start < end {
            let window = UnsafeBufferPointer(rebasing: all[start..<end])
            guard let found = memchr(window.baseAddress!, Int32(UInt8.lineFeed), window.count) else {
                if finished && body(window) { start = end }
                return
            }
            let count = UnsafeRawPointer(found) - UnsafeRawPointer(window.baseAddress!)
            guard body(UnsafeBufferPointer(rebasing: window[..<count])) else { return }
            start += count + 1
        }
    }

    /// Reads into `room` the bytes that come next, at most the chunk size: those already buffered
    /// (after ``skipByteOrderMark()``), else those the input has, waiting for them as ``next()``
    /// does. The number of bytes read; 0 at the end, or when a signal asked to stop (``stopped``).
    /// For a reader that keeps the bytes it reads where they are read.
    package func read(into room: UnsafeMutableBufferPointer<UInt8>) throws(BatchError) -> Int {
        guard let target = room.baseAddress, !room.isEmpty else { return 0 }
        if start < end {
            let count = Swift.min(end - start, room.count)
            target.update(from: buffer.baseAddress.unsafelyUnwrapped + start, count: count)
            start += count
            return count
        }
        return try readInput(into: target, count: Swift.min(room.count, buffer.count))
    }

    /// Whether reading more would wait for input that is not there yet (a pipe or terminal whose
    /// writer is slow): a reader then hands over the records it has, so that output follows input.
    /// A regular file never waits.
    package func wouldBlock() -> Bool {
        guard !finished, start == end, size == nil else { return false }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) == 0
    }

    private func refill() throws(BatchError) -> Bool {
        let count = try readInput(into: buffer.baseAddress.unsafelyUnwrapped, count: buffer.count)
        guard count > 0 else { return false }
        start = 0
        end = count
        return true
    }

    /// Reads up to `count` bytes of the input into `target`; 0 at the end or when stopped.
    private func readInput(into target: UnsafeMutablePointer<UInt8>, count: Int) throws(BatchError) -> Int {
        if finished { return 0 }
        // Waits for input a quarter of a second at a time, to see a signal that asks to stop
        // (StopSignal) even when it went to another thread: the input is then at its end. A
        // regular file is read without waiting, and without asking first.
        if size == nil {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while StopSignal.signal == nil && poll(&ready, 1, 250) == 0 {}
        }
        if StopSignal.signal != nil {
            finished = true
            stopped = true
            return 0
        }
        let got = Glibc.read(descriptor, target, count)
        if got < 0 {
            if errno == EINTR { return try readInput(into: target, count: count) }
            throw BatchError("\(name): cannot read: \(String(cString: strerror(errno)))")
        }
        if got == 0 {
            finished = true
            return 0
        }
        bytesRead += got
        return got
    }
}
