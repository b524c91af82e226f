#!/usr/bin/env python3
"""ML-DSA speed: PureJOSE (jose-bench --all --filter mldsa, release) against the C implementation inside Python
`cryptography` 48 (OpenSSL's ML-DSA), measured in one run.

Python side: each operation is called N times in a tight loop (timeit, best of 5 repeats), and the same loop calling a
no-op C builtin with the same arguments (`operator.is_(a, b)`) is timed and subtracted: what is left is the time
inside cryptography's binding and OpenSSL, without the interpreter's loop and call overhead. Swift side: jose-bench's
own timing (batches of calls, median). Python runs before and after Swift; the faster Python figure of each row is
used (load on a shared machine only slows things down). Ratio = Python µs / Swift µs (above 1: Swift faster).
Usage: compare-mldsa-speed.py JOSE_BENCH_BINARY
"""
import json, operator, os, subprocess, sys, timeit
from cryptography.hazmat.primitives.asymmetric import mldsa

LEVELS = {"44": mldsa.MLDSA44PrivateKey, "65": mldsa.MLDSA65PrivateKey, "87": mldsa.MLDSA87PrivateKey}
SEED = bytes((i * 29 + 7) & 0xFF for i in range(32))
MSG = bytes(((i * 0x9E37) >> 5) & 0xFF for i in range(32))

def per_call(fn, n):
    return min(timeit.repeat(fn, number=n, repeat=5)) / n * 1e6

def python_rows():
    noop = operator.is_
    overhead2 = per_call(lambda: noop(MSG, MSG), 20000)
    rows = {}
    for level, cls in LEVELS.items():
        key = cls.from_seed_bytes(SEED)
        pub = key.public_key()
        sig = key.sign(MSG)
        rows[f"verify.mldsa{level}"] = per_call(lambda: pub.verify(sig, MSG), 400) - overhead2
        rows[f"sign.mldsa{level}"] = per_call(lambda: key.sign(MSG), 200) - overhead2
        rows[f"keygen.mldsa{level}"] = per_call(lambda: cls.from_seed_bytes(SEED), 200) - overhead2
    return rows, overhead2

def main():
    binary = sys.argv[1]
    py1, ov = python_rows()
    out = subprocess.run([binary, "--all", "--json", "--filter", "mldsa"], capture_output=True, text=True, check=True).stdout
    swift = {}
    for line in out.splitlines():
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if isinstance(r, dict) and "name" in r:
            us = r.get("microsecondsPerOperation") or r.get("usPerOp") or r.get("µs/op")
            if us is None and "value" in r:
                us = 1e6 / r["value"]
            swift[r["name"]] = us
    py2, _ = python_rows()
    print(f"# ML-DSA, PureJOSE vs Python cryptography 48 (OpenSSL C); load average {os.getloadavg()[0]:.1f}; "
          f"Python loop+call overhead subtracted: {ov:.3f} µs")
    print("| row | PureJOSE µs | cryptography µs | ratio (Python/Swift) |")
    print("| --- | ---: | ---: | ---: |")
    for name in sorted(py1, key=lambda n: (n[-2:], n)):
        p = min(py1[name], py2[name])
        s = swift.get(name)
        if s:
            print(f"| {name} | {s:.1f} | {p:.1f} | {p / s:.2f}× |")
        if name.startswith("verify.") and swift.get("load." + name[7:]) and s:
            l = swift["load." + name[7:]]
            print(f"| load+{name} (key decoded and Â expanded every time, as OpenSSL does) | {s + l:.1f} | {p:.1f} | {p / (s + l):.2f}× |")
    return 0

if __name__ == "__main__":
    sys.exit(main())
