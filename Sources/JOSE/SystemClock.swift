// The one place the JOSE module reads the wall clock (and the only non-stdlib import in the module).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The current time in seconds since 1970-01-01T00:00:00Z, from the system's real-time clock.
public func systemTimeSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000
}
