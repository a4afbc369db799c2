#!/usr/bin/env bash
# The workloads of issue 17 (trust at the edges), timed side by side against an older build:
# BASE=path/to/an/older/sprague bench/edges.sh (for example one built from 0ebedc7, before the
# issue: `git worktree add /tmp/old 0ebedc7 && cargo build --release --manifest-path
# /tmp/old/Cargo.toml --target-dir /tmp/old-target`). Each workload runs ROUNDS times (default 3),
# the two binaries interleaved; a run is cut at CAP seconds (default 180). Prints the median wall
# time of each, the ratio, the exit status and the first line each prints, and the load average.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BASE:?set BASE to the older sprague binary to compare with}"
ROUNDS=${ROUNDS:-3}
CAP=${CAP:-180}
cargo build --release -q -p sprague-cli
python3 - "$BASE" target/release/sprague "$ROUNDS" "$CAP" <<'PY'
import os, statistics, subprocess, sys, time

base, new, rounds, cap = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
workloads = [
    ["table", "octal", "0.35", "--upto", "1000000"],
    ["table", "octal", "0.16", "--upto", "1000000"],
    ["table", "kayles", "--upto", "10000000"],
    ["subtraction", "64656865", "--set", "1,2,808716396"],
    ["octal", "0.3F", "10000"],
    ["table", "script", "examples/lasker.rhai", "--upto", "1500"],
]


def run(binary, args):
    started = time.perf_counter()
    try:
        p = subprocess.run([binary, *args], capture_output=True, text=True, timeout=cap)
        took = time.perf_counter() - started
        said = (p.stdout.strip().splitlines() or p.stderr.strip().splitlines() or [""])[0]
        if "period" in p.stdout:
            said = next(l for l in p.stdout.splitlines() if "period" in l)
        return took, p.returncode, said[:110]
    except subprocess.TimeoutExpired:
        return cap, None, f"stopped at {cap:.0f} s"


print(f"load average before: {os.getloadavg()[0]:.2f}")
for args in workloads:
    times = {base: [], new: []}
    last = {}
    for _ in range(rounds):
        for binary in (base, new):
            took, code, said = run(binary, args)
            times[binary].append(took)
            last[binary] = (code, said)
    b, n = statistics.median(times[base]), statistics.median(times[new])
    print(f"sprague {' '.join(args)}")
    print(f"  base {b:8.2f} s  exit {last[base][0]}  {last[base][1]}")
    print(f"  new  {n:8.2f} s  exit {last[new][0]}  {last[new][1]}")
    print(f"  base / new = {b / n:.2f}   (load {os.getloadavg()[0]:.2f})")
PY
