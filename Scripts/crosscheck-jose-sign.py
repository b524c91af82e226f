#!/usr/bin/env python3
"""Cross-check of PureJOSE signing against Python (joserfc 1.x and cryptography), run by .ci/run after swift test.

The built `jose` tool makes the keys (`jose keygen`, JWK and PEM) and signs the tokens (`jose sign`); Python loads
every key file (cryptography for PEM, joserfc for JWK), checks that private key files are mode 0600, verifies every
token with the public half, and checks that the claims read back equal what was signed (plus iat and exp) and the
header is exactly {"alg", "typ":"JWT", "kid"}. Claims are random (seeded): unicode strings, arrays, nested objects,
integers up to 2^64-1 and down to -2^63, fractions. `jose apple-secret` is checked against Vectors/keys/generated.
ES512 (P-521) and EdDSA / Ed25519 (OKP) tokens are also verified with `cryptography` directly (r||s of 66 bytes each
turned into DER for ECDSA with SHA-512; the 64-byte Ed25519 signature as is), and their key files are checked there
(the JWK's d gives its x (and y); the PEM private key's public half is the --public-out PEM). The totals per
algorithm are asserted exactly.

Usage: python3 Scripts/crosscheck-jose-sign.py [path/to/jose]     (default: the debug build's jose)
"""
import json
import os
import random
import stat
import subprocess
import sys
import tempfile
import time
import warnings

import base64

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from joserfc import jws
from joserfc.jwk import JWKRegistry

# joserfc warns that RFC 9864 deprecates the polymorphic EdDSA; both it and the fully specified Ed25519 are checked.
warnings.filterwarnings("ignore", message="EdDSA is deprecated")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IAT = 1_700_000_000
LIFETIME = 3600


def jose_binary():
    if len(sys.argv) > 1:
        return sys.argv[1]
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_dir, "jose")


JOSE = jose_binary()


def run(args, stdin=None):
    p = subprocess.run([JOSE] + args, input=stdin, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"FAIL: jose {' '.join(args)} exited {p.returncode}: {p.stderr.strip()}")
    return p.stdout


def random_string(rng):
    pools = [(0x20, 0x7E), (0x00, 0x1F), (0xA0, 0x24F), (0x2000, 0x206F), (0x4E00, 0x9FFF), (0x1F300, 0x1FAFF)]
    out = []
    for _ in range(rng.randrange(12)):
        lo, hi = rng.choice(pools)
        c = rng.randint(lo, hi)
        if 0xFDD0 <= c <= 0xFDEF or (c & 0xFFFE) == 0xFFFE:
            continue
        out.append(chr(c))
    return "".join(out)


def random_value(rng, depth):
    k = rng.randrange(6 if depth > 3 else 8)
    if k == 0:
        return rng.choice([None, True, False])
    if k == 1:
        return rng.choice([rng.randint(-2**63, 2**63 - 1), rng.randint(2**63, 2**64 - 1), 2**53 + 1, -2**63,
                           rng.randint(-1000, 1000)])
    if k == 2:
        return rng.choice([rng.random() * 10 ** rng.randint(-8, 8), 0.1, 1.5e300, -2.5e-300])
    if k in (3, 4, 5):
        return random_string(rng)
    if k == 6:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {random_string(rng) or "k": random_value(rng, depth + 1) for _ in range(rng.randrange(4))}


def random_claims(rng, i):
    claims = {"iss": "https://issuer.example", "sub": random_string(rng), "aud": ["api", random_string(rng)],
              "jti": f"token-{i}", "n": rng.randint(2**63, 2**64 - 1), "neg": -2**63}
    for _ in range(rng.randrange(5)):
        claims[random_string(rng) + "_x"] = random_value(rng, 1)
    return claims


# (keygen arguments, algorithms, tokens per algorithm and key form)
PLANS = [
    (["--kty", "oct", "--bytes", "32"], ["HS256"], 20),
    (["--kty", "oct", "--bytes", "48"], ["HS256", "HS384"], 15),
    (["--kty", "oct", "--bytes", "64"], ["HS256", "HS384", "HS512"], 12),
    (["--kty", "oct", "--bytes", "100"], ["HS512"], 12),
    (["--kty", "EC", "--crv", "P-256"], ["ES256"], 30),
    (["--kty", "EC", "--crv", "P-384"], ["ES384"], 30),
    (["--kty", "EC", "--crv", "P-521"], ["ES512"], 30),
    (["--kty", "OKP", "--crv", "Ed25519"], ["EdDSA", "Ed25519"], 20),
    (["--kty", "RSA", "--bits", "2048"], ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512"], 6),
    (["--kty", "RSA", "--bits", "3072"], ["RS256", "PS384"], 5),
    (["--kty", "RSA", "--bits", "4096"], ["RS512", "PS512"], 4),
]


def b64u(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def crypto_key_from_jwk(jwk):
    """The public key of a private ES512 / Ed25519 JWK, computed by cryptography from d alone; x (and y) must match."""
    d = b64u(jwk["d"])
    if jwk["kty"] == "OKP":
        if jwk["crv"] != "Ed25519" or len(d) != 32:
            raise SystemExit(f"FAIL: OKP JWK {jwk['crv']} d of {len(d)} bytes")
        pub = ed25519.Ed25519PrivateKey.from_private_bytes(d).public_key()
        if pub.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw) != b64u(jwk["x"]):
            raise SystemExit("FAIL: OKP JWK x is not the public key of d")
        return pub
    if jwk["crv"] != "P-521" or len(d) != 66 or len(b64u(jwk["x"])) != 66 or len(b64u(jwk["y"])) != 66:
        raise SystemExit("FAIL: P-521 JWK member sizes")
    pub = ec.derive_private_key(int.from_bytes(d, "big"), ec.SECP521R1()).public_key().public_numbers()
    if (pub.x, pub.y) != (int.from_bytes(b64u(jwk["x"]), "big"), int.from_bytes(b64u(jwk["y"]), "big")):
        raise SystemExit("FAIL: P-521 JWK (x, y) is not d*G")
    return pub.public_key()


def crypto_verify(token, alg, pub):
    """cryptography's own verdict on an ES512 / EdDSA / Ed25519 token (True: valid)."""
    head, body, sig = token.split(".")
    raw, data = b64u(sig), (head + "." + body).encode()
    try:
        if alg == "ES512":
            if len(raw) != 132:
                raise SystemExit(f"FAIL: ES512 signature of {len(raw)} bytes")
            r, s = int.from_bytes(raw[:66], "big"), int.from_bytes(raw[66:], "big")
            pub.verify(encode_dss_signature(r, s), data, ec.ECDSA(hashes.SHA512()))
        else:
            if len(raw) != 64:
                raise SystemExit(f"FAIL: {alg} signature of {len(raw)} bytes")
            pub.verify(raw, data)
        return True
    except InvalidSignature:
        return False


def public_equal(a, b):
    if isinstance(a, ed25519.Ed25519PublicKey):
        raw = (serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        return isinstance(b, ed25519.Ed25519PublicKey) and a.public_bytes(*raw) == b.public_bytes(*raw)
    return a.public_numbers() == b.public_numbers()


NEW_ALGS = ("ES512", "EdDSA", "Ed25519")


def expected_totals():
    """Tokens per algorithm the plans make: count per algorithm and key form (JWK, and PEM except for oct)."""
    want = {}
    for gen, algs, count in PLANS:
        forms = 1 if gen[1] == "oct" else 2
        for alg in algs:
            want[alg] = want.get(alg, 0) + count * forms
    return want


def check_mode(path):
    mode = stat.S_IMODE(os.stat(path).st_mode)
    if mode != 0o600:
        raise SystemExit(f"FAIL: {path} has mode {oct(mode)}, expected 0o600")


def main():
    started = time.time()
    rng = random.Random(20261123)
    tmp = tempfile.mkdtemp(prefix="jose-sign-crosscheck-")
    tokens = 0
    keys = 0
    per_alg = {}
    crypto_checked = {}
    for n, (gen, algs, count) in enumerate(PLANS):
        forms = ["jwk"] if gen[1] == "oct" else ["jwk", "pem"]
        private_jwk_path = os.path.join(tmp, f"key{n}.jwk.json")
        public_out = [] if gen[1] == "oct" else ["--public-out", os.path.join(tmp, f"key{n}.pub.jwk.json")]
        run(["keygen"] + gen + ["--kid", f"key-{n}", "--out", private_jwk_path] + public_out)
        check_mode(private_jwk_path)
        with open(private_jwk_path) as f:
            private_jwk = json.load(f)
        key = JWKRegistry.import_key(private_jwk)  # joserfc loads the private JWK
        if gen[1] != "oct":
            with open(os.path.join(tmp, f"key{n}.pub.jwk.json")) as f:
                public_jwk = json.load(f)
            if any(m in public_jwk for m in ("d", "p", "q", "dp", "dq", "qi", "k")):
                raise SystemExit(f"FAIL: public JWK of key {n} holds private members")
            verify_key = JWKRegistry.import_key(public_jwk)
            # The public JWK is the public half of the private one.
            for m in ("kty", "n", "e", "crv", "x", "y"):
                if m in private_jwk and private_jwk[m] != public_jwk[m]:
                    raise SystemExit(f"FAIL: public JWK member {m} differs from the private key's")
        else:
            verify_key = key
        key_files = {"jwk": private_jwk_path}
        if "pem" in forms:
            pem_path = os.path.join(tmp, f"key{n}.pem")
            run(["keygen"] + gen + ["--pem", "--out", pem_path, "--public-out", os.path.join(tmp, f"key{n}.pub.pem")])
            check_mode(pem_path)
            with open(pem_path, "rb") as f:
                pem_key = serialization.load_pem_private_key(f.read(), password=None)  # cryptography checks it
            with open(os.path.join(tmp, f"key{n}.pub.pem"), "rb") as f:
                pub = serialization.load_pem_public_key(f.read())
            if not public_equal(pub, pem_key.public_key()):
                raise SystemExit(f"FAIL: --public-out PEM of key {n} is not the private key's public half")
            kty = gen[1]
            key_files["pem"] = (pem_path, JWKRegistry.import_key(pem_key.public_key(), kty), pem_key.public_key())
            if kty == "OKP":
                # RFC 8410: Ed25519 private keys are PKCS#8 (unencrypted PrivateKeyInfo, no public key member).
                if not isinstance(pem_key, ed25519.Ed25519PrivateKey):
                    raise SystemExit(f"FAIL: OKP PEM of key {n} is {type(pem_key).__name__}")
            elif kty == "EC" and pem_key.curve.name != {"P-256": "secp256r1", "P-384": "secp384r1", "P-521": "secp521r1"}[gen[3]]:
                raise SystemExit(f"FAIL: EC PEM of key {n} is on {pem_key.curve.name}")
            keys += 1
        keys += 1
        crypto_jwk_key = crypto_key_from_jwk(private_jwk) if any(a in NEW_ALGS for a in algs) else None
        for alg in algs:
            for form in forms:
                if form == "jwk":
                    path, vkey, ckey = key_files["jwk"], verify_key, crypto_jwk_key
                else:
                    path, vkey, ckey = key_files["pem"]
                for i in range(count):
                    claims = random_claims(rng, tokens)
                    claims_path = os.path.join(tmp, "claims.json")
                    with open(claims_path, "w", encoding="utf-8") as f:
                        json.dump(claims, f, ensure_ascii=bool(i % 2))
                    kid = f"key-{n}" if form == "jwk" else None
                    args = ["sign", "--key", path, "--alg", alg, "--iat", str(IAT), "--exp", str(LIFETIME), claims_path]
                    token = run(args).strip()
                    obj = jws.deserialize_compact(token, vkey, algorithms=[alg])
                    header = obj.protected
                    expected_header = {"alg": alg, "typ": "JWT"}
                    if kid:
                        expected_header["kid"] = kid
                    if header != expected_header or list(header) != list(expected_header):
                        raise SystemExit(f"FAIL: {alg} header {header} != {expected_header}")
                    got = json.loads(obj.payload)
                    want = dict(claims, iat=IAT, exp=IAT + LIFETIME)
                    if got != want or list(got) != list(want):
                        raise SystemExit(f"FAIL: {alg} claims read back differ:\n{got}\n{want}")
                    # A flipped signature byte fails in Python too.
                    head, body, sig = token.split(".")
                    bad = head + "." + body + "." + ("A" if sig[0] != "A" else "B") + sig[1:]
                    try:
                        jws.deserialize_compact(bad, vkey, algorithms=[alg])
                        raise SystemExit(f"FAIL: {alg} accepted a changed signature")
                    except SystemExit:
                        raise
                    except Exception:
                        pass
                    if alg in NEW_ALGS:
                        # cryptography's own verdict, independent of joserfc: valid, and not after the change.
                        if not crypto_verify(token, alg, ckey):
                            raise SystemExit(f"FAIL: cryptography refused a {alg} token")
                        if crypto_verify(bad, alg, ckey):
                            raise SystemExit(f"FAIL: cryptography accepted a changed {alg} signature")
                        crypto_checked[alg] = crypto_checked.get(alg, 0) + 1
                    tokens += 1
                    per_alg[alg] = per_alg.get(alg, 0) + 1
    print(f"[crosscheck-jose-sign] {tokens} tokens signed by jose verified by joserfc; {keys} key files loaded "
          f"(cryptography PEM, joserfc JWK); per algorithm: {dict(sorted(per_alg.items()))}")
    want = expected_totals()
    if per_alg != want or tokens != sum(want.values()) or tokens < 300:
        raise SystemExit(f"FAIL: {tokens} tokens, per algorithm {per_alg}; expected {sum(want.values())}: {want}")
    want_crypto = {a: want[a] for a in NEW_ALGS}
    if crypto_checked != want_crypto:
        raise SystemExit(f"FAIL: cryptography checked {crypto_checked}, expected {want_crypto}")
    if keys != sum(1 if gen[1] == "oct" else 2 for gen, _, _ in PLANS):
        raise SystemExit(f"FAIL: {keys} key files")
    print(f"[crosscheck-jose-sign] ES512/EdDSA/Ed25519 also verified by cryptography directly: {dict(sorted(crypto_checked.items()))}")
    apple_secret(tmp)
    print(f"[crosscheck-jose-sign] ok in {time.time() - started:.1f} s")


def apple_secret(tmp):
    """jose apple-secret with the Apple-style .p8 key: verified by Python with the .pub.pem next to it."""
    p8 = os.path.join(ROOT, "Vectors", "keys", "generated", "apple-style-AuthKey_TEST123456.p8")
    if not os.path.exists(p8):
        raise SystemExit(f"FAIL: {p8} is missing")
    with open(p8.replace(".p8", ".pub.pem"), "rb") as f:
        pub = serialization.load_pem_public_key(f.read())
    before = int(time.time())
    token = run(["apple-secret", "--p8", p8, "--team", "TEAM123456", "--client", "com.example.service",
                 "--kid", "TEST123456", "--days", "180"]).strip()
    after = int(time.time())
    obj = jws.deserialize_compact(token, JWKRegistry.import_key(pub, "EC"), algorithms=["ES256"])
    if obj.protected != {"alg": "ES256", "kid": "TEST123456"} or list(obj.protected) != ["alg", "kid"]:
        raise SystemExit(f"FAIL: apple-secret header {obj.protected}")
    claims = json.loads(obj.payload)
    if sorted(claims) != ["aud", "exp", "iat", "iss", "sub"]:
        raise SystemExit(f"FAIL: apple-secret claims {sorted(claims)}")
    if not (before <= claims["iat"] <= after) or claims["exp"] - claims["iat"] != 180 * 86400:
        raise SystemExit(f"FAIL: apple-secret times {claims}")
    if (claims["iss"], claims["sub"], claims["aud"]) != ("TEAM123456", "com.example.service", "https://appleid.apple.com"):
        raise SystemExit(f"FAIL: apple-secret claims {claims}")
    print("[crosscheck-jose-sign] apple-secret: ES256 token verified with the .pub.pem; header {alg, kid}, five claims")


if __name__ == "__main__":
    main()
