#!/usr/bin/env bash
# Builds the DocC documentation of every library module (the package's graph: Scripts/module-graph.py libraries) with the
# toolchain's docc: symbol graphs from one `swift build` (-emit-symbol-graph), then `docc convert` of each module's
# catalog Sources/<Module>/<Module>.docc with --warnings-as-errors. Fails on any warning or error.
# Output: .build-docs/<Module>.doccarchive (git-ignored). Usage: Scripts/build-docs.sh [--from-build DIR] [Module…]
# --from-build DIR (.ci/run: the debug build folder, .build/debug): no build of its own; the symbol graphs are
# extracted (swift symbolgraph-extract, as SwiftPM's dump-symbol-graph and the DocC plugin do) from the modules that
# build already compiled, with their doc comments (DIR/Modules/*.swiftmodule, *.swiftdoc): the same graphs, without
# a second compilation of the library.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
out=.build-docs
from_build=""
if [[ ${1:-} == --from-build ]]; then from_build=$(cd "$2" && pwd); shift 2; fi
modules=("$@")
[ ${#modules[@]} -gt 0 ] || mapfile -t modules < <(python3 Scripts/module-graph.py libraries)
# Graphs are rewritten whenever a module recompiles; an unchanged module keeps its graph from the last build.
mkdir -p "$out/symbols"
if [[ -n $from_build ]]; then
    rm -f "$out/symbols/"*.json
    triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
    for m in "${modules[@]}"; do
        swift symbolgraph-extract -module-name "$m" -I "$from_build/Modules" -target "$triple" \
            -minimum-access-level public -output-dir "$out/symbols"
    done
else
    # Building the modules no other one depends on compiles (and emits graphs for) all of them.
    for target in $(python3 Scripts/module-graph.py tops); do
        swift build --disable-index-store --scratch-path "$out/build" --target "$target" \
            -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$out/symbols"
    done
fi
docc=$(command -v docc || echo /opt/swift/usr/bin/docc)
failed=()
for m in "${modules[@]}"; do
    catalog="Sources/$m/$m.docc"
    [ -d "$catalog" ] || { echo "build-docs: no catalog $catalog" >&2; failed+=("$m"); continue; }
    graphs="$out/$m-symbols"
    rm -rf "$graphs" "$out/$m.doccarchive"
    mkdir -p "$graphs"
    # Only the module's own graphs (and its extensions of other modules' types).
    cp "$out/symbols/$m.symbols.json" "$graphs/"
    cp "$out/symbols/$m@"*.symbols.json "$graphs/" 2>/dev/null || true
    set +e
    "$docc" convert "$catalog" --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$m" --fallback-bundle-identifier "org.purejose.$m" \
        --output-path "$out/$m.doccarchive" --warnings-as-errors > "$out/docc-$m.log" 2>&1
    status=$?
    set -e
    if [ "$status" -ne 0 ] || grep -q "warning:" "$out/docc-$m.log"; then
        grep -E "warning:|error:" "$out/docc-$m.log" | head -40 >&2
        echo "build-docs: $m: docc reported $(grep -cE 'warning:|error:' "$out/docc-$m.log") warnings or errors" >&2
        failed+=("$m")
    else
        echo "build-docs: $m: 0 warnings"
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "build-docs: FAILED for ${failed[*]}" >&2
    exit 1
fi
echo "build-docs: ${#modules[@]} modules, 0 warnings, $(( $(date +%s) - start )) s"
