#!/usr/bin/env bash
# The build cache of the integration packages (Integrations/Hummingbird/JOSEHummingbird, Integrations/Vapor/JOSEVapor,
# Integrations/Vapor/VaporJWTApp), outside the clone, so that a later CI run on the same machine does not compile
# SwiftNIO, AsyncHTTPClient, BoringSSL, Hummingbird and Vapor again.
#   Scripts/integrations-cache.sh prepare      prints the cache folder for this tree (made when missing) after
#                                              deleting this repository's own modules from it (see below)
#   Scripts/integrations-cache.sh check START BASE  fails unless every own module in BASE (what `prepare` printed)
#                                              was compiled after START (seconds since the epoch); prints how many
#                                              third-party ones were reused
# Folder: ${PUREJOSE_CI_CACHE:-~/.cache/purejose-ci}/integrations-<key>/<package>, one build folder per package
# (INTEGRATIONS_BUILD_ROOT of Scripts/integration-test.sh and Scripts/vapor-test.sh). One per package, not one shared:
# when the root package of a build folder changes, SwiftPM deletes the checkouts the new root does not use and checks
# them out again later with new modification times, which recompiles them — a shared folder would rebuild Hummingbird
# and Vapor on every run.
# The key: `swift --version` and the pins (identity, version, commit) of the three packages' Package.resolved, which
# `prepare` has `swift package resolve` write first (git ignores that file here, so a fresh clone has none; a warm
# resolve takes seconds in its own kept folder, $cache/resolve). A manifest edit that changes no pin keeps the key;
# SwiftPM then re-plans inside the same folder and compiles only what changed.
# A new key starts from an empty folder; the two most recently used keys are kept, older ones deleted.
# This repository's code is never taken from the cache: `prepare` deletes the build folder (<Target>.build) of every
# module whose sources are not under the cache's checkouts/ — the library modules of this tree and the integration
# packages' own targets — so SwiftPM compiles them again from this tree whatever their modification times, and
# `check` proves it after the build. Third-party modules are reused only when their checkout is unchanged (SwiftPM's
# usual rule). A cold run (PUREJOSE_CI_CACHE pointing at an empty folder) builds everything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${PUREJOSE_CI_CACHE:-$HOME/.cache/purejose-ci}
# The physical path: SwiftPM keys its build records on the scratch path as given, so the same folder reached through
# a symbolic link would be a cold build (and clang's module cache then reports each module "defined in both" paths).
mkdir -p "$cache"; cache=$(cd "$cache" && pwd -P)
packages=(Hummingbird/JOSEHummingbird Vapor/JOSEVapor Vapor/VaporJWTApp)

key() {
    local p f
    {
        swift --version 2>&1
        uname -m
        for p in "${packages[@]}"; do
            # Resolved in a build folder of its own (kept, so a warm resolve takes seconds): it writes the package's
            # Package.resolved, which the build then uses.
            swift package resolve --package-path "$root/Integrations/$p" --scratch-path "$cache/resolve/${p#*/}" \
                > "$cache/resolve/${p#*/}.log" 2>&1 ||
                { cat "$cache/resolve/${p#*/}.log" >&2; echo "[integrations-cache] resolving $p failed" >&2; return 1; }
            f=$root/Integrations/$p/Package.resolved
            # The pins only: identity, version, commit (not originHash, which changes with any edit of a manifest's
            # dependency list even when every pin stays the same).
            python3 -c 'import json, sys
for pin in sorted(json.load(open(sys.argv[1]))["pins"], key=lambda x: x["identity"]):
    print(pin["identity"], pin["state"].get("version"), pin["state"].get("revision"))' "$f"
        done
    } | sha256sum | cut -c1-16
}

# The build folders (<Target>.build) of modules compiled from this tree rather than from checkouts/: their `sources`
# file (one source path per line, written by SwiftPM for each Swift target) names no file under checkouts/.
own_modules() {
    local dir=$1 b
    for b in "$dir"/*/debug/*.build; do
        [[ -f $b/sources ]] || continue
        grep -q "/checkouts/" "$b/sources" || echo "$b"
    done
}

case ${1:-} in
    prepare)
        mkdir -p "$cache/resolve"
        k=$(key)
        base=$cache/integrations-$k
        mkdir -p "$base"
        touch "$base"
        n=0
        for p in "${packages[@]}"; do
            mkdir -p "$base/${p#*/}"
            while read -r b; do rm -rf "$b"; n=$((n + 1)); done < <(own_modules "$base/${p#*/}")
        done
        # Keep this key and the most recently used other one.
        find "$cache" -mindepth 1 -maxdepth 1 -type d -name 'integrations-*' -printf '%T@ %p\n' | sort -rn |
            tail -n +3 | while read -r _ old; do
                [[ $old == "$base" ]] && continue
                echo "[integrations-cache] deleting old cache $old" >&2
                rm -rf "$old" "$old.lock"
            done
        echo "[integrations-cache] key $k: $base ($n build folders of this repository's modules deleted;" \
             "$(find "$base" -maxdepth 4 -path '*/debug/*.build' | wc -l) left from earlier runs)" >&2
        echo "$base" ;;
    check)
        start=${2:?check START BASE}
        base=${3:?check START BASE}
        own=0 stale=0 reused=0
        for p in "${packages[@]}"; do
            d=$base/${p#*/}
            own_before=$own
            while read -r b; do
                # Compiled in this run: its oldest object file is newer than START. (A module with none is in the
                # build plan but not in this package's products: nothing of it was linked, from the cache or not.)
                oldest=$(find "$b" -name '*.o' -printf '%T@\n' | sort -n | head -1)
                [[ -n $oldest ]] || continue
                own=$((own + 1))
                if [[ ${oldest%.*} -lt $start ]]; then
                    echo "[integrations-cache] NOT rebuilt in this run: $b" >&2; stale=$((stale + 1))
                fi
            done < <(own_modules "$d")
            (( own > own_before )) || continue   # a package this step did not build
            for b in "$d"/*/debug/*.build; do
                [[ -d $b ]] || continue
                newest=$(find "$b" -name '*.o' -printf '%T@\n' | sort -n | tail -1)
                [[ -n $newest && ${newest%.*} -lt $start ]] && reused=$((reused + 1))
            done
        done
        echo "[integrations-cache] $own modules of this repository compiled in this run, $reused third-party" \
             "modules reused from the cache ($base)"
        (( stale == 0 && own > 0 )) || { echo "[integrations-cache] FAILED: own modules taken from the cache"; exit 1; } ;;
    *) sed -n '2,9p' "$0"; exit 2 ;;
esac
