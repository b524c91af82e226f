#!/usr/bin/env bash
# Mutations of the JS API's refusal rules (issue 46): each edits Web/purejose.mjs in a scratch copy and must make
# `node --test WASM/Tests/api.test.mjs` fail. Prints one table row per mutation; exits 1 if any survives.
#   bash Scripts/mutate-js.sh        (a few seconds a mutation)
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
survived=0
run() {
    local name=$1 find=$2 replace=$3 t
    t=$(mktemp -d)
    mkdir -p "$t/WASM"
    cp -r "$src/Web" "$t/Web"; cp -r "$src/WASM/Tests" "$t/WASM/Tests"
    ln -s "$src/Vectors" "$t/Vectors"; ln -s "$src/Sources" "$t/Sources"
    if ! FIND="$find" REPL="$replace" python3 - "$t/Web/purejose.mjs" <<'PY'
import os, sys
p = sys.argv[1]; s = open(p).read(); f = os.environ["FIND"]
if s.count(f) != 1: sys.exit(1)
open(p, "w").write(s.replace(f, os.environ["REPL"]))
PY
    then echo "| $name | NOT APPLIED (the text is not found once) |"; survived=1; rm -rf "$t"; return; fi
    if (cd "$t" && node --test WASM/Tests/api.test.mjs > "$t.log" 2>&1); then
        echo "| $name | SURVIVED |"; survived=1
    else
        echo "| $name | caught ($(grep -c '^not ok' "$t.log") tests failed) |"
    fi
    rm -rf "$t" "$t.log"
}
echo "| mutation | result |"
echo "| --- | --- |"
run unknown-option 'if (!optionNames.has(name)) throw' 'if (false) throw'
run negative-leeway 'if (l < 0) throw' 'if (false) throw'
run now-range 'if (!Number.isFinite(now) || now < 0 || now > MAX_SECONDS) {' 'if (!Number.isFinite(now)) {'
run issuer-list-any 'if (!after.issuer.includes(claims.iss)) return' 'if (false) return'
run audience-list-any 'if (!auds.some((a) => after.audience.includes(a))) return' 'if (false) return'
run required-claims 'if (!Object.prototype.hasOwnProperty.call(claims, name)) return' 'if (false) return'
run unknown-algorithm 'if (!ALGORITHMS.includes(a)) throw' 'if (false) throw'
run single-jwk-takes-kid 'if (key.wasmKind !== 0 || key.keys.length !== 1 || key.form === "JWK Set"' 'if (true || key.wasmKind !== 0'
run secret-not-returned 'const { k, d, p, q, dp, dq, qi, ...rest } = jwk;' 'const rest = jwk;'
run certificate-leaf 'const leaf = certificates.find(' 'const leaf = certificates.slice(0, 1).find(() => true) ?? certificates.find('
exit $survived
