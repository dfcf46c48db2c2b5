import Glibc
import Synchronization
import Testing
import VouchBatch
import VouchTestSupport

/// Where the pipeline's threads start (Sources/VouchBatch/HelperThread.swift): a thread started at
/// a place runs on the CPU at that place among those its maker may run on, and may run on every one
/// of them after.
@Suite("Thread placement")
struct ThreadPlacementTests {
    /// A line of the calling thread's status, as /proc says it.
    static func status(_ key: String) -> String? {
        let status = TestFiles.read("/proc/thread-self/status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return nil }
        return String(line.dropFirst(key.count + 1).filter { !$0.isWhitespace })
    }

    /// The calling thread's allowed CPUs (such as `0-1`).
    static func allowedList() -> String? { status("Cpus_allowed_list") }

    /// Whether the calling thread blocks signal `number`.
    static func blocks(_ number: Int32) -> Bool? {
        status("SigBlk").flatMap { UInt64($0, radix: 16) }.map { $0 & (1 << UInt64(number - 1)) != 0 }
    }

    /// The number of CPUs in a list such as `0-3,8`.
    static func count(_ list: String) -> Int {
        list.split(separator: ",").reduce(0) { total, range in
            let bounds = range.split(separator: "-").compactMap { Int($0) }
            return total + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1)
        }
    }

    /// Where a thread started at `place` found itself first, the CPUs it could run on then, and
    /// which of SIGINT, SIGTERM and SIGSEGV it blocked.
    static func startedThread(place: Int) throws -> (place: Int?, allowed: String?, blocks: [Bool?]) {
        let seen = Mutex<(place: Int?, allowed: String?, blocks: [Bool?])>((nil, nil, []))
        let thread = try #require(
            HelperThread.start(place: place) {
                let place = HelperThread.currentPlace
                let allowed = Self.allowedList()
                let blocks = [SIGINT, SIGTERM, SIGSEGV].map(Self.blocks)
                seen.withLock { $0 = (place, allowed, blocks) }
            })
        thread.join()
        return seen.withLock { $0 }
    }

    @Test("a thread started at a place runs there first, and may run anywhere its maker may")
    func startsInPlace() throws {
        let before = try #require(Self.allowedList())
        let cpus = Self.count(before)
        for place in 0..<(2 * cpus) {
            // The scheduler may move a thread on as soon as it may run anywhere: one landing of a
            // few tries shows where it starts.
            var landings: [Int?] = []
            for _ in 0..<5 where landings.last != .some(place % cpus) {
                let started = try Self.startedThread(place: place)
                landings.append(started.place)
                #expect(started.allowed == before, "the thread may run on every CPU its maker may")
            }
            if cpus > 1 { #expect(landings.last == .some(place % cpus), "place \(place) of \(cpus) CPUs: \(landings)") }
        }
        #expect(Self.allowedList() == before, "the maker's CPUs are as they were")
    }

    @Test("a thread without a place runs its body, and joining waits for it")
    func startsAnywhere() throws {
        let before = try #require(Self.allowedList())
        let started = try Self.startedThread(place: -1)
        #expect(started.place != nil, "the body ran")
        #expect(started.allowed == before)
    }

    @Test("signals sent to the process are left to its other threads; faults are the thread's own")
    func blocksSignals() throws {
        // Made by a thread that takes SIGINT and SIGTERM (the test's thread may block them).
        var taken = sigset_t()
        var before = sigset_t()
        sigemptyset(&taken)
        sigaddset(&taken, SIGINT)
        sigaddset(&taken, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &taken, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        let mask = Self.status("SigBlk")
        let started = try Self.startedThread(place: 0)
        #expect(started.blocks == [true, true, false])
        #expect(Self.blocks(SIGINT) == false && Self.status("SigBlk") == mask, "the maker's own mask is as it was")
    }
}
