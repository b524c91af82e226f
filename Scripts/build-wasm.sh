#!/usr/bin/env bash
# Builds Web/purejose.wasm: the crypto modules, the JOSE core and the exports of WASM/Sources, compiled in Embedded
# Swift for wasm32-unknown-none-wasm with the toolchain alone (swiftc and wasm-ld; no WASI, no SDK, no libc: the
# allocator and the 128-bit builtins are Swift, in WASM/Sources). Prints the raw and gzip sizes.
#
#   bash Scripts/build-wasm.sh [OUTPUT]     default OUTPUT: Web/purejose.wasm
#
# Each module is compiled once, whole-module (-wmo), at -Osize, into .build/wasm (objects and .swiftmodules), in
# dependency order; wasm-ld keeps only what the exports reach (--gc-sections) and drops names (--strip-all). The
# output depends only on the sources and the toolchain (relative paths, no timestamps): two builds give the same
# bytes, which Scripts/regenerate.sh checks against the committed file.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-Web/purejose.wasm}
swiftc=${SWIFTC:-swiftc}
wasm_ld=${WASM_LD:-$(dirname "$(command -v "$swiftc")")/wasm-ld}
out=.build/wasm
mkdir -p "$out"
target=wasm32-unknown-none-wasm

# The JOSE core: everything but the Codable layer, signing (it needs randomness), the JWKS cache (concurrency) and
# the system clock (the host passes the time).
jose_excluded='JSON/JSONValueDecoder.swift|JSON/JSONValueEncoder.swift|JWT/JWTClaims.swift|JWT/JWTSigner.swift|JWK/JWKPrivateKey.swift|JWKSCache.swift|SystemClock.swift|Apple/'

compile() {   # module-name, files…
    local m=$1; shift
    local t0=$SECONDS
    "$swiftc" -target "$target" -enable-experimental-feature Embedded -enable-experimental-feature Extern \
        -wmo -parse-as-library -Osize -disable-stack-protector -module-name "$m" -package-name PureJOSE -I "$out" \
        -emit-module -emit-module-path "$out/$m.swiftmodule" -c -o "$out/$m.o" "$@" 2>"$out/$m.log" || {
        grep -E 'error:' "$out/$m.log" | sort -u | head -20; echo "[build-wasm] $m FAILED"; exit 1; }
    echo "[build-wasm] $m ($(( SECONDS - t0 )) s)"
}
sources() { find "Sources/$1" -name '*.swift' | LC_ALL=C sort; }

for m in SHA2 BigNum DER RSA ECDSA Ed25519; do
    mapfile -t files < <(sources "$m")
    compile "$m" "${files[@]}"
done
mapfile -t files < <(find "${JOSE_CORE_DIR:-Sources/JOSE}" -name "*.swift" | LC_ALL=C sort | grep -Ev "Sources/JOSE/($jose_excluded)")
compile JOSE "${files[@]}"
mapfile -t files < <(find WASM/Sources -name '*.swift' | LC_ALL=C sort)
compile PureJOSEWasm "${files[@]}"

exports=(pj_alloc pj_free pj_verify pj_decode pj_result_pointer pj_result_length pj_result_release pj_heap_top)
"$wasm_ld" --no-entry --gc-sections --strip-all -z stack-size=1048576 \
    "${exports[@]/#/--export=}" \
    "$out"/{SHA2,BigNum,DER,RSA,ECDSA,Ed25519,JOSE,PureJOSEWasm}.o \
    "$(dirname "$(command -v "$swiftc")")/../lib/swift/embedded/$target/libswiftUnicodeDataTables.a" \
    -o "$out/purejose.wasm"
mkdir -p "$(dirname "$output")"
cp "$out/purejose.wasm" "$output"
raw=$(stat -c %s "$output")
gz=$(gzip -9 -n -c "$output" | wc -c)
echo "[build-wasm] $output: $raw bytes raw, $gz bytes gzip -9"
