import CThreadPlacement
import Testing
import VouchTestSupport

/// Where the pipeline's threads start (Sources/CThreadPlacement): a thread moved to a place runs on
/// the CPU at that place among those it may run on, and may run on every one of them again after.
@Suite("Thread placement")
struct ThreadPlacementTests {
    /// The calling thread's allowed CPUs as /proc says them (`Cpus_allowed_list`, such as `0-1`).
    static func allowedList() throws -> String {
        let status = TestFiles.read("/proc/thread-self/status")
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        return String(line.dropFirst("Cpus_allowed_list:".count).filter { !$0.isWhitespace })
    }

    /// The number of CPUs in a list such as `0-3,8`.
    static func count(_ list: String) -> Int {
        list.split(separator: ",").reduce(0) { total, range in
            let bounds = range.split(separator: "-").compactMap { Int($0) }
            return total + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1)
        }
    }

    @Test("a thread moved to a place runs there, and may run anywhere it could again")
    func movesAndRestores() throws {
        let before = try Self.allowedList()
        let cpus = Self.count(before)
        guard cpus > 1 else {
            #expect(vouch_thread_move_to_place(1) == -1, "one CPU: nowhere to move")
            return
        }
        for place in 0..<(2 * cpus) {
            // The scheduler may move the thread on as soon as it may run anywhere: one landing of
            // a few tries shows the move.
            var landed = false
            for _ in 0..<5 where !landed {
                #expect(vouch_thread_move_to_place(Int32(place)) == 0)
                landed = Int(vouch_thread_place()) == place % cpus
            }
            #expect(landed, "place \(place) of \(cpus) CPUs")
            #expect(try Self.allowedList() == before, "the thread may run on every CPU it could before")
        }
        #expect(vouch_thread_move_to_place(-1) == -1)
    }
}
