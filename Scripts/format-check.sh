#!/usr/bin/env bash
# swift-format check: every Swift file under Sources/ and Tests/ that is not listed in Scripts/format-exclude.txt
# must lint clean against .swift-format (the house style: 4 spaces, 160 columns, `;` and `var a = 0, b = 0` allowed).
# Fails, printing the findings, when one does. The exclusion list holds the files not yet formatted; a new file is
# checked from the start.
#   Scripts/format-check.sh            # the check
#   Scripts/format-check.sh --list     # regenerate the exclusion list (files with findings today)
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t all < <(find Sources Tests -name '*.swift' | LC_ALL=C sort)
if [[ ${1:-} == --list ]]; then
    { grep '^#' Scripts/format-exclude.txt
      swift format lint --configuration .swift-format "${all[@]}" 2>&1 | cut -d: -f1 | grep '\.swift$' | LC_ALL=C sort -u
    } > Scripts/format-exclude.txt.new
    mv Scripts/format-exclude.txt.new Scripts/format-exclude.txt
    echo "format-check: $(grep -vc '^#' Scripts/format-exclude.txt) files excluded"
    exit 0
fi
files=()
for f in "${all[@]}"; do grep -qxF "$f" Scripts/format-exclude.txt || files+=("$f"); done
echo "format-check: ${#files[@]} files checked, $(grep -vc '^#' Scripts/format-exclude.txt) excluded"
out=$(swift format lint --strict --configuration .swift-format "${files[@]}" 2>&1) || { echo "$out"; echo "format-check: FAILED"; exit 1; }
[[ -z $out ]] || { echo "$out"; echo "format-check: FAILED"; exit 1; }
echo "format-check: clean"
