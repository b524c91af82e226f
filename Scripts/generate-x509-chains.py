#!/usr/bin/env python3
"""Writes Vectors/x509-chains/: certificate chains made with Python `cryptography` for CertificateVerifier's
rules, each negative case beside the positive twin that differs from it in the one rule, and MANIFEST.json:

  {"cases": [{"name", "leaf", "intermediates": [...], "roots": [...], "time", "eku": [...],
              "expected": "valid" | <X509Error code>, "openssl": "valid" | "invalid"}]}

`openssl` is what `openssl verify -partial_chain -attime` answers (Scripts/x509-openssl-differential.sh checks it);
where it differs from `expected` the case says why in "note". ECDSA and RSA-PSS signatures are randomised, so
the outputs are committed rather than regenerated in CI:  python3 Scripts/generate-x509-chains.py
"""
import datetime, json, os
from cryptography import x509
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa, ed25519, padding

OUT = os.path.join(os.path.dirname(__file__), "..", "Vectors", "x509-chains")
T0 = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
T1 = datetime.datetime(2040, 1, 1, tzinfo=datetime.timezone.utc)
NOW = 1767225600  # 2026-01-01T00:00:00Z

def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureJOSE test"), x509.NameAttribute(NameOID.COMMON_NAME, cn)])

serial = [1000]
def cert(subject, key, issuer_name, issuer_key, *, ca, pathlen=None, ku=None, eku=None, san=None, nc=None,
         extra=None, hash_alg=hashes.SHA256(), pss=False, not_before=T0, not_after=T1, aki_key=None):
    serial[0] += 1
    pub = key.public_key()
    b = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer_name).public_key(pub)
         .serial_number(serial[0]).not_valid_before(not_before).not_valid_after(not_after))
    if ca:
        b = b.add_extension(x509.BasicConstraints(ca=True, path_length=pathlen), critical=True)
    if ku is None:
        ku = {"key_cert_sign": True, "crl_sign": True} if ca else {"digital_signature": True}
    kw = dict(digital_signature=False, content_commitment=False, key_encipherment=False, data_encipherment=False,
              key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False)
    kw.update(ku)
    b = b.add_extension(x509.KeyUsage(**kw), critical=True)
    b = b.add_extension(x509.SubjectKeyIdentifier.from_public_key(pub), critical=False)
    b = b.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key((aki_key or issuer_key).public_key()), critical=False)
    if eku:
        b = b.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    if san:
        b = b.add_extension(x509.SubjectAlternativeName([x509.DNSName(s) for s in san]), critical=False)
    if nc:
        b = b.add_extension(x509.NameConstraints(permitted_subtrees=[x509.DNSName(s) for s in nc], excluded_subtrees=None), critical=True)
    for (oid, critical) in extra or []:
        b = b.add_extension(x509.UnrecognizedExtension(x509.ObjectIdentifier(oid), b"\x05\x00"), critical=critical)
    if isinstance(issuer_key, ed25519.Ed25519PrivateKey):
        return b.sign(issuer_key, None)
    if pss:
        return b.sign(issuer_key, hash_alg, rsa_padding=padding.PSS(padding.MGF1(hash_alg), hash_alg.digest_size))
    return b.sign(issuer_key, hash_alg)

def der_len(n):
    if n < 0x80: return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b

def der_tlv(tag, body):
    return bytes([tag]) + der_len(len(body)) + body

def der_children(body):
    out, i = [], 0
    while i < len(body):
        j = i + 2
        n = body[i + 1]
        if n & 0x80:
            k = n & 0x7F; n = int.from_bytes(body[j:j + k], "big"); j += k
        out.append(body[i:j + n]); i = j + n
    return out

def resign_sha1(c, issuer_key):
    """The same certificate signed with ecdsa-with-SHA1 (`cryptography` refuses to make SHA-1 certificates):
    the TBSCertificate's signature AlgorithmIdentifier is replaced and the TBS signed again."""
    sha1_alg = der_tlv(0x30, der_tlv(0x06, bytes.fromhex("2a8648ce3d0401")))
    tbs = c.tbs_certificate_bytes
    hdr = 2 + (tbs[1] & 0x7F if tbs[1] & 0x80 else 0)
    parts = der_children(tbs[hdr:])
    parts[2] = sha1_alg
    new_tbs = der_tlv(0x30, b"".join(parts))
    sig = issuer_key.sign(new_tbs, ec.ECDSA(hashes.SHA1()))
    return x509.load_der_x509_certificate(der_tlv(0x30, new_tbs + sha1_alg + der_tlv(0x03, b"\x00" + sig)))

def pem(c):
    return c.public_bytes(serialization.Encoding.PEM).decode()

def main():
    os.makedirs(OUT, exist_ok=True)
    p384 = lambda: ec.generate_private_key(ec.SECP384R1())
    p256 = lambda: ec.generate_private_key(ec.SECP256R1())
    rk, ik, lk = p384(), p384(), p256()
    root = cert(name("Root"), rk, name("Root"), rk, ca=True, hash_alg=hashes.SHA384())
    inter = cert(name("Intermediate"), ik, name("Root"), rk, ca=True, pathlen=0, hash_alg=hashes.SHA384())
    files = {}
    def put(label, c):
        files[label] = pem(c)
        return label
    put("root", root); put("inter", inter)
    cases = []
    def case(nm, leaf, expected, inters=("inter",), roots=("root",), time=NOW, eku=(), openssl=None, note=None):
        c = {"name": nm, "leaf": put(nm + ".leaf", leaf), "intermediates": list(inters), "roots": list(roots),
             "time": time, "eku": list(eku), "expected": expected,
             "openssl": openssl or ("valid" if expected == "valid" else "invalid")}
        if note: c["note"] = note
        cases.append(c)

    L = lambda **kw: cert(name("leaf.example.com"), lk, name("Intermediate"), ik, ca=False, san=["leaf.example.com"], **kw)
    case("ok", L(), "valid")
    # Unknown critical extension; the same extension non-critical.
    case("unknown-critical-extension", L(extra=[("1.3.6.1.4.1.55555.1", True)]), "unknownCriticalExtension")
    case("unknown-noncritical-extension", L(extra=[("1.3.6.1.4.1.55555.1", False)]), "valid")
    # CA without keyCertSign; with it (the base chain).
    ik2 = p384()
    noksign = cert(name("Intermediate NoCertSign"), ik2, name("Root"), rk, ca=True, ku={"digital_signature": True, "crl_sign": True}, hash_alg=hashes.SHA384())
    put("inter-no-keycertsign", noksign)
    case("ca-without-keycertsign", cert(name("leaf.example.com"), lk, name("Intermediate NoCertSign"), ik2, ca=False), "missingKeyCertSign", inters=("inter-no-keycertsign",))
    # pathLen 0 exceeded by a second intermediate; pathLen 1 allows it.
    ik3, ik4 = p384(), p384()
    sub0 = cert(name("Sub under pathlen 0"), ik3, name("Intermediate"), ik, ca=True, hash_alg=hashes.SHA384())
    put("sub-under-pathlen0", sub0)
    case("pathlen-exceeded", cert(name("leaf.example.com"), lk, name("Sub under pathlen 0"), ik3, ca=False), "pathLengthExceeded", inters=("inter", "sub-under-pathlen0"))
    inter1 = cert(name("Intermediate pathlen 1"), ik4, name("Root"), rk, ca=True, pathlen=1, hash_alg=hashes.SHA384())
    put("inter-pathlen1", inter1)
    sub1 = cert(name("Sub under pathlen 1"), ik3, name("Intermediate pathlen 1"), ik4, ca=True, hash_alg=hashes.SHA384())
    put("sub-under-pathlen1", sub1)
    case("pathlen-within", cert(name("leaf.example.com"), lk, name("Sub under pathlen 1"), ik3, ca=False), "valid", inters=("sub-under-pathlen1", "inter-pathlen1"))
    # Validity.
    case("expired", L(not_after=datetime.datetime(2025, 12, 31, 23, 59, 59, tzinfo=datetime.timezone.utc)), "expired")
    case("not-yet-valid", L(not_before=datetime.datetime(2026, 1, 1, 0, 0, 1, tzinfo=datetime.timezone.utc)), "notYetValid")
    case("valid-at-notafter", L(not_after=datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)), "valid", openssl="invalid",
         note="RFC 5280 §4.1.2.5: the validity period runs from notBefore through notAfter, inclusive; OpenSSL 3.0 treats the notAfter second as expired")
    # Name constraints on the intermediate.
    ik5 = p384()
    ncinter = cert(name("Intermediate NC"), ik5, name("Root"), rk, ca=True, nc=["example.com"], hash_alg=hashes.SHA384())
    put("inter-nc", ncinter)
    NCL = lambda host: cert(name(host), lk, name("Intermediate NC"), ik5, ca=False, san=[host])
    case("name-outside-constraint", NCL("evil.test"), "nameConstraintViolation", inters=("inter-nc",))
    case("name-inside-constraint", NCL("www.example.com"), "valid", inters=("inter-nc",))
    # SHA-1 signature; SHA-256 is the base case.
    case("sha1-signature", resign_sha1(L(), ik), "unsupportedSignatureAlgorithm", openssl="valid",
         note="OpenSSL 3.0 at its default security level 1 still accepts SHA-1 certificate signatures")
    # Wrong issuer: a leaf naming an issuer nobody in the pool has; a leaf with the right name but another key.
    case("wrong-issuer-name", cert(name("leaf.example.com"), lk, name("Other CA"), ik, ca=False), "issuerNotFound")
    case("wrong-issuer-key", cert(name("leaf.example.com"), lk, name("Intermediate"), p384(), ca=False, aki_key=ik), "invalidSignature")
    # Untrusted root: the chain ends at a root that is not pinned.
    ok2 = p384()
    other_root = cert(name("Root"), ok2, name("Root"), ok2, ca=True, hash_alg=hashes.SHA384())
    put("other-root-same-name", other_root)
    case("root-not-pinned", L(), "invalidSignature", roots=("other-root-same-name",), inters=("inter",))
    # Not a CA.
    ik6 = p384()
    notca = cert(name("Intermediate not CA"), ik6, name("Root"), rk, ca=False, ku={"digital_signature": True}, hash_alg=hashes.SHA384())
    put("inter-not-ca", notca)
    case("issuer-not-ca", cert(name("leaf.example.com"), lk, name("Intermediate not CA"), ik6, ca=False), "notACertificateAuthority", inters=("inter-not-ca",))
    # EKU.
    case("eku-present", L(eku=[ExtendedKeyUsageOID.SERVER_AUTH]), "valid", eku=["serverAuth"])
    case("eku-missing", L(eku=[ExtendedKeyUsageOID.CLIENT_AUTH]), "missingExtendedKeyUsage", eku=["serverAuth"])
    # Other algorithms: RSA PKCS#1 v1.5, RSA-PSS, Ed25519, P-521 — each beside a tampered signature.
    rsak, rsal = rsa.generate_private_key(65537, 2048), rsa.generate_private_key(65537, 2048)
    rsaroot = cert(name("RSA Root"), rsak, name("RSA Root"), rsak, ca=True)
    put("rsa-root", rsaroot)
    def tampered(c):
        der = bytearray(c.public_bytes(serialization.Encoding.DER)); der[-5] ^= 1
        return x509.load_der_x509_certificate(bytes(der))
    for (nm, leaf) in [
        ("rsa-pkcs1-sha256", cert(name("rsa.example.com"), rsal, name("RSA Root"), rsak, ca=False)),
        ("rsa-pkcs1-sha512", cert(name("rsa.example.com"), rsal, name("RSA Root"), rsak, ca=False, hash_alg=hashes.SHA512())),
        ("rsa-pss-sha256", cert(name("rsa.example.com"), rsal, name("RSA Root"), rsak, ca=False, pss=True)),
        ("rsa-pss-sha384", cert(name("rsa.example.com"), rsal, name("RSA Root"), rsak, ca=False, pss=True, hash_alg=hashes.SHA384())),
    ]:
        case(nm, leaf, "valid", inters=(), roots=("rsa-root",))
        case(nm + "-tampered", tampered(leaf), "invalidSignature", inters=(), roots=("rsa-root",))
    edk, edl = ed25519.Ed25519PrivateKey.generate(), ed25519.Ed25519PrivateKey.generate()
    edroot = cert(name("Ed25519 Root"), edk, name("Ed25519 Root"), edk, ca=True)
    put("ed25519-root", edroot)
    edleaf = cert(name("ed.example.com"), edl, name("Ed25519 Root"), edk, ca=False)
    case("ed25519", edleaf, "valid", inters=(), roots=("ed25519-root",))
    case("ed25519-tampered", tampered(edleaf), "invalidSignature", inters=(), roots=("ed25519-root",))
    p521k = ec.generate_private_key(ec.SECP521R1())
    p521root = cert(name("P-521 Root"), p521k, name("P-521 Root"), p521k, ca=True, hash_alg=hashes.SHA512())
    put("p521-root", p521root)
    p521leaf = cert(name("p521.example.com"), lk, name("P-521 Root"), p521k, ca=False, hash_alg=hashes.SHA512())
    case("p521-sha512", p521leaf, "valid", inters=(), roots=("p521-root",))
    case("p521-sha512-tampered", tampered(p521leaf), "invalidSignature", inters=(), roots=("p521-root",))

    for label, text in files.items():
        with open(os.path.join(OUT, label + ".pem"), "w") as f:
            f.write(text)
    with open(os.path.join(OUT, "MANIFEST.json"), "w") as f:
        json.dump({"generator": "Scripts/generate-x509-chains.py", "cases": cases}, f, indent=1)
        f.write("\n")
    print(f"{len(cases)} cases, {len(files)} certificates")

if __name__ == "__main__":
    main()
