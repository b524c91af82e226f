import Foundation
@testable import JOSE
import Testing
import TestSupport

/// Issue 31, finding 10: a private JWK whose public part is the *negated* public key — the same x with y replaced by
/// p − y for EC (the point −(d·G)), the same y with the sign bit flipped for Ed25519 (−A) — is a valid public key
/// on its own, so only the private-key check can refuse it, and only if it compares the whole point: a check of x
/// alone (or of Ed25519's y alone) would load a key whose `publicJWK` and thumbprint name a key that never verifies
/// what it signs.
@Suite
struct PrivateJWKNegatedPointTests {
    static let primes: [JWK.Curve: [UInt8]] = [
        .p256: hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
        .p384: hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff"),
        .p521: [0x01] + [UInt8](repeating: 0xff, count: 65),
    ]

    /// p − y, big-endian, same length (y < p).
    static func negate(_ y: [UInt8], modulo p: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: p.count)
        var borrow = 0
        for i in stride(from: p.count - 1, through: 0, by: -1) {
            let v = Int(p[i]) - Int(y[i]) - borrow
            out[i] = UInt8((v + 256) & 0xff)
            borrow = v < 0 ? 1 : 0
        }
        return out
    }

    static func members(_ k: JWKPrivateKey) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(k.jsonString().utf8)) as? [String: Any])
    }

    /// The refusal must be `invalidKey` naming the mismatch.
    static func expectRefused(_ o: [String: Any], _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try JWKPrivateKey(json: T.json(o))
            Issue.record("accepted: \(comment)", sourceLocation: sourceLocation)
        } catch let e as JWTError {
            #expect(e.code == .invalidKey, "\(comment): \(e)", sourceLocation: sourceLocation)
            #expect(e.reason.contains("does not belong") || e.reason.contains("is not the public key"), "\(comment): \(e.reason)",
                    sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(comment): \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [JWK.Curve.p256, .p384, .p521])
    func ecPrivateJWKWithTheNegatedYIsRefused(_ curve: JWK.Curve) throws {
        let key = try JWKPrivateKey.generateEC(curve: curve)
        let o = try Self.members(key)
        _ = try JWKPrivateKey(json: T.json(o))  // the key itself loads
        let y = try Base64URL.decode(try #require(o["y"] as? String))
        let minusY = Self.negate(y, modulo: try #require(Self.primes[curve]))
        #expect(minusY != y && minusY.count == y.count)
        var negated = o
        negated["y"] = Base64URL.encode(minusY)
        // (x, p − y) is a valid public key: the public JWK alone loads.
        var publicOnly = negated
        publicOnly["d"] = nil
        _ = try JWK(json: T.json(publicOnly))
        Self.expectRefused(negated, "\(curve.rawValue): y of −(d·G)")
    }

    @Test func ed25519PrivateJWKWithTheNegatedPublicKeyIsRefused() throws {
        let key = try JWKPrivateKey.generateOKP(curve: .ed25519)
        let o = try Self.members(key)
        _ = try JWKPrivateKey(json: T.json(o))
        var x = try Base64URL.decode(try #require(o["x"] as? String))
        x[31] ^= 0x80  // −A: same y, the other x
        var negated = o
        negated["x"] = Base64URL.encode(x)
        var publicOnly = negated
        publicOnly["d"] = nil
        _ = try JWK(json: T.json(publicOnly))
        Self.expectRefused(negated, "Ed25519: x of −A")
    }
}
