#!/usr/bin/env bash
# JOSEVapor against vapor/jwt, the same small app on each (Integrations/Vapor/JOSEVapor/Sources/CompareApp and
# Integrations/Vapor/VaporJWTApp): clean release build time, stripped binary size, and requests/second of the
# authorized endpoint `GET /me` with ES256 and RS256 session tokens.
#
# Usage: Scripts/vapor-compare.sh [SECONDS] [ROUNDS]    (default 5 s per wrk run, 3 rounds)
#   SKIP_CLEAN_BUILD=1  reuse the release builds of a previous run (no build times then).
# Bounded: each app is built in release into its own fresh folder (.build-compare, git-ignored) — a clean build,
# dependencies included, the two at the same time (wall and CPU seconds each); both servers then run on 127.0.0.1 at
# once and wrk (Debian package `wrk`; 1 thread, 16 connections, SECONDS) loads them in turn, alternating which goes
# first in each round, ES256 then RS256, so that the machine's other load falls on both alike. Every answer must be 200 (a non-2xx stops the run). The tokens of each
# app are also checked at the other app (same keys, same claims: each verifies the other's tokens). The load average
# is printed with the figures: on a shared machine they move with it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
duration=${1:-5}
rounds=${2:-3}
keys=$root/Integrations/Vapor/compare-keys
jose_dir=$root/Integrations/Vapor/JOSEVapor
jwt_dir=$root/Integrations/Vapor/VaporJWTApp
command -v wrk >/dev/null || { echo "vapor-compare: needs wrk (apt-get install wrk)" >&2; exit 2; }
log=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$log"' EXIT

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
echo "vapor-compare: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at start: $(loadavg)"

build() {   # dir product → "wall-seconds cpu-seconds" (clean release build into dir/.build-compare)
    local dir=$1 product=$2
    [[ ${SKIP_CLEAN_BUILD:-0} == 1 ]] || rm -rf "$dir/.build-compare"
    (cd "$dir" && /usr/bin/time -f '%e %U %S' -o "$log/time-$product.txt" \
        swift build -c release --product "$product" --scratch-path .build-compare) > "$log/build-$product.txt" 2>&1 ||
        { tail -40 "$log/build-$product.txt" >&2; return 1; }
    awk '{printf "%.0f %.0f\n", $1, $2 + $3}' "$log/time-$product.txt"
}
# The two clean builds run at the same time, so that the machine's other load falls on both alike; each one's CPU
# time (user + system, all its compiler processes) is the figure that load moves least.
build "$jose_dir" jose-vapor-compare-app > "$log/jose-build" & jose_build_pid=$!
build "$jwt_dir" vapor-jwt-compare-app > "$log/jwt-build" & jwt_build_pid=$!
wait "$jose_build_pid" || exit 1
echo "  clean release build, JOSEVapor app: wall and CPU seconds $(cat "$log/jose-build") (load $(loadavg))"
wait "$jwt_build_pid" || exit 1
echo "  clean release build, vapor/jwt app: wall and CPU seconds $(cat "$log/jwt-build") (load $(loadavg))"
read -r jose_build jose_cpu < "$log/jose-build"
read -r jwt_build jwt_cpu < "$log/jwt-build"
jose_bin=$jose_dir/.build-compare/release/jose-vapor-compare-app
jwt_bin=$jwt_dir/.build-compare/release/vapor-jwt-compare-app
strip -o "$log/jose.stripped" "$jose_bin"
strip -o "$log/jwt.stripped" "$jwt_bin"
jose_size=$(stat -c %s "$log/jose.stripped")
jwt_size=$(stat -c %s "$log/jwt.stripped")

jose_port=${JOSE_PORT:-18401}
jwt_port=${JWT_PORT:-18402}
KEYS_DIR=$keys PORT=$jose_port "$jose_bin" > "$log/jose.out" 2>&1 & pids+=($!)
KEYS_DIR=$keys PORT=$jwt_port "$jwt_bin" > "$log/jwt.out" 2>&1 & pids+=($!)
for port in "$jose_port" "$jwt_port"; do
    for _ in $(seq 150); do curl -sf -o /dev/null "http://127.0.0.1:$port/plain" && break; sleep 0.2; done
    curl -sf -o /dev/null "http://127.0.0.1:$port/plain" || { echo "vapor-compare: server on $port did not start" >&2; cat "$log"/*.out >&2; exit 1; }
done

declare -A token
for app in jose jwt; do
    port=$([[ $app == jose ]] && echo "$jose_port" || echo "$jwt_port")
    for alg in ES256 RS256; do token[$app.$alg]=$(curl -sf "http://127.0.0.1:$port/token/$alg/bench-user"); done
done
# Each app's tokens verify at the other (and at itself), and a token with a changed signature is refused by both.
for alg in ES256 RS256; do
    for from in jose jwt; do
        for port in "$jose_port" "$jwt_port"; do
            sub=$(curl -sf -H "Authorization: Bearer ${token[$from.$alg]}" "http://127.0.0.1:$port/me") ||
                { echo "vapor-compare: $from's $alg token refused on port $port" >&2; exit 1; }
            [[ $sub == bench-user ]] || { echo "vapor-compare: wrong subject '$sub'" >&2; exit 1; }
            t=${token[$from.$alg]}; sig=${t##*.}; first=${sig:0:1}; [[ $first == A ]] && alt=B || alt=A
            code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer ${t%.*}.$alt${sig:1}" "http://127.0.0.1:$port/me")
            [[ $code == 401 ]] || { echo "vapor-compare: altered $alg token got $code on port $port" >&2; exit 1; }
        done
    done
done
echo "  cross-check: each app's ES256 and RS256 tokens verify at both apps; altered signatures get 401 at both"

run() {   # app alg → requests/s
    local app=$1 alg=$2 port
    port=$([[ $app == jose ]] && echo "$jose_port" || echo "$jwt_port")
    wrk -t1 -c16 -d"${duration}s" -H "Authorization: Bearer ${token[$app.$alg]}" "http://127.0.0.1:$port/me" > "$log/wrk.txt"
    if grep -q "Non-2xx" "$log/wrk.txt"; then echo "vapor-compare: non-2xx answers from $app ($alg)" >&2; cat "$log/wrk.txt" >&2; exit 1; fi
    awk '/Requests\/sec/ {print $2}' "$log/wrk.txt"
}
declare -A results
for r in $(seq "$rounds"); do
    if (( r % 2 )); then order="jose jwt"; else order="jwt jose"; fi
    for alg in ES256 RS256; do
        for app in $order; do
            rps=$(run "$app" "$alg")
            results[$app.$alg]+="$rps "
            printf '  round %d  %-5s %-4s %9.0f req/s   (load %s)\n' "$r" "$alg" "$app" "$rps" "$(loadavg)"
        done
    done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
echo
echo "| | JOSEVapor | vapor/jwt | JOSEVapor / vapor/jwt |"
echo "|---|---:|---:|---:|"
printf '| clean release build (s) | %.0f | %.0f | %.2f |\n' "$jose_build" "$jwt_build" "$(echo "$jose_build / $jwt_build" | bc -l)"
printf '| clean release build, CPU (user + system, s) | %.0f | %.0f | %.2f |\n' "$jose_cpu" "$jwt_cpu" "$(echo "$jose_cpu / $jwt_cpu" | bc -l)"
printf '| stripped binary (bytes) | %d | %d | %.2f |\n' "$jose_size" "$jwt_size" "$(echo "$jose_size / $jwt_size" | bc -l)"
for alg in ES256 RS256; do
    j=$(echo "${results[jose.$alg]}" | median); w=$(echo "${results[jwt.$alg]}" | median)
    printf '| GET /me, %s session, req/s (median of %d) | %.0f | %.0f | %.2f |\n' "$alg" "$rounds" "$j" "$w" "$(echo "$j / $w" | bc -l)"
done
echo
echo "runs (req/s): JOSEVapor ES256 ${results[jose.ES256]}| vapor/jwt ES256 ${results[jwt.ES256]}| JOSEVapor RS256 ${results[jose.RS256]}| vapor/jwt RS256 ${results[jwt.RS256]}"
echo "load average at end: $(loadavg)"
