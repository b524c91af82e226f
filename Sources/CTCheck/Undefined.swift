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

/// Keeps `value` alive and computed without looking at it (a signature, a key: outputs, never inspected).
@inline(never) @_optimize(none)
func keep<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Taints `byteCount` bytes at `p` in place (values unchanged, undefined to memcheck).
func taintInPlace(_ p: UnsafeMutableRawPointer, byteCount: Int) {
    let u = undefinedBytes(byteCount)
    for i in 0..<byteCount {
        let b = p.load(fromByteOffset: i, as: UInt8.self)
        p.storeBytes(of: b ^ u[i] ^ opaqueByte(u[i]), toByteOffset: i, as: UInt8.self)
    }
}

/// Taints the secret storage of a library object that the public API built from public test data: follows the
/// stored properties named by `path` (by reflection: `Mirror` reads any stored property, no library hook needed),
/// then taints the `UInt64` buffer held in `pointer` whose length in limbs is stored in `limbCount`. Traps when a
/// name is missing, so a renamed field fails the check loudly instead of silently checking nothing.
func taintStoredSecrets(of object: Any, path: [String], pointer: String, limbCount: String) {
    func child(_ value: Any, _ name: String) -> Any {
        guard let v = Mirror(reflecting: value).children.first(where: { $0.label == name })?.value else {
            fatalError("ct-check: no stored property '\(name)' in \(type(of: value)): follow the rename here")
        }
        return v
    }
    var holder = object
    for name in path { holder = child(holder, name) }
    guard let storage = child(holder, pointer) as? UnsafeMutablePointer<UInt64>,
          let count = child(holder, limbCount) as? Int, count > 0 else {
        fatalError("ct-check: '\(pointer)' / '\(limbCount)' of \(type(of: holder)) changed type")
    }
    taintInPlace(UnsafeMutableRawPointer(storage), byteCount: count * 8)
}
