#!/usr/bin/env bash
# Regenerates README.md's vector-coverage table from a `swift test` log:
#   swift test 2>&1 | tee /tmp/test.log; bash Scripts/update-readme-coverage.sh /tmp/test.log
set -euo pipefail
cd "$(dirname "$0")/.."
table=$(python3 Scripts/vector-coverage.py "$1")
python3 - "$table" <<'PY'
import sys, re
table = sys.argv[1]
s = open("README.md").read()
s = re.sub(r"(<!-- BEGIN VECTOR COVERAGE -->\n).*?(<!-- END VECTOR COVERAGE -->)",
           lambda m: m.group(1) + table + "\n" + m.group(2), s, flags=re.S)
open("README.md", "w").write(s)
PY
