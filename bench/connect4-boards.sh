#!/usr/bin/env bash
# Connect Four on other boards: the empty board of each size solved exactly with the release
# build, checked against the published outcome (Tromp for width + height ≤ 15, as tabulated in
# Steininger's c4 README: who wins and on which move the game ends), with the time and the
# positions explored.
#
# Usage: bench/connect4-boards.sh [WxH ...]   (default: every board of at least 4×4 with
#        width + height 12 or 13, and 7×6); MEMORY=512M sets the table (--memory), THREADS=2.
# The boards with width + height ≤ 11 are checked by `cargo test` (tests/integration/connect4.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
MEMORY=${MEMORY:-512M}
THREADS=${THREADS:-1}
# WxH winner(0 draw, 1 first, 2 second) last-move
published="
8x4 2 32
4x8 0 32
7x5 0 35
5x7 0 35
6x6 2 36
9x4 2 36
4x9 0 36
8x5 1 39
5x8 0 40
7x6 1 41
6x7 1 41
"
boards=("$@")
if [ ${#boards[@]} -eq 0 ]; then
    boards=(8x4 4x8 7x5 5x7 6x6 9x4 4x9 8x5 5x8 7x6 6x7)
fi
cargo build --release -q -p sprague-cli
printf '%-6s %-14s %-14s %10s %16s\n' board published sprague seconds positions
for board in "${boards[@]}"; do
    w=${board%x*}
    h=${board#*x}
    read -r _ winner last <<<"$(grep "^$board " <<<"$published" || echo "$board ? ?")"
    start=$(date +%s.%N)
    json=$(target/release/sprague solve connect4 --no-book --width "$w" --height "$h" --score-only \
        --stats --json --memory "$MEMORY" --threads "$THREADS")
    end=$(date +%s.%N)
    python3 - "$w" "$h" "$winner" "$last" "$start" "$end" "$json" <<'PY'
import json, sys
w, h = int(sys.argv[1]), int(sys.argv[2])
winner, last = sys.argv[3], sys.argv[4]
start, end = float(sys.argv[5]), float(sys.argv[6])
answer = json.loads(sys.argv[7])
score, cells = answer["score"], w * h
# A win on move m is worth floor((cells + 2 - m) / 2) to the winner; the first player's moves
# are odd, the second's even.
if score == 0:
    outcome, move = "0", cells
else:
    move = cells + 2 - 2 * abs(score)
    outcome = "1" if score > 0 else "2"
    if (move % 2 == 1) != (outcome == "1"):
        move -= 1
name = {"0": "draw", "1": "1st", "2": "2nd", "?": "?"}
ours = f"{name[outcome]} @{move}"
theirs = f"{name[winner]} @{last}"
mark = "" if winner == "?" or (outcome, str(move)) == (winner, last) else "  MISMATCH"
print(f"{w}x{h:<4} {theirs:<14} {ours:<14} {end - start:10.2f} {answer['stats']['nodes']:16,}{mark}")
if mark:
    sys.exit(1)
PY
done
