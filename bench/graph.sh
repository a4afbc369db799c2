#!/usr/bin/env bash
# End-to-end benchmark of `sprague graph FILE` (file -> answer) against the seed's own program
# (bench/baseline/seed_graph.cpp: seed 000 section 4, recursive DFS, scanf), measured in the same
# run on the same files, with the answers checked to agree. Figures go into BENCHMARKS.md.
#
# Usage: bench/graph.sh            (RUNS=5 by default; BENCH_DATA=dir to keep the inputs elsewhere)
# Needs: cargo, g++, python3; hyperfine if installed (otherwise a loop with /usr/bin/time).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs="${RUNS:-5}"
data="${BENCH_DATA:-$root/bench-data}"
mkdir -p "$data"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "== build"
cargo build --release -q -p sprague-cli
cargo build --release -q -p sprague --example gen_graph
sprague="$root/target/release/sprague"
gen="$root/target/release/examples/gen_graph"
g++ -O2 -o "$tmp/seed_graph" bench/baseline/seed_graph.cpp
baseline="$tmp/seed_graph"

echo "== inputs in $data"
"$gen" dag 1000000 4000000 100000 1 >"$data/dag.txt"
"$gen" cyclic 1000000 4000000 100000 2 >"$data/cyclic.txt"
"$gen" path 10000000 >"$data/path.txt"
ls -l "$data"/dag.txt "$data"/cyclic.txt "$data"/path.txt

# nim_value of sprague's JSON answer (a number, or a string for an infinite value).
nim_value() {
    python3 -c 'import json,sys; print(json.load(sys.stdin)["nim_value"])'
}

# Max RSS in KiB and wall seconds of one run of a shell command.
measure() {
    /usr/bin/time -f "%M KiB max RSS, %e s wall" -o "$tmp/time" bash -c "$1" >/dev/null
    cat "$tmp/time"
}

echo "== answers agree (random DAG: 10^6 vertices, 4*10^6 edges, 10^5 tokens)"
ours="$("$sprague" graph --json "$data/dag.txt" | nim_value)"
theirs="$(ulimit -s unlimited; "$baseline" <"$data/dag.txt")"
echo "sprague nim_value: $ours; baseline: $theirs"
case "$theirs" in
"win $ours") [ "$ours" != 0 ] ;;
"lose 0") [ "$ours" = 0 ] ;;
*) false ;;
esac || {
    echo "MISMATCH: sprague says $ours, the baseline says $theirs" >&2
    exit 1
}

run_sprague="$sprague graph --json $data/dag.txt"
run_baseline="ulimit -s unlimited; $baseline < $data/dag.txt"
echo "== time: DAG end to end, $runs runs each"
if command -v hyperfine >/dev/null; then
    hyperfine --warmup 1 --runs "$runs" --export-json "$tmp/dag.json" \
        -n sprague "$run_sprague > /dev/null" \
        -n seed-baseline "$run_baseline > /dev/null"
    python3 - "$tmp/dag.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
s, b = r["sprague"], r["seed-baseline"]
print(f"sprague  mean {s['mean']:.3f} s (min {s['min']:.3f}, max {s['max']:.3f})")
print(f"baseline mean {b['mean']:.3f} s (min {b['min']:.3f}, max {b['max']:.3f})")
print(f"speedup (baseline mean / sprague mean): {b['mean'] / s['mean']:.2f}x")
PY
else
    for i in $(seq "$runs"); do
        echo "sprague:  $(measure "$run_sprague")"
        echo "baseline: $(measure "$run_baseline")"
    done
fi
echo "== memory: DAG"
echo "sprague:  $(measure "$run_sprague")"
echo "baseline: $(measure "$run_baseline")"

echo "== loopy: random graph with cycles, 10^6 vertices, 4*10^6 edges, 10^5 tokens (no baseline: the seed's program does not handle cycles)"
echo "answer: $("$sprague" graph --json "$data/cyclic.txt" | nim_value)"
for i in $(seq "$runs"); do echo "sprague: $(measure "$sprague graph --json $data/cyclic.txt")"; done

echo "== path of 10^7 vertices, one token on vertex 1"
answer="$("$sprague" graph --json "$data/path.txt" | nim_value)"
echo "answer: $answer (expected 1: 10^7 - 1 moves to the end, an odd number)"
[ "$answer" = 1 ]
for i in $(seq "$runs"); do echo "sprague: $(measure "$sprague graph --json $data/path.txt")"; done
