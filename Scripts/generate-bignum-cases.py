#!/usr/bin/env python3
"""Generates Vectors/bignum/bignum_cases.txt: BigNum test cases with Python's integers as the oracle.

Run from anywhere (`python3 Scripts/generate-bignum-cases.py`; Scripts/regenerate.sh runs it); the output is committed and read by
Tests/BigNumTests. Deterministic: a fixed seed, so re-running gives the same file.

Line format (all numbers lowercase hex without prefix, "0" for zero), one case per line:
  add a b a+b
  sub a b a-b            (a >= b)
  mul a b a*b
  divmod a b q r         (a = q*b + r, 0 <= r < b)
  shl a s a<<s           (s decimal)
  shr a s a>>s           (s decimal)
  modexp base exp mod r  (mod odd, r = base^exp mod mod)
Lines starting with '#' are comments.
"""
import random

rng = random.Random(0x5EED_B16_2026)
lines = []


def h(x):
    return format(x, "x")


def rand_bits(bits):
    """A random integer of exactly `bits` bits, with a structured pattern half of the time
    (runs of all-ones and all-zeros limbs stress carries and borrows)."""
    if bits <= 0:
        return 0
    if rng.random() < 0.5:
        x = rng.getrandbits(bits)
    else:
        x = 0
        pos = 0
        while pos < bits:
            run = rng.choice([1, 7, 32, 63, 64, 65, 128, 200])
            kind = rng.random()
            if kind < 0.4:
                chunk = (1 << run) - 1
            elif kind < 0.6:
                chunk = 0
            else:
                chunk = rng.getrandbits(run)
            x |= chunk << pos
            pos += run
        x &= (1 << bits) - 1
    return x | (1 << (bits - 1))


def rand_size(lo=64, hi=4096):
    """Bit sizes spread log-uniformly over [lo, hi], plus limb boundaries now and then."""
    if rng.random() < 0.15:
        limbs = rng.randint(max(1, lo // 64), hi // 64)
        return limbs * 64 + rng.choice([-1, 0, 1]) if limbs * 64 + 1 <= hi else limbs * 64
    import math
    return int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))


def rand_odd_modulus(bits):
    return rand_bits(bits) | 1


# Edge values: zero, one, all-ones limbs, single high bits, powers of two and neighbours.
edges = [0, 1, 2, 3, (1 << 64) - 1, 1 << 64, (1 << 64) + 1, (1 << 128) - 1, 1 << 127,
         (1 << 256) - 1, (1 << 1024) - 1, 1 << 2047, (1 << 2048) - 1, (1 << 4096) - 1,
         ((1 << 4096) - 1) // ((1 << 64) - 1),  # 0x0000000000000001 repeated: 1 in every limb
         ((1 << 2048) - 1) ^ ((1 << 1024) - 1)]
# Cross products of every edge pair would be large; the biggest edges pair with the small ones only.
small_edges = [e for e in edges if e.bit_length() <= 1024]
edge_pairs = [(a, b) for a in edges for b in small_edges] + [(b, a) for a in edges for b in small_edges if a.bit_length() > 1024]

# -- add / sub: carries across every limb
lines.append("# add / sub")
for a, b in edge_pairs:
    if True:
        lines.append(f"add {h(a)} {h(b)} {h(a + b)}")
        if a >= b:
            lines.append(f"sub {h(a)} {h(b)} {h(a - b)}")
for _ in range(100):
    a, b = rand_bits(rand_size()), rand_bits(rand_size())
    lines.append(f"add {h(a)} {h(b)} {h(a + b)}")
    a, b = max(a, b), min(a, b)
    lines.append(f"sub {h(a)} {h(b)} {h(a - b)}")

# -- mul
lines.append("# mul")
for a, b in edge_pairs:
    if True:
        lines.append(f"mul {h(a)} {h(b)} {h(a * b)}")
for _ in range(350):
    a, b = rand_bits(rand_size()), rand_bits(rand_size())
    lines.append(f"mul {h(a)} {h(b)} {h(a * b)}")

# -- divmod (including divisors whose normalised top limb forces Algorithm D's corrections)
lines.append("# divmod")
for a, b in edge_pairs:
        if b:
            lines.append(f"divmod {h(a)} {h(b)} {h(a // b)} {h(a % b)}")
for _ in range(350):
    bb = rand_size()
    b = rand_bits(bb)
    kind = rng.random()
    if kind < 0.6:
        a = rand_bits(rng.randint(max(1, bb - 64), min(8192, 2 * bb + 128)))
    elif kind < 0.8:
        # q̂ overestimates: divisor 0x8000…0001-like, dividend top limbs equal to the divisor's.
        b = (1 << (bb - 1)) | rng.getrandbits(min(bb - 1, 8)) | 1
        a = b * rand_bits(rng.randint(1, 512)) + rng.randrange(b)
    else:
        a = b * rand_bits(rng.randint(1, 1024)) + rng.choice([0, 1, b - 1])
    lines.append(f"divmod {h(a)} {h(b)} {h(a // b)} {h(a % b)}")

# -- shifts
lines.append("# shl / shr")
for _ in range(100):
    a = rand_bits(rand_size(1, 2048))
    s = rng.choice([0, 1, 63, 64, 65, 127, 128, rng.randint(0, 3000)])
    lines.append(f"shl {h(a)} {s} {h(a << s)}")
    lines.append(f"shr {h(a)} {s} {h(a >> s)}")

# -- modexp: public-style exponents (the RSA path), random exponents and edge cases
lines.append("# modexp")
mod_edges = [1, 3, (1 << 64) - 1, (1 << 64) + 1, (1 << 128) + 1, (1 << 1024) + 1, (1 << 2048) + 1,
             (1 << 2048) + 3, (1 << 2048) - 1, (1 << 4096) - 1, (1 << 4095) + 1]
for m in mod_edges:
    for base in [0, 1, m - 1, m + 1, (1 << 64) - 1]:
        for e in [0, 1, 2, 65537, (1 << 64) + 1]:
            lines.append(f"modexp {h(base)} {h(e)} {h(m)} {h(pow(base, e, m))}")
for _ in range(450):
    mb = rand_size()
    m = rand_odd_modulus(mb)
    if rng.random() < 0.15:
        m = (1 << (mb - 1)) + 2 * rng.randint(0, 50) + 1  # just above a power of two
    base = rng.randrange(m) if rng.random() < 0.9 else rand_bits(rand_size())
    kind = rng.random()
    if kind < 0.35:
        e = rng.choice([3, 17, 65537, (1 << 32) - 1, rng.getrandbits(32) | 1])
    elif kind < 0.7:
        e = rand_bits(rng.randint(1, 64))
    else:
        # Long exponents (sliding window), kept short for big moduli so debug tests stay fast.
        e = rand_bits(rng.randint(65, 1024 if mb <= 1024 else 160))
    lines.append(f"modexp {h(base)} {h(e)} {h(m)} {h(pow(base, e, m))}")

count = sum(1 for l in lines if not l.startswith("#"))
import os
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Vectors", "bignum", "bignum_cases.txt"), "w") as f:
    f.write(f"# Generated by Scripts/generate-bignum-cases.py (Python integers as the oracle); {count} cases. Do not edit.\n")
    f.write("\n".join(lines) + "\n")
print(count, "cases")
