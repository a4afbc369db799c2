#!/usr/bin/env bash
# Misère sums: `sprague octal CODE H… --misere` (genus of each heap, Conway's rule for tame sums,
# a search with the rule as its oracle otherwise) against a plain memoised misère search of whole
# positions (`cargo run --example misere_search`, the engine's `misere::outcome`), interleaved on
# each workload; both outcomes are checked equal. The baseline has no limit: a wild sum can take
# it minutes.
#
# Usage: bench/misere.sh [CODE:H,H,...]...   RUNS=n (default 3): medians of n interleaved runs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-3}"
cargo build --release -q -p sprague-cli
cargo build --release -q -p sprague --example misere_search
sp=target/release/sprague
base=target/release/examples/misere_search
[ $# -eq 0 ] && set -- 0.15:3,1,2,7,9,11,12,13 0.07:2,4,6,8,9,11,11,7 0.77:1,2,3,4,4,1,3 0.77:5,9,12,17 0.77:20,21 0.77:30 grundy:13,14

median() { sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
printf '%-22s %10s %10s %8s  %s\n' workload sprague plain ratio outcome
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for w in "$@"; do
  code=${w%%:*}
  heaps=$(echo "${w#*:}" | tr , ' ')
  if [ "$code" = grundy ]; then cmd=(grundys-game); else cmd=(octal "$code"); fi
  : > /tmp/misere-a; : > /tmp/misere-b
  for _ in $(seq "$runs"); do
    /usr/bin/time -f %e -a -o /tmp/misere-a "$sp" "${cmd[@]}" $heaps --misere --json > /tmp/misere-out
    /usr/bin/time -f %e -a -o /tmp/misere-b "$base" "$code" $heaps > /tmp/misere-base
  done
  ours=$(grep -o '"outcome":"[NP]"' /tmp/misere-out | cut -d'"' -f4)
  theirs=$(cut -c1 /tmp/misere-base)
  [ "$ours" = "$theirs" ] || { echo "outcomes differ on $w: $ours vs $theirs"; exit 1; }
  a=$(median < /tmp/misere-a); b=$(median < /tmp/misere-b)
  printf '%-22s %9ss %9ss %7sx  %s\n' "$w" "$a" "$b" "$(awk "BEGIN{printf \"%.1f\", $b / ($a > 0 ? $a : 0.01)}")" "$ours"
done
