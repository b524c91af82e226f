#!/usr/bin/env python3
"""ML-DSA cross-check against Python `cryptography` 48 (its ML-DSA is OpenSSL's, in C), both ways.

1. Python makes, per level (44, 65, 87), 16 keys from seeded random seeds and signs messages of 0..300 bytes under
   contexts of 0..255 bytes (hedged: cryptography 48 offers no deterministic signing); every fourth signature is
   tampered (one bit). The cases go to `jose-bench --mldsa-crosscheck FILE` (Benchmarks/JoseBench/MLDSABenchmarks.swift).
2. Swift prints, per case, the public key from the seed, a hedged and a deterministic signature, and its verdicts on
   Python's signature: under the right context, the context with a byte appended, and the next level's key from the
   same seed.
3. Here: the public keys must equal Python's byte for byte; Python must verify both Swift signatures and refuse them
   under a wrong context, when tampered, and under the other level's key; Swift's verdicts must be 1 for untouched
   Python signatures and 0 for tampered ones, and 0 for the wrong context and the wrong level always. Python must also
   refuse a context of 256 bytes (Swift's refusal is tested in MLDSATests). Deterministic signatures cannot be compared
   byte for byte with cryptography 48 (it signs hedged only); they are compared with NIST's ACVP answers in MLDSATests.
Usage: crosscheck-mldsa.py JOSE_BENCH_BINARY
"""
import os, random, subprocess, sys, tempfile
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric import mldsa

CLASSES = {"44": (mldsa.MLDSA44PrivateKey, mldsa.MLDSA44PublicKey), "65": (mldsa.MLDSA65PrivateKey, mldsa.MLDSA65PublicKey),
           "87": (mldsa.MLDSA87PrivateKey, mldsa.MLDSA87PublicKey)}
NEXT = {"44": "65", "65": "87", "87": "44"}

def verifies(level, pub, sig, msg, ctx):
    try:
        CLASSES[level][1].from_public_bytes(pub).verify(sig, msg, ctx)
        return True
    except (InvalidSignature, ValueError):
        return False

def h(b): return b.hex() if b else "-"
def unh(s): return b"" if s == "-" else bytes.fromhex(s)

def main():
    binary = sys.argv[1]
    rng = random.Random(204)
    cases = []
    for level in ("44", "65", "87"):
        for i in range(16):
            seed = bytes(rng.getrandbits(8) for _ in range(32))
            msg = bytes(rng.getrandbits(8) for _ in range(rng.randrange(0, 300)))
            ctx = bytes(rng.getrandbits(8) for _ in range(rng.choice([0, 0, 1, 17, 64, 255])))
            key = CLASSES[level][0].from_seed_bytes(seed)
            sig = key.sign(msg, ctx)
            tampered = i % 4 == 3
            sent = bytearray(sig)
            if tampered:
                sent[rng.randrange(len(sig))] ^= 1 << rng.randrange(8)
            pub = key.public_key().public_bytes_raw()
            cases.append((level, seed, msg, ctx, bytes(sent), pub, tampered))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for level, seed, msg, ctx, sent, _, _ in cases:
            f.write(f"{level} {h(seed)} {h(msg)} {h(ctx)} {h(sent)}\n")
        path = f.name
    try:
        out = subprocess.run([binary, "--mldsa-crosscheck", path], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(path)
    lines = out.splitlines()
    if len(lines) != len(cases):
        print(f"crosscheck-mldsa: expected {len(cases)} lines, got {len(lines)}")
        return 1
    fails = 0
    counts = dict(keys=0, swift_sigs_verified=0, refusals_python=0, swift_verdicts=0)
    for n, ((level, seed, msg, ctx, sent, pub, tampered), line) in enumerate(zip(cases, lines)):
        spub, shedged, sdet, v1, v2, v3 = line.split(" ")
        spub, shedged, sdet = unh(spub), unh(shedged), unh(sdet)
        if spub != pub:
            print(f"case {n} (ML-DSA-{level}): public key differs"); fails += 1
        else:
            counts["keys"] += 1
        other_pub = CLASSES[NEXT[level]][0].from_seed_bytes(seed).public_key().public_bytes_raw()
        for name, sig in (("hedged", shedged), ("deterministic", sdet)):
            if not verifies(level, pub, sig, msg, ctx):
                print(f"case {n}: Python refuses the Swift {name} signature"); fails += 1
            else:
                counts["swift_sigs_verified"] += 1
            bad = bytearray(sig); bad[n % len(bad)] ^= 0x10
            for what, ok in (("wrong context", verifies(level, pub, sig, msg, ctx + b"x")),
                             ("tampered", verifies(level, pub, bytes(bad), msg, ctx)),
                             ("wrong level", verifies(NEXT[level], other_pub, sig, msg, ctx))):
                if ok:
                    print(f"case {n}: Python accepts the Swift {name} signature {what}"); fails += 1
                else:
                    counts["refusals_python"] += 1
        expected = ("0" if tampered else "1", "0", "0")
        if (v1, v2, v3) != expected:
            print(f"case {n} (ML-DSA-{level}, tampered={tampered}): Swift verdicts {(v1, v2, v3)}, expected {expected}"); fails += 1
        else:
            counts["swift_verdicts"] += 1
    try:
        CLASSES["65"][0].from_seed_bytes(bytes(32)).sign(b"m", bytes(256))
        print("Python accepts a 256-byte context"); fails += 1
    except ValueError:
        pass
    print(f"crosscheck-mldsa: {len(cases)} cases (3 levels x 16), {counts['keys']} public keys equal, "
          f"{counts['swift_sigs_verified']} Swift signatures verified by Python, {counts['refusals_python']} refusals by "
          f"Python (wrong context, tampered, wrong level), {counts['swift_verdicts']} cases with Swift's three verdicts right; "
          f"{fails} failures")
    return 1 if fails else 0

if __name__ == "__main__":
    sys.exit(main())
