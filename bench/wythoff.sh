#!/usr/bin/env bash
# Time per Wythoff position for 10, 100, 1000 and 10000 digits: `sprague wythoff --batch` on a file
# of random positions of each size (and the P-position (a_k, b_k) of each size, checked lost),
# the per-position time being the batch time over the count. Baseline in the same run: the same
# decision through Python's exact integers (math.isqrt), the seeds' formula done exactly.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release -q -p sprague-cli
for digits in 10 100 1000 10000; do
  count=$(( digits >= 10000 ? 20 : (digits >= 1000 ? 200 : 2000) ))
  python3 - "$digits" "$count" > "$work/in.txt" <<'PY'
import random, sys
sys.set_int_max_str_digits(0)
random.seed(7)
d, count = int(sys.argv[1]), int(sys.argv[2])
for _ in range(count):
    a = random.randrange(10**(d-1), 10**d)
    b = random.randrange(10**(d-1), 10**d)
    print(a, b)
PY
  python3 - "$digits" > "$work/p.txt" <<'PY'
import math, sys
sys.set_int_max_str_digits(0)
d = int(sys.argv[1])
k = 10**(d-1) + 12345
a = (k + math.isqrt(5*k*k)) // 2
print(a, a + k)
PY
  outcome=$(target/release/sprague wythoff --batch < "$work/p.txt" | python3 -c 'import sys,json; print(json.loads(sys.stdin.readline())["outcome"])')
  [ "$outcome" = P ] || { echo "P-position of $digits digits not found lost: $outcome"; exit 1; }
  start=$(date +%s.%N); target/release/sprague wythoff --batch < "$work/in.txt" > /dev/null; end=$(date +%s.%N)
  # Python's loop is timed inside the interpreter, so its start-up is not counted.
  ptime=$(python3 -c '
import math, sys, time
sys.set_int_max_str_digits(0)
lines = open(sys.argv[1]).read().split("\n")
t = time.perf_counter()
for line in lines:
    if not line: continue
    a, b = map(int, line.split())
    if a > b: a, b = b, a
    k = b - a
    lost = a == (k + math.isqrt(5*k*k)) // 2
print(time.perf_counter() - t)
' "$work/in.txt")
  python3 -c "print(f'{$digits:>6} digits: sprague {($end-$start)/$count*1e6:10.1f} µs/position (whole run incl. start-up, every winning move, JSON); python isqrt decision only {$ptime/$count*1e6:10.1f} µs/position; {$count} positions')"
done
