#!/usr/bin/env python3
"""Builds the README's vector-coverage table from the output of `swift test`.

Every vector-driven test prints `[vectors] <file>: <n> cases (<detail>)` and asserts n. This script reads those
lines (from a saved log, or by running `swift test` itself) and prints a markdown table per suite: how many
distinct vector files were read and how many cases the tests ran from them. Nothing is typed by hand.

    swift test 2>&1 | tee /tmp/test.log; python3 Scripts/vector-coverage.py /tmp/test.log
"""
import re, subprocess, sys
from collections import defaultdict

text = open(sys.argv[1]).read() if len(sys.argv) > 1 else \
    subprocess.run(["swift", "test"], capture_output=True, text=True).stdout
line_re = re.compile(r"^\[vectors\] (.+?): (\d+) cases?(?: \((.*)\))?$")

def suite_of(name):
    path = name.split(" ")[0]
    if re.match(r"^(ecdsa|ecdh|rsa|hmac|json_web)_.*_test\.json$|^v0/", path):
        path = "wycheproof/" + path
    top = path.split("/")[0]
    return {
        "wycheproof": "Wycheproof (C2SP)",
        "nist": "NIST CAVP",
        "sha3": "NIST ACVP SHA-3 and SHAKE, with Python hashlib cases",
        "aes": "NIST ACVP AES (GCM, CBC, KW) and RFC 3394 / RFC 7518 App. B cases",
        "rfc": "RFC test vectors (4231, 6979, 7515, 7516, 7517, 7518, 7520, 7638, 7748, 8037, 8949, 9964)",
        "mldsa": "NIST ACVP ML-DSA (FIPS 204 keyGen, sigGen, sigVer)",
        "keys": "Key fixtures (pyca cryptography_vectors, RFC 6979)",
        "jwks": "Real JWK Sets (Apple, Google, Microsoft, PayPal, Yahoo)",
        "jose": "Generated here: JWT cross-check and attack fixtures (Python cryptography)",
        "bignum": "Generated here: BigNum oracle cases (Python integers)",
        "rsa-forgeries": "Generated here: RSA forgery shapes (Python)",
        "apple": "Apple App Store Server Library test data",
        "rsa-prime-rules": "Generated here: RSA keys on both sides of the prime rules (Python)",
        "x509-limbo": "x509-limbo RFC 5280 path validation (C2SP)",
        "x509-chains": "Generated here: X.509 chains (Python cryptography)",
        "x509-review": "Generated here: X.509 chains (Python cryptography)",
        "x5c-tokens": "Generated here: x5c tokens and chains (Python cryptography)",
        "ocsp": "Generated here: OCSP requests and responses (Python cryptography)",
    }.get(top, "Hand-made and seeded cases (no vector file)"), path

files = defaultdict(set)
cases = defaultdict(int)
seen = set()
for raw in text.splitlines():
    m = line_re.match(raw.strip())
    if not m or raw.strip() in seen:   # a line printed twice (same test, same text) counts once
        continue
    seen.add(raw.strip())
    suite, path = suite_of(m.group(1))
    if "/" in path or path.endswith((".json", ".rsp", ".txt", ".pem", ".der")):
        files[suite].add(path.rstrip(":"))
    cases[suite] += int(m.group(2))

order = sorted(cases, key=lambda s: (s.startswith("Generated") or s.startswith("Hand"), s))
print("| Suite | Vector files (or folders) reported | Cases run (summed over the tests that read them) |")
print("| --- | ---: | ---: |")
for s in order:
    print(f"| {s} | {len(files[s]) or '–'} | {cases[s]:,} |")
print(f"| **Total** | **{sum(len(v) for v in files.values())}** | **{sum(cases.values()):,}** |")
