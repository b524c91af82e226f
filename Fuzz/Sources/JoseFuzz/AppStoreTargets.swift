// Fuzz targets over valid mock chains (issue 39): SignedDataVerifier with Apple's mock signed data (Vectors/apple,
// chained to Apple's test CA), and X5CVerifier with the x5c-tokens chain (Vectors/x5c-tokens, whose leaf key is
// there too, so a mutated header or payload can be signed again and reach the claims).
//
// An input is `header JSON ⟨00⟩ payload JSON ⟨00⟩ signature (base64url text)`, each part base64url-encoded by the
// target into a compact JWS; an input without two NUL bytes is used as the token text itself. For x5c, an input
// `header ⟨00⟩ payload` (one NUL) is signed with the leaf's key. Seeds: Fuzz/make_seeds.py (targets appstore, x5c).
// Invariants: nothing traps; a verdict of "valid" from a verifier that checks signatures is for a signing input
// that was really signed (one of the seeds' own, or one the target signed itself).

import AppStore
import ECDSA
import Foundation
import JOSE
import PureX509

/// An input as a compact JWS (see the top of this file), and its NUL-separated parts (fewer than two: the text itself).
func fuzzToken(_ bytes: [UInt8]) -> (token: String, parts: [ArraySlice<UInt8>]) {
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return (String(decoding: bytes, as: UTF8.self), parts) }
    let head = Base64URL.encode(Array(parts[0])) + "." + Base64URL.encode(Array(parts[1]))
    return (parts.count == 3 ? head + "." + String(decoding: parts[2], as: UTF8.self) : head, parts)
}

/// The signing input of a compact token: everything before its last dot.
func signingInput(_ token: String) -> Substring {
    guard let dot = token.lastIndex(of: ".") else { return token[...] }
    return token[..<dot]
}

/// Apple's test CA and the signing inputs of Apple's mock data. A verifier keeps the keys and certificates it has
/// seen in bounded caches whose entries LeakSanitizer cannot see through (enum payloads): the signature-checking
/// verifiers are made afresh for each input, so that every input starts from the same state and frees what it used.
enum FixedAppStore {
    nonisolated(unsafe) static var testCA: Certificate!
    nonisolated(unsafe) static var xcode: SignedDataVerifier!
    nonisolated(unsafe) static var genuine: Set<Substring> = []
    /// A clock after every mock date (2023), so that the mock data verifies; the signed-date bound still applies.
    static let clock: @Sendable () -> Int64 = { 1_767_225_600 }

    static func verifier(_ environment: AppStoreEnvironment) -> SignedDataVerifier {
        try! SignedDataVerifier(rootCertificates: [testCA], bundleID: "com.example", appAppleID: 1234,
                                environment: environment, clock: clock)
    }

    static func load() {
        if testCA != nil { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Vectors/apple")
        guard let caDER = try? Data(contentsOf: folder.appendingPathComponent("certs/testCA.der")),
              let ca = try? Certificate(derEncoded: [UInt8](caDER)) else { fatalError("cannot read Apple's testCA") }
        for name in ["transactionInfo", "renewalInfo", "testNotification", "wrongBundleId"] {
            guard let text = try? String(contentsOf: folder.appendingPathComponent("mock_signed_data/\(name)"), encoding: .utf8) else {
                fatalError("cannot read mock_signed_data/\(name)")
            }
            genuine.insert(signingInput(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        testCA = ca
        xcode = verifier(.xcode)
        // The genuine transaction verifies: the target starts from inputs that reach the end.
        guard let mock = try? String(contentsOf: folder.appendingPathComponent("mock_signed_data/transactionInfo"), encoding: .utf8),
              (try? verifier(.sandbox).verifyAndDecodeTransaction(mock.trimmingCharacters(in: .whitespacesAndNewlines))) != nil else {
            fatalError("Apple's mock transaction does not verify")
        }
    }
}

/// Every entry point of a verifier that checks signatures and of one that only decodes (Xcode): the input length
/// chooses the entry, so that one input costs at most two signature verifications.
func fuzzAppStore(_ bytes: [UInt8]) {
    let (token, _) = fuzzToken(bytes)
    func run(_ v: SignedDataVerifier, _ entry: Int) -> Bool {
        do {
            switch entry {
            case 0: _ = try v.verifyAndDecodeTransaction(token)
            case 1: _ = try v.verifyAndDecodeRenewalInfo(token)
            case 2: _ = try v.verifyAndDecodeNotification(token)
            case 3: _ = try v.verifyAndDecodeNotificationWithNestedData(token)
            case 4: _ = try v.verifyAndDecodeAppTransaction(token)
            default: _ = try v.verifyAndDecodeRealtimeRequest(token)
            }
            return true
        } catch {
            _ = error.description
            return false
        }
    }
    let entry = bytes.count % 6
    for environment in entry % 2 == 0 ? [AppStoreEnvironment.sandbox, .production] : [.sandbox] {
        let v = FixedAppStore.verifier(environment)
        if run(v, entry) {
            invariant(FixedAppStore.genuine.contains(signingInput(token)), "a signing input Apple never signed verified")
        }
    }
    _ = run(FixedAppStore.xcode, entry)
    _ = run(FixedAppStore.xcode, (entry &+ 3) % 6)
}

enum FixedX5C {
    nonisolated(unsafe) static var verifier: X5CVerifier!
    nonisolated(unsafe) static var leafKey: P256.Signing.PrivateKey!
    nonisolated(unsafe) static var genuine: Set<Substring> = []
    static let time: Int64 = 1_767_225_600

    static func load() {
        if verifier != nil { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Vectors/x5c-tokens")
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("MANIFEST.json")),
              let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let roots = manifest["roots"] as? [String: String], let cases = manifest["cases"] as? [[String: Any]],
              let rootDER = roots["root"].flatMap({ Data(base64Encoded: $0) }),
              let rootCertificate = try? Certificate(derEncoded: [UInt8](rootDER)),
              let keyText = try? String(contentsOf: folder.appendingPathComponent("leaf.key.pem"), encoding: .utf8),
              let key = try? P256.Signing.PrivateKey(pemRepresentation: keyText)
        else { fatalError("cannot read Vectors/x5c-tokens") }
        for c in cases { if let t = c["token"] as? String { genuine.insert(signingInput(t)) } }
        leafKey = key
        // Nothing kept between inputs (the caches' entries are invisible to LeakSanitizer, and every input starts
        // from the same state).
        verifier = X5CVerifier(trustRoots: [rootCertificate], algorithms: [.es256, .es384, .rs256, .ps256, .edDSA],
                               keyCacheCapacity: 0, verifiedSignatureCacheCapacity: 0, parsedCertificateCacheCapacity: 0)
    }
}

/// An x5c token through signature-only and full verification, at a fixed time and at a time read from the payload.
func fuzzX5C(_ bytes: [UInt8]) {
    let (input, parts) = fuzzToken(bytes)
    var token = input
    var resigned = false
    if parts.count == 2, let signature = try? FixedX5C.leafKey.signature(for: Array(token.utf8)) {
        token += "." + Base64URL.encode(signature.rawRepresentation)
        resigned = true
    }
    let fromPayload = X5CVerifier.ValidationTime.fromPayload { object in
        switch object["signedDate"] {
        case .integer(let ms)?: return ms / 1000 - (ms % 1000 < 0 ? 1 : 0)
        case .number(let n)?:
            guard let ms = n.doubleValue, ms.isFinite, abs(ms) < 9e18 else { return nil }
            return Int64((ms / 1000).rounded(.down))
        default: return nil
        }
    }
    let expectations = ClaimExpectations(leeway: 60, now: { Double(FixedX5C.time) })
    for time in [X5CVerifier.ValidationTime.fixed(FixedX5C.time), fromPayload] {
        let valid = (try? FixedX5C.verifier.verifySignature(token, at: time)) != nil
        let validJWT = (try? FixedX5C.verifier.verify(token, at: time, expecting: expectations)) != nil
        if (valid || validJWT) && !resigned {
            invariant(FixedX5C.genuine.contains(signingInput(token)), "an x5c signing input that was never signed verified")
        }
        if validJWT { invariant(valid, "a JWT verified whose signature alone did not") }
    }
}
