#!/usr/bin/env python3
"""Makes the fixtures of the `jose` command-line tests with Python `cryptography`,
an implementation independent of PureJOSE. Run by hand or by Scripts/regenerate.sh (not by `swift test`):

    python3 Scripts/generate-cli-fixtures.py

Keys come from a seeded generator and signatures are deterministic (Scripts/jose_py/jws.py), so the output is
byte-identical on every run.

It writes public keys in every form the tool reads (PEM SPKI, PEM PKCS#1, DER, JWK, JWK Set),
signed tokens (valid and tampered) and the facts the tests compare against: each key's
RFC 7638 thumbprint, computed here, and each JWK's SPKI PEM as `cryptography` writes it.
Private keys are used only in memory, except ec256.private.pem: a throwaway key that exists to check
that the tool refuses private keys.
"""
import base64, hashlib, json, os, random
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from jose_py import jws

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "JoseCLIFixtures")
rng = random.Random(20261124)

NOW = 1_800_000_000          # the tests pass --now 1800000000
EXP = 2_000_000_000          # valid tokens expire after NOW
ISS, AUD, NONCE = "https://issuer.example", "com.example.app", "n-0S6_WzA2Mj"


b64u = jws.b64u
uint = jws.uint


def compact(obj) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


def write(name, data):
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(name, mode) as f:
        f.write(data)


def rsa_jwk(pub, kid=None, alg=None):
    n = pub.public_numbers()
    d = {"kty": "RSA", "n": b64u(uint(n.n)), "e": b64u(uint(n.e))}
    if kid: d["kid"] = kid
    if alg: d["alg"] = alg
    return d


def ec_jwk(pub, kid=None):
    n = pub.public_numbers()
    size = (pub.curve.key_size + 7) // 8
    crv = {"secp256r1": "P-256", "secp384r1": "P-384"}[pub.curve.name]
    d = {"kty": "EC", "crv": crv, "x": b64u(uint(n.x, size)), "y": b64u(uint(n.y, size))}
    if kid: d["kid"] = kid
    return d


def thumbprint(jwk):
    # RFC 7638 §3.2: required members only, lexicographic order, no whitespace.
    req = {"RSA": ["e", "kty", "n"], "EC": ["crv", "kty", "x", "y"], "oct": ["k", "kty"]}[jwk["kty"]]
    canon = "{" + ",".join(f'"{k}":"{jwk[k]}"' for k in req) + "}"
    return b64u(hashlib.sha256(canon.encode()).digest())


def spki_pem(pub) -> str:
    return pub.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def sign(alg, key, header, claims) -> str:
    return jws.token(header, claims, key, alg=alg)


def flip_payload(token: str) -> str:
    # Change one claim value so the payload is still valid JSON but the signature no longer fits.
    h, p, s = token.split(".")
    claims = json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
    claims["sub"] = claims["sub"] + "x"
    return h + "." + b64u(compact(claims)) + "." + s


def main():
    os.chdir(FIXTURES)
    rsa_key = jws.rsa_key(rng, 2048)
    p256 = jws.ec_key(rng, "P-256")
    p384 = jws.ec_key(rng, "P-384")
    other = jws.ec_key(rng, "P-256")   # a key that is not in the set
    secret = rng.randbytes(32)

    rpub, e256, e384 = rsa_key.public_key(), p256.public_key(), p384.public_key()
    jwks = {"keys": [
        rsa_jwk(rpub, kid="rsa-1"),
        ec_jwk(e256, kid="ec-256"),
        ec_jwk(e384, kid="ec-384"),
    ]}
    oct_jwk = {"kty": "oct", "kid": "hs-1", "k": b64u(secret)}
    write("keys.jwks.json", json.dumps(jwks, indent=2) + "\n")
    # PureJOSE refuses a set that mixes shared secrets with public keys, so HMAC keys get their own set.
    write("hs.jwks.json", json.dumps({"keys": [oct_jwk, {"kty": "oct", "kid": "hs-2", "k": b64u(rng.randbytes(48))}]},
                                     indent=2) + "\n")
    write("mixed.jwks.json", json.dumps({"keys": jwks["keys"] + [oct_jwk]}, indent=2) + "\n")
    write("rsa.jwk.json", json.dumps(rsa_jwk(rpub)) + "\n")
    write("ec256.jwk.json", json.dumps(ec_jwk(e256)) + "\n")
    write("oct.jwk.json", json.dumps({"kty": "oct", "k": b64u(secret)}) + "\n")
    write("rsa.spki.pem", spki_pem(rpub))
    write("rsa.pkcs1.pem", rpub.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.PKCS1).decode())
    write("rsa.spki.der", rpub.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo))
    write("ec256.spki.pem", spki_pem(e256))
    write("ec384.spki.pem", spki_pem(e384))
    write("ec256.private.pem", p256.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                  serialization.NoEncryption()).decode())
    write("other.spki.pem", spki_pem(other.public_key()))

    claims = {"iss": ISS, "aud": AUD, "sub": "user-1", "iat": NOW - 100, "exp": EXP, "nonce": NONCE}
    tokens = {}
    for alg, key, kid in [("RS256", rsa_key, "rsa-1"), ("PS256", rsa_key, "rsa-1"), ("ES256", p256, "ec-256"),
                          ("ES384", p384, "ec-384"), ("HS256", secret, "hs-1")]:
        tokens[alg] = sign(alg, key, {"alg": alg, "kid": kid, "typ": "JWT"}, claims)
    tokens["RS256-no-kid"] = sign("RS256", rsa_key, {"alg": "RS256"}, claims)
    tokens["ES256-no-kid"] = sign("ES256", p256, {"alg": "ES256"}, claims)
    tokens["HS256-tampered"] = flip_payload(tokens["HS256"])
    tokens["HS256-expired"] = sign("HS256", secret, {"alg": "HS256", "kid": "hs-1"}, dict(claims, exp=NOW - 3600))
    tokens["HS256-not-yet"] = sign("HS256", secret, {"alg": "HS256", "kid": "hs-1"}, dict(claims, nbf=NOW + 3600))
    tokens["RS256-tampered"] = flip_payload(tokens["RS256"])
    tokens["ES256-other-key"] = sign("ES256", other, {"alg": "ES256", "kid": "ec-256"}, claims)
    tokens["RS256-expired"] = sign("RS256", rsa_key, {"alg": "RS256", "kid": "rsa-1"}, dict(claims, exp=NOW - 3600))
    tokens["RS256-not-yet"] = sign("RS256", rsa_key, {"alg": "RS256", "kid": "rsa-1"}, dict(claims, nbf=NOW + 3600))
    write("tokens.json", json.dumps(tokens, indent=2) + "\n")

    facts = {
        "now": NOW, "exp": EXP, "iss": ISS, "aud": AUD, "nonce": NONCE,
        "thumbprints": {
            "rsa": thumbprint(rsa_jwk(rpub)), "ec256": thumbprint(ec_jwk(e256)),
            "ec384": thumbprint(ec_jwk(e384)), "oct": thumbprint({"kty": "oct", "k": b64u(secret)}),
        },
        "spki_pem": {"rsa": spki_pem(rpub), "ec256": spki_pem(e256), "ec384": spki_pem(e384)},
        "jwk": {"rsa": rsa_jwk(rpub), "ec256": ec_jwk(e256), "ec384": ec_jwk(e384)},
    }
    write("facts.json", json.dumps(facts, indent=2) + "\n")

    # Real providers' key sets (Vectors/jwks): each RSA / EC key's SPKI PEM and thumbprint, as computed here.
    provider_facts = {}
    jwks_dir = os.path.join("..", "..", "Vectors", "jwks")
    for name in sorted(os.listdir(jwks_dir)):
        with open(os.path.join(jwks_dir, name)) as f:
            entries = json.load(f)["keys"]
        facts_for_file = []
        for k in entries:
            entry = {"kid": k["kid"], "kty": k["kty"]}
            # Thumbprints are taken over the canonical members (RFC 7638 §3.2: the hash input is itself a
            # legal JWK, so n without leading zero octets, RFC 7518 §6.3.1.1; x, y full length, §6.2.1.2):
            # PayPal publishes moduli with a leading zero octet.
            def integer(member):
                return int.from_bytes(base64.urlsafe_b64decode(k[member] + "=" * (-len(k[member]) % 4)), "big")
            if k["kty"] == "RSA" and integer("n").bit_length() >= 2048:
                pub = rsa.RSAPublicNumbers(integer("e"), integer("n")).public_key()
                entry["pem"] = spki_pem(pub)
                entry["thumbprint"] = thumbprint(rsa_jwk(pub))
            elif k["kty"] == "EC" and k.get("crv") in ("P-256", "P-384"):
                curve = ec.SECP256R1() if k["crv"] == "P-256" else ec.SECP384R1()
                pub = ec.EllipticCurvePublicNumbers(integer("x"), integer("y"), curve).public_key()
                entry["pem"] = spki_pem(pub)
                entry["thumbprint"] = thumbprint(ec_jwk(pub))
            # No "pem": refused by PureJOSE's policy (RSA below 2048 bits, key types other than RSA and EC).
            facts_for_file.append(entry)
        provider_facts["jwks/" + name] = facts_for_file
    write("provider-keys.json", json.dumps(provider_facts, indent=2) + "\n")

    # Bad inputs.
    write("garbage.pem", "-----BEGIN PUBLIC KEY-----\nnot base64 at all!\n-----END PUBLIC KEY-----\n")
    write("bad.jwk.json", '{"kty":"RSA","n":"AQAB"\n')
    write("unknown-kty.jwk.json", '{"kty":"XYZ","x":"AA"}\n')
    write("empty.txt", "")
    write("random.bin", bytes([0x5A]) + rng.randbytes(63))   # neither PEM, DER nor JSON


if __name__ == "__main__":
    main()
