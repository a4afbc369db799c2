#!/usr/bin/env bash
# Issue 39's reproducers, a baseline build against this one, interleaved: each workload runs
# with BASE (default: none, then only this build runs) and with this checkout's release build,
# ROUNDS times (default 1), each run capped at CAP seconds (default 120; a capped run is marked
# "capped", its memory the peak when it was stopped). Prints seconds, peak RSS and the exit code
# (or the first words of the refusal) for each. Every run is under `ulimit -v` 8 GiB and
# SPRAGUE_MEMORY_LIMIT=1G.
#
#   git worktree add /tmp/old aab5126
#   cargo build --release -p sprague-cli --manifest-path /tmp/old/Cargo.toml --target-dir /tmp/old-target
#   BASE=/tmp/old-target/release/sprague bench/trust.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-1}
CAP=${CAP:-120}
NEW=$PWD/target/release/sprague
cargo build --release -q -p sprague-cli
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo 'fn moves(n) { [n + 1] }' >"$work/grow.rhai"
heap20k=$(python3 -c 'import random; random.seed(39); print("".join(["7"] + [str(random.randrange(10)) for _ in range(19999)]))')
moore=$(python3 -c 'print(" ".join(str((1 << 59) + (i * 0x9E3779B97F4A7C15) % (1 << 59)) for i in range(30)))')
workloads=(
  "fibonacci-nim, a heap of 20,000 digits|fibonacci-nim $heap20k"
  "nim --moore 10, 30 heaps near 2^60|nim --moore 10 $moore"
  "octal 0.F 1000 --every|octal 0.F 1000 --every"
  "octal 0.F 100 --every|octal 0.F 100 --every"
  "turning ruler,ruler 1000,1000 --all-moves|turning ruler,ruler 1000,1000 --all-moves"
  "a script that grows for ever, SPRAGUE_MEMORY_LIMIT=1G|script $work/grow.rhai 0 --max-positions 18446744073709551615"
  "table script wythoff --grid 2^64-1,0|table script examples/wythoff.rhai --grid 18446744073709551615,0"
)
run() {
  local bin=$1 args=$2 out rc
  # Every run under an 8 GiB address space, so that a baseline that grows without bound (the
  # script above took 24 GB before issue 39) stops there rather than taking the machine.
  out=$(ulimit -v 8388608; SPRAGUE_MEMORY_LIMIT=1G /usr/bin/time -f '%e %M' timeout "$CAP" "$bin" $args 2>&1 >/dev/null) && rc=0 || rc=$?
  local times
  times=$(tail -n 1 <<<"$out")
  local secs=${times% *} kib=${times#* }
  local said
  said=$(grep -m1 '^error:' <<<"$out" | cut -c1-70 || true)
  if [ "$rc" -eq 124 ]; then said="capped at $CAP s"; fi
  printf '%8.2f s %8d MB  exit %3s  %s\n' "$secs" "$((kib / 1024))" "$rc" "$said"
}
for w in "${workloads[@]}"; do
  name=${w%%|*}
  args=${w#*|}
  echo "== $name"
  for _ in $(seq "$ROUNDS"); do
    if [ -n "${BASE:-}" ]; then
      printf '  before: '
      run "$BASE" "$args"
    fi
    printf '  now:    '
    run "$NEW" "$args"
  done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
