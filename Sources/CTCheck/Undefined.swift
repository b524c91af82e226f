/// Bytes that memcheck considers undefined: allocated, never written. Reading them is what makes them "secret"
/// to the check; the program must never print or branch on them itself (publishing a result is a declassification
/// listed in `Scripts/ct-check.supp`).
func undefinedBytes(_ count: Int) -> [UInt8] {
    let p = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
    let buffer = UnsafeRawBufferPointer(start: p, count: count)
    return Array(buffer)   // copies the undefined-ness along with the bytes
}

func exit(_ code: Int32) -> Never {
    // Avoid importing libc here: a trap with a message is enough for the usage errors of this tool.
    if code == 0 { fatalError("exit(0) is not used") }
    fatalError("ct-check: exit \(code)")
}
