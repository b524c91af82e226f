#!/usr/bin/env bash
# Compiles the crypto modules and the JOSE core for a Cortex-M4F (armv7em-none-none-eabi, Embedded Swift, -Osize)
# and prints each module's code size (llvm-size of its object: text, data, bss in bytes). These are object sizes
# before any linking: a firmware links only what it calls (--gc-sections), so they are upper bounds per module.
#
#   bash Scripts/build-armv7em.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swiftc=${SWIFTC:-swiftc}
size_tool=$(command -v llvm-size || true)
out=.build/armv7em
mkdir -p "$out"
target=armv7em-none-none-eabi
total=0
printf '%-8s %9s %7s %6s %6s\n' module text data bss seconds
# Every Embedded module of the package's graph (Scripts/module-graph.py embedded: a new module needs no entry here),
# dependencies first; JOSE's hosted-only files are under `#if !hasFeature(Embedded)`.
mapfile -t modules < <(python3 Scripts/module-graph.py embedded)
(( ${#modules[@]} > 0 )) || { echo "[armv7em] no modules from Scripts/module-graph.py" >&2; exit 2; }
for m in "${modules[@]}"; do
    mapfile -t files < <(find "Sources/$m" -name '*.swift' | LC_ALL=C sort)
    t0=$SECONDS
    "$swiftc" -target "$target" -enable-experimental-feature Embedded -wmo -parse-as-library -Osize \
        -Xfrontend -disable-stack-protector \
        -module-name "$m" -package-name PureJOSE -I "$out" -emit-module -emit-module-path "$out/$m.swiftmodule" \
        -c -o "$out/$m.o" "${files[@]}" 2>"$out/$m.log" || {
        grep -E 'error:' "$out/$m.log" | sort -u | head -20; echo "[armv7em] $m FAILED"; exit 1; }
    if [[ -n $size_tool ]]; then
        read -r text data bss _ < <("$size_tool" "$out/$m.o" | tail -1)
        total=$(( total + text ))
        printf '%-8s %9s %7s %6s %6s\n' "$m" "$text" "$data" "$bss" "$(( SECONDS - t0 ))"
    else
        echo "$m compiled ($(( SECONDS - t0 )) s; no llvm-size for sizes)"
    fi
done
echo "[armv7em] all modules compile for $target; text total $total bytes (objects, before linking)"
