#!/usr/bin/env python3
"""Generates the JOSE cross-check and attack fixtures in Vectors/jose/.

Run by hand (never by `swift test`), from any directory:

    python3 Scripts/generate-jose-crosscheck.py

Outputs (both committed):
  crosscheck.json  ≥ 300 compact JWS/JWT tokens, valid and tampered, each with its expected verdict,
                   the JWK Sets to verify against, the fixed `now`, leeway, issuer and audience.
  attacks.json     named keys, key sets and tokens used by AttackTests.swift.

The independent implementation is Python's `cryptography` package (RSA PKCS#1 v1.5 and PSS, ECDSA,
HMAC); the JWS layer (base64url, headers, signing input, r||s conversion) is this script's own small
code. PyJWT/joserfc are NOT used to sign; if joserfc is importable it double-checks every token whose
verdict depends only on the signature (valid ones must verify, signature-tampered ones must not), and
every claim verdict with joserfc's JWTClaimsRegistry.

Determinism: keys come from a seeded generator (RSA primes by Miller-Rabin over a seeded stream, EC
scalars and HMAC secrets from the same stream). RS* and HS* signatures are deterministic, ES* use RFC 6979
deterministic signing, PS* a salt derived from key and message (Scripts/jose_py/jws.py): the output is
byte-identical on every run (Scripts/regenerate.sh checks it).

Verdict vocabulary (mapped to JWTError codes by the Swift tests):
  valid, badSignature, keyNotFound, keyMismatch (key does not fit alg: type, curve, JWK alg/use/key_ops),
  expired, notYetValid, issuedInFuture, issuerMismatch, audienceMismatch, missingClaim,
  unsupportedAlgorithm (alg outside the library's scope, e.g. ES512), disallowedAlgorithm (alg in scope
  but not in the verifier's allow-list).
Every tampered token carries exactly one defect, so its verdict does not depend on the order of checks.
"""

import base64
import json
import os
import random
import sys

import cryptography
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives import hmac as chmac
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import (
    decode_dss_signature,
    encode_dss_signature,
)

from jose_py import jws

SEED = 20261122
NOW = 1767225600  # 2026-01-01T00:00:00Z
LEEWAY = 30
ISSUER = "https://issuer.crosscheck.example"
AUDIENCE = "purejose-crosscheck"
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Vectors", "jose")

rng = random.Random(SEED)

# ---------------------------------------------------------------------------------------------
# Encoding helpers (RFC 4648 §5 without padding, RFC 7515 §2)


b64u = jws.b64u
b64u_decode = jws.b64u_decode
uint = jws.uint
CURVES = jws.CURVES
ORDERS = jws.ORDERS


def compact_json(obj) -> str:
    # ensure_ascii=False keeps non-ASCII strings as UTF-8 (the issuer tests need the exact bytes).
    return jws.compact_json(obj, ensure_ascii=False)


def int_bytes(value: int, length: int) -> bytes:
    return uint(value, length)


def min_bytes(value: int) -> bytes:
    return uint(value)


def rsa_key(bits: int, e: int = 65537):
    return jws.rsa_key(rng, bits, e)


def ec_key(crv: str, predicate=None):
    return jws.ec_key(rng, crv, predicate)


# ---------------------------------------------------------------------------------------------
# JWK (RFC 7517 / 7518 §6)


class Key:
    """A signing key with its public JWK."""

    def __init__(self, kid, kind, secret, extra=None):
        self.kid = kid
        self.kind = kind  # "oct", "RSA", "EC"
        self.secret = secret  # bytes for oct, private key object otherwise
        self.extra = dict(extra or {})

    @property
    def crv(self):
        return {256: "P-256", 384: "P-384", 521: "P-521"}[self.secret.curve.key_size] if self.kind == "EC" else None

    @property
    def bits(self):
        if self.kind == "RSA":
            return self.secret.key_size
        if self.kind == "oct":
            return len(self.secret) * 8
        return self.secret.curve.key_size

    def jwk(self, kid=True, x_len=None, y_len=None):
        d = {}
        if self.kind == "oct":
            d["kty"] = "oct"
            d["k"] = b64u(self.secret)
        elif self.kind == "RSA":
            pn = self.secret.public_key().public_numbers()
            d["kty"] = "RSA"
            d["n"] = b64u(min_bytes(pn.n))
            d["e"] = b64u(min_bytes(pn.e))
        else:
            pn = self.secret.public_key().public_numbers()
            size = CURVES[self.crv][1]
            d["kty"] = "EC"
            d["crv"] = self.crv
            d["x"] = b64u(coord(pn.x, size if x_len is None else x_len))
            d["y"] = b64u(coord(pn.y, size if y_len is None else y_len))
        if kid and self.kid is not None:
            d["kid"] = self.kid
        d.update(self.extra)
        return d

    def private_jwk(self):
        """The full private JWK (RFC 7518 §6.3.2 / §6.2.2) — for the 'private members refused' rule."""
        d = self.jwk()
        if self.kind == "RSA":
            pv = self.secret.private_numbers()
            d.update(
                d=b64u(min_bytes(pv.d)), p=b64u(min_bytes(pv.p)), q=b64u(min_bytes(pv.q)),
                dp=b64u(min_bytes(pv.dmp1)), dq=b64u(min_bytes(pv.dmq1)), qi=b64u(min_bytes(pv.iqmp)),
            )
        elif self.kind == "EC":
            d["d"] = b64u(int_bytes(self.secret.private_numbers().private_value, CURVES[self.crv][1]))
        return d

    def spki_pem(self) -> bytes:
        return self.secret.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )

    def spki_der(self) -> bytes:
        return self.secret.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        )


def coord(value: int, length: int) -> bytes:
    """Big-endian coordinate in exactly `length` bytes (may be padded or short on purpose)."""
    if value.bit_length() > 8 * length:
        raise ValueError("coordinate does not fit")
    return value.to_bytes(length, "big")


def jwks(keys):
    return {"keys": [k if isinstance(k, dict) else k.jwk() for k in keys]}


# ---------------------------------------------------------------------------------------------
# JWS signing (RFC 7515 §5.1, RFC 7518 §3)

EC_CURVE_FOR_ALG = {"ES256": "P-256", "ES384": "P-384", "ES512": "P-521"}


def sign(alg: str, key: Key, signing_input: bytes, der=False) -> bytes:
    """RFC 7515 §5.1 / RFC 7518 §3 through the shared helper (Scripts/jose_py/jws.py)."""
    if alg.startswith("HS"):
        assert key.kind == "oct"
    if alg.startswith("ES"):
        assert key.crv == EC_CURVE_FOR_ALG[alg], (alg, key.crv)
    return jws.sign(alg, key.secret, signing_input, der=der)


def make_token(header, claims, key, sign_alg=None, header_text=None, payload_text=None):
    """Compact JWS. `sign_alg` (default header alg) chooses the algorithm actually used to sign."""
    h = header_text if header_text is not None else compact_json(header)
    p = payload_text if payload_text is not None else compact_json(claims)
    signing_input = b64u(h.encode()) + "." + b64u(p.encode())
    alg = sign_alg or header["alg"]
    sig = sign(alg, key, signing_input.encode("ascii"))
    return signing_input + "." + b64u(sig)


def sign_text(alg, key, signing_input: str, der=False) -> str:
    return b64u(sign(alg, key, signing_input.encode("ascii"), der=der))


# ---------------------------------------------------------------------------------------------
# Claims

_subject_counter = [0]


def claims(**overrides):
    _subject_counter[0] += 1
    c = {
        "iss": ISSUER,
        "sub": "user-%06d-%s" % (_subject_counter[0], b64u(rng.randbytes(6))),
        "aud": AUDIENCE,
        "iat": NOW - 120,
        "exp": NOW + 3600,
        "jti": b64u(rng.randbytes(9)),
    }
    if rng.random() < 0.3:
        c["nonce"] = b64u(rng.randbytes(12))
    if rng.random() < 0.3:
        c["email"] = "someone%d@example.com" % _subject_counter[0]
        c["email_verified"] = rng.choice([True, "true"])
    for k, v in overrides.items():
        if v is None:
            c.pop(k, None)
        else:
            c[k] = v
    return c


def tamper_payload_byte(token: str) -> str:
    """Changes one character of the `sub` value: still valid JSON with valid claims, bad signature."""
    h, p, s = token.split(".")
    text = b64u_decode(p).decode()
    data = json.loads(text)
    sub = data["sub"]
    i = rng.randrange(len("user-"), len(sub))
    ch = sub[i]
    repl = "Q" if ch != "Q" else "R"
    new_sub = sub[:i] + repl + sub[i + 1 :]
    new_text = text.replace('"sub":"%s"' % sub, '"sub":"%s"' % new_sub, 1)
    assert new_text != text
    return h + "." + b64u(new_text.encode()) + "." + s


def tamper_signature_byte(token: str, alg: str, key: Key) -> str:
    h, p, s = token.split(".")
    sig = bytearray(b64u_decode(s))
    while True:
        if alg.startswith("ES"):
            size = len(sig) // 2
            # Flip a byte away from the top of r and s, and make sure r, s stay in [1, n-1], so the
            # only defect is the signature value itself.
            i = rng.choice([rng.randrange(4, size), size + rng.randrange(4, size)])
        elif alg.startswith("RS") or alg.startswith("PS"):
            i = rng.randrange(8, len(sig))  # stays below the modulus
        else:
            i = rng.randrange(len(sig))
        new = bytearray(sig)
        new[i] ^= 1 << rng.randrange(8)
        if alg.startswith("ES"):
            size = len(sig) // 2
            n = ORDERS[key.crv]
            r = int.from_bytes(new[:size], "big")
            sv = int.from_bytes(new[size:], "big")
            if not (1 <= r < n and 1 <= sv < n):
                continue
        if alg[:2] in ("RS", "PS"):
            if int.from_bytes(new, "big") >= key.secret.public_key().public_numbers().n:
                continue
        return h + "." + p + "." + b64u(bytes(new))


def swap_header_alg(token: str, new_alg: str) -> str:
    h, p, s = token.split(".")
    header = json.loads(b64u_decode(h))
    header["alg"] = new_alg
    return b64u(compact_json(header).encode()) + "." + p + "." + s


# ---------------------------------------------------------------------------------------------
# Optional double-check with joserfc (never used to sign)

try:
    from joserfc import jws as jr_jws
    from joserfc.jwk import import_key as jr_import_key
except Exception:  # pragma: no cover - optional
    jr_jws = None


def joserfc_verifies(token: str, key: Key, alg: str) -> bool:
    if jr_jws is None:
        return None
    jwk = key.jwk()
    jwk.pop("alg", None)
    jwk.pop("use", None)
    jwk.pop("key_ops", None)
    jk = jr_import_key(jwk)
    try:
        jr_jws.deserialize_compact(token, jk, algorithms=[alg])
        return True
    except Exception:
        return False


def joserfc_claims_verdict(token: str, key: Key, alg: str) -> str:
    from joserfc import jwt as jr_jwt
    from joserfc.errors import ExpiredTokenError, InvalidClaimError, MissingClaimError

    jwk = key.jwk()
    for m in ("alg", "use", "key_ops"):
        jwk.pop(m, None)
    tok = jr_jwt.decode(token, jr_import_key(jwk), algorithms=[alg])
    registry = jr_jwt.JWTClaimsRegistry(
        now=NOW, leeway=LEEWAY, exp={"essential": True},
        iss={"essential": True, "value": ISSUER}, aud={"essential": True, "value": AUDIENCE})
    try:
        registry.validate(tok.claims)
        return "valid"
    except ExpiredTokenError:
        return "expired"
    except MissingClaimError:
        return "missingClaim"
    except InvalidClaimError as e:
        claim = e.claim if hasattr(e, "claim") else str(e)
        return {"nbf": "notYetValid", "iat": "issuedInFuture", "iss": "issuerMismatch",
                "aud": "audienceMismatch"}.get(claim, "invalidClaim:" + str(claim))


# ---------------------------------------------------------------------------------------------
# Cross-check fixture

HS_ALGS = ["HS256", "HS384", "HS512"]
RS_ALGS = ["RS256", "RS384", "RS512"]
PS_ALGS = ["PS256", "PS384", "PS512"]
ES_ALGS = ["ES256", "ES384"]
ALL_ALGS = HS_ALGS + RS_ALGS + PS_ALGS + ES_ALGS


def build_crosscheck():
    print("generating keys…", file=sys.stderr)
    main_keys = []
    hs_keys = {}
    # HMAC: two secrets per algorithm, at least the hash output long (RFC 7518 §3.2).
    for alg, lengths in (("HS256", (32, 64)), ("HS384", (48, 72)), ("HS512", (64, 96))):
        hs_keys[alg] = []
        for j, n in enumerate(lengths):
            extra = {"alg": alg} if j == 0 else {"use": "sig"}
            k = Key("hmac-%s-%d" % (alg[2:], j + 1), "oct", rng.randbytes(n), extra)
            hs_keys[alg].append(k)
            main_keys.append(k)
    rsa_keys = {}
    for bits in (2048, 3072, 4096):
        rsa_keys[bits] = []
        for j in range(2):
            extra = {"use": "sig"} if j == 0 else {"key_ops": ["verify"]}
            e = 3 if (bits == 2048 and j == 1) else 65537
            k = Key("rsa-%d-%d" % (bits, j + 1), "RSA", rsa_key(bits, e), extra)
            rsa_keys[bits].append(k)
            main_keys.append(k)
        print("  rsa %d done" % bits, file=sys.stderr)
    ec_keys = {}
    for alg, crv in (("ES256", "P-256"), ("ES384", "P-384")):
        ec_keys[alg] = []
        for j in range(3):
            extra = [{"alg": alg}, {"use": "sig"}, {}][j]
            k = Key("ec-%s-%d" % (crv[2:], j + 1), "EC", ec_key(crv), extra)
            ec_keys[alg].append(k)
            main_keys.append(k)
    # Keys bound to one algorithm / refusing signatures (RFC 7517 §4.2-4.4): a correct signature
    # under them is still refused when the header alg or the key's purpose does not fit.
    bound_ps = Key("rsa-2048-ps256-only", "RSA", rsa_key(2048), {"alg": "PS256"})
    enc_ec = Key("ec-256-enc", "EC", ec_key("P-256"), {"use": "enc"})
    ops_ec = Key("ec-384-encrypt-ops", "EC", ec_key("P-384"), {"key_ops": ["encrypt"]})
    bound_hs = Key("hmac-bound-hs512", "oct", rng.randbytes(64), {"alg": "HS512"})
    main_keys += [bound_ps, enc_ec, ops_ec, bound_hs]

    # Foreign keys: a second, unrelated set (same kinds and sizes), never given to the verifier.
    foreign = {
        "oct": Key("other-hmac", "oct", rng.randbytes(64)),
        2048: Key("other-rsa-2048", "RSA", rsa_key(2048)),
        3072: Key("other-rsa-3072", "RSA", rsa_key(3072)),
        4096: Key("other-rsa-4096", "RSA", rsa_key(4096)),
        "ES256": Key("other-ec-256", "EC", ec_key("P-256")),
        "ES384": Key("other-ec-384", "EC", ec_key("P-384")),
    }
    p521 = Key("ec-521-1", "EC", ec_key("P-521"))
    p521_set_keys = [p521, ec_keys["ES256"][2]]

    # HMAC secrets and public keys live in separate sets (a set mixing them is refused by policy, and no
    # real provider publishes one).
    key_sets = {
        "hmac": jwks([k for k in main_keys if k.kind == "oct"]),
        "public": jwks([k for k in main_keys if k.kind != "oct"]),
        "otherHmac": jwks([foreign["oct"]]),
        "otherPublic": jwks([k for k in foreign.values() if k.kind != "oct"]),
        "p521": jwks(p521_set_keys),
    }

    def set_for(alg, other=False):
        if alg.startswith("HS"):
            return "otherHmac" if other else "hmac"
        return "otherPublic" if other else "public"

    tokens = []

    def add(case, alg, key_set, token, expect, signer=None, size=None, algorithms=None, check=None):
        entry = {"id": len(tokens) + 1, "case": case, "alg": alg}
        if size is not None:
            entry["keySize"] = size
        if signer is not None:
            entry["signer"] = signer
        entry["keySet"] = key_set
        if algorithms is not None:
            entry["algorithms"] = algorithms
        entry["expect"] = expect
        entry["token"] = token
        tokens.append(entry)
        if check is not None and jr_jws is not None:
            key, calg = check
            ok = joserfc_verifies(token, key, calg)
            assert ok == (expect == "valid"), ("joserfc disagrees", case, alg, expect)

    def header_for(alg, key, with_kid=True, typ=True):
        h = {"alg": alg}
        if with_kid:
            h["kid"] = key.kid
        if typ and rng.random() < 0.7:
            h["typ"] = "JWT"
        if rng.random() < 0.5:  # vary member order
            h = dict(reversed(list(h.items())))
        return h

    def keys_for(alg):
        fam = alg[:2]
        if fam == "HS":
            return [(k, None) for k in hs_keys[alg]]
        if fam in ("RS", "PS"):
            return [(k, bits) for bits in (2048, 3072, 4096) for k in rsa_keys[bits]]
        return [(k, None) for k in ec_keys[alg]]

    def siblings(alg):
        fam = alg[:2]
        return [a for a in ALL_ALGS if a[:2] == fam and a != alg]

    for alg in ALL_ALGS:
        fam = alg[:2]
        for key, size in keys_for(alg):
            hdr = header_for(alg, key)
            good = make_token(hdr, claims(), key)
            add("valid", alg, set_for(alg), good, "valid", key.kid, size, check=(key, alg))
            add("payloadByteChanged", alg, set_for(alg), tamper_payload_byte(good), "badSignature", key.kid, size,
                check=(key, alg))
            add("signatureByteChanged", alg, set_for(alg), tamper_signature_byte(good, alg, key), "badSignature",
                key.kid, size, check=(key, alg))
            # Header alg swapped within the family, signature left as is.
            other = rng.choice(siblings(alg))
            # ES256 <-> ES384 changes the curve the key must be on; otherwise only a JWK `alg` objects.
            expect = "keyMismatch" if (key.extra.get("alg") or fam == "ES") else "badSignature"
            add("headerAlgSwapped:" + other, other, set_for(alg), swap_header_alg(good, other), expect, key.kid, size)
            # Across families: RSA keys fit RS and PS alike (no JWK alg) — the signature is wrong;
            # an HMAC/EC key never fits an RSA algorithm and vice versa.
            if fam == "RS":
                cross = "PS" + alg[2:]
                add("headerAlgSwapped:" + cross, cross, set_for(alg), swap_header_alg(good, cross), "badSignature",
                    key.kid, size)
            elif fam == "PS":
                cross = "RS" + alg[2:]
                add("headerAlgSwapped:" + cross, cross, set_for(alg), swap_header_alg(good, cross), "badSignature",
                    key.kid, size)
            if size in (None, 2048):
                cross = {"HS": "RS256", "RS": "HS256", "PS": "ES256", "ES": "HS" + alg[2:]}[fam]
                add("headerAlgSwapped:" + cross, cross, set_for(alg), swap_header_alg(good, cross), "keyMismatch",
                    key.kid, size)
            # A key from the other set, same algorithm.
            fk = foreign["oct"] if fam == "HS" else foreign[size] if size else foreign[alg]
            forged = make_token(header_for(alg, key), claims(), fk)  # names our kid, signed by theirs
            add("foreignKeyOurKid", alg, set_for(alg), forged, "badSignature", fk.kid, size, check=(key, alg))
            foreign_tok = make_token(header_for(alg, fk), claims(), fk)
            add("foreignKeyForeignKid", alg, set_for(alg), foreign_tok, "keyNotFound", fk.kid, size)

        # One key per algorithm (largest RSA only for the claim cases, to keep debug runs short).
        key, size = keys_for(alg)[0]
        def signed(case, expect, **over):
            add(case, alg, set_for(alg), make_token(header_for(alg, key), claims(**over), key), expect, key.kid, size)
        signed("expired", "expired", exp=NOW - LEEWAY - 1, iat=NOW - 7200)
        signed("expiredLongAgo", "expired", exp=NOW - 86400 * 30, iat=NOW - 86400 * 31)
        signed("expiresWithinLeeway", "valid", exp=NOW - LEEWAY + 1, iat=NOW - 3600)
        signed("notYetValid", "notYetValid", nbf=NOW + LEEWAY + 1)
        signed("nbfWithinLeeway", "valid", nbf=NOW + LEEWAY - 1)
        signed("issuedInFuture", "issuedInFuture", iat=NOW + LEEWAY + 600, exp=NOW + 7200)
        signed("wrongIssuer", "issuerMismatch", iss="https://issuer.crosscheck.example.evil")
        signed("issuerTrailingSlash", "issuerMismatch", iss=ISSUER + "/")
        signed("wrongAudience", "audienceMismatch", aud="someone-else")
        signed("audienceArrayWithOurs", "valid", aud=["another-client", AUDIENCE])
        signed("audienceArrayWithoutOurs", "audienceMismatch", aud=["another-client", AUDIENCE.upper()])
        signed("missingExp", "missingClaim", exp=None)
        # No kid: only keys fitting alg are tried; one of them signed it.
        nk = make_token(header_for(alg, key, with_kid=False), claims(), key)
        add("noKid", alg, set_for(alg), nk, "valid", key.kid, size, check=(key, alg))
        add("noKidSignatureByteChanged", alg, set_for(alg), tamper_signature_byte(nk, alg, key), "badSignature",
            key.kid, size)
        # Allow-list: the verifier only accepts other algorithms.
        allow = ["ES256", "ES384"] if fam != "ES" else ["RS256", "PS256"]
        add("notInAllowList", alg, set_for(alg), make_token(header_for(alg, key), claims(), key), "disallowedAlgorithm",
            key.kid, size, algorithms=allow)

    # Key ↔ alg binding with correct signatures.
    add("keyAlgBindingPS256KeyRS256Token", "RS256", set_for("RS256"),
        make_token(header_for("RS256", bound_ps), claims(), bound_ps), "keyMismatch", bound_ps.kid, 2048)
    add("keyAlgBindingPS256KeyPS256Token", "PS256", set_for("PS256"),
        make_token(header_for("PS256", bound_ps), claims(), bound_ps), "valid", bound_ps.kid, 2048,
        check=(bound_ps, "PS256"))
    add("keyAlgBindingHS512KeyHS256Token", "HS256", set_for("HS256"),
        make_token(header_for("HS256", bound_hs), claims(), bound_hs), "keyMismatch", bound_hs.kid)
    add("keyAlgBindingHS512KeyHS512Token", "HS512", set_for("HS512"),
        make_token(header_for("HS512", bound_hs), claims(), bound_hs), "valid", bound_hs.kid,
        check=(bound_hs, "HS512"))
    add("keyUseEnc", "ES256", set_for("ES256"), make_token(header_for("ES256", enc_ec), claims(), enc_ec), "keyMismatch",
        enc_ec.kid)
    add("keyOpsEncrypt", "ES384", set_for("ES384"), make_token(header_for("ES384", ops_ec), claims(), ops_ec),
        "keyMismatch", ops_ec.kid)
    add("curveMismatchES256TokenP384Kid", "ES256", set_for("ES256"),
        make_token(header_for("ES256", ec_keys["ES384"][1]), claims(), ec_keys["ES256"][1]), "keyMismatch",
        ec_keys["ES256"][1].kid)

    # Tokens verified against the other set: our keys are foreign there.
    for alg in ALL_ALGS:
        key, size = keys_for(alg)[-1]
        add("ourTokenAgainstOtherSet", alg, set_for(alg, other=True), make_token(header_for(alg, key), claims(), key),
            "keyNotFound", key.kid, size)

    # Out of scope: ES512 (P-521) — refused as unsupported, with and without kid.
    for with_kid in (True, False):
        add("es512OutOfScope", "ES512", "p521", make_token(header_for("ES512", p521, with_kid), claims(), p521),
            "unsupportedAlgorithm", p521.kid)
    # The ES256 key of that set still works.
    k = ec_keys["ES256"][2]
    add("validInP521Set", "ES256", "p521", make_token(header_for("ES256", k), claims(), k), "valid", k.kid,
        check=(k, "ES256"))

    # Double-check the claim verdicts with joserfc's claims registry (same now, leeway, iss, aud; exp
    # essential). Only tokens whose verdict is about claims (or valid) are asked.
    if jr_jws is not None:
        by_kid = {k.kid: k for k in main_keys + list(foreign.values()) + [p521]}
        claim_verdicts = {"valid", "expired", "notYetValid", "issuedInFuture", "issuerMismatch",
                          "audienceMismatch", "missingClaim"}
        asked = 0
        for t in tokens:
            if t["expect"] in claim_verdicts and "algorithms" not in t:
                got = joserfc_claims_verdict(t["token"], by_kid[t["signer"]], t["alg"])
                assert got == t["expect"], ("joserfc claims disagree", t["id"], t["case"], got, t["expect"])
                asked += 1
        print("joserfc agreed on %d claim verdicts" % asked, file=sys.stderr)

    counts = {}
    for t in tokens:
        counts[t["expect"]] = counts.get(t["expect"], 0) + 1
    return {
        "description": "Compact JWS/JWT tokens signed by an independent implementation (Python cryptography) "
                       "with their expected verdicts. Verify each token against keySets[keySet] with an allow-list "
                       "of every algorithm in scope (or `algorithms` when present), at `now` with `leeway`, "
                       "expecting `issuer` and `audience`; exp is required.",
        "generator": "Scripts/generate-jose-crosscheck.py",
        "producer": "Python %s, cryptography %s (%s)" % (
            sys.version.split()[0], cryptography.__version__, _openssl_version()),
        "seed": SEED,
        "now": NOW,
        "leeway": LEEWAY,
        "issuer": ISSUER,
        "audience": AUDIENCE,
        "algorithmsInScope": ALL_ALGS,
        "verdictCounts": dict(sorted(counts.items())),
        "numberOfTokens": len(tokens),
        "keySets": key_sets,
        "tokens": tokens,
    }


def _openssl_version():
    try:
        from cryptography.hazmat.backends.openssl import backend

        return backend.openssl_version_text()
    except Exception:
        return "unknown OpenSSL"


# ---------------------------------------------------------------------------------------------
# Attack fixture (named tokens for AttackTests.swift)

ATTACK_ISSUER = "https://issuer.attack.example"
ATTACK_AUDIENCE = "purejose-attack"


def build_attacks():
    ec_a = Key("ec-a", "EC", ec_key("P-256"))
    ec_b = Key("ec-b", "EC", ec_key("P-256"))
    attacker = Key("attacker", "EC", ec_key("P-256"))
    rsa_a = Key("rsa-a", "RSA", rsa_key(2048))
    rsa_b = Key("rsa-b", "RSA", rsa_key(2048))
    hs_a = Key("hs-a", "oct", rng.randbytes(32))
    hs_b = Key("hs-b", "oct", rng.randbytes(32))
    hs_short = Key("hs-short", "oct", rng.randbytes(16))
    p384 = Key("p384-a", "EC", ec_key("P-384"))

    def x_below(bits):
        return lambda pn: pn.x.bit_length() <= bits

    # EC coordinates with leading zero bytes, for the coordinate-length policy.
    zx1 = Key("ec-zero-x", "EC", ec_key("P-256", lambda pn: 240 < pn.x.bit_length() <= 248 and pn.y.bit_length() > 248))
    zy1 = Key("ec-zero-y", "EC", ec_key("P-256", lambda pn: 240 < pn.y.bit_length() <= 248 and pn.x.bit_length() > 248))
    zx2 = Key("ec-zero-x2", "EC", ec_key("P-256", x_below(240)))
    zx384 = Key("p384-zero-x", "EC", ec_key("P-384", lambda pn: 368 < pn.x.bit_length() <= 376))

    base = {"iss": ATTACK_ISSUER, "aud": ATTACK_AUDIENCE, "sub": "attack-subject", "iat": NOW - 60,
            "exp": NOW + 3600}

    def cl(**over):
        c = dict(base)
        for k, v in over.items():
            if v is None:
                c.pop(k, None)
            else:
                c[k] = v
        return c

    tokens = {}

    def put(name, token, note):
        assert name not in tokens, name
        tokens[name] = {"note": note, "token": token}

    def signed_text(alg, key, header_text, payload_text, der=False):
        si = b64u(header_text.encode()) + "." + b64u(payload_text.encode())
        return si + "." + sign_text(alg, key, si, der=der)

    def es(key, **over):
        return make_token({"alg": "ES256", "kid": key.kid}, cl(**over), key)

    # Baselines (must verify, so each attack differs from a passing token by its defect only).
    put("es256Valid", es(ec_a), "ES256 by ec-a, kid ec-a, valid claims")
    put("rs256Valid", make_token({"alg": "RS256", "kid": "rsa-a"}, cl(), rsa_a), "RS256 by rsa-a")
    put("hs256Valid", make_token({"alg": "HS256", "kid": "hs-a"}, cl(), hs_a), "HS256 by hs-a")
    put("es384Valid", make_token({"alg": "ES384", "kid": "p384-a"}, cl(), p384), "ES384 by p384-a")

    # alg none (RFC 7518 §3.6): never accepted, with or without a signature.
    payload = b64u(compact_json(cl()).encode())
    for spelling in ("none", "None", "NONE"):
        h = b64u(compact_json({"alg": spelling, "typ": "JWT"}).encode())
        put("alg_%s_unsigned" % spelling, h + "." + payload + ".", "alg %s, empty signature" % spelling)
        mac = chmac.HMAC(hs_a.secret, hashes.SHA256())
        mac.update((h + "." + payload).encode())
        put("alg_%s_signed" % spelling, h + "." + payload + "." + b64u(mac.finalize()),
            "alg %s with an HMAC signature by hs-a" % spelling)
    h = b64u(compact_json({"alg": "none", "kid": "hs-a"}).encode())
    put("alg_none_kid_unsigned", h + "." + payload + ".", "alg none naming a real kid")

    # HS256 signed with a public key's bytes as the HMAC secret (algorithm confusion).
    for kname, key in (("RSA", rsa_a), ("EC", ec_a)):
        for form, secret in (("PEM", key.spki_pem()), ("DER", key.spki_der())):
            conf = Key(None, "oct", secret)
            for with_kid in (True, False):
                hdr = {"alg": "HS256", "kid": key.kid} if with_kid else {"alg": "HS256"}
                put("hs256With%sPublic%s%s" % (kname, form, "" if with_kid else "NoKid"),
                    make_token(hdr, cl(), conf),
                    "HS256 whose secret is the %s SPKI of %s%s" % (form, key.kid, "" if with_kid else ", no kid"))

    # kid selection.
    put("kidNotInSet", make_token({"alg": "ES256", "kid": "no-such-key"}, cl(), ec_a), "kid absent from the set")
    for i, kid in enumerate(["../../../../../../dev/null", "/etc/passwd", "ec-a/../ec-a", "..\\..\\ec-a",
                             "ec-a\u0000", "file:///etc/passwd"]):
        put("kidPath%d" % (i + 1), make_token({"alg": "ES256", "kid": kid}, cl(), ec_a), "kid %r" % kid)
    put("kidAsignedByB", make_token({"alg": "ES256", "kid": "ec-a"}, cl(), ec_b), "names ec-a, signed by ec-b")
    put("kidBsignedByA", make_token({"alg": "ES256", "kid": "ec-b"}, cl(), ec_a), "names ec-b, signed by ec-a")
    put("rsaKidAsignedByB", make_token({"alg": "RS256", "kid": "rsa-a"}, cl(), rsa_b), "names rsa-a, signed by rsa-b")
    put("hsKidAsignedByB", make_token({"alg": "HS256", "kid": "hs-a"}, cl(), hs_b), "names hs-a, signed by hs-b")
    put("esNoKidSignedByB", make_token({"alg": "ES256"}, cl(), ec_b), "no kid, signed by ec-b (in the set)")

    # Embedded jwk header (RFC 7515 §4.1.3) carrying the attacker's key; signature matches that key.
    ajwk = attacker.jwk(kid=False)
    put("embeddedJWKNoKid", make_token({"alg": "ES256", "jwk": ajwk}, cl(), attacker),
        "jwk header with the attacker's key, no kid")
    put("embeddedJWKAttackerKid", make_token({"alg": "ES256", "kid": "attacker", "jwk": ajwk}, cl(), attacker),
        "jwk header, kid of the attacker's key (not in the set)")
    put("embeddedJWKOurKid", make_token({"alg": "ES256", "kid": "ec-a", "jwk": ajwk}, cl(), attacker),
        "jwk header, kid of ec-a, signed by the attacker")
    put("jkuHeader", make_token({"alg": "ES256", "jku": "https://attacker.example/jwks", "kid": "attacker"},
                                cl(), attacker), "jku header pointing at the attacker")

    # crit (RFC 7515 §4.1.11).
    put("critUnknown", make_token({"alg": "ES256", "kid": "ec-a", "crit": ["x-unknown"], "x-unknown": 1}, cl(), ec_a),
        "crit names an extension the verifier does not understand")
    put("critEmpty", make_token({"alg": "ES256", "kid": "ec-a", "crit": []}, cl(), ec_a), "crit is an empty list")
    put("critNotArray", make_token({"alg": "ES256", "kid": "ec-a", "crit": "x-unknown", "x-unknown": 1}, cl(), ec_a),
        "crit is a string")

    # Duplicate member names (correctly signed so only the JSON is at fault).
    pl = compact_json(cl())
    put("duplicateAlgHeader", signed_text("ES256", ec_a, '{"alg":"ES256","kid":"ec-a","alg":"ES256"}', pl),
        "header repeats alg (same value)")
    put("duplicateAlgHeaderNone", signed_text("ES256", ec_a, '{"alg":"ES256","kid":"ec-a","alg":"none"}', pl),
        "header repeats alg, second is none")
    put("duplicateKidHeader", signed_text("ES256", ec_a, '{"alg":"ES256","kid":"ec-b","kid":"ec-a"}', pl),
        "header repeats kid")
    dup = pl[:-1] + ',"iss":"https://evil.example"}'
    put("duplicateClaimIss", signed_text("ES256", ec_a, '{"alg":"ES256","kid":"ec-a"}', dup),
        "payload repeats iss")
    dup = pl[:-1] + ',"exp":%d}' % (NOW - 100000)
    put("duplicateClaimExp", signed_text("ES256", ec_a, '{"alg":"ES256","kid":"ec-a"}', dup),
        "payload repeats exp")
    dup = pl[:-1] + ',"extra":{"a":1,"a":2}}'
    put("duplicateNestedMember", signed_text("ES256", ec_a, '{"alg":"ES256","kid":"ec-a"}', dup),
        "a nested object repeats a member")

    # base64url strictness. Signatures are computed over the transmitted text, so the encoding is the
    # only defect.
    hdr_txt = '{"alg":"ES256","kid":"ec-a"}'   # 28 bytes -> 38 chars (needs "==")
    pl_pad = compact_json(cl(pad="x"))
    while len(b64u(pl_pad.encode())) % 4 == 0:
        pl_pad = compact_json(cl(pad="x" * (len(pl_pad) % 7 + 2)))
    hp = base64.urlsafe_b64encode(hdr_txt.encode()).decode()
    pp = base64.urlsafe_b64encode(pl_pad.encode()).decode()
    assert hp.endswith("=") and pp.endswith("=")
    si = hp + "." + pp
    sig = sign("ES256", ec_a, si.encode())
    sp = base64.urlsafe_b64encode(sig).decode()
    assert sp.endswith("=")
    put("paddedAll", si + "." + sp, "every segment '='-padded (as AWS ALB emits); signed over the padded text")
    si2 = b64u(hdr_txt.encode()) + "." + b64u(pl_pad.encode())
    put("paddedSignatureOnly", si2 + "." + b64u(sign("ES256", ec_a, si2.encode())) + "==",
        "only the signature segment padded")
    put("unpaddedTwin", si2 + "." + b64u(sign("ES256", ec_a, si2.encode())), "the same token without padding")
    # Whitespace inside segments (signed over the text as sent).
    hw = b64u(hdr_txt.encode())
    pw = b64u(pl_pad.encode())
    for name, h_, p_ in (("whitespaceInHeader", hw[:10] + " " + hw[10:], pw),
                         ("newlineInPayload", hw, pw[:20] + "\n" + pw[20:]),
                         ("tabInPayload", hw, pw[:20] + "\t" + pw[20:]),
                         ("crlfInPayload", hw, pw[:30] + "\r\n" + pw[30:])):
        si3 = h_ + "." + p_
        put(name, si3 + "." + b64u(sign("ES256", ec_a, si3.encode())), "whitespace inside a segment")
    good = b64u(sign("ES256", ec_a, si2.encode()))
    put("whitespaceInSignature", si2 + "." + good[:40] + " " + good[40:], "space inside the signature segment")
    put("trailingNewline", si2 + "." + good + "\n", "token followed by a newline")
    if "-" in good or "_" in good:
        put("standardBase64Alphabet", si2 + "." + good.replace("-", "+").replace("_", "/"),
            "signature in the standard (+/) alphabet")

    # Non-canonical: last character carries non-zero unused bits (decodes to the same bytes).
    def noncanonical(seg):
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        rem = len(seg) % 4
        assert rem in (2, 3)
        unused = 4 if rem == 2 else 2
        v = alphabet.index(seg[-1])
        assert v & ((1 << unused) - 1) == 0
        return seg[:-1] + alphabet[v | 1]
    nh = noncanonical(hw)
    si4 = nh + "." + pw
    put("nonCanonicalHeader", si4 + "." + b64u(sign("ES256", ec_a, si4.encode())),
        "header's last char has non-zero trailing bits")
    np_ = noncanonical(pw)
    si5 = hw + "." + np_
    put("nonCanonicalPayload", si5 + "." + b64u(sign("ES256", ec_a, si5.encode())),
        "payload's last char has non-zero trailing bits")
    put("nonCanonicalSignature", si2 + "." + noncanonical(good), "signature's last char has non-zero trailing bits")
    assert len(good) % 4 == 2
    one_extra = si2 + "." + good + "AAA"
    put("signatureLengthMod4Is1", one_extra, "signature segment of length 4k+1 (never valid base64)")

    # ECDSA signature encodings (RFC 7518 §3.4).
    si6 = b64u(compact_json({"alg": "ES256", "kid": "ec-a"}).encode()) + "." + b64u(compact_json(cl()).encode())
    raw = sign("ES256", ec_a, si6.encode())
    der = sign("ES256", ec_a, si6.encode(), der=True)
    put("es256Base", si6 + "." + b64u(raw), "valid twin of the signature-encoding cases")
    put("es256DERSignature", si6 + "." + b64u(der), "the same signature DER-encoded (ECDSA-Sig-Value)")
    put("es256Sig63", si6 + "." + b64u(raw[:63]), "63-byte signature (last byte dropped)")
    put("es256Sig65", si6 + "." + b64u(raw + b"\x00"), "65-byte signature (zero byte appended)")
    put("es256Sig65LeadingZero", si6 + "." + b64u(b"\x00" + raw), "65-byte signature (zero byte prepended)")
    put("es256Sig66PaddedRS", si6 + "." + b64u(b"\x00" + raw[:32] + b"\x00" + raw[32:]),
        "r and s each padded to 33 bytes")
    put("es256SigEmpty", si6 + ".", "empty signature")
    put("es256RSZero", si6 + "." + b64u(bytes(64)), "r = s = 0")
    n256 = ORDERS["P-256"]
    r, s = decode_dss_signature(der)
    put("es256RZero", si6 + "." + b64u(bytes(32) + raw[32:]), "r = 0, s from a valid signature")
    put("es256SZero", si6 + "." + b64u(raw[:32] + bytes(32)), "s = 0")
    put("es256RIsN", si6 + "." + b64u(int_bytes(n256, 32) + raw[32:]), "r = n")
    if s + n256 < 2 ** 256:
        put("es256SPlusN", si6 + "." + b64u(raw[:32] + int_bytes(s + n256, 32)), "s + n (same value mod n)")
    put("es256HighS", si6 + "." + b64u(raw[:32] + int_bytes(n256 - s, 32)),
        "s replaced by n - s (the other valid signature; ECDSA is not malleability-free, JWS does not forbid it)")
    put("es384WithES256SizedSignature", make_token({"alg": "ES384", "kid": "p384-a"}, cl(), p384).rsplit(".", 1)[0]
        + "." + b64u(raw), "ES384 header with a 64-byte signature")
    # RSA signature length (RFC 7518 §3.3: exactly the modulus length).
    si7 = b64u(compact_json({"alg": "RS256", "kid": "rsa-a"}).encode()) + "." + b64u(compact_json(cl()).encode())
    rs = sign("RS256", rsa_a, si7.encode())
    put("rs256Base", si7 + "." + b64u(rs), "valid twin of the RSA length cases")
    put("rs256SigLeadingZeroAdded", si7 + "." + b64u(b"\x00" + rs), "RSA signature with a zero byte prepended")
    put("rs256SigTruncated", si7 + "." + b64u(rs[1:]), "RSA signature missing its first byte")

    # Claims with hostile types / values (signatures valid).
    def es_text(payload_text):
        return signed_text("ES256", ec_a, '{"alg":"ES256","kid":"ec-a"}', payload_text)
    body = compact_json(cl(exp=None))[:-1]
    put("expString", es_text(body + ',"exp":"%d"}' % (NOW + 3600)), "exp as a string")
    put("exp1e309", es_text(body + ',"exp":1e309}'), "exp = 1e309 (overflows a double)")
    put("expMinus1", es_text(body + ',"exp":-1}'), "exp = -1")
    put("expHuge", es_text(body + ',"exp":1e30}'), "exp = 1e30 (finite, beyond any date)")
    put("expNull", es_text(body + ',"exp":null}'), "exp = null")
    put("expFraction", es_text(body + ',"exp":%d.5}' % (NOW + 3600)), "exp with a fraction (allowed)")
    put("expBool", es_text(body + ',"exp":true}'), "exp = true")
    body = compact_json(cl(aud=None))[:-1]
    put("audNumber", es_text(body + ',"aud":12345}'), "aud as a number")
    put("audArrayWithNumber", es_text(body + ',"aud":[12345,"%s"]}' % ATTACK_AUDIENCE), "aud array holding a number")
    put("audEmptyArray", es_text(body + ',"aud":[]}'), "aud is an empty array")
    body = compact_json(cl(iss=None))[:-1]
    put("issNumber", es_text(body + ',"iss":7}'), "iss as a number")
    body = compact_json(cl(nbf=None))[:-1]
    put("nbfString", es_text(body + ',"nbf":"0"}'), "nbf as a string")
    # Deep nesting: 10,000 nested arrays in the payload and in the header.
    deep = "[" * 10000 + "]" * 10000
    put("deepArraysPayload", es_text(compact_json(cl())[:-1] + ',"x":%s}' % deep), "10,000-deep nested arrays")
    deep_obj = '{"a":' * 10000 + "1" + "}" * 10000
    put("deepObjectsPayload", es_text(compact_json(cl())[:-1] + ',"x":%s}' % deep_obj), "10,000-deep nested objects")
    put("deepArraysHeader", signed_text("ES256", ec_a, '{"alg":"ES256","kid":"ec-a","x":%s}' % deep,
                                        compact_json(cl())), "10,000-deep nested arrays in the header")

    # Issuer / audience compared as UTF-8 bytes: "e\u0301" (decomposed) vs "\u00e9" (precomposed).
    put("issuerDecomposed", es(ec_a, iss="e\u0301"), "iss = 'e' + U+0301")
    put("issuerPrecomposed", es(ec_a, iss="\u00e9"), "iss = U+00E9")
    put("audienceDecomposed", es(ec_a, aud="e\u0301"), "aud = 'e' + U+0301")
    put("audienceArrayDecomposed", es(ec_a, aud=["x", "e\u0301"]), "aud = ['x', 'e' + U+0301]")
    put("subjectDecomposed", es(ec_a, sub="e\u0301"), "sub = 'e' + U+0301")
    put("nonceDecomposed", es(ec_a, nonce="e\u0301"), "nonce = 'e' + U+0301")
    put("kidDecomposed", make_token({"alg": "ES256", "kid": "e\u0301"}, cl(), zx1), "kid = 'e' + U+0301, signed by "
        "the key whose kid in the unicode set is U+00E9")
    put("kidPrecomposed", make_token({"alg": "ES256", "kid": "\u00e9"}, cl(), zx1), "kid = U+00E9")
    put("typDecomposed", make_token({"alg": "ES256", "kid": "ec-a", "typ": "e\u0301"}, cl(), ec_a), "typ = 'e' + U+0301")

    # HMAC key shorter than the hash output (RFC 7518 §3.2).
    put("hs256ShortKey", make_token({"alg": "HS256", "kid": "hs-short"}, cl(), hs_short), "HS256 with a 16-byte key")
    put("hs256ShortKeyNoKid", make_token({"alg": "HS256"}, cl(), hs_short), "HS256 with a 16-byte key, no kid")

    # Private members / unknown kty / EC coordinate policy.
    put("privRSA", make_token({"alg": "RS256", "kid": "rsa-a"}, cl(), rsa_a), "RS256 by rsa-a (key given as private JWK)")
    for k in (zx1, zy1, zx2, zx384):
        alg = "ES384" if k.crv == "P-384" else "ES256"
        put("by-" + k.kid, make_token({"alg": alg, "kid": k.kid}, cl(), k), "%s by %s" % (alg, k.kid))
        put("by-" + k.kid + "-nokid", make_token({"alg": alg}, cl(), k), "%s by %s, no kid" % (alg, k.kid))

    # Drop the None placeholders (optional cases that did not apply to this run's random values).
    tokens = {k: v for k, v in tokens.items() if v["token"] is not None}

    sets = {
        # The verifier's sets in most attack tests (public keys; HMAC secrets).
        "attackPublic": jwks([ec_a, ec_b, rsa_a, rsa_b, p384]),
        "attackHmac": jwks([hs_a, hs_b]),
        "shortHmacSet": jwks([hs_short, hs_a]),
        "shortHmacOnlySet": jwks([hs_short]),
        "mixedSet": jwks([hs_a, ec_a]),
        "privateRSASet": {"keys": [rsa_a.private_jwk()]},
        "privateECSet": {"keys": [ec_a.private_jwk()]},
        "privateMixedSet": {"keys": [rsa_a.private_jwk(), ec_b.jwk()]},
        "unknownKtySet": {"keys": [
            {"kty": "OKP", "crv": "Ed25519", "kid": "okp", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"},
            {"kty": "XYZ", "kid": "future", "w": "AQAB"},  # no private member names: those fail the set whatever the kty
            ec_a.jwk(),
        ]},
        "unicodeKidSet": {"keys": [dict(zx1.jwk(), kid="\u00e9")]},
    }
    # EC coordinate-length policy: one set per encoding of the same key.
    sizes = {"P-256": 32, "P-384": 48}
    coords = {}
    for k in (zx1, zy1, zx2, zx384):
        n = sizes[k.crv]
        pn = k.secret.public_key().public_numbers()
        variants = {
            "full": (n, n),
            "xPadded": (n + 1, n),
            "yPadded": (n, n + 1),
            "xPadded2": (n + 2, n),
        }
        if k in (zx1, zx2, zx384):
            variants["xShort"] = (n - 1, n)
        if k is zy1:
            variants["yShort"] = (n, n - 1)
        if k is zx2:
            variants["xShort2"] = (n - 2, n)
        for vname, (xl, yl) in variants.items():
            sets["%s:%s" % (k.kid, vname)] = {"keys": [k.jwk(x_len=xl, y_len=yl)]}
        coords[k.kid] = {"x": "%x" % pn.x, "y": "%x" % pn.y}
    # Coordinates that do not fit the field: 33 bytes with a non-zero first byte, 31 bytes of a
    # coordinate whose first byte is not zero (i.e. a truncated value), both refused.
    base_jwk = ec_a.jwk()
    xa = b64u_decode(base_jwk["x"])
    sets["ec-a:xOversizedNonZero"] = {"keys": [dict(base_jwk, x=b64u(b"\x01" + xa))]}
    sets["ec-a:xTruncated"] = {"keys": [dict(base_jwk, x=b64u(xa[1:]))]} if xa[0] != 0 else None
    sets = {k: v for k, v in sets.items() if v is not None}

    pems = {
        "rsa-a.spki.pem": rsa_a.spki_pem().decode(),
        "rsa-a.spki.der.hex": rsa_a.spki_der().hex(),
        "ec-a.spki.pem": ec_a.spki_pem().decode(),
        "ec-a.spki.der.hex": ec_a.spki_der().hex(),
    }
    return {
        "description": "Named keys and tokens for AttackTests.swift. Claims: issuer/audience below, at `now`; "
                       "each token's note says what is wrong with it.",
        "generator": "Scripts/generate-jose-crosscheck.py",
        "producer": "Python %s, cryptography %s" % (sys.version.split()[0], cryptography.__version__),
        "now": NOW,
        "issuer": ATTACK_ISSUER,
        "audience": ATTACK_AUDIENCE,
        "coordinates": coords,
        "publicKeys": pems,
        "keySets": sets,
        "tokens": dict(sorted(tokens.items())),
    }


def main():
    cc = build_crosscheck()
    at = build_attacks()
    for name, obj in (("crosscheck.json", cc), ("attacks.json", at)):
        path = os.path.join(HERE, name)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(obj, f, indent=1, ensure_ascii=True)
            f.write("\n")
        print("wrote %s (%d bytes)" % (path, os.path.getsize(path)), file=sys.stderr)
    print("crosscheck tokens: %d  %s" % (cc["numberOfTokens"], cc["verdictCounts"]), file=sys.stderr)
    print("attack tokens: %d, key sets: %d" % (len(at["tokens"]), len(at["keySets"])), file=sys.stderr)


if __name__ == "__main__":
    main()
