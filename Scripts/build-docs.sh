#!/usr/bin/env bash
# Builds the DocC documentation of the JOSE module with the toolchain's docc: symbol graphs from `swift build`
# (-emit-symbol-graph), then `docc convert` of Sources/JOSE/JOSE.docc. Fails on any warning.
# Output: .build-docs/JOSE.doccarchive (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
out=.build-docs
rm -rf "$out/symbols" "$out/jose-symbols" "$out/JOSE.doccarchive"
mkdir -p "$out/symbols" "$out/jose-symbols"
swift build --scratch-path "$out/build" --target JOSE \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$out/symbols"
# Only JOSE's own graphs (and its extensions of other modules' types).
cp "$out"/symbols/JOSE.symbols.json "$out/jose-symbols/"
cp "$out"/symbols/JOSE@*.symbols.json "$out/jose-symbols/" 2>/dev/null || true
docc=$(command -v docc || echo /opt/swift/usr/bin/docc)
"$docc" convert Sources/JOSE/JOSE.docc \
    --additional-symbol-graph-dir "$out/jose-symbols" \
    --fallback-display-name JOSE --fallback-bundle-identifier org.purejose.JOSE \
    --output-path "$out/JOSE.doccarchive" --warnings-as-errors 2>&1 | tee "$out/docc.log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ] || grep -q "warning:" "$out/docc.log"; then
    echo "build-docs: docc reported warnings or errors" >&2
    exit 1
fi
echo "build-docs: $(( $(date +%s) - start )) s"
