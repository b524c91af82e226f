// PureJOSE against swift-crypto, jwt-kit and BigInt, side by side in one run.
//   cd Benchmarks/Peers && swift run -c release [--filter SUBSTRING]... [--cpu]
//   Scripts/allocs.sh: allocations per whole-token verification instead of times (`--allocs`)
import _CryptoExtras
import Foundation

let arguments = CommandLine.arguments.dropFirst()
// `--filter` may be repeated: a row runs when its name contains any of them.
var filters: [String] = []
for i in arguments.indices where arguments[i] == "--filter" && arguments.index(after: i) < arguments.endIndex {
    filters.append(arguments[arguments.index(after: i)])
}
useProcessCPUTime = arguments.contains("--cpu")
let countAllocations = arguments.contains("--allocs")
func wanted(_ name: String) -> Bool {
    !countAllocations && (filters.isEmpty || filters.contains { name.localizedCaseInsensitiveContains($0) })
}

var rows: [Row] = []
func add(_ name: String, peer: String, bytes: Int? = nil, pure: (() -> Bool)?, peerOp: () -> Bool) {
    guard wanted(name) else { return }
    let p = pure.flatMap { measure($0) }
    let q = measure(peerOp)
    rows.append(Row(operation: name, pure: p, peer: peer, peerTime: q, bytesPerOp: bytes))
    FileHandle.standardError.write(Data("  measured \(name)\n".utf8))
}

FileHandle.standardError.write(Data("making keys (RSA-4096 generation takes a few seconds)...\n".utf8))
let rsa2048 = try _RSA.Signing.PrivateKey(keySize: .bits2048)
let rsa4096 = try _RSA.Signing.PrivateKey(keySize: .bits4096)

for c in try CryptoPeer.ecdsaCases() + CryptoPeer.rsaCases([rsa2048, rsa4096]) {
    add(c.name, peer: "swift-crypto", pure: try? PureSide.verifier(for: c), peerOp: c.peerVerify)
}

let ed25519 = try CryptoPeer.ed25519Case()
add(ed25519.signatureCase.name, peer: "swift-crypto", pure: try? PureEd25519Side.verifier(for: ed25519.signatureCase),
    peerOp: ed25519.signatureCase.peerVerify)
add("Ed25519 sign, 700-byte message", peer: "swift-crypto",
    pure: PureEd25519Side.signer(seed: ed25519.seed, message: signedMessage, expected: ed25519.peerSignature),
    peerOp: ed25519.peerSign)

let eightK = (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }
if PureSide.digestSHA256(eightK) == CryptoPeer.referenceSHA256(eightK) {
    add("SHA-256, 8 KiB", peer: "swift-crypto", bytes: eightK.count,
        pure: PureSide.sha256(eightK), peerOp: CryptoPeer.sha256(eightK))
} else {
    print("SHA-256 digests differ: not timed")
}
let macKey = (0..<32).map { UInt8($0) }
if PureSide.digestHMAC(key: macKey, data: signedMessage) == CryptoPeer.referenceHMAC(key: macKey, data: signedMessage) {
    add("HMAC-SHA256, 700 bytes", peer: "swift-crypto", pure: PureSide.hmacSHA256(key: macKey, data: signedMessage),
        peerOp: CryptoPeer.hmacSHA256(key: macKey, data: signedMessage))
} else {
    print("HMAC-SHA256 tags differ: not timed")
}

let (jwtCases, jwtKitKeys) = try await JWTKitPeer.makeCases(rsa: rsa2048)
if countAllocations {
    await AllocationCounter.run(cases: jwtCases, jwtKitKeys: jwtKitKeys)
    exit(0)
}
for c in jwtCases where wanted("JWT \(c.alg)") {
    let name = "JWT \(c.alg) verify, end to end (\(c.token.utf8.count)-byte token)"
    let pure = try? JOSESide.verifier(for: c, issuer: issuer, audience: audience)
    let p = pure.flatMap { measure($0) }
    let q = await measureAsync { await JWTKitPeer.verify(c.token, with: jwtKitKeys) }
    rows.append(Row(operation: name, pure: p, peer: "jwt-kit", peerTime: q))
    FileHandle.standardError.write(Data("  measured \(name)\n".utf8))
}

// Signing, end to end: claims value in, compact JWT out, keys loaded once. Each side's token is first checked by
// jwt-kit's verifier (so PureJOSE's output is checked by a second implementation).
if JWTKitSignPeer.signingAlgorithms.contains(where: { wanted("JWT \($0) sign") }) {
    let (signingKeys, jwtKitSigners) = try await JWTKitSignPeer.makeKeys(rsa: rsa2048)
    for alg in JWTKitSignPeer.signingAlgorithms where wanted("JWT \(alg) sign") {
        let name = "JWT \(alg) sign, end to end"
        let signer = try? JOSESignSide.signer(alg: alg, keys: signingKeys)
        var pureOK = false
        if let signer, let token = JOSESignSide.sign(signer) { pureOK = await JWTKitSignPeer.verifies(token, with: jwtKitSigners) }
        if !pureOK { print("\(name): PureJOSE's token does not verify with jwt-kit: not timed") }
        let p = pureOK ? signer.flatMap { s in measure { JOSESignSide.sign(s) != nil } } : nil
        var peerOK = false
        if let token = await JWTKitSignPeer.sign(alg: alg, with: jwtKitSigners) { peerOK = await JWTKitSignPeer.verifies(token, with: jwtKitSigners) }
        let q = peerOK ? await measureAsync { await JWTKitSignPeer.sign(alg: alg, with: jwtKitSigners) != nil } : nil
        rows.append(Row(operation: name, pure: p, peer: "jwt-kit", peerTime: q))
        FileHandle.standardError.write(Data("  measured \(name)\n".utf8))
    }
}

// Certificates (issue 26): the Apple-shaped chain of Vectors/x5c-tokens, P-384 root and intermediate, P-256 leaf.
// Each side's result is checked before it is timed.
if wanted("x509") || wanted("x5c") {
    let x = try PureX5CSide.inputs()
    let ders = [x.leaf, x.intermediate, x.root]
    let pureParse = PureX5CSide.parse(ders), peerParse = X5CPeer.parse(ders)
    if wanted("x509") && pureParse() && peerParse() {
        add("x509.parse, 3 certificates", peer: "swift-certificates", pure: pureParse, peerOp: peerParse)
    }
    let pureValidate = try PureX5CSide.validator(leaf: x.leaf, intermediate: x.intermediate, root: x.root)
    let peerValidate = try X5CPeer.validator(leaf: x.leaf, intermediate: x.intermediate, root: x.root)
    if wanted("x509"), pureValidate(), await peerValidate() {
        let q = await measureAsync(peerValidate)
        rows.append(Row(operation: "x509.validate, leaf → intermediate → root", pure: measure(pureValidate), peer: "jwt-kit X5CVerifier", peerTime: q))
        FileHandle.standardError.write(Data("  measured x509.validate\n".utf8))
    } else if wanted("x509") {
        print("x509.validate: a side does not validate the chain: not timed")
    }
    let pureColdValidate = try PureX5CSide.coldValidator(leaf: x.leaf, intermediate: x.intermediate, root: x.root)
    let peerColdValidate = try X5CPeer.coldValidator(leaf: x.leaf, intermediate: x.intermediate, root: x.root)
    if wanted("x509"), pureColdValidate(), await peerColdValidate() {
        let q = await measureAsync(peerColdValidate)
        rows.append(Row(operation: "x509.validate.cold, a verifier made per chain", pure: measure(pureColdValidate),
                        peer: "jwt-kit X5CVerifier", peerTime: q))
        FileHandle.standardError.write(Data("  measured x509.validate.cold\n".utf8))
    } else if wanted("x509") {
        print("x509.validate.cold: a side does not validate the chain: not timed")
    }
    let pureToken = try PureX5CSide.tokenVerifier(token: x.token, root: x.root)
    let peerToken = try X5CPeer.tokenVerifier(token: x.token, root: x.root)
    if wanted("x5c"), pureToken(), await peerToken() {
        let q = await measureAsync(peerToken)
        rows.append(Row(operation: "jwt.x5c.ES256 verify, end to end (\(x.token.utf8.count)-byte token)", pure: measure(pureToken),
                        peer: "jwt-kit X5CVerifier", peerTime: q))
        FileHandle.standardError.write(Data("  measured jwt.x5c.ES256\n".utf8))
    } else if wanted("x5c") {
        print("jwt.x5c.ES256: a side does not verify the token: not timed")
    }
    let pureColdToken = try PureX5CSide.coldTokenVerifier(token: x.token, root: x.root)
    let peerColdToken = try X5CPeer.coldTokenVerifier(token: x.token, root: x.root)
    if wanted("x5c"), pureColdToken(), await peerColdToken() {
        let q = await measureAsync(peerColdToken)
        rows.append(Row(operation: "jwt.x5c.ES256.cold, a verifier made per token", pure: measure(pureColdToken),
                        peer: "jwt-kit X5CVerifier", peerTime: q))
        FileHandle.standardError.write(Data("  measured jwt.x5c.ES256.cold\n".utf8))
    } else if wanted("x5c") {
        print("jwt.x5c.ES256.cold: a side does not verify the token: not timed")
    }
}

// App Store (issue 27): Apple's mock signed transaction against Apple's test CA, verified and decoded; the peer is
// jwt-kit's X5CVerifier with Apple's marker-OID policy (AppStorePeer.swift says why it stands in for Apple's library).
if wanted("appstore") {
    let a = try PureAppStoreSide.inputs()
    let pure = try PureAppStoreSide.transactionVerifier(root: a.root, signed: a.signed)
    let peer = try AppStorePeer.transactionVerifier(root: a.root, signed: a.signed)
    if pure(), await peer() {
        let q = await measureAsync(peer)
        rows.append(Row(operation: "appstore.transaction verify and decode (Apple's mock, chain at signedDate)", pure: measure(pure),
                        peer: "jwt-kit X5CVerifier + Apple OIDs", peerTime: q))
        FileHandle.standardError.write(Data("  measured appstore.transaction\n".utf8))
    } else {
        print("appstore.transaction: a side does not verify the transaction (PureJOSE \(pure()), peer \(await peer())): not timed")
    }
    let pureCold = try PureAppStoreSide.coldTransactionVerifier(root: a.root, signed: a.signed)
    let peerCold = try AppStorePeer.transactionVerifier(root: a.root, signed: a.signed, cold: true)
    if pureCold(), await peerCold() {
        let q = await measureAsync(peerCold)
        rows.append(Row(operation: "appstore.transaction.cold, a verifier made per transaction", pure: measure(pureCold),
                        peer: "jwt-kit X5CVerifier + Apple OIDs", peerTime: q))
        FileHandle.standardError.write(Data("  measured appstore.transaction.cold\n".utf8))
    } else {
        print("appstore.transaction.cold: a side does not verify the transaction: not timed")
    }
}

// RSA-2048 public operation alone: s^65537 mod n.
let modulus = [UInt8](try rsa2048.publicKey.getKeyPrimitives().modulus).drop { $0 == 0 }
let base = [UInt8](try rsa2048.signature(for: signedMessage, padding: .insecurePKCS1v1_5).rawRepresentation)
if wanted("modexp") {
    let peerOp = BigIntPeer.publicExponentiation(base: base, modulus: Array(modulus))
    let pureOp = BigNumSide.publicExponentiation(base: base, modulus: Array(modulus))
    let agree = pureOp.map { $0() == peerOp() } ?? false
    if !agree { print("RSA-2048 modexp results differ: PureJOSE side not timed") }
    add("RSA-2048 modexp, e = 65537", peer: "BigInt", pure: agree ? pureOp.map { op in { !op().isEmpty } } : nil,
        peerOp: { !peerOp().isEmpty })
}

var cpu = "unknown CPU"
if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
   let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
   let colon = line.firstIndex(of: ":") {
    cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
}
let date = ISO8601DateFormatter().string(from: Date())
print("PureJOSE vs peers — \(date), \(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores; "
      + "median of 9 batches of ≥ 0.2 s " + (useProcessCPUTime ? "process CPU time" : "wall-clock time"))
print("")
printTable(rows)
