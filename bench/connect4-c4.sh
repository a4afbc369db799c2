#!/usr/bin/env bash
# Connect Four against Christophe Steininger's `c4` (https://github.com/ChristopheSteininger/c4,
# AGPL: a peer baseline built in a temporary directory from its public repository, never copied
# into ours), side by side in one run: the empty 7×6 board, then the first LIMIT positions of
# Pons' hardest test set (Test_L1_R3), each solved exactly (the strong score) by both with a
# fresh table, the scores checked equal to each other and to the set's.
#
# Usage: C4_SRC=DIR bash bench/connect4-c4.sh
#   C4_SRC  a checkout of ChristopheSteininger/c4 (a git directory works: the files are read from
#           its HEAD with `git archive`), e.g. the `fetch` tool's /work/.mirror/…/repo.
#   LIMIT=20 (positions of Test_L1_R3), EMPTY=1 (0 skips the empty board, about a minute each),
#   THREADS=2 (both solvers), SPRAGUE_BIN (default: build and use target/release/sprague),
#   C4_COUNT_FORCED=1 (c4 counts its forced moves too: see below).
# Columns: c4's count of positions, sprague's, and of sprague's the forced ones (at most one move
# not losing at once): `sprague nodes - sprague forced` is the nearest to c4's default count (c4
# also looks ahead along each move's forced line before it orders the moves, uncounted).
#
# Both tables at 1 GB: c4's default (NUM_TABLE_ENTRIES = 134217757 in its settings.h, 8 bytes an
# entry) and sprague's `--memory 1G`. c4 is compiled as its CMakeLists.txt does in OPTIMISE mode
# (C++20, -O3 -flto, NDEBUG, its files unmodified) with a driver of ours written to the temporary
# directory below: per position it plays the moves, empties the table (`Solver::clear_state`),
# times `solve_strong`, and prints "moves score nodes milliseconds". `solve_strong` gives the
# score only, so sprague is run with `--score-only` (before 2026-11-27 evening it also found
# every best move, about a quarter more positions). c4 fills its whole table before the timer
# starts; sprague's table is touched first inside its time (in huge pages since that evening). c4's score is Pons' (the same
# 1 + (cells − stones at the win) / 2 for the player to move), so the two compare directly.
set -euo pipefail
cd "$(dirname "$0")/.."
src="${C4_SRC:?set C4_SRC to a checkout or git directory of ChristopheSteininger/c4}"
limit="${LIMIT:-20}"
threads="${THREADS:-2}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -d "$src/.git" ] || git -C "$src" rev-parse --git-dir > /dev/null 2>&1; then
  git -C "$src" archive HEAD | tar -x -C "$work"
  commit=$(git -C "$src" rev-parse HEAD)
else
  cp -r "$src"/. "$work"
  commit=unknown
fi
cat > "$work/driver.cpp" <<'CPP'
// Our bench driver (not part of c4): one position per line of standard input, the columns
// played as digits 1-7; prints "moves score nodes milliseconds".
#include <chrono>
#include <iostream>
#include <string>

#include "src/solver/position.h"
#include "src/solver/solver.h"

int main() {
    Solver solver{};
    std::string line;
    while (std::getline(std::cin, line)) {
        Position pos{};
        for (char c : line) pos.move(c - '1');
        solver.clear_state();
        auto start = std::chrono::steady_clock::now();
        int score = solver.solve_strong(pos);
        auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        std::cout << (line.empty() ? "-" : line) << ' ' << score << ' '
                  << solver.get_merged_stats().get_num_nodes() << ' ' << ms << std::endl;
    }
}
CPP
# C4_COUNT_FORCED=1 makes c4 count each forced move its static search plays as a position (it
# counts only the positions its negamax enters; sprague counts every position it calls its search
# on, a forced move included), so the two counts compare like for like. Only the count changes.
if [ "${C4_COUNT_FORCED:-0}" = 1 ]; then
  sed -i 's/^\( *\)node\.pos\.move(forced_move);/\1stats->new_node();\n\1node.pos.move(forced_move);/' \
    "$work/src/solver/search.cpp"
  grep -B1 'node.pos.move(forced_move);' "$work/src/solver/search.cpp" | grep -q 'stats->new_node' \
    || { echo "C4_COUNT_FORCED: c4's static search no longer has the line to patch" >&2; exit 1; }
fi
# The thread count is c4's compile-time setting (0: every core).
sed -i "s/inline constexpr int NUM_THREADS = [0-9]*;/inline constexpr int NUM_THREADS = $threads;/" \
  "$work/src/solver/settings.h"
echo "building c4 ($commit) in $work ..." >&2
(cd "$work" && g++ -std=c++20 -Wall -O3 -flto -DNDEBUG -pthread -o c4bench driver.cpp \
  $(find src/solver -name '*.cpp' | sort) 2> build.log) || { cat "$work/build.log" >&2; exit 1; }

if [ -n "${SPRAGUE_BIN:-}" ]; then
  sp=$SPRAGUE_BIN
else
  cargo build --release -q -p sprague-cli
  sp=target/release/sprague
fi
cp "$sp" "$work/sprague"

data=crates/sprague/tests/data/connect4/Test_L1_R3
positions=()
[ "${EMPTY:-1}" = 1 ] && positions+=("")
while read -r moves _; do positions+=("$moves"); done < <(head -n "$limit" "$data")
expected() { [ -z "$1" ] && { echo 1; return; }; awk -v m="$1" '$1 == m { print $2; exit }' "$data"; }

echo "load at start: $(uptime)"
printf '%-34s %6s %6s %14s %14s %14s %10s %10s\n' position score c4 "c4 nodes" "sprague nodes" \
  "sprague forced" "c4 s" "sprague s"
totals=(0 0 0 0 0)
for moves in "${positions[@]}"; do
  # c4 first, then sprague, on each position in turn (the machine is shared: interleaved).
  read -r _ c4_score c4_nodes c4_ms < <(cd "$work" && printf '%s\n' "$moves" | ./c4bench)
  out=$("$work/sprague" solve connect4 $moves --json --stats --no-book --score-only --memory 1G \
    --threads "$threads")
  sp_score=$(sed -n 's/.*"score":\(-\{0,1\}[0-9]*\).*/\1/p' <<<"$out")
  sp_nodes=$(sed -n 's/.*"nodes":\([0-9]*\).*/\1/p' <<<"$out")
  sp_forced=$(sed -n 's/.*"forced":\([0-9]*\).*/\1/p' <<<"$out")
  sp_ms=$(sed -n 's/.*"time_ms":\([0-9.e+-]*\).*/\1/p' <<<"$out")
  want=$(expected "$moves")
  if [ "$c4_score" != "$want" ] || [ "$sp_score" != "$want" ]; then
    echo "MISMATCH at '${moves:-empty}': expected $want, c4 $c4_score, sprague $sp_score" >&2
    exit 1
  fi
  printf '%-34s %6s %6s %14s %14s %14s %10.3f %10.3f\n' "${moves:-(empty board)}" "$sp_score" \
    "$c4_score" "$c4_nodes" "$sp_nodes" "$sp_forced" "$(echo "$c4_ms / 1000" | bc -l)" \
    "$(echo "$sp_ms / 1000" | bc -l)"
  if [ -n "$moves" ]; then
    totals=("$(echo "${totals[0]} + $c4_ms" | bc -l)" "$(echo "${totals[1]} + $sp_ms" | bc -l)"
      "$(echo "${totals[2]} + $c4_nodes" | bc)" "$(echo "${totals[3]} + $sp_nodes" | bc)"
      "$(echo "${totals[4]} + $sp_forced" | bc)")
  fi
done
n=$limit
printf 'Test_L1_R3, first %d: mean c4 %.3f ms / %.0f nodes, sprague %.3f ms / %.0f nodes (%.0f forced)\n' \
  "$n" "$(echo "${totals[0]} / $n" | bc -l)" "$(echo "${totals[2]} / $n" | bc -l)" \
  "$(echo "${totals[1]} / $n" | bc -l)" "$(echo "${totals[3]} / $n" | bc -l)" \
  "$(echo "${totals[4]} / $n" | bc -l)"
echo "load at end: $(uptime)"
