import Foundation
import Testing
@testable import JOSE

/// A truncated HMAC is never a valid MAC, and duplicate members are refused in objects of any size (the refetch
/// interval's second test is in JWKSCacheRobustnessTests.refetchIntervalBoundary). Mutation testing found these
/// rules guarded by no test or by a single one.
@Suite("truncated MACs, duplicate members in large objects")
struct TruncatedMACAndLargeObjectTests {
    static let key = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
    static let payload = #"{"sub":"mutation","exp":4000000000}"#

    /// RFC 7518 §3.2: the MAC is the full hash output; a prefix of the right MAC is not a MAC.
    @Test(arguments: [(JWSAlgorithm.hs256, 16), (.hs256, 31), (.hs384, 32), (.hs512, 32), (.hs256, 0), (.hs512, 63)])
    func truncatedMACRefused(alg: JWSAlgorithm, keep: Int) throws {
        let token = T.hmacToken(header: #"{"alg":"\#(alg.rawValue)"}"#, payload: Self.payload, key: Self.key, alg: alg)
        let verifier = JWTVerifier(key: JWK(symmetricKey: Self.key), algorithms: [alg])
        let expect = ClaimExpectations(now: { 1_700_000_000 })
        // Control: the untouched token verifies.
        #expect(try verifier.verify(token, expecting: expect).claims.subject == "mutation")
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        let mac = try Base64URL.decode(parts[2])
        #expect(mac.count == alg.hashByteCount)
        let cut = parts[0] + "." + parts[1] + "." + Base64URL.encode(mac.prefix(keep))
        T.expectCode(.invalidSignature, "\(alg) cut to \(keep) bytes") { _ = try verifier.verify(String(cut), expecting: expect) }
        // The right MAC with bytes appended is refused too.
        let long = parts[0] + "." + parts[1] + "." + Base64URL.encode(mac + [0])
        T.expectCode(.invalidSignature, "\(alg) + 1 byte") { _ = try verifier.verify(String(long), expecting: expect) }
    }

    /// A second test for the large-object duplicate check (objects of 16+ members use a set, not the linear scan):
    /// sizes around the switch-over, the duplicate naming the first, a middle and the last member, and through a
    /// token header.
    @Test(arguments: [15, 16, 17, 40])
    func duplicateInLargeObject(size: Int) throws {
        let names = (0..<size).map { "m\($0)" }
        func object(_ extra: String?) -> String {
            var members = names.enumerated().map { "\"\($0.element)\":\($0.offset)" }
            if let e = extra { members.append("\"\(e)\":true") }
            return "{" + members.joined(separator: ",") + "}"
        }
        // No duplicate: parses, every member kept.
        guard case .object(let o) = try JSONValue(parsing: object(nil)) else { Issue.record("not an object"); return }
        #expect(o.count == size)
        for dup in [names[0], names[size / 2], names[size - 1]] {
            T.expectCode(.duplicateMember, "size \(size), dup \(dup)") { _ = try JSONValue(parsing: object(dup)) }
            // The same name spelled with an escape is the same name.
            let escaped = "\\u006d" + dup.dropFirst()
            T.expectCode(.duplicateMember, "size \(size), escaped \(dup)") { _ = try JSONValue(parsing: object(escaped)) }
        }
        // A name that only looks alike (one more character) is not a duplicate.
        _ = try JSONValue(parsing: object(names[0] + "x"))
    }

    @Test func duplicateAlgInLargeHeader() throws {
        var header = #"{"alg":"HS256""#
        for i in 0..<20 { header += ",\"h\(i)\":\(i)" }
        header += #","alg":"none"}"#
        let token = T.hmacToken(header: header, payload: Self.payload, key: Self.key)
        let verifier = JWTVerifier(key: JWK(symmetricKey: Self.key), algorithms: [.hs256])
        T.expectCode(.duplicateMember) { _ = try verifier.verify(token, expecting: ClaimExpectations(now: { 0 })) }
    }
}
