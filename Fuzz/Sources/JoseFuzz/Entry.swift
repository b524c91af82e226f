// libFuzzer entry points. libFuzzer calls LLVMFuzzerInitialize once, then LLVMFuzzerTestOneInput per input.
// The target is chosen by the environment variable JOSE_FUZZ_TARGET (Scripts/fuzz.sh sets it); every target
// lives in Targets.swift. A target must never trap on any input: a trap, an AddressSanitizer report, a leak
// or a timeout is a finding (Scripts/fuzz.sh turns it into a failure and keeps the input).

import Foundation

nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> CInt {
    let name = ProcessInfo.processInfo.environment["JOSE_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: " ")
        FileHandle.standardError.write(Data("set JOSE_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    target.setUp()
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    selected!.run(bytes)
    return 0
}

/// A named fuzz target: a one-time set-up (fixed keys) and a function that must accept any bytes.
struct FuzzTarget: Sendable {
    let name: String
    let setUp: @Sendable () -> Void
    let run: @Sendable ([UInt8]) -> Void

    init(_ name: String, setUp: @escaping @Sendable () -> Void = {}, run: @escaping @Sendable ([UInt8]) -> Void) {
        self.name = name
        self.setUp = setUp
        self.run = run
    }
}

/// Stops the run with a message when an invariant of the library is broken (libFuzzer records the input).
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("invariant broken: \(message())\n".utf8))
        abort()
    }
}
