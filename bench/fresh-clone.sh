#!/usr/bin/env bash
# A newcomer's first steps, timed: a fresh clone of REPO (default: this checkout) into DIR
# (default: a new temporary folder), an empty CARGO_HOME and no pip cache, then the README's two
# commands. Prints the seconds of each and the load average every 30 s (BENCHMARKS.md, "A
# newcomer's install"). Needs the network to the registries; uses both cores for about 20 minutes.
set -uo pipefail
repo=${REPO:-$(cd "$(dirname "$0")/.." && pwd)}
dir=${DIR:-$(mktemp -d)}
git clone -q "$repo" "$dir/sprague" || exit 1
cd "$dir/sprague" || exit 1
export CARGO_HOME=$dir/cargo-home PIP_NO_CACHE_DIR=1
(while sleep 30; do echo "load: $(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)"; done) >"$dir/load.log" &
load=$!
trap 'kill $load' EXIT
start=$(date +%s)
cargo run --release -- nim 3 4 5 >"$dir/first.log" 2>&1
echo "first command: exit $?, $(($(date +%s) - start)) s"
start=$(date +%s)
scripts/test >"$dir/test.log" 2>&1
echo "scripts/test: exit $?, $(($(date +%s) - start)) s"
grep -E '^test result' "$dir/test.log" | awk '{p += $4; f += $6} END {print "rust tests:", p, "passed,", f, "failed"}'
grep -E ' passed' "$dir/test.log" | tail -1
cat "$dir/load.log"
echo "logs in $dir"
