#!/usr/bin/env python3
"""X25519 and RSA-OAEP cross-check against Python `cryptography`, both ways (run by Scripts/crosscheck-kex.sh).

1. X25519: 64 seeded scalar/peer pairs plus the eight small-order peer points. Swift's public key from each scalar
   must equal Python's; Swift's shared secret must equal Python's exchange; where Python refuses the all-zero
   result (it raises), Swift must answer "zero". 16 fresh Swift keys: Python's exchange with Swift's public key must
   equal the secret Swift reports.
2. RSA-OAEP (SHA-1 = JWE RSA-OAEP, SHA-256 = RSA-OAEP-256), the 2048-bit fixture key in both: 64 ciphertexts made by
   Python (messages 0..190 bytes, some with labels) must decrypt in Swift; each with one flipped byte must fail;
   64 ciphertexts made by Swift must decrypt in Python to the message sent.
Usage: crosscheck-kex.py JOSE_BENCH_BINARY
"""
import os, random, subprocess, sys, tempfile
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives import hashes, serialization

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SMALL_ORDER = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
]


def h(b):
    return b.hex() if b else "-"


def main():
    binary = sys.argv[1]
    rng = random.Random(7748)
    lines, expect = [], []
    raw = serialization.Encoding.Raw, serialization.PublicFormat.Raw
    for i in range(64 + len(SMALL_ORDER)):
        scalar = bytes(rng.getrandbits(8) for _ in range(32))
        if i < 64:
            peer = X25519PrivateKey.generate().public_key().public_bytes(*raw)
        else:
            peer = bytes.fromhex(SMALL_ORDER[i - 64])
        k = X25519PrivateKey.from_private_bytes(scalar)
        try:
            z = k.exchange(X25519PublicKey.from_public_bytes(peer)).hex()
        except ValueError:
            z = "zero"
        lines.append(f"x25519 {scalar.hex()} {peer.hex()}")
        expect.append(("x25519", k.public_key().public_bytes(*raw).hex(), z))
    fresh_peers = [X25519PrivateKey.generate() for _ in range(16)]
    for p in fresh_peers:
        lines.append(f"x25519-fresh {p.public_key().public_bytes(*raw).hex()}")
        expect.append(("fresh", p))

    pem = open(os.path.join(ROOT, "Vectors/keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"), "rb").read()
    key = serialization.load_pem_private_key(pem, password=None)
    def pad(bits, label):
        hh = hashes.SHA1() if bits == 1 else hashes.SHA256()
        return padding.OAEP(mgf=padding.MGF1(algorithm=hh), algorithm=hh, label=label or None)
    for i in range(64):
        bits = 1 if i % 2 else 256
        label = b"label %d" % i if i % 4 == 3 else b""
        limit = 256 - 2 * (20 if bits == 1 else 32) - 2
        msg = bytes(rng.getrandbits(8) for _ in range(rng.randrange(0, limit + 1)))
        ct = key.public_key().encrypt(msg, pad(bits, label))
        lines.append(f"oaep-dec {bits} {h(label)} {ct.hex()}")
        expect.append(("dec", msg.hex() if msg else "-"))
        bad = bytearray(ct)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        lines.append(f"oaep-dec {bits} {h(label)} {bytes(bad).hex()}")
        expect.append(("dec", "fail"))
        lines.append(f"oaep-enc {bits} {h(label)} {h(msg)}")
        expect.append(("enc", bits, label, msg))

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        env = dict(os.environ, JOSE_BENCH_KEX_CROSSCHECK=path)
        out = subprocess.run([binary], env=env, capture_output=True, text=True, check=True).stdout.splitlines()
    finally:
        os.unlink(path)
    assert len(out) == len(expect), f"{len(out)} answers for {len(expect)} lines"
    counts = {"x25519": 0, "zero": 0, "fresh": 0, "dec": 0, "fail": 0, "enc": 0}
    for got, want in zip(out, expect):
        g = got.split(" ")
        if want[0] == "x25519":
            assert g[1] == want[1], f"public key: {got} vs {want}"
            assert g[2] == want[2], f"shared secret: {got} vs {want}"
            counts["zero" if want[2] == "zero" else "x25519"] += 1
        elif want[0] == "fresh":
            z = want[1].exchange(X25519PublicKey.from_public_bytes(bytes.fromhex(g[1]))).hex()
            assert g[2] == z, f"fresh key: {got}"
            counts["fresh"] += 1
        elif want[0] == "dec":
            assert g[1] == want[1], f"OAEP decryption: {got} vs {want}"
            counts["fail" if want[1] == "fail" else "dec"] += 1
        else:
            _, bits, label, msg = want
            assert key.decrypt(bytes.fromhex(g[1]), pad(bits, label)) == msg, "Python does not decrypt Swift's ciphertext"
            counts["enc"] += 1
    print(f"[crosscheck-kex] X25519: {counts['x25519']} agreements and {counts['zero']} all-zero refusals equal to Python's, "
          f"{counts['fresh']} fresh Swift keys agree; RSA-OAEP: {counts['dec']} Python ciphertexts decrypted, "
          f"{counts['fail']} tampered ones refused, {counts['enc']} Swift ciphertexts decrypted by Python")
    assert counts["x25519"] + counts["zero"] == 64 + len(SMALL_ORDER) and counts["dec"] == 64 and counts["fail"] == 64
    assert counts["enc"] == 64 and counts["fresh"] == 16


if __name__ == "__main__":
    main()
