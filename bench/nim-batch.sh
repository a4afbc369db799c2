#!/usr/bin/env bash
# `sprague nim --batch` throughput on 10^6 random Nim positions of 10 heaps (heaps < 10^9),
# against the seeds' plain C program (scanf + XOR, bench/baseline/nim_xor.c) on the same file.
# Output goes to /dev/null for both; the answers are compared on the first 1000 lines.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${LINES_COUNT:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release -q -p sprague-cli
gcc -O2 -o "$work/nim_xor" bench/baseline/nim_xor.c
python3 - "$lines" > "$work/positions.txt" <<'PY'
import random, sys
random.seed(1)
out = sys.stdout
for _ in range(int(sys.argv[1])):
    out.write(" ".join(str(random.randrange(1, 10**9)) for _ in range(10)) + "\n")
PY
# The two programs must agree on every outcome and nim-value checked.
head -n 1000 "$work/positions.txt" | target/release/sprague nim --batch \
  | python3 -c 'import sys,json; [print(o["outcome"], o["nim_value"]) for o in map(json.loads, sys.stdin)]' > "$work/a"
head -n 1000 "$work/positions.txt" | "$work/nim_xor" > "$work/b"
cmp "$work/a" "$work/b"
best() { # best of 3 wall-clock seconds
  local best=999999
  for _ in 1 2 3; do
    local start end
    start=$(date +%s.%N); "$@" < "$work/positions.txt" > /dev/null; end=$(date +%s.%N)
    best=$(python3 -c "print(min($best, $end - $start))")
  done
  printf '%.3f' "$best"
}
s=$(best target/release/sprague nim --batch)
c=$(best "$work/nim_xor")
echo "nim --batch, $lines positions of 10 heaps: sprague ${s}s (full JSON with winning moves), C scanf+xor baseline ${c}s"
