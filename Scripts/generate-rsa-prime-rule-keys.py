#!/usr/bin/env python3
"""Generates Vectors/rsa-prime-rules/prime_rule_keys.json: RSA private keys on both sides of the prime rules.

Run from anywhere (`python3 Scripts/generate-rsa-prime-rule-keys.py`; Scripts/regenerate.sh runs it); the output is
committed and read by Tests/RSATests/PrimeSizeRuleTests.swift and NEDKeyRecoveryTests.swift. Deterministic (fixed
seed); needs only Python 3. Every key is made here from seeded Miller-Rabin primes: no key material from elsewhere.

The rules (RSAPrivateKey, issue 31 finding 7): for a modulus of nlen bits, the smaller prime has at least
floor(nlen / 3) bits, and |p - q| > 2^(nlen/2 - 100) (FIPS 186-5 A.1.3). Each key is given with all its CRT
components; `expect` is "loads" or "invalidPrime" (when loaded with its primes), and `nedExpect` what loading it
from n, e, d alone gives: `expect` when SP 800-56B Appendix C.2 (run here too, as `recover_c2`) recovers p and q,
"factorizationFailed" when its precondition (primes of comparable size) does not hold.

Also two moduli that are not a product of two primes, each with a d that satisfies d*e = 1 mod lambda(n): a prime
and the product of three primes. Loading them from n, e, d must be refused, and quickly.
"""
import json
import math
import os
import random

rng = random.Random(0x9E1_2026_31)

SMALL_PRIMES = [p for p in range(3, 2000) if all(p % q for q in range(2, int(p ** 0.5) + 1))]
E = 65537


def is_probable_prime(n):
    if n < 2:
        return False
    if n in (2, 3):
        return True
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


def prime_between(lo, hi):
    """A random prime in [lo, hi) with gcd(p - 1, e) = 1."""
    while True:
        c = rng.randrange(lo, hi) | 1
        if c >= lo and c < hi and (c - 1) % E != 0 and is_probable_prime(c):
            return c


def next_prime(c):
    c |= 1
    while not ((c - 1) % E != 0 and is_probable_prime(c)):
        c += 2
    return c


def partner(p, nlen):
    """A prime q with p*q of exactly nlen bits."""
    lo = -(-(1 << (nlen - 1)) // p)
    hi = ((1 << nlen) - 1) // p + 1
    return prime_between(lo, hi)


def hx(v):
    b = v.to_bytes((v.bit_length() + 7) // 8 or 1, "big")
    return b.hex()


def isqrt_exact(v):
    r = math.isqrt(v)
    return r if r * r == v else None


def recover_c2(n, e, d):
    """SP 800-56B Rev. 2 Appendix C.2 (deterministic prime-factor recovery), as RSAPrivateKey runs it: (p, q) or None."""
    t = d * e - 1
    if t % 2:
        return None
    a = t * math.gcd(n - 1, t)
    m, r = divmod(a, n)
    if (n - r) % (m + 1):
        return None
    b = (n - r) // (m + 1) + 1
    if b * b <= 4 * n:
        return None
    y = isqrt_exact(b * b - 4 * n)
    if y is None:
        return None
    p, q = (b + y) // 2, (b - y) // 2
    return (p, q) if p * q == n and q > 1 else None


def key(name, p, q, expect, why):
    if p < q:
        p, q = q, p
    n = p * q
    lam = (p - 1) * (q - 1) // math.gcd(p - 1, q - 1)
    d = pow(E, -1, lam)
    assert d * E % lam == 1
    # From n, e, d alone: C.2 recovers p and q (then the prime rules decide), or its precondition fails.
    ned_expect = expect if recover_c2(n, E, d) == (p, q) else "factorizationFailed"
    return {
        "name": name, "why": why, "nlen": n.bit_length(), "pBits": p.bit_length(), "qBits": q.bit_length(),
        "expect": expect, "nedExpect": ned_expect,
        "n": hx(n), "e": hx(E), "d": hx(d), "p": hx(p), "q": hx(q),
        "dp": hx(d % (p - 1)), "dq": hx(d % (q - 1)), "qi": hx(pow(q, -1, p)),
    }


keys = []
nlen = 2048
for small in (3, 5, 29):
    q = partner(small, nlen)
    keys.append(key(f"p = {small}", small, q, "invalidPrime",
                    "a tiny prime: n is factored by trial division, and blinding values share it"))
p64 = prime_between(1 << 63, 1 << 64)
keys.append(key("p of 64 bits", p64, partner(p64, nlen), "invalidPrime",
                "a prime ECM finds at once"))
bound = nlen // 3
below = prime_between(1 << (bound - 2), 1 << (bound - 1))
keys.append(key(f"smaller prime of {bound - 1} bits (one below the bound)", below, partner(below, nlen), "invalidPrime",
                "one bit under floor(nlen / 3)"))
at = prime_between(1 << (bound - 1), 1 << bound)
keys.append(key(f"smaller prime of {bound} bits (the bound)", at, partner(at, nlen), "loads",
                "exactly floor(nlen / 3) bits: loads"))
# python-rsa's generator (rsa.newkeys) makes p of nlen/2 + nlen/32 bits and q of nlen/2 - nlen/32: real keys.
pr = prime_between(1 << (nlen // 2 + nlen // 32 - 1), 1 << (nlen // 2 + nlen // 32))
keys.append(key("python-rsa shape (p of nlen/2 + nlen/32 bits)", pr, partner(pr, nlen), "loads",
                "the prime sizes python-rsa's key generator produces"))
# |p - q| just under and just over 2^(nlen/2 - 100).
base = prime_between(3 << (nlen // 2 - 2), 1 << (nlen // 2))
gap = 1 << (nlen // 2 - 100)
close = next_prime(base + gap // 2)
assert abs(close - base) <= gap
keys.append(key("|p - q| below 2^(nlen/2 - 100)", base, close, "invalidPrime",
                "Fermat's method factors n at once"))
far = next_prime(base + gap + 1)
assert abs(far - base) > gap and (base * far).bit_length() == nlen
keys.append(key("|p - q| just above 2^(nlen/2 - 100)", base, far, "loads", "FIPS 186-5 A.1.3's limit, met"))
# Balanced controls at two sizes.
for size in (2048, 3072):
    p = prime_between(3 << (size // 2 - 2), 1 << (size // 2))
    q = prime_between(3 << (size // 2 - 2), 1 << (size // 2))
    keys.append(key(f"balanced {size}-bit key", p, q, "loads", "control"))

# Not a product of two primes, with a d that fits: recovery must give up at once.
not_two = []
prime_n = prime_between(3 << (nlen - 2), 1 << nlen)
not_two.append({"name": "n prime", "n": hx(prime_n), "e": hx(E), "d": hx(pow(E, -1, prime_n - 1))})
assert recover_c2(prime_n, E, pow(E, -1, prime_n - 1)) is None
t = [prime_between(1 << 681, 1 << 682) for _ in range(2)]
third = -(-(1 << (nlen - 1)) // (t[0] * t[1]))
t.append(next_prime(third))
n3 = t[0] * t[1] * t[2]
assert n3.bit_length() == nlen
lam3 = math.lcm(*(x - 1 for x in t))
not_two.append({"name": "n of three primes", "n": hx(n3), "e": hx(E), "d": hx(pow(E, -1, lam3))})
assert recover_c2(n3, E, pow(E, -1, lam3)) is None

out = {
    "generator": "Scripts/generate-rsa-prime-rule-keys.py",
    "notes": "RSA private keys on both sides of RSAPrivateKey's prime rules (smaller prime >= floor(nlen/3) bits, "
             "|p - q| > 2^(nlen/2 - 100)), and moduli that are not a product of two primes. Test keys; no secret.",
    "numberOfKeys": len(keys),
    "keys": keys,
    "numberOfNotTwoPrimes": len(not_two),
    "notTwoPrimes": not_two,
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Vectors", "rsa-prime-rules", "prime_rule_keys.json")
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(f"wrote {len(keys)} keys and {len(not_two)} other moduli to {os.path.relpath(path)}")
