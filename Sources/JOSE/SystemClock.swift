// Hosted only (the system clock (libc)): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
// The one place the JOSE module reads the system clocks (and the only non-stdlib import in the module): the wall
// clock for `exp`/`nbf`/`iat`, the monotonic clock for intervals.
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

/// Seconds on the system's monotonic clock (arbitrary origin; never steps when the wall clock is set). For
/// measuring intervals, e.g. ``JWKSCache``'s refresh and retry intervals.
public func monotonicTimeSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000
}
#endif  // !hasFeature(Embedded)
