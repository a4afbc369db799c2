#!/usr/bin/env bash
# Heap-game tables against Beling's `ogsolve -m rc2`, in the same run, one program after the
# other on each workload; the values of both are checked equal (ogsolve -p against sprague's
# JSON) before any time is taken.
#
# Usage: bench/octal.sh [WORKLOAD...]      WORKLOAD: 0.6:300000 0.6:1000000 0.007:100000 ...
#   (default: the workloads of issue 4). OGSOLVE=path (default /tmp/ogsolve/bin/ogsolve; build it
#   outside the repository with `cargo install ogsolve --root /tmp/ogsolve`). RUNS=n (default 3):
#   each time is the best of n. sprague runs on every core (rayon), and again with
#   RAYON_NUM_THREADS=1 for its single-thread figure (ONE_THREAD=0 skips that run).
#   The timed runs themselves give the values that are compared: ogsolve's with -p (printing a
#   million values costs it well under 1% of these times), sprague's with --out (its binary form).
set -euo pipefail
cd "$(dirname "$0")/.."
og="${OGSOLVE:-/tmp/ogsolve/bin/ogsolve}"
runs="${RUNS:-3}"
cargo build --release -q -p sprague-cli
sp=target/release/sprague
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ $# -eq 0 ] && set -- 0.6:300000 0.6:1000000 0.007:100000 0.007:1000000 0.16:1000000 grundy:1000000

best() { # best wall and its user time of $runs runs of "$@", the output of the last in $work/out
  local b=999999 bu=0
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U" -o "$work/t" "$@" > "$work/out"
    read -r w u < "$work/t"
    if awk "BEGIN{exit !($w < $b)}"; then b=$w; bu=$u; fi
  done
  echo "$b $bu"
}

same_values() { # ogsolve's printed values ($1) equal sprague's --out file ($2)
  python3 - "$1" "$2" <<'PY'
import struct, sys
og = open(sys.argv[1]).read()
og = [int(x) for line in og.splitlines() if line.startswith(" nimbers:") for x in line.split()[1:]]
data = open(sys.argv[2], "rb").read()
assert data[:8] == b"SPRGSEQ1", "not a sprague values file"
width, count = data[8], struct.unpack_from("<Q", data, 16)[0]
fmt = "B" if width == 1 else "H"
sp = list(struct.unpack_from("<%d%s" % (count, fmt), data, 24))
assert og == sp, "values differ from ogsolve (%d against %d values)" % (len(og), len(sp))
PY
}

printf '%-16s %-22s %-22s %-22s %s\n' workload "ogsolve rc2 (wall/user)" "sprague 2 threads" "sprague 1 thread" "ratio (wall, 2 threads)"
for w in "$@"; do
  code=${w%%:*}; n=${w##*:}
  if [ "$code" = grundy ]; then
    fam=(grundys-game); ogs=""
  else
    fam=(octal "$code"); ogs=yes
  fi
  read -r sw su <<< "$(best "$sp" table "${fam[@]}" --upto "$n" --out "$work/values.bin")"
  if [ -n "$ogs" ] && [ -x "$og" ]; then
    read -r ow ou <<< "$(best "$og" -m rc2 -n "$n" -p "$code")"
    same_values "$work/out" "$work/values.bin"
  else
    ow=-; ou=-
  fi
  s1w=-; s1u=-
  if [ "${ONE_THREAD:-1}" = 1 ]; then
    read -r s1w s1u <<< "$(RAYON_NUM_THREADS=1 best "$sp" table "${fam[@]}" --upto "$n" --out "$work/values.bin")"
  fi
  ratio=-
  [ "$ow" != - ] && ratio=$(awk "BEGIN{printf \"%.1fx\", $ow / $sw}")
  printf '%-16s %-22s %-22s %-22s %s\n' "$w" "$ow s / $ou s" "$sw s / $su s" "$s1w s / $s1u s" "$ratio"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
