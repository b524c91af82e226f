#!/usr/bin/env python3
"""Writes an Embedded-Swift-clean copy of the JOSE verification core (Sources/JOSE) into a folder, for
Scripts/build-wasm.sh and Scripts/build-armv7em.sh.

TRANSITIONAL. These edits were held back while the JOSE module was restructured (the algorithm table) and are not
yet made in Sources/JOSE itself (ARCHITECTURE.md, "WebAssembly and Embedded Swift"), so the Embedded builds apply
them to a copy. Each edit is what Sources/JOSE needs for Embedded Swift, and none changes a verification verdict:
  * every `throws` of the core becomes `throws(JWTError)` (Embedded Swift has no `any Error`), closures passed to
    rethrowing standard-library functions say `throws(JWTError)`, and `String.withUTF8` (rethrows: `any Error`)
    goes through `withUTF8Bytes`, which carries the typed error in a `Result`;
  * `VerifiedJWT.decode(_:)` (Decodable) is left out, and without a system clock `ClaimExpectations.now` must be
    given (the default returns NaN, which `check` refuses as `invalidClaim`);
  * a key path, a `String.contains(String)` (StringProcessing) and a do/catch mixing ECDSAError with JWTError are
    written without them.
Files left out entirely: the Codable layer, signing (JWTSigner, JWKPrivateKey; the families' sign functions and
ECSigningKey are cut from the copy), JWKSCache (concurrency), SystemClock (libc).
Fails, naming the edit, when Sources/JOSE no longer has the text an edit expects.

    python3 Scripts/embedded-jose-core.py OUTPUT_DIR
"""
import glob, os, re, shutil, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "Sources", "JOSE")
CORE = ["Base64URL.swift", "Base64URL+Secret.swift", "JWTError.swift", "JSON/JSONValue.swift", "JSON/JSONParser.swift", "JSON/JSONSerializer.swift",
        "JWK/JWK.swift", "JWK/JWK+Thumbprint.swift", "JWK/JWK+SPKI.swift", "JWK/JWKSet.swift",
        "Algorithms/AlgorithmTable.swift", "Algorithms/Curves.swift", "Algorithms/ECDSA.swift", "Algorithms/EdDSA.swift",
        "Algorithms/HMAC.swift", "Algorithms/JWSAlgorithm.swift", "Algorithms/RSA.swift",
        "JWS/CompactJWS.swift", "JWS/JWSHeader.swift", "JWT/JWTVerifier.swift",
        "JWT/RegisteredClaims.swift", "JWT/ClaimExpectations.swift"]

out = sys.argv[1]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
texts = {}
for f in CORE:
    s = open(os.path.join(SRC, f), encoding="utf-8").read()
    s = re.sub(r"\) throws -> ", ") throws(JWTError) -> ", s)
    s = re.sub(r"\) throws \{", ") throws(JWTError) {", s)
    s = re.sub(r"\) throws$", ") throws(JWTError)", s, flags=re.M)
    s = re.sub(r"catch let ([a-zA-Z]+) as JWTError", r"catch let \1", s)
    texts[f] = s

def edit(f, old, new):
    if old not in texts[f]:
        sys.exit(f"embedded-jose-core: Sources/JOSE/{f} no longer contains the text this edit expects:\n{old}")
    texts[f] = texts[f].replace(old, new)

edit("Base64URL.swift", "return try s.withUTF8 { buf throws in try decode(bytes: buf, allowPadding: allowPadding) }",
     "return try withUTF8Bytes(&s) { buf throws(JWTError) in try decode(bytes: buf, allowPadding: allowPadding) }")
edit("Base64URL.swift", "try bytes.withUnsafeBufferPointer { buf throws in", "try bytes.withUnsafeBufferPointer { buf throws(JWTError) in")
edit("Base64URL.swift", "capacity: max(outCount, 1)) { o in", "capacity: max(outCount, 1)) { o throws(JWTError) in")
edit("JWS/CompactJWS.swift", "allowPadding: allowPadding) { bytes in", "allowPadding: allowPadding) { bytes throws(JWTError) in")
edit("JWS/CompactJWS.swift", "allowPadding: allowPadding) { try JSONValue.parse($0, limits: limits) }",
     "allowPadding: allowPadding) { b throws(JWTError) in try JSONValue.parse(b, limits: limits) }")
edit("JWS/CompactJWS.swift", "    return try t.withUTF8 { buf in\n        let parts",
     "    return try withUTF8Bytes(&t) { buf throws(JWTError) in\n        let parts")
edit("JWS/CompactJWS.swift", "allowPadding: options.allowPaddedBase64) {\n            try JSONValue.parse($0, limits: options.jsonLimits)",
     "allowPadding: options.allowPaddedBase64) { b throws(JWTError) in\n            try JSONValue.parse(b, limits: options.jsonLimits)")
edit("JSON/JSONParser.swift", """        if let v = try bytes.withContiguousStorageIfAvailable({ try JSONValue.parse($0, limits: limits) }) {
            self = v
        } else {
            let a = Array(bytes)
            self = try a.withUnsafeBufferPointer { try JSONValue.parse($0, limits: limits) }
        }""", """        let found = bytes.withContiguousStorageIfAvailable { b in
            Result { () throws(JWTError) in try JSONValue.parse(b, limits: limits) }
        }
        if let found {
            self = try found.get()
        } else {
            let a = Array(bytes)
            self = try a.withUnsafeBufferPointer { b throws(JWTError) in try JSONValue.parse(b, limits: limits) }
        }""")
edit("JSON/JSONParser.swift", "self = try s.withUTF8 { try JSONValue.parse($0, limits: limits) }",
     "self = try withUTF8Bytes(&s) { b throws(JWTError) in try JSONValue.parse(b, limits: limits) }")
edit("JSON/JSONParser.swift", "capacity: 16) { prints in", "capacity: 16) { prints throws(JWTError) in")
edit("JSON/JSONSerializer.swift", "try s.withUTF8 { u in try writeString(u, into: &out) }",
     "try withUTF8Bytes(&s) { u throws(JWTError) in try writeString(u, into: &out) }")
edit("JSON/JSONValue.swift", "members.map(\\.name)", "members.map { $0.name }")
edit("JWT/JWTVerifier.swift", "return try t.withUTF8 { buf in", "return try withUTF8Bytes(&t) { buf throws(JWTError) in")
edit("JWT/JWTVerifier.swift", "        do { value = try JSONValue(parsing: payload, limits: limits) } catch let e {",
     "        do throws(JWTError) { value = try JSONValue(parsing: payload, limits: limits) } catch let e {")
s = texts["JWT/JWTVerifier.swift"]
i = s.index("    /// Decodes the claims set into any `Decodable`")
j = s.index("\n    }\n", i) + 7
texts["JWT/JWTVerifier.swift"] = s[:i] + s[j:]
edit("JWT/RegisteredClaims.swift", "return try a.map {\n                guard case .string(let s) = $0 else",
     "return try a.map { (e: JSONValue) throws(JWTError) -> String in\n                guard case .string(let s) = e else")
edit("JWT/ClaimExpectations.swift", "self.now = now ?? { systemTimeSeconds() }", "self.now = now ?? { .nan }")
edit("JWK/JWK+SPKI.swift", 'if doc.label.contains("PRIVATE")', 'if containsBytes(doc.label, "PRIVATE")')
edit("Algorithms/ECDSA.swift", """        let named = curve.spec.namedCurve
        do {
            if named == .p256 {
                key = .p256(try P256.Signing.PublicKey(rawRepresentation: x + y))
            } else if named == .p384 {
                key = .p384(try P384.Signing.PublicKey(rawRepresentation: x + y))
            } else if named == .p521 {
                key = .p521(try P521.Signing.PublicKey(rawRepresentation: x + y))
            } else {
                throw JWTError.make(.unsupportedKey, "\\(curve.rawValue) is not an EC curve with an ECDSA verifier here (P-256, P-384 and P-521 are)")
            }
        } catch let e {
            throw e
        } catch {""", """        let named = curve.spec.namedCurve
        guard named == .p256 || named == .p384 || named == .p521 else {
            throw JWTError.make(.unsupportedKey, "\\(curve.rawValue) is not an EC curve with an ECDSA verifier here (P-256, P-384 and P-521 are)")
        }
        do throws(ECDSAError) {
            if named == .p256 {
                key = .p256(try P256.Signing.PublicKey(rawRepresentation: x + y))
            } else if named == .p384 {
                key = .p384(try P384.Signing.PublicKey(rawRepresentation: x + y))
            } else {
                key = .p521(try P521.Signing.PublicKey(rawRepresentation: x + y))
            }
        } catch {""")
def remove_block(f, marker):
    """Removes the declaration starting on the line that contains `marker`, through its matching closing brace."""
    s = texts[f]
    i = s.find(marker)
    if i < 0:
        sys.exit(f"embedded-jose-core: Sources/JOSE/{f} no longer contains {marker!r}")
    i = s.rfind("\n", 0, i) + 1
    j = s.index("{", i)
    depth = 0
    while True:
        if s[j] == "{": depth += 1
        elif s[j] == "}":
            depth -= 1
            if depth == 0: break
        j += 1
    texts[f] = s[:i] + s[s.index("\n", j) + 1:]

# Signing stays out of the Embedded core (it needs randomness, and JWTSigner/JWKPrivateKey the Codable layer):
# the families keep their verify, the protocol loses its sign requirement.
edit("Algorithms/AlgorithmTable.swift", "    associatedtype PrivateKey\n", "")
edit("Algorithms/AlgorithmTable.swift",
     "    static func sign(_ alg: JWSAlgorithm, key: PrivateKey, signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [UInt8]\n", "")
for family in ["ECDSA", "EdDSA", "HMAC", "RSA"]:
    remove_block(f"Algorithms/{family}.swift", "    static func sign(_ alg: JWSAlgorithm")
remove_block("Algorithms/ECDSA.swift", "enum ECSigningKey")
while "extension ECSigningKey" in texts["Algorithms/ECDSA.swift"]:
    remove_block("Algorithms/ECDSA.swift", "extension ECSigningKey")
texts["JWTError.swift"] += '''
/// Whether `part`'s UTF-8 bytes occur in `s`'s (no Unicode processing).
func containsBytes(_ s: String, _ part: String) -> Bool {
    let a = Array(s.utf8), b = Array(part.utf8)
    if b.isEmpty { return true }
    if a.count < b.count { return false }
    for i in 0...(a.count - b.count) where a[i..<(i + b.count)].elementsEqual(b) { return true }
    return false
}

/// `String.withUTF8` with a closure that throws ``JWTError`` only (`withUTF8` is `rethrows`, whose error type is
/// `any Error`, which Embedded Swift cannot carry).
@inline(__always)
func withUTF8Bytes<R>(_ s: inout String, _ body: (UnsafeBufferPointer<UInt8>) throws(JWTError) -> R) throws(JWTError) -> R {
    try s.withUTF8 { buf in Result { () throws(JWTError) in try body(buf) } }.get()
}
'''
for f, s in texts.items():
    path = os.path.join(out, f)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, "w", encoding="utf-8").write(s)
print(f"embedded-jose-core: {len(texts)} files written to {out}")
