"""JWS signing for the fixture generators (RFC 7515 compact form, RFC 7518 algorithms), written once.

Signatures come from Python `cryptography` (OpenSSL), an implementation independent of PureJOSE, and every output
is reproducible, so that Scripts/regenerate.sh can prove the committed fixtures come from their generators:

- keys come from a caller's seeded `random.Random` (RSA primes by Miller-Rabin over the seeded stream, EC scalars
  and HMAC secrets from the same stream), never from the system generator;
- HS* and RS* signatures are deterministic by definition; ES* use RFC 6979 deterministic nonces
  (`ec.ECDSA(h, deterministic_signing=True)`);
- PS* (RFC 8017 §9.1.1) needs a salt: it is derived from the key and the message (SHA-512 of both, cut to the
  hash length) instead of drawn at random, the EMSA-PSS encoding is built here, the RSA private operation done
  with the key's own numbers, and every such signature is then verified by `cryptography` before it is used.
"""
import base64
import hashlib
import hmac
import json

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

HASHES = {"256": hashes.SHA256, "384": hashes.SHA384, "512": hashes.SHA512}
HASHLIB = {"256": hashlib.sha256, "384": hashlib.sha384, "512": hashlib.sha512}
CURVES = {"P-256": (ec.SECP256R1(), 32), "P-384": (ec.SECP384R1(), 48), "P-521": (ec.SECP521R1(), 66)}
# Group orders (SEC 2 §2.4.2, §2.5.1, §2.6.1).
ORDERS = {
    "P-256": 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
    "P-384": 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973,
    "P-521": int("01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B"
                 "8899C47AEBB6FB71E91386409", 16),
}


# ------------------------------------------------------------------------------------------- encodings

def b64u(data: bytes) -> str:
    """base64url without padding (RFC 7515 §2)."""
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def b64u_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def compact_json(obj, ensure_ascii=True) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=ensure_ascii)


def uint(value: int, size=None) -> bytes:
    """Big-endian bytes: exactly `size` of them, or the minimal number (at least one)."""
    return value.to_bytes(size if size is not None else max(1, (value.bit_length() + 7) // 8), "big")


# -------------------------------------------------------------------------------------- seeded keys

def _small_primes(limit):
    sieve = bytearray([1]) * limit
    sieve[0:2] = b"\x00\x00"
    for i in range(2, int(limit ** 0.5) + 1):
        if sieve[i]:
            sieve[i * i :: i] = bytearray(len(sieve[i * i :: i]))
    return [i for i in range(3, limit) if sieve[i]]


SMALL_PRIMES = _small_primes(3000)


def probably_prime(n: int, rng, rounds: int = 32) -> bool:
    """Miller-Rabin with bases from the seeded stream (FIPS 186-5 B.3 style)."""
    if n < 2:
        return False
    for p in SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(rounds):
        a = rng.randrange(2, n - 1)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def random_prime(rng, bits: int, e: int) -> int:
    while True:
        # Top two bits set so that p*q has exactly 2*bits bits; odd.
        cand = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        if (cand - 1) % e == 0:  # e prime here (3 or 65537): gcd(e, p-1) = 1
            continue
        if probably_prime(cand, rng):
            return cand


def rsa_key(rng, bits: int, e: int = 65537):
    """An RSA private key of exactly `bits` bits from the seeded stream."""
    while True:
        p = random_prime(rng, bits // 2, e)
        q = random_prime(rng, bits // 2, e)
        if p == q:
            continue
        n = p * q
        assert n.bit_length() == bits
        d = pow(e, -1, (p - 1) * (q - 1))
        pub = rsa.RSAPublicNumbers(e, n)
        return rsa.RSAPrivateNumbers(p, q, d, rsa.rsa_crt_dmp1(d, p), rsa.rsa_crt_dmq1(d, q),
                                     rsa.rsa_crt_iqmp(p, q), pub).private_key()


def ec_key(rng, crv: str, predicate=None):
    """An EC private key on `crv` ("P-256", "P-384", "P-521") from the seeded stream."""
    curve, _ = CURVES[crv]
    while True:
        k = ec.derive_private_key(rng.randrange(1, ORDERS[crv]), curve)
        if predicate is None or predicate(k.public_key().public_numbers()):
            return k


def curve_name(key) -> str:
    return {256: "P-256", 384: "P-384", 521: "P-521"}[key.curve.key_size]


# ------------------------------------------------------------------------------------------ signing

def _mgf1(seed: bytes, length: int, hash_fn) -> bytes:
    out, counter = b"", 0
    while len(out) < length:
        out += hash_fn(seed + counter.to_bytes(4, "big")).digest()
        counter += 1
    return out[:length]


def _pss_sign(key, data: bytes, bits: str) -> bytes:
    """RSASSA-PSS (RFC 8017 §8.1.1) with MGF1 over the same hash and a salt as long as the hash (RFC 7518 §3.5),
    the salt derived from key and message; checked by `cryptography` before it is returned."""
    hash_fn = HASHLIB[bits]
    h_len = hash_fn().digest_size
    priv = key.private_numbers()
    n, d = priv.public_numbers.n, priv.d
    salt = hashlib.sha512(b"PureJOSE PSS salt" + uint(n) + data).digest()[:h_len]
    em_bits = n.bit_length() - 1
    em_len = (em_bits + 7) // 8
    m_hash = hash_fn(data).digest()
    h = hash_fn(b"\x00" * 8 + m_hash + salt).digest()
    db = b"\x00" * (em_len - len(salt) - h_len - 2) + b"\x01" + salt
    masked = bytearray(x ^ y for x, y in zip(db, _mgf1(h, em_len - h_len - 1, hash_fn)))
    masked[0] &= 0xFF >> (8 * em_len - em_bits)
    em = bytes(masked) + h + b"\xbc"
    k = (n.bit_length() + 7) // 8
    sig = uint(pow(int.from_bytes(em, "big"), d, n), k)
    h_obj = HASHES[bits]()
    key.public_key().verify(sig, data, padding.PSS(mgf=padding.MGF1(h_obj), salt_length=h_len), h_obj)
    return sig


def sign(alg: str, key, data: bytes, der: bool = False) -> bytes:
    """The JWS signature of `data` (the signing input) for `alg`. `key`: the secret bytes for HS*, a
    `cryptography` private key otherwise. ES* signatures are raw r‖s (RFC 7518 §3.4) unless `der`."""
    family, bits = alg[:2], alg[2:]
    if family == "HS":
        return hmac.new(key, data, HASHLIB[bits]).digest()
    if family == "RS":
        return key.sign(data, padding.PKCS1v15(), HASHES[bits]())
    if family == "PS":
        return _pss_sign(key, data, bits)
    if family == "ES":
        sig = key.sign(data, ec.ECDSA(HASHES[bits](), deterministic_signing=True))
        if der:
            return sig
        r, s = decode_dss_signature(sig)
        size = CURVES[curve_name(key)][1]
        return uint(r, size) + uint(s, size)
    raise ValueError(alg)


def signing_input(header, claims, ensure_ascii=True) -> str:
    """ASCII(BASE64URL(header)) '.' BASE64URL(payload) for JSON header and claims (compact JSON)."""
    return b64u(compact_json(header, ensure_ascii).encode()) + "." + b64u(compact_json(claims, ensure_ascii).encode())


def token(header, claims, key, alg=None, ensure_ascii=True) -> str:
    """A compact JWS over compact-JSON header and claims, signed with `alg` (default: the header's)."""
    si = signing_input(header, claims, ensure_ascii)
    return si + "." + b64u(sign(alg or header["alg"], key, si.encode("ascii")))
