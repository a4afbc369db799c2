#!/usr/bin/env bash
# Scripted games (issue 18): each workload tabulated three ways, side by side —
#   script:   `sprague table script examples/X.rhai …`, the rules written in Rhai;
#   python:   bench/baseline/X.py, the plain memoised Python program of the same rules;
#   built-in: sprague's own rule for the game, where it has one.
# The goal: every script at least 5x faster than Python (python/script >= 5), and within 10x of
# the built-in rule (script/built-in <= 10).
#
# Workloads (sizes overridable by environment variables):
#   kayles        G(0..KAYLES_N), KAYLES_N=2000                  built-in: table kayles
#   grundys-game  G(0..GRUNDY_N), GRUNDY_N=1000                  built-in: table grundys-game
#   subtraction   G(0..SUBTRACTION_N), SUBTRACTION_N=100000, the set SUBTRACTION_SET=1,3,4
#                 (examples/subtraction.rhai --param S=…)        built-in: table subtraction --set
#   wythoff       the grid G([a, b]), 0 <= a, b <= WYTHOFF_N, WYTHOFF_N=300 (--grid)
#                 built-in: `wythoff --batch` on the grid's positions, one per line (it has no table)
#   chocolate     the grid G([w, h]), 0 <= w, h <= CHOCOLATE_N, CHOCOLATE_N=250: breaking a bar in
#                 two unequal bars along a grid line, independent (split); about w + h moves each
#                 built-in: none
#   lasker        G(0..LASKER_N), LASKER_N=${N:-2000} (every take and every split of a heap)
#                 built-in: table lasker (closed form)
# WORKLOADS="kayles wythoff" runs only those; PYTHON=path picks the interpreter (default: the one
# python3 runs). ROUNDS=3: the programs of a workload run in turn, ROUNDS times; each time shown is
# the median of its ROUNDS wall times (whole process, start-up and JSON output included). Every run's values are checked equal (script = python = built-in)
# and the bench stops at the first difference, naming the smallest position that differs.
#
# SPRAGUE_BIN=path uses that binary and skips the build; otherwise it runs
# `cargo build --release -q -p sprague-cli` and uses target/release/sprague. The binary is copied
# to a temporary directory first, so a rebuild during the run does not change what is timed.
#   bash bench/script.sh
#   SPRAGUE_BIN=target/release/sprague ROUNDS=1 bash bench/script.sh
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-3}
kayles_n=${KAYLES_N:-2000}
grundy_n=${GRUNDY_N:-1000}
sub_n=${SUBTRACTION_N:-100000}
sub_set=${SUBTRACTION_SET:-1,3,4}
wythoff_n=${WYTHOFF_N:-300}
chocolate_n=${CHOCOLATE_N:-250}
lasker_n=${LASKER_N:-${N:-2000}}
workloads=${WORKLOADS:-kayles grundys-game subtraction wythoff chocolate lasker}
# The interpreter itself, not a shim (pyenv's adds about 0.1 s to every start).
python=${PYTHON:-$(python3 -c 'import sys; print(sys.executable)')}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${SPRAGUE_BIN:-}" ]; then
  src_bin=$SPRAGUE_BIN
else
  cargo build --release -q -p sprague-cli
  src_bin=target/release/sprague
fi
[ -x "$src_bin" ] || { echo "no sprague binary at $src_bin" >&2; exit 1; }
bin=$work/sprague
cp "$src_bin" "$bin"

# check.py LABEL FORMAT=FILE...: the value lists of every file, checked equal. FORMAT: `values` or
# `grid` (a JSON object with that key: sprague's --json), `list` (a JSON list, of values or of
# rows: the Python programs), `batch` (one JSON object per line with nim_value, the grid's
# positions row by row: `wythoff --batch`, shaped like the first file's grid).
cat > "$work/check.py" <<'PY'
import json, sys
label, specs = sys.argv[1], [a.split("=", 1) for a in sys.argv[2:]]
tables = []
for fmt, path in specs:
    if fmt in ("values", "grid"):
        t = json.load(open(path))[fmt]
    elif fmt == "list":
        t = json.load(open(path))
    elif fmt == "batch":
        flat = [json.loads(line)["nim_value"] for line in open(path) if line.strip()]
        shape = [len(row) for row in tables[0]]
        if len(flat) != sum(shape):
            sys.exit(f"{label}: {path} has {len(flat)} values, the grid {sum(shape)}")
        t, i = [], 0
        for n in shape:
            t.append(flat[i:i + n]); i += n
    else:
        sys.exit(f"unknown format {fmt}")
    tables.append(t)
first, (ffmt, fpath) = tables[0], specs[0]
for t, (fmt, path) in zip(tables[1:], specs[1:]):
    if t == first:
        continue
    # The smallest position that differs: n for a sequence, [a, b] by a + b then a for a grid.
    def at(g, *ix):
        for i in ix:
            if not isinstance(g, list) or i >= len(g):
                return "nothing"
            g = g[i]
        return g
    if any(isinstance(r, list) for r in first + t):
        rows = max(len(first), len(t))
        diffs = sorted((a + b, a, b) for a in range(rows)
                       for b in range(max(len(at(first, a)) if isinstance(at(first, a), list) else 0,
                                          len(at(t, a)) if isinstance(at(t, a), list) else 0))
                       if at(first, a, b) != at(t, a, b))
        pos = [d[1:] for d in diffs]
        where = lambda q: f"[{q[0]}, {q[1]}]"
    else:
        pos = [(n,) for n in range(max(len(first), len(t))) if at(first, n) != at(t, n)]
        where = lambda q: f"{q[0]}"
    q = pos[0]
    sys.exit(f"{label}: VALUES DIFFER at {len(pos)} positions, the smallest {where(q)}: "
             f"{fpath} says {at(first, *q)}, {path} says {at(t, *q)}")
PY

# report.py LABEL DIR HAS_BUILTIN LOAD0 LOAD1: one line, the medians of DIR/{script,python,builtin}.
cat > "$work/report.py" <<'PY'
import statistics, sys
label, d, has_builtin, load0, load1 = sys.argv[1:]
def med(name):
    return statistics.median(float(x) for x in open(f"{d}/{name}").read().split())
s, p = med("script"), med("python")
b = med("builtin") if has_builtin == "1" else None
def t(x):
    return "—" if x is None else (f"{x:.3f} s" if x < 1 else f"{x:.2f} s")
ps = p / s
sb = None if b is None else s / max(b, 1e-9)
ok1 = "ok" if ps >= 5 else "NO"
ok2 = "" if sb is None else ("ok" if sb <= 10 else "NO")
sbs = "—" if sb is None else f"{sb:,.1f}"
print(f"{label:<36} {t(s):>9} {t(p):>9} {t(b):>9} {ps:>8.2f} {ok1:<3} {sbs:>9} {ok2:<3}  {load0}→{load1}", flush=True)
PY

load1() { uptime | sed 's/.*load average: *//; s/,.*//'; }
now() { date +%s.%N; }

# timed NAME DIR OUTFILE CMD...: runs CMD with stdout to OUTFILE, appends its wall time to DIR/NAME.
timed() {
  local name=$1 dir=$2 out=$3; shift 3
  local t0 t1
  t0=$(now)
  "$@" > "$out"
  t1=$(now)
  echo "$t0 $t1" | awk '{printf "%.6f\n", $2 - $1}' >> "$dir/$name"
}

# bench LABEL CHECK_FORMATS(script python builtin) -- script cmd -- python cmd [-- builtin cmd]
bench() {
  local label=$1 fs=$2 fp=$3 fb=$4; shift 4
  local script=() py=() builtin=()
  [ "$1" = -- ] && shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do script+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do py+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  while [ $# -gt 0 ]; do builtin+=("$1"); shift; done
  local dir l0 has_b=0
  dir=$(mktemp -d "$work/w.XXXX")
  [ ${#builtin[@]} -gt 0 ] && has_b=1
  l0=$(load1)
  for _ in $(seq "$rounds"); do
    timed script "$dir" "$dir/script.out" "${script[@]}"
    timed python "$dir" "$dir/python.out" "${py[@]}"
    if [ $has_b = 1 ]; then
      timed builtin "$dir" "$dir/builtin.out" "${builtin[@]}"
      $python "$work/check.py" "$label" "$fs=$dir/script.out" "$fp=$dir/python.out" "$fb=$dir/builtin.out"
    else
      $python "$work/check.py" "$label" "$fs=$dir/script.out" "$fp=$dir/python.out"
    fi
  done
  $python "$work/report.py" "$label" "$dir" "$has_b" "$l0" "$(load1)"
}

wythoff_builtin() { "$bin" wythoff --batch < "$work/wythoff-positions.txt"; }

echo "sprague: $src_bin; rounds: $rounds (median wall times, whole processes); python: $($python --version 2>&1)"
echo "load at start: $(uptime)"
printf '%-36s %9s %9s %9s %12s %13s  %s\n' workload script python built-in "py/script" "script/b-in" "load (1 min) start→end"
printf '%-36s %9s %9s %9s %12s %13s\n' "" "" "" "" "goal >= 5" "goal <= 10"
for w in $workloads; do
  case $w in
    kayles)
      bench "kayles to $kayles_n" values list values -- \
        "$bin" table script examples/kayles.rhai --upto "$kayles_n" --json -- \
        $python bench/baseline/kayles.py "$kayles_n" -- \
        "$bin" table kayles --upto "$kayles_n" --json ;;
    grundys-game)
      bench "grundy's game to $grundy_n" values list values -- \
        "$bin" table script examples/grundys-game.rhai --upto "$grundy_n" --json -- \
        $python bench/baseline/grundys_game.py "$grundy_n" -- \
        "$bin" table grundys-game --upto "$grundy_n" --json ;;
    subtraction)
      bench "subtraction {$sub_set} to $sub_n" values list values -- \
        "$bin" table script examples/subtraction.rhai --upto "$sub_n" --param "S=$sub_set" --json -- \
        $python bench/baseline/subtraction.py "$sub_n" "$sub_set" -- \
        "$bin" table subtraction --set "$sub_set" --upto "$sub_n" --json ;;
    wythoff)
      $python -c "
import sys
n = int(sys.argv[1])
sys.stdout.write(''.join(f'{a} {b}\n' for a in range(n + 1) for b in range(n + 1)))" "$wythoff_n" > "$work/wythoff-positions.txt"
      bench "wythoff grid ${wythoff_n}x${wythoff_n}" grid list batch -- \
        "$bin" table script examples/wythoff.rhai --grid "$wythoff_n,$wythoff_n" --json -- \
        $python bench/baseline/wythoff.py "$wythoff_n" "$wythoff_n" -- \
        wythoff_builtin ;;
    chocolate)
      bench "chocolate grid ${chocolate_n}x${chocolate_n}" grid list - -- \
        "$bin" table script examples/chocolate.rhai --grid "$chocolate_n,$chocolate_n" --json -- \
        $python bench/baseline/chocolate.py "$chocolate_n" "$chocolate_n" ;;
    lasker)
      bench "lasker to $lasker_n" values list values -- \
        "$bin" table script examples/lasker.rhai --upto "$lasker_n" --json -- \
        $python bench/baseline/lasker.py "$lasker_n" -- \
        "$bin" table lasker --upto "$lasker_n" --json ;;
    *) echo "unknown workload $w (kayles grundys-game subtraction wythoff chocolate lasker)" >&2; exit 1 ;;
  esac
done
echo "load at end: $(uptime)"
echo "values equal (script = python = built-in) in every run"
