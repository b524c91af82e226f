#!/usr/bin/env python3
"""Writes Vectors/x5c-tokens/: compact JWS tokens whose key is in an `x5c` header, for X5CVerifier, and
MANIFEST.json:

  {"roots": {label: base64 DER}, "cases": [{"name", "token", "roots": [label...], "time": {"fixed": unix} |
   {"payloadMilliseconds": claim}, "expected": "valid" | <JWTError code>, "x509": <X509Error code>?}]}

Each refusal sits beside the valid twin that differs from it in the one rule. The certificates come from
Scripts/generate-x509-chains.py's `cert` (P-384 root and intermediate, P-256 leaf, like Apple's App Store chain).
Also writes chain.pem (root, intermediate, leaf), each of them alone (root.pem, intermediate.pem, leaf.pem) and leaf.key.pem (a test key, made here) for JWTSigner tests, the
CLI tests and jose-bench. ECDSA signatures are randomised, so the outputs are committed:
    python3 Scripts/generate-x5c-tokens.py
"""
import base64, datetime, hashlib, importlib.util, json, os
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("chains", os.path.join(HERE, "generate-x509-chains.py"))
chains = importlib.util.module_from_spec(spec); spec.loader.exec_module(chains)
cert, name, resign_sha1 = chains.cert, chains.name, chains.resign_sha1
OUT = os.path.join(HERE, "..", "Vectors", "x5c-tokens")
NOW = 1767225600  # 2026-01-01T00:00:00Z
UTC = datetime.timezone.utc

def b64u(b): return base64.urlsafe_b64encode(b).rstrip(b"=").decode()
def b64(b): return base64.b64encode(b).decode()
def der(c): return c.public_bytes(serialization.Encoding.DER)

def sign(header, claims, key):
    """Signs with `key` whatever the header's alg says (ES256/384/512 by the key's curve, or Ed25519)."""
    h = b64u(json.dumps(header, separators=(",", ":")).encode())
    p = b64u(json.dumps(claims, separators=(",", ":")).encode())
    inp = (h + "." + p).encode()
    if isinstance(key, ed25519.Ed25519PrivateKey):
        sig = key.sign(inp)
    else:
        hash_alg = {256: hashes.SHA256(), 384: hashes.SHA384(), 521: hashes.SHA512()}[key.curve.key_size]
        r, s = decode_dss_signature(key.sign(inp, ec.ECDSA(hash_alg)))
        n = (key.curve.key_size + 7) // 8
        sig = r.to_bytes(n, "big") + s.to_bytes(n, "big")
    return h + "." + p + "." + b64u(sig)

def main():
    os.makedirs(OUT, exist_ok=True)
    p384 = lambda: ec.generate_private_key(ec.SECP384R1())
    p256 = lambda: ec.generate_private_key(ec.SECP256R1())
    rk, ik, lk = p384(), p384(), p256()
    root = cert(name("Root"), rk, name("Root"), rk, ca=True, hash_alg=hashes.SHA384())
    inter = cert(name("Intermediate"), ik, name("Root"), rk, ca=True, pathlen=0, hash_alg=hashes.SHA384())
    L = lambda **kw: cert(name("Signer"), kw.pop("key", lk), name(kw.pop("issuer", "Intermediate")), kw.pop("issuer_key", ik), ca=False, **kw)
    leaf = L()
    ork = p384()
    other_root = cert(name("Other Root"), ork, name("Other Root"), ork, ca=True, hash_alg=hashes.SHA384())
    other_inter = cert(name("Intermediate"), ik, name("Other Root"), ork, ca=True, pathlen=0, hash_alg=hashes.SHA384())
    roots = {"root": b64(der(root)), "other-root": b64(der(other_root))}
    claims = {"iss": "x5c-test", "sub": "subject", "exp": NOW + 3600, "iat": NOW - 60}
    cases = []

    def case(nm, expected, chain=None, key=lk, alg="ES256", header_extra=None, x5c=None, body=None, time=None,
             use_roots=("root",), x509_code=None, tamper=False, drop_x5c=False):
        header = {"alg": alg}
        if not drop_x5c:
            header["x5c"] = x5c if x5c is not None else [b64(der(c)) for c in (chain or [leaf, inter])]
        header.update(header_extra or {})
        tok = sign(header, body if body is not None else claims, key)
        if tamper:
            h, p, s = tok.split(".")
            s = ("B" if s[0] == "A" else "A") + s[1:]
            tok = ".".join([h, p, s])
        c = {"name": nm, "token": tok, "roots": list(use_roots), "time": time or {"fixed": NOW}, "expected": expected}
        if x509_code: c["x509"] = x509_code
        cases.append(c)

    case("ok", "valid")
    case("ok-root-in-x5c", "valid", chain=[leaf, inter, root])
    case("ok-intermediates-unordered", "valid", chain=[leaf, other_inter, inter], use_roots=("root",))
    # The chain must end at a pinned root.
    case("root-not-pinned", "untrustedCertificateChain", chain=[leaf, other_inter], x509_code="issuerNotFound")
    case("root-not-pinned-self-signed-in-x5c", "untrustedCertificateChain", chain=[leaf, other_inter, other_root], x509_code="issuerNotFound")
    case("pinned-other-root", "valid", chain=[leaf, other_inter], use_roots=("other-root",))
    # The leaf's key must fit alg: a P-256 leaf and alg ES384 (signed with the P-256 key, so only the binding can refuse).
    case("leaf-key-not-fitting-alg", "keyMismatch", alg="ES384")
    ed = ed25519.Ed25519PrivateKey.generate()
    ed_leaf = L(key=ed)
    case("ok-ed25519-leaf", "valid", chain=[ed_leaf, inter], key=ed, alg="EdDSA")
    case("ed25519-leaf-es256", "keyMismatch", chain=[ed_leaf, inter], alg="ES256", key=lk)
    # x5t#S256.
    case("x5t-s256-matches", "valid", header_extra={"x5t#S256": b64u(hashlib.sha256(der(leaf)).digest())})
    case("x5t-s256-mismatch", "thumbprintMismatch", header_extra={"x5t#S256": b64u(hashlib.sha256(der(inter)).digest())})
    # Chain rules, through the token.
    case("leaf-expired", "untrustedCertificateChain", chain=[L(not_after=datetime.datetime(2025, 12, 31, tzinfo=UTC)), inter], x509_code="expired")
    case("leaf-not-yet-valid", "untrustedCertificateChain", chain=[L(not_before=datetime.datetime(2026, 1, 2, tzinfo=UTC)), inter], x509_code="notYetValid")
    case("leaf-unknown-critical-extension", "untrustedCertificateChain", chain=[L(extra=[("1.3.6.1.4.1.55555.1", True)]), inter], x509_code="unknownCriticalExtension")
    case("leaf-unknown-noncritical-extension", "valid", chain=[L(extra=[("1.3.6.1.4.1.55555.1", False)]), inter])
    ik2 = p384()
    nocs = cert(name("Intermediate NoCertSign"), ik2, name("Root"), rk, ca=True, ku={"digital_signature": True, "crl_sign": True}, hash_alg=hashes.SHA384())
    case("ca-without-keycertsign", "untrustedCertificateChain", chain=[L(issuer="Intermediate NoCertSign", issuer_key=ik2), nocs], x509_code="missingKeyCertSign")
    ik3 = p384()
    sub = cert(name("Sub"), ik3, name("Intermediate"), ik, ca=True, hash_alg=hashes.SHA384())
    case("pathlen-exceeded", "untrustedCertificateChain", chain=[L(issuer="Sub", issuer_key=ik3), sub, inter], x509_code="pathLengthExceeded")
    ik4 = p384()
    nc = cert(name("Intermediate NC"), ik4, name("Root"), rk, ca=True, nc=["example.com"], hash_alg=hashes.SHA384())
    case("name-inside-constraint", "valid", chain=[L(issuer="Intermediate NC", issuer_key=ik4, san=["signer.example.com"]), nc])
    case("name-outside-constraint", "untrustedCertificateChain", chain=[L(issuer="Intermediate NC", issuer_key=ik4, san=["signer.example.org"]), nc], x509_code="nameConstraintViolation")
    case("leaf-sha1-signature", "untrustedCertificateChain", chain=[resign_sha1(leaf, ik), inter], x509_code="unsupportedSignatureAlgorithm")
    wrong = cert(name("Signer"), lk, name("Intermediate"), p384(), ca=False)
    case("wrong-issuer-key", "untrustedCertificateChain", chain=[wrong, inter], x509_code="invalidSignature")
    # A leaf certified only for key encipherment does not sign tokens.
    case("leaf-without-digitalsignature", "untrustedCertificateChain", chain=[L(ku={"key_encipherment": True}), inter], x509_code="missingKeyUsage")
    # Validation time read from the payload (App Store's signedDate, in milliseconds): a leaf that expired
    # 2025-12-31 validates at a signedDate before then and not after.
    old = L(not_after=datetime.datetime(2025, 12, 31, tzinfo=UTC))
    ms_before = (NOW - 86400 * 30) * 1000
    case("time-from-payload-valid", "valid", chain=[old, inter], body=dict(claims, signedDate=ms_before), time={"payloadMilliseconds": "signedDate"})
    case("time-from-payload-expired", "untrustedCertificateChain", chain=[old, inter], body=dict(claims, signedDate=NOW * 1000), time={"payloadMilliseconds": "signedDate"}, x509_code="expired")
    case("time-from-payload-missing", "missingClaim", chain=[old, inter], time={"payloadMilliseconds": "signedDate"})
    # The signature, and the claims after it.
    case("tampered-signature", "invalidSignature", tamper=True)
    case("claims-expired", "expired", body=dict(claims, exp=NOW - 10))
    case("alg-none", "unsecuredAlgorithm", alg="none")
    # x5c itself.
    case("no-x5c", "keyNotFound", drop_x5c=True)
    case("x5c-not-array", "malformedToken", x5c=b64(der(leaf)))
    case("x5c-empty", "malformedToken", x5c=[])
    case("x5c-entry-not-string", "malformedToken", x5c=[b64(der(leaf)), 7])
    url = base64.urlsafe_b64encode(der(leaf)).decode()
    assert url != b64(der(leaf)), "the leaf's base64 has no + or /; run again"
    case("x5c-base64url", "invalidCertificate", x5c=[url, b64(der(inter))])
    padded = next(der(c) for c in (leaf, inter, root, other_root, nocs, sub, nc) if len(der(c)) % 3)
    case("x5c-unpadded", "invalidCertificate", x5c=[b64(padded).rstrip("="), b64(der(inter))])
    case("x5c-whitespace", "invalidCertificate", x5c=[b64(der(leaf))[:64] + "\n" + b64(der(leaf))[64:], b64(der(inter))])
    case("x5c-not-der", "invalidCertificate", x5c=[b64(b"\x30\x03\x02\x01\x01"), b64(der(inter))])
    case("x5c-too-many", "limitExceeded", x5c=[b64(der(leaf))] + [b64(der(inter))] * 10)

    with open(os.path.join(OUT, "MANIFEST.json"), "w") as f:
        json.dump({"roots": roots, "cases": cases}, f, indent=1)
        f.write("\n")
    with open(os.path.join(OUT, "chain.pem"), "w") as f:
        for c in (root, inter, leaf):
            f.write(c.public_bytes(serialization.Encoding.PEM).decode())
    for label, c in (("root", root), ("intermediate", inter), ("leaf", leaf)):
        with open(os.path.join(OUT, label + ".pem"), "w") as f:
            f.write(c.public_bytes(serialization.Encoding.PEM).decode())
    with open(os.path.join(OUT, "leaf.key.pem"), "wb") as f:
        f.write(lk.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    print(f"{len(cases)} cases")

if __name__ == "__main__":
    main()
