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

/// `value` with every byte marked undefined for memcheck, its value unchanged: each byte is XORed with a byte of
/// undefined memory and that same byte again, through a function the optimiser cannot see into.
func tainted(_ value: [UInt8]) -> [UInt8] {
    let u = undefinedBytes(value.count)
    var out = value
    for i in 0..<value.count { out[i] = value[i] ^ u[i] ^ opaqueByte(u[i]) }
    return out
}

@inline(never) @_optimize(none)
func opaqueByte(_ x: UInt8) -> UInt8 { x }

/// A copy of `text` whose UTF-8 bytes at the offsets `isSecret` picks are undefined to memcheck, their values
/// unchanged. The bytes are tainted in the new string's own storage, after it was built from public bytes, so that
/// the UTF-8 validation of the string's construction never sees a secret.
func taintedText(_ text: String, _ isSecret: (Int) -> Bool) -> String {
    var s = String(decoding: Array(text.utf8), as: UTF8.self)
    s.withUTF8 { buf in
        let p = UnsafeMutablePointer(mutating: buf.baseAddress!)
        let u = undefinedBytes(buf.count)
        for i in 0..<buf.count where isSecret(i) { p[i] = p[i] ^ u[i] ^ opaqueByte(u[i]) }
    }
    return s
}
