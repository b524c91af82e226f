#!/usr/bin/env python3
"""Generates Vectors/rsa-forgeries/rsa_forgeries.json: RSA signatures of known forgery shapes, built by hand.

Run from anywhere (`python3 Scripts/generate-rsa-forgeries.py`; Scripts/regenerate.sh runs it); the output is committed and read by
Tests/RSATests/ForgeryShapeTests.swift. Deterministic (fixed seed). Needs only Python 3.

Keys are generated here (Miller-Rabin primes from a seeded generator); "signatures" of a
chosen encoded message EM are EM^d mod n, so each case isolates one defect of EM. The e = 3
cases need no private key at all: Bleichenbacher's 2006 forgery takes an integer cube root of
a block that begins like a valid encoding and ends in garbage.

Every case says whether a correct verifier accepts it ("valid": true only for the controls).
"""
import hashlib
import json
import random

rng = random.Random(0xF0A6E)

SMALL_PRIMES = [p for p in range(3, 2000) if all(p % q for q in range(2, int(p ** 0.5) + 1))]


def is_probable_prime(n):
    if n < 2:
        return False
    for p in SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(40):
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


def prime(bits, e):
    while True:
        p = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        if (p - 1) % e != 0 and is_probable_prime(p):
            return p


def keypair(bits, e):
    while True:
        p, q = prime(bits // 2, e), prime(bits - bits // 2, e)
        n = p * q
        if n.bit_length() == bits and p != q:
            d = pow(e, -1, (p - 1) * (q - 1))
            return n, d


def i2osp(x, k):
    return x.to_bytes(k, "big")


# DigestInfo prefixes (RFC 8017 §9.2 Note 1), DER with NULL parameters.
OID = {"SHA-256": bytes.fromhex("608648016503040201"), "SHA-384": bytes.fromhex("608648016503040202"),
       "SHA-512": bytes.fromhex("608648016503040203")}
HASH = {"SHA-256": hashlib.sha256, "SHA-384": hashlib.sha384, "SHA-512": hashlib.sha512}


def digest_info(h, digest, params=b"\x05\x00", oid=None):
    alg = b"\x06\x09" + (oid or OID[h]) + params
    alg = b"\x30" + bytes([len(alg)]) + alg
    body = alg + b"\x04" + bytes([len(digest)]) + digest
    return b"\x30" + bytes([len(body)]) + body


def pkcs1_em(k, t, ff=None):
    """00 01 FF…FF 00 T, with the FF run filling the block unless `ff` fixes its length."""
    ps = k - len(t) - 3 if ff is None else ff
    return b"\x00\x01" + b"\xff" * ps + b"\x00" + t


keys = {}
cases = []


def add_key(name, bits, e):
    n, d = keypair(bits, e)
    keys[name] = {"n": n, "e": e, "d": d, "bits": bits}


def add(name, key, msg, sig, valid, padding="pkcs1", h="SHA-256", salt_len=None, note=""):
    c = {"name": name, "key": key, "hash": h, "padding": padding, "msg": msg.hex(), "sig": sig.hex(), "valid": valid}
    if salt_len is not None:
        c["saltLength"] = salt_len
    if note:
        c["note"] = note
    cases.append(c)


def sign_em(key, em):
    k = keys[key]
    kk = (k["bits"] + 7) // 8
    assert len(em) == kk and int.from_bytes(em, "big") < k["n"]
    return i2osp(pow(int.from_bytes(em, "big"), k["d"], k["n"]), kk)


add_key("rsa2048", 2048, 65537)
add_key("rsa2048e3", 2048, 3)
add_key("rsa3072e3", 3072, 3)
add_key("rsa496", 496, 65537)   # k = 62 = tLen(SHA-256) + 11: exactly 8 FF bytes fit
add_key("rsa488", 488, 65537)   # k = 61: only 7 FF bytes fit
add_key("rsa2049", 2049, 65537)  # PSS: emBits = 2048, emLen = 256 = k − 1 (leading zero byte)
add_key("rsa2047", 2047, 65537)  # PSS: emBits = 2046, two top bits of EM must be zero

msg = b"PureJOSE forgery-shape test message"
for h in ["SHA-256", "SHA-384", "SHA-512"]:
    k = 256
    dg = HASH[h](msg).digest()
    t = digest_info(h, dg)
    add(f"control valid {h}", "rsa2048", msg, sign_em("rsa2048", pkcs1_em(k, t)), True, h=h)
    # Extra bytes after the DigestInfo (the FF run is shortened to keep the length).
    add(f"extra bytes after DigestInfo {h}", "rsa2048", msg,
        sign_em("rsa2048", pkcs1_em(k, t + b"\x00\x00")), False, h=h)
    add(f"garbage after DigestInfo {h}", "rsa2048", msg,
        sign_em("rsa2048", pkcs1_em(k, t + bytes(rng.getrandbits(8) for _ in range(16)))), False, h=h)
    # DigestInfo with the NULL parameters missing (legacy form) or non-NULL.
    add(f"DigestInfo without NULL parameters {h}", "rsa2048", msg,
        sign_em("rsa2048", pkcs1_em(k, digest_info(h, dg, params=b""))), False, h=h)
    for label, params in [("05 01 00", b"\x05\x01\x00"), ("04 00", b"\x04\x00"), ("05 00 05 00", b"\x05\x00\x05\x00"),
                          ("02 01 00", b"\x02\x01\x00")]:
        add(f"DigestInfo with parameters {label} {h}", "rsa2048", msg,
            sign_em("rsa2048", pkcs1_em(k, digest_info(h, dg, params=params))), False, h=h)
    # Wrong hash OID: another SHA-2 OID around this digest; this OID around another digest.
    other = "SHA-512" if h != "SHA-512" else "SHA-256"
    add(f"wrong hash OID ({other}) {h}", "rsa2048", msg,
        sign_em("rsa2048", pkcs1_em(k, digest_info(h, dg, oid=OID[other]))), False, h=h)
    add(f"right OID, other digest ({other}) {h}", "rsa2048", msg,
        sign_em("rsa2048", pkcs1_em(k, digest_info(h, HASH[other](msg).digest()))), False, h=h)
    # Long-form length in the DigestInfo (BER, not DER).
    body = t[2:]
    add(f"DigestInfo with long-form length {h}", "rsa2048", msg,
        sign_em("rsa2048", pkcs1_em(k, b"\x30\x81" + bytes([len(body)]) + body)), False, h=h)
    # Block type 02 (encryption padding) and a zero in the padding string.
    em = bytearray(pkcs1_em(k, t)); em[1] = 2
    add(f"block type 02 {h}", "rsa2048", msg, sign_em("rsa2048", bytes(em)), False, h=h)
    em = bytearray(pkcs1_em(k, t)); em[20] = 0
    add(f"zero byte inside PS {h}", "rsa2048", msg, sign_em("rsa2048", bytes(em)), False, h=h)

# Short padding: fewer than 8 FF bytes (§9.2 step 3), on a key just too small to hold 8.
dg = hashlib.sha256(msg).digest()
t = digest_info("SHA-256", dg)
assert len(t) + 11 == 62
add("8 FF bytes (minimum) on a 496-bit key", "rsa496", msg, sign_em("rsa496", pkcs1_em(62, t)), True)
add("7 FF bytes on a 488-bit key", "rsa488", msg, sign_em("rsa488", pkcs1_em(61, t)), False)
add("7 FF bytes, leading 00 moved to the end, 496-bit key", "rsa496", msg,
    sign_em("rsa496", b"\x00\x01" + b"\xff" * 7 + b"\x00" + t + b"\x00"), False)

# Signature length and range (RFC 8017 §8.2.2 step 1, §5.2.2 step 1).
good = sign_em("rsa2048", pkcs1_em(256, t))
n = keys["rsa2048"]["n"]
add("signature one byte short (leading byte dropped)", "rsa2048", msg, good[1:], False)
add("signature one byte long (leading 00 added)", "rsa2048", msg, b"\x00" + good, False)
add("signature one byte long (trailing 00 added)", "rsa2048", msg, good + b"\x00", False)
add("signature = n", "rsa2048", msg, i2osp(n, 256), False)
add("signature = n + 1", "rsa2048", msg, i2osp(n + 1, 256), False)
add("signature all FF", "rsa2048", msg, b"\xff" * 256, False)
s = int.from_bytes(good, "big")
if s + n < 1 << 2048:
    add("signature + n (same residue)", "rsa2048", msg, i2osp(s + n, 256), False)
else:
    # Find a message whose signature leaves room for s + n below 2^2048.
    for i in range(1000):
        m2 = msg + bytes([i])
        g2 = sign_em("rsa2048", pkcs1_em(256, digest_info("SHA-256", hashlib.sha256(m2).digest())))
        s2 = int.from_bytes(g2, "big")
        if s2 + n < 1 << 2048:
            add("control valid (for signature + n)", "rsa2048", m2, g2, True)
            add("signature + n (same residue)", "rsa2048", m2, i2osp(s2 + n, 256), False)
            break
add("signature 0", "rsa2048", msg, bytes(256), False)
add("signature 1", "rsa2048", msg, b"\x00" * 255 + b"\x01", False)
add("empty signature", "rsa2048", msg, b"", False)


def icbrt_ceil(x):
    lo, hi = 0, 1 << ((x.bit_length() + 2) // 3 + 1)
    while lo < hi:
        mid = (lo + hi) // 2
        if mid ** 3 < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


# Bleichenbacher 2006 (e = 3): s = ⌈∛(00 01 FF…FF 00 DigestInfo ‖ garbage)⌉, so s³ starts with
# a plausible encoding and ends in whatever the cube makes of the low bytes. Needs no private key.
for key, kb in [("rsa2048e3", 256), ("rsa3072e3", 384)]:
    for h in ["SHA-256", "SHA-512"]:
        t = digest_info(h, HASH[h](msg).digest())
        for ffs in [8, 1, 16]:
            prefix = b"\x00\x01" + b"\xff" * ffs + b"\x00" + t
            target = int.from_bytes(prefix + b"\x00" * (kb - len(prefix)), "big")
            s = icbrt_ceil(target)
            cube = s ** 3
            if not cube.to_bytes(kb, "big").startswith(prefix):
                continue  # too little room below the prefix for the cube's error (2048 bits, SHA-512)
            assert cube < keys[key]["n"]
            add(f"Bleichenbacher-2006 e=3 forgery, {ffs} FF bytes, garbage after DigestInfo, {key} {h}",
                key, msg, i2osp(s, kb), False, h=h)
        # Garbage placed in the middle of the padding string instead (Kühn et al. variant).
        t = digest_info(h, HASH[h](msg).digest())
        suffix_len = len(t) + 1
        tail = int.from_bytes(b"\x00" + t, "big")
        # Find s with s³ ≡ tail (mod 2^(8·suffix_len)) and the top bytes 00 01 FF…: the tail part
        # by Hensel lifting the cube root of an odd number modulo a power of two.
        mod_bits = 8 * suffix_len
        if tail % 2 == 1:
            r = 1
            for i in range(1, mod_bits):
                if pow(r, 3, 1 << (i + 1)) != tail % (1 << (i + 1)):
                    r |= 1 << i
            top = icbrt_ceil(int.from_bytes(b"\x00\x01" + b"\xff" * 8 + b"\x00" * (kb - 10), "big"))
            s = (top >> mod_bits << mod_bits) | r
            cube = s ** 3
            if cube < keys[key]["n"] and cube.to_bytes(kb, "big").endswith(b"\x00" + t):
                add(f"e=3 forgery with garbage inside the padding string, {key} {h}", key, msg, i2osp(s, kb), False, h=h)
    # Control: a genuine e = 3 signature verifies.
    t = digest_info("SHA-256", hashlib.sha256(msg).digest())
    add(f"control valid e=3 {key}", key, msg, sign_em(key, pkcs1_em(kb, t)), True)


# PSS shapes (RFC 8017 §9.1.2) on the 2048-bit key, SHA-256, MGF1-SHA-256, salt 32.
def mgf1(seed, length, h=hashlib.sha256):
    out = b""
    c = 0
    while len(out) < length:
        out += h(seed + c.to_bytes(4, "big")).digest()
        c += 1
    return out[:length]


def pss_em(msg, salt, bits, trailer=0xBC, top_bit=False, sep=0x01, hash_override=None, lead=0):
    em_bits = bits - 1
    em_len = (em_bits + 7) // 8
    m_hash = hashlib.sha256(msg).digest()
    hh = hash_override or hashlib.sha256(b"\x00" * 8 + m_hash + salt).digest()
    db = b"\x00" * (em_len - len(salt) - 32 - 2) + bytes([sep]) + salt
    masked = bytes(a ^ b for a, b in zip(db, mgf1(hh, len(db))))
    first = masked[0] & (0xFF >> (8 * em_len - em_bits))
    if top_bit:
        first |= 0x80
    em = bytes([first]) + masked[1:] + hh + bytes([trailer])
    k = (bits + 7) // 8
    return bytes([lead]) * (k - em_len) + em


salt = bytes(range(32))
add("PSS control valid", "rsa2048", msg, sign_em("rsa2048", pss_em(msg, salt, 2048)), True, padding="pss", salt_len=32)
add("PSS trailer 0xBD", "rsa2048", msg, sign_em("rsa2048", pss_em(msg, salt, 2048, trailer=0xBD)), False,
    padding="pss", salt_len=32)
# The leftmost 8·emLen − emBits bits (one bit here) must be zero (§9.1.2 step 6); pick a salt for
# which the block with that bit set is still below n, so that it can be signed.
for i in range(256):
    s2 = bytes([i]) + salt[1:]
    em = pss_em(msg, s2, 2048, top_bit=True)
    if int.from_bytes(em, "big") < keys["rsa2048"]["n"]:
        add("PSS top bit of maskedDB set", "rsa2048", msg, sign_em("rsa2048", em), False, padding="pss", salt_len=32)
        break
add("PSS separator 0x02", "rsa2048", msg, sign_em("rsa2048", pss_em(msg, salt, 2048, sep=0x02)), False,
    padding="pss", salt_len=32)
add("PSS salt 31 bytes, verified as 32", "rsa2048", msg, sign_em("rsa2048", pss_em(msg, salt[:31], 2048)), False,
    padding="pss", salt_len=32)
add("PSS wrong H", "rsa2048", msg, sign_em("rsa2048", pss_em(msg, salt, 2048, hash_override=bytes(32))), False,
    padding="pss", salt_len=32)

# Odd modulus sizes (RFC 8017 §8.1.2 step 2c, §9.1.2 step 6).
add("PSS control valid, 2049-bit key", "rsa2049", msg, sign_em("rsa2049", pss_em(msg, salt, 2049)), True,
    padding="pss", salt_len=32)
add("PSS control valid, 2047-bit key", "rsa2047", msg, sign_em("rsa2047", pss_em(msg, salt, 2047)), True,
    padding="pss", salt_len=32)
for i in range(256):
    em = pss_em(msg, bytes([i]) + salt[1:], 2049, lead=1)
    if int.from_bytes(em, "big") < keys["rsa2049"]["n"]:
        add("PSS 2049-bit key, non-zero byte before the emLen-byte EM", "rsa2049", msg, sign_em("rsa2049", em), False,
            padding="pss", salt_len=32)
        break
for i in range(256):
    em = bytearray(pss_em(msg, bytes([i]) + salt[1:], 2047))
    em[0] |= 0x40  # the second of the two bits that must be zero
    if int.from_bytes(em, "big") < keys["rsa2047"]["n"]:
        add("PSS 2047-bit key, second top bit of maskedDB set", "rsa2047", msg, sign_em("rsa2047", bytes(em)), False,
            padding="pss", salt_len=32)
        break

out = {
    "generator": "Scripts/generate-rsa-forgeries.py",
    "keys": {name: {"n": format(k["n"], "x"), "e": k["e"], "bits": k["bits"], "d": format(k["d"], "x")}
             for name, k in keys.items()},
    "cases": cases,
}
import os
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Vectors", "rsa-forgeries", "rsa_forgeries.json"), "w") as f:
    json.dump(out, f, indent=1)
print(len(cases), "cases")
