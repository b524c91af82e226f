// The one place PureX509 imports something other than the Swift standard library: the C library's lock, as
// Sources/JOSE/SystemClock.swift is the one place JOSE reads the system clocks. This is the house rule's sanctioned
// exception (library modules import the standard library only): `Synchronization.Mutex` needs macOS 15 / iOS 18,
// above the package's floor (iOS 13 / macOS 10.15 / tvOS 13 / watchOS 6), while `os_unfair_lock` (Darwin, since
// macOS 10.12 / iOS 10) and `pthread_mutex` (Glibc, Musl) are there on every system the package supports.
// Embedded Swift has neither (and no threads here): BoundedCache keeps nothing there and this file is not compiled.
#if !hasFeature(Embedded)
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a lock of the C library: `withLock` runs its body with the lock held and the value
/// borrowed mutably. Not reentrant (a body must not call `withLock` on the same lock). The lock lives in its own
/// allocation, which never moves (a `pthread_mutex_t` or `os_unfair_lock` must not be copied once used).
final class Lock<State>: @unchecked Sendable {
    #if canImport(Darwin)
    private let lock: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    /// Read and written only with `lock` held (that is what makes the class `@unchecked Sendable`).
    private var state: State

    init(_ state: State) {
        self.state = state
        #if canImport(Darwin)
        lock = .allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
        #else
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        // Default attributes: a normal, non-recursive, process-private mutex. It cannot fail for them.
        pthread_mutex_init(lock, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` on the guarded value with the lock held; the lock is released when `body` returns or throws.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&state)
    }
}
#endif
