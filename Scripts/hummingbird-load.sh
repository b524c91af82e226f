#!/usr/bin/env bash
# The README's load figure for the Hummingbird integration: requests/second of an authorized endpoint with ES256 and
# RS256 session tokens, against an unchecked endpoint on the same server, and the share of server CPU spent in
# verification. Bounded: wrk (Debian package `wrk`) on 127.0.0.1 for DURATION seconds per endpoint (default 10) with
# 16 connections on 1 thread; the server (jose-hummingbird-load, release) stops by itself.
# Server CPU per request comes from /proc/<pid>/stat (utime + stime) around each run; verification cost from
# `jose-hummingbird-load verify` (SessionTokens.verify in-process, the same path JWTAuthenticator takes).
set -euo pipefail
cd "$(dirname "$0")/../Integrations/Hummingbird/JOSEHummingbird"
duration=${1:-10}
port=${PORT:-18089}
command -v wrk >/dev/null || { echo "hummingbird-load: needs wrk (apt-get install wrk)" >&2; exit 2; }
swift build -c release --product jose-hummingbird-load --scratch-path .build > /tmp/hummingbird-load-build.txt 2>&1 ||
    { cat /tmp/hummingbird-load-build.txt >&2; exit 1; }
bin=.build/release/jose-hummingbird-load
grep -m1 'model name' /proc/cpuinfo
"$bin" verify 5000 | tee /tmp/hummingbird-load-verify.txt
out=$(mktemp)
"$bin" serve "$port" $(( duration * 3 + 30 )) > "$out" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -f "$out"' EXIT
for _ in $(seq 100); do grep -q '^ready' "$out" && break; sleep 0.2; done
grep -q '^ready' "$out" || { echo "hummingbird-load: server did not start" >&2; exit 1; }
es=$(awk '$1=="token" && $2=="ES256" {print $3}' "$out")
rs=$(awk '$1=="token" && $2=="RS256" {print $3}' "$out")
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
run() {   # name path token
    local before after rps n
    curl -sf -o /dev/null ${3:+-H "Authorization: Bearer $3"} "http://127.0.0.1:$port$2" ||
        { echo "hummingbird-load: $2 did not answer 200" >&2; exit 1; }
    before=$(cpu)
    wrk -t1 -c16 -d"${duration}s" ${3:+-H "Authorization: Bearer $3"} "http://127.0.0.1:$port$2" > /tmp/hummingbird-load-wrk.txt
    after=$(cpu)
    grep -q "Non-2xx" /tmp/hummingbird-load-wrk.txt && { echo "hummingbird-load: non-2xx answers on $2" >&2; exit 1; }
    rps=$(awk '/Requests\/sec/ {print $2}' /tmp/hummingbird-load-wrk.txt)
    n=$(awk '/requests in/ {print $1}' /tmp/hummingbird-load-wrk.txt)
    awk -v name="$1" -v rps="$rps" -v n="$n" -v c=$(( after - before )) -v t="$ticks" \
        'BEGIN { printf "%-6s %9.0f req/s  %8d requests  server CPU %6.1f us/request\n", name, rps, n, c / t * 1e6 / n }' |
        tee -a /tmp/hummingbird-load-rows.txt
}
: > /tmp/hummingbird-load-rows.txt
run plain /plain ""
run ES256 /es256 "$es"
run RS256 /rs256 "$rs"
# Share of the server's CPU per request spent in verification.
for alg in ES256 RS256; do
    v=$(awk -v a="$alg" '$2==a {print $3}' /tmp/hummingbird-load-verify.txt)
    awk -v a="$alg" -v v="$v" '$1==a { printf "%s: verification %.1f us of %.1f us server CPU per request = %.0f %%\n", a, v, $8, 100 * v / $8 }' \
        /tmp/hummingbird-load-rows.txt
done
