#!/usr/bin/env python3
"""Cross-check Apple-shaped tokens made by `jose` against Python `cryptography` (run by .ci/run, never by swift test).

For fresh P-256 keys made here and for the test key of Apple's library: `jose appstore token`, `jose apns-token` and
`jose appstore offer-signature` output is taken apart and checked independently — header and claims exactly as Apple
documents them, the ES256 signature (r||s) or the promotional-offer signature (DER over the U+2063-joined fields,
rebuilt here) verified with `cryptography`.

Usage: python3 Scripts/crosscheck-appstore-tokens.py PATH/TO/jose
"""
import base64, json, os, subprocess, sys, tempfile, uuid

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.exceptions import InvalidSignature

JOSE = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def run(*args):
    out = subprocess.run([JOSE, *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"jose {' '.join(args)} failed ({out.returncode}): {out.stderr}")
    return out.stdout.strip()


def check_es256(token, public_key):
    h, p, s = token.split(".")
    raw = b64url(s)
    assert len(raw) == 64, "ES256 signature is not 64 bytes"
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public_key.verify(der, f"{h}.{p}".encode(), ec.ECDSA(hashes.SHA256()))
    # A changed signing input must fail.
    try:
        public_key.verify(der, f"{h}.{p}x".encode(), ec.ECDSA(hashes.SHA256()))
        sys.exit("a tampered signing input verified")
    except InvalidSignature:
        pass
    return json.loads(b64url(h)), b64url(p).decode()


def check_key(p8_path, private_key, label):
    pub = private_key.public_key()
    cases = 0
    iat = 1_700_000_000
    token = run("appstore", "token", "--p8", p8_path, "--issuer", "57246542-96fe-1a63-e053-0824d011072a",
                "--kid", "2X9R4HXF34", "--bundle-id", "com.example.app", "--iat", str(iat), "--minutes", "60")
    header, payload = check_es256(token, pub)
    assert header == {"alg": "ES256", "typ": "JWT", "kid": "2X9R4HXF34"}, header
    assert list(json.loads(payload)) == ["iss", "iat", "exp", "aud", "bid"], payload
    assert json.loads(payload) == {"iss": "57246542-96fe-1a63-e053-0824d011072a", "iat": iat, "exp": iat + 3600,
                                   "aud": "appstoreconnect-v1", "bid": "com.example.app"}, payload
    cases += 1
    token = run("apns-token", "--p8", p8_path, "--team", "DEF123GHIJ", "--kid", "ABC123DEFG", "--iat", str(iat))
    header, payload = check_es256(token, pub)
    assert header == {"alg": "ES256", "kid": "ABC123DEFG"}, header
    assert json.loads(payload) == {"iss": "DEF123GHIJ", "iat": iat} and list(json.loads(payload)) == ["iss", "iat"], payload
    cases += 1
    for account in ["", str(uuid.uuid4()).upper()]:
        nonce = str(uuid.uuid4()).upper()
        ts = 1_698_148_900_123
        args = ["appstore", "offer-signature", "--p8", p8_path, "--kid", "2X9R4HXF34", "--bundle-id", "com.example.app",
                "--product", "com.example.monthly", "--offer", "WINBACK1", "--nonce", nonce, "--timestamp", str(ts)]
        if account:
            args += ["--app-account-token", account]
        sig = base64.b64decode(run(*args), validate=True)
        message = "\u2063".join(["com.example.app", "2X9R4HXF34", "com.example.monthly", "WINBACK1", account.lower(),
                                 nonce.lower(), str(ts)]).encode()
        pub.verify(sig, message, ec.ECDSA(hashes.SHA256()))
        cases += 1
    print(f"[crosscheck-appstore] {label}: {cases} tokens and signatures verified by cryptography")
    return cases


total = check_key(os.path.join(ROOT, "Vectors/apple/certs/testSigningKey.p8"),
                  serialization.load_pem_private_key(open(os.path.join(ROOT, "Vectors/apple/certs/testSigningKey.p8"), "rb").read(), None),
                  "Apple's test key")
with tempfile.TemporaryDirectory() as d:
    for i in range(4):
        key = ec.generate_private_key(ec.SECP256R1())
        path = os.path.join(d, f"AuthKey_{i}.p8")
        with open(path, "wb") as f:
            f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
        total += check_key(path, key, f"fresh key {i + 1}")
assert total == 20, total
print(f"[crosscheck-appstore] {total} cases, all verified")
