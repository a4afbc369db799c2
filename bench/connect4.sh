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
#
# Baseline: PONS=/path/to/binary also solves each set (same positions, same LIMIT) with Pascal
# Pons' C++ solver (https://github.com/PascalPons/connect4, AGPL; a peer baseline built outside
# this repository, never vendored) and prints its figures on a second row ("pons"), its scores
# checked like ours. Extra flags after -- go to sprague only.
#
# How the baseline was built (2026-11-22), in /tmp/pons, g++ 12.2.0 (Debian 12.2.0-14+deb12u1):
#   - files of PascalPons/connect4 written as stored, unmodified: Makefile, main.cpp,
#     Position.hpp, Solver.cpp, Solver.hpp at commit d6ba50d8aaf2308c769d9bf2abd42d90f34baf41;
#     MoveSorter.hpp at 5e8f0b816f8613316a8543f7558abc8718f83beb; TranspositionTable.hpp and
#     OpeningBook.hpp at e5e5322dea40de47fa4a154574e84ee000ef0dee.
#   - `make` (its Makefile: g++ --std=c++11 -W -Wall -O3 -DNDEBUG; no -march=native) gives
#     c4solver. That main prints only "moves score" per line (no nodes, no time), loads
#     "7x6.book" from the working directory if there is one, and never empties its table between
#     lines (one Solver for the whole input), so it is NOT comparable with --fresh-table.
#   - c4bench: a 25-line driver of our own, bench_main.cpp (not in this repository), linked with
#     the same Solver.o and flags:
#       g++ --std=c++11 -W -Wall -O3 -DNDEBUG -c -o bench_main.o bench_main.cpp
#       g++ --std=c++11 -W -Wall -O3 -DNDEBUG -o c4bench bench_main.o Solver.o
#     Per line it calls Solver::reset() (empties the 2^24-entry table, zeroes the node counter),
#     times Solver::solve(P, false) (strong solver) with std::chrono::steady_clock and prints
#     "moves score nodes microseconds", as Pons' tutorial main did for its published figures.
#     It loads no opening book (Solver's default book is empty) and has no analysis mode.
#   Use PONS=/tmp/pons/c4bench for the comparison. PONS=/tmp/pons/c4solver also works (scores
#   checked; its time is the process wall time over the positions, nodes "-", table kept across
#   positions); the script passes it -b to a missing book file so every position is searched.
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
[ -n "${PONS:-}" ] && [ ! -x "$PONS" ] && { echo "error: PONS=$PONS is not an executable" >&2; exit 2; }
cargo build --release -q -p sprague-cli
flags=(solve connect4 --batch --score-only --stats --no-book)
[ "${FRESH:-1}" = 1 ] && flags+=(--fresh-table)

# Reads lines "expected score nodes ms" (nodes and ms may be "-") and prints one row of the table.
summarize() { # set solver wall_s cpu_s
  awk -v set="$1" -v solver="$2" -v wall="$3" -v cpu="$4" '
    {
      if ($2 != $1) { printf "MISMATCH %s (%s) line %d: expected %s, got %s\n", set, solver, NR, $1, $2; bad++ }
      n++
      if ($3 == "-") no_nodes = 1; else total_nodes += $3
      if ($4 == "-") no_ms = 1; else total_ms += $4
    }
    END {
      t = no_ms ? wall * 1000 / n : total_ms / n
      unit = "ms"; if (t < 1) { t *= 1000; unit = "us" } else if (t >= 1000) { t /= 1000; unit = "s" }
      c = cpu / n * 1000; cunit = "ms"; if (c < 1) { c *= 1000; cunit = "us" }
      nodes = no_nodes ? "-" : sprintf("%.0f", total_nodes / n)
      printf "%-12s %-8s %6d %9.3f %-2s %14s %10.1f %9.3f %-2s\n", set, solver, n, t, unit, nodes, wall, c, cunit
      if (bad) exit 1
    }'
}

# Runs a command on stdin, keeping its output in $output and its wall and CPU seconds in $wall/$cpu.
timed() {
  local cpu_file start end
  cpu_file=$(mktemp)
  start=$(date +%s.%N)
  output=$(/usr/bin/time -f '%U %S' -o "$cpu_file" "$@")
  end=$(date +%s.%N)
  wall=$(echo "$end - $start" | bc)
  cpu=$(awk '{print $1 + $2}' "$cpu_file"); rm -f "$cpu_file"
}

printf '%-12s %-8s %6s %12s %14s %10s %12s\n' set solver lines "mean time" "mean nodes" "wall s" "cpu/position"
for set in "${sets[@]}"; do
  input=$(head -n "${LIMIT:-1000}" "$data/$set")
  timed ./target/release/sprague "${flags[@]}" "${extra[@]}" < <(cut -d' ' -f1 <<<"$input")
  paste -d' ' <(cut -d' ' -f2 <<<"$input") <(cat <<<"$output") | awk '{
      line = $0
      match(line, /"score":-?[0-9]+/); score = substr(line, RSTART + 8, RLENGTH - 8)
      match(line, /"nodes":[0-9]+/); nodes = substr(line, RSTART + 8, RLENGTH - 8)
      match(line, /"time_ms":[0-9.e+-]+/); ms = substr(line, RSTART + 10, RLENGTH - 10)
      print $1, score, nodes, ms
    }' | summarize "$set" sprague "$wall" "$cpu"
  [ -z "${PONS:-}" ] && continue
  # Pons prints "moves score [nodes microseconds]" per valid line and nothing on stdout for an
  # invalid one, so the line count and the moves are checked before the scores.
  timed "$PONS" -b /nonexistent/7x6.book < <(cut -d' ' -f1 <<<"$input") 2>/dev/null
  if [ "$(cut -d' ' -f1 <<<"$output")" != "$(cut -d' ' -f1 <<<"$input")" ]; then
    echo "MISMATCH $set (pons): its output lines do not match the input positions" >&2
    exit 1
  fi
  paste -d' ' <(cut -d' ' -f2 <<<"$input") <(cat <<<"$output") | awk '{
      if (NF >= 5) print $1, $3, $4, $5 / 1000; else print $1, $3, "-", "-"
    }' | summarize "$set" pons "$wall" "$cpu"
done
