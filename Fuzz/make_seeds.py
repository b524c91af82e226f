#!/usr/bin/env python3
"""Builds the fuzzers' seed corpora from Vectors/ into a directory (one folder per target); nothing is committed.

    python3 Fuzz/make_seeds.py OUTDIR [TARGET...]
"""
import base64
import glob
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
V = os.path.join(ROOT, "Vectors")


def read(path, mode="rb"):
    with open(path, mode) as f:
        return f.read()


def b64u_decode(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def compact(obj):
    return json.dumps(obj, separators=(",", ":")).encode()


def tokens():
    cross = json.load(open(os.path.join(V, "jose", "crosscheck.json")))
    attacks = json.load(open(os.path.join(V, "jose", "attacks.json")))
    out = [t["token"] for t in cross["tokens"]]
    out += [t["token"] for t in attacks["tokens"].values()]
    return out


def jwk_documents():
    docs = []
    cross = json.load(open(os.path.join(V, "jose", "crosscheck.json")))
    attacks = json.load(open(os.path.join(V, "jose", "attacks.json")))
    for source in (cross["keySets"], attacks["keySets"]):
        for s in source.values():
            docs.append(compact(s))
            docs += [compact(k) for k in s.get("keys", []) if isinstance(k, dict)]
    docs += [compact(k) for k in attacks["publicKeys"].values()]
    for path in glob.glob(os.path.join(V, "jwks", "*.json")):
        docs.append(read(path))
    for path in glob.glob(os.path.join(V, "rfc", "7520", "jwk", "*")):
        docs.append(read(path))
    for path in glob.glob(os.path.join(V, "wycheproof", "ecdsa_*_p1363_test.json"))[:2]:
        for g in json.load(open(path))["testGroups"]:
            if "publicKeyJwk" in g:
                docs.append(compact(g["publicKeyJwk"]))
    return docs


def pem_files():
    return sorted(glob.glob(os.path.join(V, "keys", "**", "*.pem"), recursive=True))


def der_blobs():
    out = [read(p) for p in sorted(glob.glob(os.path.join(V, "keys", "**", "*.der"), recursive=True))]
    for p in pem_files():
        text = read(p, "r")
        body, inside = [], False
        for line in text.splitlines():
            if line.startswith("-----BEGIN"):
                inside, body = True, []
            elif line.startswith("-----END") and inside:
                try:
                    out.append(base64.b64decode("".join(body)))
                except ValueError:
                    pass
                inside = False
            elif inside and ":" not in line:
                body.append(line.strip())
    for name in ("ecdsa_secp256r1_sha256_test.json", "ecdsa_secp384r1_sha384_test.json"):
        data = json.load(open(os.path.join(V, "wycheproof", name)))
        for g in data["testGroups"][:3]:
            out.append(bytes.fromhex(g["publicKeyDer"]))
            out += [bytes.fromhex(t["sig"]) for t in g["tests"][:40]]
    return out


def ecdsa_inputs():
    out = []
    for name in ("ecdsa_secp256r1_sha256_p1363_test.json", "ecdsa_secp384r1_sha384_p1363_test.json"):
        data = json.load(open(os.path.join(V, "wycheproof", name)))
        for g in data["testGroups"][:2]:
            out.append(bytes.fromhex(g["publicKey"]["uncompressed"]))
            out += [bytes.fromhex(t["sig"]) + bytes.fromhex(t["msg"]) for t in g["tests"][:60]]
    return out


def rsa_inputs():
    out = []
    data = json.load(open(os.path.join(V, "wycheproof", "rsa_signature_2048_sha256_test.json")))
    for g in data["testGroups"][:1]:
        out += [b"\x00" + bytes.fromhex(t["sig"]) + bytes.fromhex(t["msg"]) for t in g["tests"][:60]]
    out += [bytes([s]) + bytes([0xFF]) * 16 for s in range(6)]
    return out


def eddsa_inputs():
    out = []
    path = os.path.join(V, "wycheproof", "ed25519_test.json")
    if os.path.exists(path):
        for g in json.load(open(path))["testGroups"][:3]:
            out += [bytes.fromhex(t["sig"]) + bytes.fromhex(t["msg"]) for t in g["tests"][:80]]
    out.append(bytes(64))
    return out


def mldsa_inputs():
    out = []
    for level in ("44", "65", "87"):
        path = os.path.join(V, "wycheproof", f"mldsa_{level}_verify_test.json")
        if os.path.exists(path):
            doc = json.load(open(path))
            for g in doc["testGroups"][:6]:
                out += [bytes.fromhex(t["sig"]) + bytes.fromhex(t["msg"]) for t in g["tests"][:10]]
                out.append(bytes.fromhex(g["publicKey"]))
    out.append(bytes(2420))
    return out


def oaep_inputs():
    """Selector byte + a 256-byte EM for the 2048-bit fixed key: valid EME-OAEP encodings (SHA-256/384/512, with and
    without the harness's label, several message lengths) and each with one byte broken (leading byte, seed, lHash,
    PS, separator, message)."""
    hashes = [hashlib.sha256, hashlib.sha384, hashlib.sha512]
    k, out = 256, []
    def mgf(h, seed, n):
        t, c = b"", 0
        while len(t) < n:
            t += h(seed + c.to_bytes(4, "big")).digest(); c += 1
        return t[:n]
    for choice, h in enumerate(hashes):
        hl = h().digest_size
        for use_label in (False, True):
            label = b"fuzz label" if use_label else b""
            for mlen in (0, 1, 16, 32, k - 2 * hl - 2):
                msg = bytes((i * 7 + 3) & 0xFF for i in range(mlen))
                db = h(label).digest() + bytes(k - mlen - 2 * hl - 2) + b"\x01" + msg
                seed = bytes((i * 13 + choice) & 0xFF for i in range(hl))
                mdb = bytes(a ^ b for a, b in zip(db, mgf(h, seed, k - hl - 1)))
                mseed = bytes(a ^ b for a, b in zip(seed, mgf(h, mdb, hl)))
                em = b"\x00" + mseed + mdb
                sel = bytes([choice | (0x10 if use_label else 0)])
                out.append(sel + em)
                for pos in (0, 1, hl + 1, k - mlen - 2, k - 1):
                    bad = bytearray(em); bad[pos] ^= 0x01
                    out.append(sel + bytes(bad))
    return out


def base64url_inputs():
    out = set()
    for t in tokens()[:200]:
        out.update(part.encode() for part in t.split(".") if part)
    return sorted(out)


def json_documents():
    out = jwk_documents()
    for t in tokens()[:300]:
        parts = t.split(".")
        for part in parts[:2]:
            try:
                out.append(b64u_decode(part))
            except ValueError:
                pass
    return out


def certificates():
    out = []
    for p in sorted(glob.glob(os.path.join(V, "x509-chains", "*.pem")) + glob.glob(os.path.join(V, "apple", "certs", "*.pem"))):
        body = [l for l in read(p, "r").splitlines() if l and not l.startswith("-----")]
        out.append(base64.b64decode("".join(body)))
    return out


def certificate_pools():
    c = certificates()
    return [b"".join(c[i:i + 3]) for i in range(0, len(c), 2)] + [b"".join(c)]


def ocsp_inputs():
    """The OCSP responses and requests of Vectors/ocsp (and its appstore/, notifications/ folders), and its
    certificates as DER (the request builder's input)."""
    out = [read(p) for p in sorted(glob.glob(os.path.join(V, "ocsp", "**", "*.der"), recursive=True))]
    for p in sorted(glob.glob(os.path.join(V, "ocsp", "**", "*.pem"), recursive=True)):
        body = [l for l in read(p, "r").splitlines() if l and not l.startswith("-----")]
        out.append(base64.b64decode("".join(body)))
    return out


def _jws_parts(token):
    """header JSON, payload JSON and signature text of a compact JWS, or None."""
    parts = token.strip().split(".")
    if len(parts) != 3:
        return None
    try:
        return b64u_decode(parts[0]), b64u_decode(parts[1]), parts[2].encode()
    except ValueError:
        return None


def appstore_inputs():
    """Apple's mock signed data (and Xcode's) as header NUL payload NUL signature, as the token itself, and Apple's
    model payloads under the mock transaction's header and signature (they reach the decoders through the Xcode
    verifier, and the chain and signature through the others)."""
    out = []
    tokens_ = [read(p, "r") for p in sorted(glob.glob(os.path.join(V, "apple", "mock_signed_data", "*")))
               + sorted(glob.glob(os.path.join(V, "apple", "xcode", "*")))]
    for t in tokens_:
        out.append(t.strip().encode())
        p = _jws_parts(t)
        if p:
            out.append(b"\0".join(p))
    mock = _jws_parts(read(os.path.join(V, "apple", "mock_signed_data", "transactionInfo"), "r"))
    for path in sorted(glob.glob(os.path.join(V, "apple", "models", "*.json"))):
        out.append(mock[0] + b"\0" + read(path) + b"\0" + mock[2])
    # The mock transaction with its date at the ends of what JSON can carry (issue 39: a signedDate near Int64.min
    # trapped before any signature check), as signedDate and as an app transaction's receiptCreationDate.
    payload = json.loads(mock[1])
    for date in ("-9223372036854775808", "-9223372036854775000", "9223372036854775807", "-1", "0", "-1e300",
                 "1e300", "9.2e18", "1.5"):
        for field in ("signedDate", "receiptCreationDate"):
            body = {k: v for k, v in payload.items() if k != "signedDate"}
            text = compact(body)[:-1] + b',"' + field.encode() + b'":' + date.encode() + b"}"
            out.append(mock[0] + b"\0" + text + b"\0" + mock[2])
    return out


def x5c_inputs():
    """The x5c-tokens cases as header NUL payload NUL signature, and as header NUL payload (signed again with the
    leaf's key by the target)."""
    out = []
    for c in json.load(open(os.path.join(V, "x5c-tokens", "MANIFEST.json")))["cases"]:
        p = _jws_parts(c["token"])
        out.append(c["token"].encode())
        if p:
            out.append(b"\0".join(p))
            out.append(p[0] + b"\0" + p[1])
    return out


TARGETS = {
    "jwt": lambda: [t.encode() for t in tokens()],
    "jwk": jwk_documents,
    "json": json_documents,
    "der": der_blobs,
    "pem": lambda: [read(p) for p in pem_files()],
    "ecdsa": ecdsa_inputs,
    "rsa": rsa_inputs,
    "eddsa": eddsa_inputs,
    "mldsa": mldsa_inputs,
    "base64url": base64url_inputs,
    "x509": certificates,
    "x509path": certificate_pools,
    "ocsp": ocsp_inputs,
    "appstore": appstore_inputs,
    "x5c": x5c_inputs,
    "oaep": oaep_inputs,
}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    names = sys.argv[2:] or list(TARGETS)
    for name in names:
        folder = os.path.join(out, name)
        os.makedirs(folder, exist_ok=True)
        seeds = TARGETS[name]()
        for s in seeds:
            with open(os.path.join(folder, hashlib.sha1(s).hexdigest()), "wb") as f:
                f.write(s)
        print(f"[fuzz] seeds {name}: {len(set(seeds))}")


if __name__ == "__main__":
    main()
