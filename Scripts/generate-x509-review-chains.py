#!/usr/bin/env python3
"""Writes Vectors/x509-review/: the chains and OCSP answers of security review 4 (issue 39), made with Python
`cryptography`, each refusal beside the twin that differs from it in the one rule, and MANIFEST.json:

  {"cases": [{"name", "leaf", "intermediates": [...], "roots": [...], "time", "eku": [...], "policy": {...},
              "expected": "valid" | <X509Error code>, "openssl": "valid" | "invalid", "note"?}],
   "ocsp": [{"name", "file", "subject", "issuer", "time", "expected": "good" | <X509Error code>}]}

Roots are loaded as trust anchors (Certificate(trustAnchorPEMEncoded:)). "policy" names CertificateVerifier.Policy
members set for the case. `openssl` is what `openssl verify -partial_chain -attime` answers
(Scripts/x509-openssl-differential.sh checks it); where it differs from `expected`, "note" says why.

Every key is Ed25519 from a fixed seed and Ed25519 signatures are deterministic, so the outputs are reproducible
byte for byte (Scripts/regenerate.sh runs this script and compares):  python3 Scripts/generate-x509-review-chains.py
"""
import base64, datetime, hashlib, json, os
from cryptography import x509
from cryptography.x509 import ocsp
from cryptography.x509.name import _ASN1Type
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ed25519

OUT = os.path.join(os.path.dirname(__file__), "..", "Vectors", "x509-review")
T0 = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
T1 = datetime.datetime(2040, 1, 1, tzinfo=datetime.timezone.utc)
NOW = 1767225600  # 2026-01-01T00:00:00Z
OCSP_AT = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)

def key(label):
    return ed25519.Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"purejose review 4 " + label.encode()).digest())

def attr(oid, value, t=None):
    return x509.NameAttribute(oid, value, _type=t) if t else x509.NameAttribute(oid, value)

def name(cn, *extra):
    return x509.Name([attr(NameOID.ORGANIZATION_NAME, "PureJOSE review"), *extra, attr(NameOID.COMMON_NAME, cn)])

serial = [2000]
def cert(subject, k, issuer_name, issuer_key, *, ca=None, ku="default", eku=None, san=None, aki=True, ski=True,
         nc_excluded=None, nc_permitted=None, not_after=T1):
    """ca: True / False (basicConstraints present with that cA) / None (absent)."""
    serial[0] += 1
    pub = k.public_key()
    b = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer_name).public_key(pub)
         .serial_number(serial[0]).not_valid_before(T0).not_valid_after(not_after))
    if ca is not None:
        b = b.add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    if ku == "default":
        ku = {"key_cert_sign": True, "crl_sign": True} if ca else {"digital_signature": True}
    if ku is not None:
        kw = dict(digital_signature=False, content_commitment=False, key_encipherment=False, data_encipherment=False,
                  key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False)
        kw.update(ku)
        b = b.add_extension(x509.KeyUsage(**kw), critical=True)
    if ski:
        b = b.add_extension(x509.SubjectKeyIdentifier.from_public_key(pub), critical=False)
    if aki:
        b = b.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
    if eku:
        b = b.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    if san:
        b = b.add_extension(x509.SubjectAlternativeName(san), critical=False)
    if nc_excluded or nc_permitted:
        b = b.add_extension(x509.NameConstraints(permitted_subtrees=nc_permitted, excluded_subtrees=nc_excluded), critical=True)
    return b.sign(issuer_key, None)

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

def with_serial_zero(c, issuer_key):
    """The same certificate with serial number 0 (which `cryptography` refuses to write), signed again."""
    tbs = c.tbs_certificate_bytes
    hdr = 2 + (tbs[1] & 0x7F if tbs[1] & 0x80 else 0)
    parts = der_children(tbs[hdr:])
    parts[1] = der_tlv(0x02, b"\x00")
    new_tbs = der_tlv(0x30, b"".join(parts))
    alg = der_tlv(0x30, der_tlv(0x06, bytes.fromhex("2b6570")))
    sig = issuer_key.sign(new_tbs)
    return der_tlv(0x30, new_tbs + alg + der_tlv(0x03, b"\x00" + sig))

def body(tlv):
    n = tlv[1]
    return tlv[2 + (n & 0x7F if n & 0x80 else 0):]

def with_produced_at(der, when, signer):
    """The OCSP response with producedAt set to `when` (cryptography's builder writes the current time), signed again."""
    status, wrapper = der_children(body(der))
    oid, octets = der_children(body(der_children(body(wrapper))[0]))
    tbs, alg, _sig, certs = der_children(body(der_children(body(octets))[0]))
    parts = der_children(body(tbs))
    assert parts[1][0] == 0x18, "producedAt follows the responderID (no version)"
    parts[1] = der_tlv(0x18, when.strftime("%Y%m%d%H%M%SZ").encode())
    new_tbs = der_tlv(0x30, b"".join(parts))
    basic = der_tlv(0x30, new_tbs + alg + der_tlv(0x03, b"\x00" + signer.sign(new_tbs)) + certs)
    return der_tlv(0x30, status + der_tlv(0xA0, der_tlv(0x30, oid + der_tlv(0x04, basic))))

def pem(c):
    if isinstance(c, bytes):   # DER that `cryptography` would refuse to load
        b64 = base64.b64encode(c).decode()
        return "-----BEGIN CERTIFICATE-----\n" + "".join(b64[i:i + 64] + "\n" for i in range(0, len(b64), 64)) + "-----END CERTIFICATE-----\n"
    return c.public_bytes(serialization.Encoding.PEM).decode()

def main():
    os.makedirs(OUT, exist_ok=True)
    files, cases, ocsp_cases = {}, [], []
    def put(label, c):
        files[label + ".pem"] = pem(c).encode()
        return label
    def case(nm, leaf, expected, inters, roots=("root",), policy=None, openssl=None, note=None):
        c = {"name": nm, "leaf": put(nm + ".leaf", leaf), "intermediates": list(inters), "roots": list(roots),
             "time": NOW, "eku": [], "policy": policy or {}, "expected": expected,
             "openssl": openssl or ("valid" if expected == "valid" else "invalid")}
        if note: c["note"] = note
        cases.append(c)

    rk = key("root")
    root = cert(name("Root"), rk, name("Root"), rk, ca=True)
    put("root", root)
    lk = key("leaf")

    # Finding 4: an excluded directoryName C=US, O=Evil; the leaf writes O=Evil as a TeletexString.
    evil = [attr(NameOID.COUNTRY_NAME, "US"), attr(NameOID.ORGANIZATION_NAME, "Evil")]
    nck = key("nc-dirname")
    put("inter-excludes-evil", cert(name("Excludes Evil"), nck, name("Root"), rk, ca=True,
                                    nc_excluded=[x509.DirectoryName(x509.Name(evil))]))
    def dn(o, t=None, cn="leaf"):
        return x509.Name([attr(NameOID.COUNTRY_NAME, "US"), attr(NameOID.ORGANIZATION_NAME, o, t), attr(NameOID.COMMON_NAME, cn)])
    DL = lambda subject, san=None: cert(subject, lk, name("Excludes Evil"), nck, ca=False, san=san)
    case("dirname-excluded-printable", DL(dn("Evil")), "nameConstraintViolation", ["inter-excludes-evil"])
    case("dirname-excluded-teletex", DL(dn("Evil", _ASN1Type.T61String)), "nameConstraintViolation", ["inter-excludes-evil"])
    case("dirname-excluded-teletex-upper", DL(dn("EVIL", _ASN1Type.T61String)), "nameConstraintViolation", ["inter-excludes-evil"])
    case("dirname-excluded-teletex-san", DL(dn("Good"), san=[x509.DirectoryName(dn("Evil", _ASN1Type.T61String))]),
         "nameConstraintViolation", ["inter-excludes-evil"])
    case("dirname-outside-teletex", DL(dn("Good", _ASN1Type.T61String)), "valid", ["inter-excludes-evil"])
    case("dirname-excluded-zero-width-space", DL(dn("Evil\u200b", _ASN1Type.UTF8String)), "nameConstraintViolation",
         ["inter-excludes-evil"], openssl="valid",
         note="RFC 4518 §2.2 maps U+200B to nothing, so this O is Evil; PureX509 does not apply RFC 4518's Unicode "
              "tables and so an excluded subtree fails closed on text outside printable ASCII; OpenSSL compares the bytes")
    pk = key("nc-permitted")
    put("inter-permits-good", cert(name("Permits Good"), pk, name("Root"), rk, ca=True,
                                   nc_permitted=[x509.DirectoryName(x509.Name([attr(NameOID.COUNTRY_NAME, "US"), attr(NameOID.ORGANIZATION_NAME, "Good")]))]))
    PL = lambda subject: cert(subject, lk, name("Permits Good"), pk, ca=False)
    case("dirname-permitted-teletex", PL(dn("Good", _ASN1Type.T61String)), "valid", ["inter-permits-good"])
    case("dirname-permitted-teletex-unreadable", PL(dn("Good$", _ASN1Type.T61String)), "nameConstraintViolation", ["inter-permits-good"])

    # Finding 6: an excluded rfc822Name evil.com; leaves without a SAN, with a subject emailAddress.
    mk = key("nc-mail")
    put("inter-excludes-evil-mail", cert(name("Excludes evil.com mail"), mk, name("Root"), rk, ca=True,
                                         nc_excluded=[x509.RFC822Name("evil.com")]))
    ML = lambda mail: cert(name("mail leaf", attr(NameOID.EMAIL_ADDRESS, mail)), lk, name("Excludes evil.com mail"), mk, ca=False)
    case("email-excluded", ML("a@evil.com"), "nameConstraintViolation", ["inter-excludes-evil-mail"])
    case("email-excluded-trailing-dot", ML("a@evil.com."), "nameConstraintViolation", ["inter-excludes-evil-mail"], openssl="valid",
         note="a@evil.com. is not a mailbox by RFC 5280 §4.2.1.6's rules, so under rfc822Name constraints PureX509 refuses it; OpenSSL compares the text and finds it outside evil.com")
    case("email-excluded-trailing-space", ML("a@evil.com "), "nameConstraintViolation", ["inter-excludes-evil-mail"], openssl="valid",
         note="'a@evil.com ' is not a mailbox by RFC 5280 §4.2.1.6's rules, so under rfc822Name constraints PureX509 refuses it; OpenSSL compares the text and finds it outside evil.com")
    case("email-outside", ML("a@good.com"), "valid", ["inter-excludes-evil-mail"])

    # Finding 8 (b): a CA certificate without authorityKeyIdentifier; refused only on the policy's request.
    ak = key("no-aki")
    put("inter-without-aki", cert(name("No AKI"), ak, name("Root"), rk, ca=True, aki=False))
    noaki_leaf = cert(name("leaf"), lk, name("No AKI"), ak, ca=False)
    case("ca-without-aki", noaki_leaf, "valid", ["inter-without-aki"])
    case("ca-without-aki-required", noaki_leaf, "profileViolation", ["inter-without-aki"],
         policy={"requireAuthorityKeyIdentifierOnCAs": True}, openssl="valid",
         note="requireAuthorityKeyIdentifierOnCAs asks for RFC 5280 §4.2.1.1's rule, which OpenSSL checks only with -x509_strict")

    # Finding 8 (a): a pinned root with serial number 0 (a profile deviation) is a trust anchor all the same.
    zk = key("zero-root")
    zero_root = with_serial_zero(cert(name("Zero Serial Root"), zk, name("Zero Serial Root"), zk, ca=True), zk)
    put("root-serial-zero", zero_root)
    case("anchor-serial-zero", cert(name("leaf"), lk, name("Zero Serial Root"), zk, ca=False), "valid", [], roots=("root-serial-zero",))

    # Finding 11 (i): an issuer whose basicConstraints is present with cA FALSE (no keyUsage, so that is the only rule).
    fk, tk = key("bc-false"), key("bc-true")
    put("inter-ca-false", cert(name("CA false"), fk, name("Root"), rk, ca=False, ku=None))
    put("inter-ca-true-no-ku", cert(name("CA true"), tk, name("Root"), rk, ca=True, ku=None))
    case("issuer-ca-false", cert(name("leaf"), lk, name("CA false"), fk, ca=False), "notACertificateAuthority", ["inter-ca-false"])
    case("issuer-ca-true-no-keyusage", cert(name("leaf"), lk, name("CA true"), tk, ca=False), "valid", ["inter-ca-true-no-ku"])

    # Finding 11 (iii): OCSP answers signed by a delegated responder whose certificate has no extendedKeyUsage at all,
    # beside the one with id-kp-OCSPSigning; and (the gap beside it) one whose responder certificate expired before
    # the answer is checked.
    ik = key("ocsp-issuer")
    issuer = cert(name("OCSP Issuer"), ik, name("Root"), rk, ca=True)
    put("ocsp-issuer", issuer)
    subject = cert(name("OCSP subject"), lk, name("OCSP Issuer"), ik, ca=False)
    put("ocsp-subject", subject)
    expired = datetime.datetime(2025, 12, 31, tzinfo=datetime.timezone.utc)
    for label, eku, until in [("ocsp-responder", [ExtendedKeyUsageOID.OCSP_SIGNING], T1), ("ocsp-responder-without-eku", None, T1),
                              ("ocsp-responder-expired", [ExtendedKeyUsageOID.OCSP_SIGNING], expired)]:
        rkey = key(label)
        responder = cert(name(label), rkey, name("OCSP Issuer"), ik, ca=False, eku=eku, not_after=until)
        put(label, responder)
        resp = (ocsp.OCSPResponseBuilder()
                .add_response(cert=subject, issuer=issuer, algorithm=hashes.SHA1(), cert_status=ocsp.OCSPCertStatus.GOOD,
                              this_update=OCSP_AT, next_update=OCSP_AT + datetime.timedelta(days=1),
                              revocation_time=None, revocation_reason=None)
                .responder_id(ocsp.OCSPResponderEncoding.NAME, responder).certificates([responder])
                .sign(rkey, None))
        files[label + ".der"] = with_produced_at(resp.public_bytes(serialization.Encoding.DER), OCSP_AT, rkey)
        ocsp_cases.append({"name": label, "file": label + ".der", "subject": "ocsp-subject", "issuer": "ocsp-issuer",
                           "time": int(OCSP_AT.timestamp()) + 3600,
                           "expected": "good" if eku and until == T1 else "ocspResponderNotAuthorized"})

    for label, data in files.items():
        with open(os.path.join(OUT, label), "wb") as f:
            f.write(data)
    with open(os.path.join(OUT, "MANIFEST.json"), "w") as f:
        json.dump({"generator": "Scripts/generate-x509-review-chains.py", "cases": cases, "ocsp": ocsp_cases}, f, indent=1)
        f.write("\n")
    print(f"{len(cases)} chain cases, {len(ocsp_cases)} OCSP cases, {len(files)} files")

if __name__ == "__main__":
    main()
