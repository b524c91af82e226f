#!/usr/bin/env python3
"""Cross-checks ECDSA signatures made by PureJOSE with Python's `cryptography` (OpenSSL underneath).

Reads the JSON lines written by `jose-bench --emit-ecdsa-signatures FILE` (see Scripts/crosscheck-ecdsa.sh):
for each sample, the private key d must give the public key q, the hedged signature (raw r||s and DER) must
verify under q, and the deterministic signature must equal the one `cryptography` makes with RFC 6979
(`deterministic_signing=True`) byte for byte. Exits non-zero on any mismatch.
"""
import json, sys
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.exceptions import InvalidSignature

CURVES = {"P-256": (ec.SECP256R1(), hashes.SHA256(), 32), "P-384": (ec.SECP384R1(), hashes.SHA384(), 48),
          "P-521": (ec.SECP521R1(), hashes.SHA512(), 66)}

def main(path):
    counts, bad = {}, 0
    for line in open(path):
        if not line.strip():
            continue
        s = json.loads(line)
        curve, h, size = CURVES[s["curve"]]
        priv = ec.derive_private_key(int(s["d"], 16), curve)
        pub = priv.public_key()
        q = pub.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        msg = bytes.fromhex(s["msg"])
        raw = bytes.fromhex(s["sig"])
        der = bytes.fromhex(s["der"])
        ok = q.hex() == s["q"]
        r, t = int.from_bytes(raw[:size], "big"), int.from_bytes(raw[size:], "big")
        ok = ok and encode_dss_signature(r, t) == der
        try:
            pub.verify(der, msg, ec.ECDSA(h))
        except InvalidSignature:
            ok = False
        mine = priv.sign(msg, ec.ECDSA(h, deterministic_signing=True))
        dr, ds = decode_dss_signature(mine)
        ok = ok and (dr.to_bytes(size, "big") + ds.to_bytes(size, "big")).hex() == s["deterministic"]
        if not ok:
            bad += 1
            print("MISMATCH", s["curve"], s["q"][:20], file=sys.stderr)
        counts[s["curve"]] = counts.get(s["curve"], 0) + 1
    print("crosscheck-ecdsa: %s samples checked with cryptography; %d mismatches" % (counts, bad))
    return 1 if bad or not counts else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
