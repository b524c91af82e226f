#!/usr/bin/env python3
"""Generates Vectors/sha3/hashlib-cases.json: SHA-3 and SHAKE cases with Python's hashlib (OpenSSL's or CPython's own
Keccak) as the oracle, for Tests/SHA3Tests/HashlibCrossCheckTests.swift.

Run from anywhere (`python3 Scripts/generate-sha3-cases.py`; Scripts/regenerate.sh runs it); the output is committed.
Deterministic: a fixed seed, so re-running gives the same file.

Message lengths: every rate boundary r-1, r, r+1 of the six functions (72, 104, 136, 144, 168 bytes) and of two and
three blocks, 0 and 1, and random lengths up to 1,100 bytes. SHAKE output lengths likewise straddle the output block
(135/136/137 for SHAKE256, 167/168/169 for SHAKE128, and two blocks).
"""
import hashlib
import json
import os
import random

rng = random.Random(0x5EED_5A3_2026)
rates = [72, 104, 136, 144, 168]
lengths = {0, 1, 7, 8, 9}
for r in rates:
    for k in (1, 2, 3):
        lengths.update({k * r - 1, k * r, k * r + 1})
lengths.update(rng.randrange(2, 1100) for _ in range(16))
lengths = sorted(lengths)
shake_lengths = [1, 16, 32, 64, 135, 136, 137, 167, 168, 169, 271, 272, 273, 335, 336, 337, 500]

cases = []
for n in lengths:
    msg = bytes(rng.randrange(256) for _ in range(n))
    case = {"msg": msg.hex(), "len": n}
    for name in ("sha3_224", "sha3_256", "sha3_384", "sha3_512"):
        case[name] = hashlib.new(name, msg).hexdigest()
    out = rng.choice(shake_lengths)
    case["outLen"] = out
    case["shake_128"] = hashlib.shake_128(msg).hexdigest(out)
    case["shake_256"] = hashlib.shake_256(msg).hexdigest(out)
    cases.append(case)

doc = {
    "generator": "Scripts/generate-sha3-cases.py",
    "oracle": "Python hashlib (sha3_224/256/384/512, shake_128/256)",
    "note": "msg and digests lowercase hex; len and outLen in bytes",
    "cases": cases,
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Vectors", "sha3", "hashlib-cases.json")
with open(path, "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
print(f"wrote {len(cases)} cases to Vectors/sha3/hashlib-cases.json")
