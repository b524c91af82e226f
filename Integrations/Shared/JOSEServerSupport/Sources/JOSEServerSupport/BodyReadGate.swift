import Synchronization

/// How long a route waits for a request body, and how many bodies its routes read at once: the Sign in with Apple
/// and App Store notification routes of both frameworks read their bodies through one.
///
/// A request that declares a body and never sends it, or sends it a byte at a time, would otherwise hold its
/// connection and a task for as long as the client likes. ``read(_:)`` gives the whole body one deadline
/// (``timeout``, 10 s by default: a notification or a sign-in body is a few kilobytes) and refuses a new read while
/// ``maximumConcurrentReads`` are in progress (64 by default), so slow clients cannot pile up. The routes answer 408
/// or 503 and close the connection.
public final class BodyReadGate: Sendable {
    /// What became of one body read.
    public enum Outcome<Body: Sendable>: Sendable {
        /// The body, read within the deadline.
        case read(Body)
        /// The read failed (e.g. the body is over its limit, or the client went away).
        case failed(any Error)
        /// The deadline passed first.
        case timedOut
        /// ``maximumConcurrentReads`` reads were in progress: not started.
        case busy
    }

    /// Default whole-body deadline, in seconds.
    public static let defaultTimeout: Double = 10
    /// Default number of bodies read at once.
    public static let defaultMaximumConcurrentReads = 64

    /// Seconds a whole body may take to arrive.
    public let timeout: Double
    /// Most bodies read at once; a further read is refused (``Outcome/busy``).
    public let maximumConcurrentReads: Int
    private let active = Atomic<Int>(0)

    /// The defaults: 10 s, 64 at once.
    public init() {
        timeout = Self.defaultTimeout
        maximumConcurrentReads = Self.defaultMaximumConcurrentReads
    }

    /// - Parameters:
    ///   - timeout: seconds for the whole body, more than 0 and at most 600.
    ///   - maximumConcurrentReads: 1 to 100,000.
    public init(timeout: Double, maximumConcurrentReads: Int = defaultMaximumConcurrentReads) throws(IntegrationError) {
        guard timeout.isFinite, timeout > 0, timeout <= 600 else {
            throw .make(.configuration, "a body read timeout is more than 0 and at most 600 seconds")
        }
        guard maximumConcurrentReads >= 1, maximumConcurrentReads <= 100_000 else {
            throw .make(.configuration, "1 to 100000 bodies may be read at once")
        }
        self.timeout = timeout
        self.maximumConcurrentReads = maximumConcurrentReads
    }

    /// Bodies being read now.
    public var readsInProgress: Int { active.load(ordering: .relaxed) }

    /// Runs `operation` (which reads a body) unless ``maximumConcurrentReads`` are in progress, and stops waiting for
    /// it at the deadline: the operation is then cancelled, and left to end when the connection is closed.
    public func read<Body: Sendable>(_ operation: @escaping @Sendable () async throws -> Body) async -> Outcome<Body> {
        let limit = maximumConcurrentReads
        let (entered, _) = active.wrappingAdd(1, ordering: .acquiringAndReleasing)
        guard entered < limit else {
            _ = active.wrappingSubtract(1, ordering: .acquiringAndReleasing)
            return .busy
        }
        defer { _ = active.wrappingSubtract(1, ordering: .acquiringAndReleasing) }
        let nanoseconds = UInt64(timeout * 1e9)
        let race = Race<Outcome<Body>>()
        return await withCheckedContinuation { continuation in
            race.start(continuation)
            let work = Task {
                let outcome: Outcome<Body>
                do { outcome = .read(try await operation()) } catch { outcome = .failed(error) }
                race.finish(outcome)
            }
            let timer = Task {
                try? await Task.sleep(nanoseconds: nanoseconds)
                if !Task.isCancelled, race.finish(.timedOut) { work.cancel() }
            }
            race.setTimer(timer)
        }
    }
}

/// One continuation resumed by whichever of the read and the timer finishes first; the timer is cancelled when the
/// read wins, so that no sleeping task outlives a fast request.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, Never>?
        var timer: Task<Void, Never>?
        var finished = false
    }
    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<Value, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    func setTimer(_ timer: Task<Void, Never>) {
        let finished = state.withLock { s in
            if !s.finished { s.timer = timer }
            return s.finished
        }
        if finished { timer.cancel() }
    }

    /// Resumes with `value` if nothing did yet; true if this call did.
    @discardableResult
    func finish(_ value: Value) -> Bool {
        let taken: (CheckedContinuation<Value, Never>, Task<Void, Never>?)? = state.withLock { s in
            guard !s.finished, let c = s.continuation else { return nil }
            s.finished = true
            s.continuation = nil
            defer { s.timer = nil }
            return (c, s.timer)
        }
        guard let (continuation, timer) = taken else { return false }
        timer?.cancel()
        continuation.resume(returning: value)
        return true
    }
}
