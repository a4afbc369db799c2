#!/usr/bin/env bash
# Load test of `sprague serve` (loopback only, bounded in clients and time): CLIENTS concurrent
# connections (default 200) for DURATION seconds (default 60), HEAVY of them (default 10) sending
# expensive requests (a scripted Kayles table to 3000, a script that loops until its time budget,
# a three-heap code), the others the cheap `nim 3 4 5`. Measured with wrk (Debian's package,
# installed when missing). Prints, for the cheap requests, the throughput, the p50/p90/p99
# latency and the failed (non-2xx) count, first alone and then under the heavy load; the heavy
# requests' count and how many were not answered 200 (422 past a budget, 503 past the queue); the
# server's memory (its own and its workers' RSS, sampled each second: the peak); and the load
# average.
#
# BIN is the server measured (default: target/release/sprague, built first). BASE=OTHER_BINARY
# measures a baseline too, in the same run, interleaved: ROUNDS rounds (default 1) of the
# baseline then BIN.
set -euo pipefail
cd "$(dirname "$0")/.."
CLIENTS=${CLIENTS:-200}
SECONDS_=${DURATION:-60}
HEAVY=${HEAVY:-10}
if ! command -v wrk >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null
fi
ROUNDS=${ROUNDS:-1}
if [ -z "${BIN:-}" ]; then
  cargo build --release -q -p sprague-cli
  BIN=target/release/sprague
fi
work=$(mktemp -d)
server=
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
cat >"$work/cheap.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"args": ["nim", "3", "4", "5"]}'
LUA
python3 - "$work/heavy.lua" <<'PY'
import json, sys
kayles = open("examples/kayles.rhai").read()
bodies = [
    {"args": ["table", "script", "-", "--upto", "3000"], "stdin": kayles},
    {"args": ["script", "-", "9"], "stdin": "fn moves(p) { let r = []; for a in 0..p { r.push(split([a, p, a])); } r }"},
    {"args": ["octal", "0.3F", "2500"]},
]
lua = ['wrk.method = "POST"', 'wrk.headers["Content-Type"] = "application/json"', "local bodies = {"]
lua += ["  " + json.dumps(json.dumps(b)) + "," for b in bodies]
lua += ["}", "local i = 0", "request = function()", "  i = i % #bodies + 1",
        "  return wrk.format(nil, nil, nil, bodies[i])", "end",
        ]
open(sys.argv[1], "w").write("\n".join(lua) + "\n")
PY
sample_memory() {
  peak=0
  while kill -0 "$server" 2>/dev/null; do
    rss=$(ps -o rss= --pid "$server" --ppid "$server" 2>/dev/null | awk '{s += $1} END {print s + 0}')
    [ "$rss" -gt "$peak" ] && peak=$rss && echo "$peak" >"$work/peak"
    sleep 1
  done
}
measure() {
local bin=$1
"$bin" serve --addr 127.0.0.1:0 --time-limit 5 >"$work/serve.out" &
server=$!
for _ in $(seq 50); do grep -q http "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[^/]*' "$work/serve.out")
echo "== $bin: $(cat "$work/serve.out")"
rm -f "$work/peak"
sample_memory &
sampler=$!
summary() {
  awk '/Latency Distribution/ {d = 1} d && /50%|90%|99%/ {printf "%s %s  ", $1, $2} /Requests\/sec/ {printf "req/s %s  ", $2} /Non-2xx/ {printf "failed %s  ", $NF} /requests in/ {printf "requests %s  ", $1} /Socket errors/ {printf "%s  ", $0} END {print ""}' "$1"
}
cheap_clients=$((CLIENTS - HEAVY))
echo "alone: $cheap_clients cheap clients for $((SECONDS_ / 2)) s"
wrk -t2 -c"$cheap_clients" -d"$((SECONDS_ / 2))s" --timeout 30s --latency -s "$work/cheap.lua" "$url/api/run" >"$work/alone.txt"
printf '  cheap alone:   '; summary "$work/alone.txt"
echo "mixed: $cheap_clients cheap + $HEAVY heavy clients for $SECONDS_ s"
wrk -t1 -c"$HEAVY" -d"${SECONDS_}s" --timeout 30s --latency -s "$work/heavy.lua" "$url/api/run" >"$work/heavy.txt" &
heavy=$!
wrk -t2 -c"$cheap_clients" -d"${SECONDS_}s" --timeout 30s --latency -s "$work/cheap.lua" "$url/api/run" >"$work/mixed.txt"
wait $heavy
printf '  cheap mixed:   '; summary "$work/mixed.txt"
printf '  heavy:         '; summary "$work/heavy.txt"
kill $sampler 2>/dev/null || true
echo "  server + workers peak RSS: $(( $(cat "$work/peak" 2>/dev/null || echo 0) / 1024 )) MiB"
echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg)"
kill "$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
}
for _ in $(seq "$ROUNDS"); do
  if [ -n "${BASE:-}" ]; then measure "$BASE"; fi
  measure "$BIN"
done
