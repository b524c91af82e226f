// HMAC (RFC 2104 §2; FIPS 198-1 §4) over any SHA-2 function.
//
// HMAC(K, text) = H((K0 ⊕ opad) ‖ H((K0 ⊕ ipad) ‖ text)), K0 being the key zero-padded to the
// block size, or its hash zero-padded when it is longer than a block. The two keyed blocks are
// hashed once, when a key is prepared; a MAC then costs the message's blocks plus two.

/// A keyed message authentication code over the hash function `H` (RFC 2104).
///
/// One-shot: `HMAC<SHA256>.authenticationCode(for: message, using: key)`. Streaming:
/// `var mac = HMAC<SHA256>(key: key)`, `mac.update(data:)`, `mac.finalize()`. To authenticate
/// many messages with one key, prepare it once with `HMAC<H>.Key(key)` and pass that instead
/// of the `SymmetricKey`: the padded-key blocks are then never hashed again.
public struct HMAC<H: HashFunction>: Sendable {
    /// A key prepared for HMAC-`H`: the hash states after absorbing K0 ⊕ ipad and K0 ⊕ opad
    /// (RFC 2104 §2 steps (1)–(2) and (5), done once). Reusable for any number of messages
    /// and safe to share across threads.
    public struct Key: Sendable {
        @usableFromInline let inner: H
        @usableFromInline let outer: H

        /// Prepares `key` for HMAC-`H`.
        @inlinable
        public init(_ key: SymmetricKey) {
            (inner, outer) = key.bytes.withUnsafeBytes { Key._prepare($0) }
        }

        /// Prepares raw key bytes for HMAC-`H` (any length, including zero).
        @inlinable
        public init(keyBytes: some Sequence<UInt8>) {
            if let prepared = keyBytes.withContiguousStorageIfAvailable({ Key._prepare(UnsafeRawBufferPointer($0)) }) {
                (inner, outer) = prepared
            } else {
                (inner, outer) = Array(keyBytes).withUnsafeBytes { Key._prepare($0) }
            }
        }

        /// The inner and outer hash states for `key`, with K0 built in a block-sized buffer on
        /// the stack (no heap allocation) and wiped afterwards. Inlinable, so that it is
        /// specialised for `H` in the caller's module instead of running through witness tables.
        @inlinable
        static func _prepare(_ key: UnsafeRawBufferPointer) -> (inner: H, outer: H) {
            let blockSize = H.blockByteCount
            var inner = H()
            var outer = H()
            var block = _zeroBlock   // 128 bytes: the larger block size
            Swift.withUnsafeMutableBytes(of: &block) { k0 in
                // RFC 2104 §2: keys longer than B bytes are first hashed (FIPS 198-1 step 2);
                // step (1): K0 is the key (or its hash) followed by zeros to B bytes.
                if key.count > blockSize {
                    var h = H()
                    h.update(bufferPointer: key)
                    h.finalize().withUnsafeBytes { k0.copyMemory(from: $0) }
                } else if key.count > 0 {
                    k0.copyMemory(from: key)
                }
                // Steps (2) and (5): one block of K0 ⊕ ipad (0x36…) into the inner hash, one of
                // K0 ⊕ opad (0x5c…) into the outer; the padded key is then wiped.
                for i in 0..<blockSize { k0[i] ^= 0x36 }
                inner.update(bufferPointer: UnsafeRawBufferPointer(rebasing: k0[0..<blockSize]))
                for i in 0..<blockSize { k0[i] ^= 0x36 ^ 0x5c }
                outer.update(bufferPointer: UnsafeRawBufferPointer(rebasing: k0[0..<blockSize]))
                CT.wipe(UnsafeMutableRawBufferPointer(rebasing: k0[0..<blockSize]))
            }
            return (inner, outer)
        }
    }

    @usableFromInline var inner: H
    @usableFromInline let outer: H

    /// Starts a MAC computation with `key`.
    @inlinable
    public init(key: SymmetricKey) { self.init(key: Key(key)) }

    /// Starts a MAC computation with a prepared key (no hashing of the key blocks).
    @inlinable
    public init(key: Key) {
        inner = key.inner
        outer = key.outer
    }

    /// Adds message bytes (RFC 2104 step (3)–(4): they go to the inner hash).
    @inlinable
    public mutating func update(data: some Sequence<UInt8>) { inner.update(data: data) }

    /// Adds message bytes from a raw buffer.
    @inlinable
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        inner.update(bufferPointer: bufferPointer)
    }

    /// The MAC of everything added so far (steps (6)–(9): the inner digest through the outer
    /// hash). Does not change `self`.
    @inlinable
    public func finalize() -> HashedAuthenticationCode<H> {
        let innerDigest = inner.finalize()
        var outer = self.outer
        innerDigest.withUnsafeBytes { outer.update(bufferPointer: $0) }
        return HashedAuthenticationCode(digest: outer.finalize())
    }

    /// The MAC of `data` under `key`.
    @inlinable
    public static func authenticationCode(
        for data: some Sequence<UInt8>, using key: SymmetricKey
    ) -> HashedAuthenticationCode<H> {
        authenticationCode(for: data, using: Key(key))
    }

    /// The MAC of `data` under a prepared key.
    @inlinable
    public static func authenticationCode(
        for data: some Sequence<UInt8>, using key: Key
    ) -> HashedAuthenticationCode<H> {
        var mac = HMAC(key: key)
        mac.update(data: data)
        return mac.finalize()
    }

    /// Whether `mac` is the MAC of `data` under `key`, compared in constant time.
    @inlinable
    public static func isValidAuthenticationCode(
        _ mac: HashedAuthenticationCode<H>, authenticating data: some Sequence<UInt8>,
        using key: SymmetricKey
    ) -> Bool {
        authenticationCode(for: data, using: key) == mac
    }

    /// Whether `mac` is the MAC of `data` under a prepared key, compared in constant time.
    @inlinable
    public static func isValidAuthenticationCode(
        _ mac: HashedAuthenticationCode<H>, authenticating data: some Sequence<UInt8>,
        using key: Key
    ) -> Bool {
        authenticationCode(for: data, using: key) == mac
    }

    /// Whether the raw bytes `mac` are the full-length MAC of `data` under `key`, compared in
    /// constant time. A MAC of any other length (a truncated one included) is rejected.
    @inlinable
    public static func isValidAuthenticationCode(
        _ mac: some Collection<UInt8>, authenticating data: some Sequence<UInt8>,
        using key: SymmetricKey
    ) -> Bool {
        isValidAuthenticationCode(mac, authenticating: data, using: Key(key))
    }

    /// Whether the raw bytes `mac` are the full-length MAC of `data` under a prepared key,
    /// compared in constant time. A MAC of any other length is rejected.
    @inlinable
    public static func isValidAuthenticationCode(
        _ mac: some Collection<UInt8>, authenticating data: some Sequence<UInt8>,
        using key: Key
    ) -> Bool {
        guard mac.count == H.byteCount else { return false }
        let expected = authenticationCode(for: data, using: key)
        return expected.withUnsafeBytes { constantTimeEquals($0, mac) }
    }
}

/// The output of `HMAC<H>`: a digest-sized value whose `==` runs in constant time.
public struct HashedAuthenticationCode<H: HashFunction>: Hashable, Sendable, Sequence,
    CustomStringConvertible
{
    @usableFromInline let digest: H.Digest

    @inlinable
    init(digest: H.Digest) { self.digest = digest }

    /// The MAC length in bytes (the digest size of `H`).
    @inlinable public var byteCount: Int { H.byteCount }

    /// The MAC bytes as an array.
    @inlinable public var bytes: [UInt8] { digest.bytes }

    /// Calls `body` with the MAC bytes.
    @inlinable
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try digest.withUnsafeBytes(body)
    }

    @inlinable
    public func makeIterator() -> Array<UInt8>.Iterator { digest.bytes.makeIterator() }

    @inlinable
    public var underestimatedCount: Int { H.byteCount }

    @inlinable
    public func withContiguousStorageIfAvailable<R>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R? {
        try digest.withContiguousStorageIfAvailable(body)
    }

    /// Lowercase hexadecimal.
    public var description: String { digest.description }

    /// Constant-time comparison.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.digest == rhs.digest }

    @inlinable
    public func hash(into hasher: inout Hasher) { digest.hash(into: &hasher) }
}
