#!/usr/bin/env bash
# Differential of CertificateVerifier against `openssl verify -partial_chain -attime` on the generated chains of
# Vectors/x509-chains (Scripts/generate-x509-chains.py) and Vectors/x509-review (Scripts/generate-x509-review-chains.py). For every MANIFEST case, OpenSSL's verdict must be the
# one the manifest records in "openssl"; PureJOSE's verdict is the manifest's "expected", which
# Tests/PureX509Tests.ChainRuleTests asserts case by case (run here too). Where the two verdicts differ, the case must
# carry a "note" saying why (e.g. OpenSSL 3.0 at security level 1 still accepts SHA-1 signatures); any other
# disagreement fails the step.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v openssl >/dev/null || { echo "x509-differential: openssl not found"; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/x509-diff.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import json, os, subprocess, sys
work = sys.argv[1]
cases = []
for folder in ["Vectors/x509-chains", "Vectors/x509-review"]:
    for c in json.load(open(os.path.join(folder, "MANIFEST.json")))["cases"]:
        cases.append((folder, c))
def cat(folder, labels, name):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        for l in labels:
            f.write(open(os.path.join(folder, l + ".pem")).read())
    return path
agree = differ = bad = 0
for folder, c in cases:
    cmd = ["openssl", "verify", "-partial_chain", "-attime", str(c["time"]), "-CAfile", cat(folder, c["roots"], "roots.pem")]
    if c["intermediates"]:
        cmd += ["-untrusted", cat(folder, c["intermediates"], "inters.pem")]
    if "serverAuth" in c["eku"]:
        cmd += ["-purpose", "sslserver"]
    cmd.append(os.path.join(folder, c["leaf"] + ".pem"))
    r = subprocess.run(cmd, capture_output=True, text=True)
    got = "valid" if r.returncode == 0 else "invalid"
    pure = "valid" if c["expected"] == "valid" else "invalid"
    if got != c["openssl"]:
        bad += 1
        print(f"x509-differential: {c['name']}: openssl says {got}, the manifest records {c['openssl']}: {(r.stdout + r.stderr).strip()[-300:]}")
    elif got != pure:
        if "note" not in c:
            bad += 1
            print(f"x509-differential: {c['name']}: openssl {got}, PureJOSE {c['expected']}, and no note explains it")
        else:
            differ += 1
            print(f"x509-differential: {c['name']}: openssl {got}, PureJOSE {c['expected']} ({c['note']})")
    else:
        agree += 1
print(f"x509-differential: {len(cases)} cases, {agree} agree, {differ} differ with a recorded reason, {bad} unexplained")
sys.exit(1 if bad else 0)
PY
# The test bundle only (`swift test` alone would also build the executables, which no test here needs).
swift build --product PureJOSEPackageTests >/dev/null
swift test --skip-build --filter 'PureX509Tests.(ChainRuleTests|ReviewFourChainTests)' 2>&1 | grep -E "\[vectors\]|✘|Test run"
