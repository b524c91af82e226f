#!/usr/bin/env python3
"""RSA cross-check: keys and signatures made by PureJOSE (jose-bench --rsa-emit) checked by Python `cryptography`.

For 2048, 3072 and 4096 bits: the generated key loads from its PKCS#8 and PKCS#1 PEM with cryptography's
consistency checks (RSA_check_key: p and q prime, n = p·q, d, dP, dQ, qInv consistent), both forms give the
same numbers, and every signature (PKCS#1 v1.5 and PSS × SHA-256/384/512) verifies under the public key
(PSS with the salt length equal to the hash length).

    Scripts/crosscheck-rsa.py DIR     (DIR written by `jose-bench --rsa-emit DIR`)
"""
import json
import sys

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding


def main(folder: str) -> int:
    data = json.load(open(f"{folder}/signatures.json"))
    message = bytes.fromhex(data["message"])
    keys = {}
    for bits in (2048, 3072, 4096):
        k8 = serialization.load_pem_private_key(open(f"{folder}/rsa{bits}-pkcs8.pem", "rb").read(), password=None)
        k1 = serialization.load_pem_private_key(open(f"{folder}/rsa{bits}-pkcs1.pem", "rb").read(), password=None)
        assert k8.key_size == bits, (bits, k8.key_size)
        assert k8.private_numbers() == k1.private_numbers(), f"rsa{bits}: PKCS#8 and PKCS#1 differ"
        pn = k8.private_numbers()
        assert pn.public_numbers.e == 65537
        assert abs(pn.p - pn.q) > 1 << (bits // 2 - 100)
        assert pn.d > 1 << (bits // 2)
        keys[bits] = k8.public_key()
    hash_of = {"sha256": hashes.SHA256(), "sha384": hashes.SHA384(), "sha512": hashes.SHA512()}
    count = 0
    for s in data["signatures"]:
        h = hash_of[s["hash"]]
        pad = padding.PKCS1v15() if s["padding"] == "pkcs1" else padding.PSS(padding.MGF1(h), h.digest_size)
        keys[s["bits"]].verify(bytes.fromhex(s["sig"]), message, pad, h)  # raises InvalidSignature
        count += 1
    assert count == 18, count
    print(f"crosscheck-rsa: 3 generated keys load in cryptography with its checks; {count} signatures verify")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
