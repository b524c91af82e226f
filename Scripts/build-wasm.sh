#!/usr/bin/env bash
# Builds purejose.wasm: the crypto modules, the JOSE core and the exports of WASM/Sources, compiled in Embedded Swift
# for wasm32-unknown-none-wasm with the toolchain alone (swiftc and wasm-ld; no WASI, no SDK, no libc: the allocator,
# the 128-bit builtins and the few C functions the standard library calls are Swift, in WASM/Sources). Prints the raw
# and gzip sizes.
#
#   bash Scripts/build-wasm.sh            build .build/wasm/purejose.wasm and copy it to Web/purejose.wasm
#   bash Scripts/build-wasm.sh --check    build, and fail if it differs from the committed Web/purejose.wasm
#
# Each module is compiled whole-module (-wmo) at -Osize into .build/wasm, in dependency order; a module whose inputs
# (sources, flags, toolchain, the stamps of the modules it imports) hash as in the last build is not recompiled. wasm-ld keeps only what the
# exports reach (--gc-sections) and drops names (--strip-all). Nothing depends on the checkout's path or the time
# (#fileID strings only, no debug info), so two builds give the same bytes — Scripts/regenerate.sh checks it.
# The modules are JOSE and its dependencies, from the package's module graph (Scripts/module-graph.py closure JOSE);
# JOSE's hosted-only files are under `#if !hasFeature(Embedded)`, so every file of each module is compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
[[ "${1:-}" == "--check" ]] && check=1
swiftc=${SWIFTC:-swiftc}
toolchain=$(dirname "$(command -v "$swiftc")")
wasm_ld=${WASM_LD:-$toolchain/wasm-ld}
out=.build/wasm
mkdir -p "$out"
target=wasm32-unknown-none-wasm
# -disable-stack-protector: no __stack_chk_guard without libc. -sil-inline-never-functions=FieldElementV keeps the
# curve field operations (ECDSA, Ed25519) out of line, which the native build inlines everywhere (see README).
flags=(-target "$target" -enable-experimental-feature Embedded -enable-experimental-feature Extern -wmo
       -parse-as-library -Osize -disable-stack-protector -Xllvm -sil-inline-never-functions=FieldElementV
       -package-name PureJOSE -I "$out")


base=$( { "$swiftc" --version 2>&1; echo "${flags[*]}"; } | sha256sum | cut -c1-64)
mapfile -t modules < <(python3 Scripts/module-graph.py closure JOSE)
(( ${#modules[@]} > 0 )) || { echo "[build-wasm] no modules from Scripts/module-graph.py" >&2; exit 2; }
declare -A deps=([PureJOSEWasm]="${modules[*]}")
for m in "${modules[@]}"; do deps[$m]=$(python3 Scripts/module-graph.py deps "$m" | tr '\n' ' '); done
compile() {   # module-name, files…   (recompiled when its sources, the flags or a module it imports changed)
    local m=$1; shift
    local d chain
    chain=$( { echo "$base"; for d in ${deps[$m]}; do cat "$out/$d.stamp"; done; cat "$@"; } | sha256sum | cut -c1-64)
    if [[ -f $out/$m.o && -f $out/$m.stamp && $(cat "$out/$m.stamp") == "$chain" ]]; then
        echo "[build-wasm] $m (up to date)"; return
    fi
    local t0=$SECONDS
    rm -f "$out/$m.stamp"
    "$swiftc" "${flags[@]}" -module-name "$m" -emit-module -emit-module-path "$out/$m.swiftmodule" \
        -c -o "$out/$m.o" "$@" 2>"$out/$m.log" || {
        grep -E 'error:' "$out/$m.log" | sort -u | head -20; echo "[build-wasm] $m FAILED"; exit 1; }
    echo "$chain" > "$out/$m.stamp"
    echo "[build-wasm] $m ($(( SECONDS - t0 )) s)"
}
# PureX509: JOSE's JWK wraps its public-key type (Certificate.PublicKey); wasm-ld keeps only what the exports reach.
for m in "${modules[@]}"; do
    mapfile -t files < <(find "Sources/$m" -name '*.swift' | LC_ALL=C sort)
    compile "$m" "${files[@]}"
done
mapfile -t files < <(find WASM/Sources -name '*.swift' | LC_ALL=C sort)
compile PureJOSEWasm "${files[@]}"

exports=(pj_alloc pj_free pj_verify pj_decode pj_result_pointer pj_result_length pj_result_release pj_heap_top)
"$wasm_ld" --no-entry --gc-sections --strip-all -z stack-size=1048576 \
    "${exports[@]/#/--export=}" \
    $(printf "$out/%s.o " "${modules[@]}" PureJOSEWasm) \
    "$toolchain/../lib/swift/embedded/$target/libswiftUnicodeDataTables.a" \
    -o "$out/purejose.wasm"
raw=$(stat -c %s "$out/purejose.wasm")
gz=$(gzip -9 -n -c "$out/purejose.wasm" | wc -c)
echo "[build-wasm] purejose.wasm: $raw bytes raw, $gz bytes gzip -9"
if (( check )); then
    if cmp -s "$out/purejose.wasm" Web/purejose.wasm; then
        echo "[build-wasm] identical to the committed Web/purejose.wasm"
    else
        echo "[build-wasm] FAILED: the build differs from the committed Web/purejose.wasm ($(stat -c %s Web/purejose.wasm) bytes); run Scripts/build-wasm.sh and commit it"
        exit 1
    fi
else
    cp "$out/purejose.wasm" Web/purejose.wasm
fi
