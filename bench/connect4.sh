#!/usr/bin/env bash
# Connect Four test sets (Pons): solve every position of each set with the release build, check
# every score, and print the mean time and mean positions explored per position.
#
# "mean time" is the search's own clock (wall time, so it grows when the machine is shared);
# "cpu/position" is the process's user + system CPU time divided by the positions, which includes
# emptying the table before each position.
#
# Usage: bench/connect4.sh [SET...] [-- EXTRA FLAGS]
#   SET: Test_L3_R1 Test_L2_R1 ... (default: all six); LIMIT=n solves only the first n lines.
#   The transposition table is emptied before each position (--fresh-table), so the counts are
#   per position, as in the published figures; FRESH=0 keeps it across positions instead.
set -euo pipefail
cd "$(dirname "$0")/.."
data=crates/sprague/tests/data/connect4
sets=()
extra=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; extra=("$@"); break; fi
  sets+=("$1"); shift
done
[ ${#sets[@]} -eq 0 ] && sets=(Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3)
cargo build --release -q -p sprague-cli
flags=(solve connect4 --batch --score-only --stats)
[ "${FRESH:-1}" = 1 ] && flags+=(--fresh-table)
printf '%-12s %6s %12s %14s %10s %12s\n' set lines "mean time" "mean nodes" "wall s" "cpu/position"
for set in "${sets[@]}"; do
  input=$(head -n "${LIMIT:-1000}" "$data/$set")
  start=$(date +%s.%N)
  cpu_file=$(mktemp)
  output=$(cut -d' ' -f1 <<<"$input" | /usr/bin/time -f '%U %S' -o "$cpu_file" ./target/release/sprague "${flags[@]}" "${extra[@]}")
  end=$(date +%s.%N)
  cpu=$(awk '{print $1 + $2}' "$cpu_file"); rm -f "$cpu_file"
  paste -d' ' <(cut -d' ' -f2 <<<"$input") <(cat <<<"$output") | awk -v set="$set" -v wall="$(echo "$end - $start" | bc)" -v cpu="$cpu" '
    {
      expected = $1; line = $0; sub(/^[^ ]+ /, "", line)
      match(line, /"score":-?[0-9]+/); score = substr(line, RSTART + 8, RLENGTH - 8)
      match(line, /"nodes":[0-9]+/); nodes = substr(line, RSTART + 8, RLENGTH - 8)
      match(line, /"time_ms":[0-9.e+-]+/); ms = substr(line, RSTART + 10, RLENGTH - 10)
      if (score != expected) { printf "MISMATCH %s line %d: expected %s, got %s\n", set, NR, expected, score; bad++ }
      n++; total_nodes += nodes; total_ms += ms
    }
    END {
      t = total_ms / n
      unit = "ms"; if (t < 1) { t *= 1000; unit = "us" } else if (t >= 1000) { t /= 1000; unit = "s" }
      c = cpu / n * 1000; cunit = "ms"; if (c < 1) { c *= 1000; cunit = "us" }
      printf "%-12s %6d %9.3f %-2s %14.0f %10.1f %9.3f %-2s\n", set, n, t, unit, total_nodes / n, wall, c, cunit
      if (bad) exit 1
    }'
done
