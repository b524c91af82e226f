#!/usr/bin/env python3
"""Ed25519 cross-check against Python `cryptography`, both ways (run by Scripts/crosscheck-ed25519.sh).

1. Python makes 64 keys from seeded random seeds and signs messages of 0..255 bytes; a tampered signature is
   added for every fourth case. The file goes to jose-bench's cross-check mode
   (JOSE_BENCH_ED25519_CROSSCHECK, Benchmarks/JoseBench/Ed25519Benchmarks.swift).
2. Swift prints, per case, the public key from the seed, its own signature, and its verdict on Python's
   signature; then 16 fresh keys from the system generator (SPKI DER), messages and signatures.
3. Here: Swift's public keys and signatures must equal Python's byte for byte (Ed25519 is deterministic), Python
   must verify every Swift signature (fresh keys loaded from Swift's DER), and Swift's verdicts must be
   "valid" for untouched Python signatures and "invalid" for tampered ones.
Usage: crosscheck-ed25519.py JOSE_BENCH_BINARY
"""
import os, random, subprocess, sys, tempfile
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat, load_der_public_key
from cryptography.exceptions import InvalidSignature

def main():
    binary = sys.argv[1]
    rng = random.Random(8032)
    cases = []
    for i in range(64):
        seed = bytes(rng.getrandbits(8) for _ in range(32))
        msg = bytes(rng.getrandbits(8) for _ in range(rng.randrange(0, 256)))
        key = Ed25519PrivateKey.from_private_bytes(seed)
        sig = key.sign(msg)
        pub = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        tampered = i % 4 == 3
        sent = bytearray(sig)
        if tampered:
            sent[rng.randrange(64)] ^= 1 << rng.randrange(8)
        cases.append((seed, msg, sig, bytes(sent), pub, tampered))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for seed, msg, _, sent, _, _ in cases:
            f.write(f"{seed.hex()} {msg.hex() if msg else ''} {sent.hex()}\n")
        path = f.name
    try:
        env = dict(os.environ, JOSE_BENCH_ED25519_CROSSCHECK=path)
        out = subprocess.run([binary], env=env, capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(path)
    lines = out.splitlines()
    fails = 0
    fixed = [l for l in lines if not l.startswith("fresh ")]
    fresh = [l for l in lines if l.startswith("fresh ")]
    if len(fixed) != len(cases) or len(fresh) != 16:
        print(f"crosscheck-ed25519: expected {len(cases)} + 16 lines, got {len(fixed)} + {len(fresh)}")
        return 1
    for n, ((seed, msg, sig, sent, pub, tampered), line) in enumerate(zip(cases, fixed)):
        spub, ssig, verdict = line.split(" ")
        if bytes.fromhex(spub) != pub:
            print(f"case {n}: public key differs"); fails += 1
        if bytes.fromhex(ssig) != sig:
            print(f"case {n}: signature differs"); fails += 1
        try:
            Ed25519PublicKey.from_public_bytes(pub).verify(bytes.fromhex(ssig), msg)
        except InvalidSignature:
            print(f"case {n}: Python refuses the Swift signature"); fails += 1
        if verdict != ("0" if tampered else "1"):
            print(f"case {n}: Swift says {verdict} for a {'tampered' if tampered else 'valid'} Python signature"); fails += 1
    for n, line in enumerate(fresh):
        _, der, msg, ssig = line.split(" ")
        key = load_der_public_key(bytes.fromhex(der))
        try:
            key.verify(bytes.fromhex(ssig), bytes.fromhex(msg))
        except InvalidSignature:
            print(f"fresh {n}: Python refuses the Swift signature"); fails += 1
        if key.public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo) != bytes.fromhex(der):
            print(f"fresh {n}: SPKI does not re-encode byte for byte"); fails += 1
    tampered = sum(1 for c in cases if c[5])
    print(f"crosscheck-ed25519: {len(cases)} Python-signed cases ({tampered} tampered), {len(fresh)} fresh Swift keys: "
          + ("all agree" if fails == 0 else f"{fails} disagreements"))
    return 1 if fails else 0

if __name__ == "__main__":
    sys.exit(main())
