import CThreadPlacement
import Glibc

/// A thread of the checking pipeline besides the calling one, started on a CPU of its own.
///
/// Left to itself, the scheduler of a virtual machine queues a new thread on the CPU of the thread
/// that made it and may leave it there for a tick (4 ms) while the other CPUs idle: a thread is
/// therefore made to start on the CPU `place` says (then may run anywhere, as any thread).
package struct HelperThread {
    private let thread: pthread_t

    private final class Body {
        let run: () -> Void

        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread, on the CPU at `place` among those the caller may run on
    /// (modulo their number; anywhere for a negative place). Nil when no thread could be made
    /// (the process is out of threads or memory): `body` is not run.
    package static func start(place: Int, _ body: @escaping @Sendable () -> Void) -> HelperThread? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let run: @convention(c) (UnsafeMutableRawPointer?) -> Void = { Unmanaged<Body>.fromOpaque($0!).takeRetainedValue().run() }
        let status = vouch_thread_start(Int32(clamping: place), run, context, &thread)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        return HelperThread(thread: thread)
    }

    /// The place among the CPUs it may run on of the CPU the calling thread runs on now; nil
    /// when it cannot be told.
    package static var currentPlace: Int? {
        let place = vouch_thread_place()
        return place >= 0 ? Int(place) : nil
    }

    /// Waits for the thread's body to return.
    package func join() {
        pthread_join(thread, nil)
    }
}
