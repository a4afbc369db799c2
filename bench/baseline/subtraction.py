# A subtraction game, the plain way: G(0..N) bottom up; take s tokens for some s in the set S.
# Same rule as examples/subtraction.rhai with --param S=...
#   python3 subtraction.py N 1,3,4
import json, sys

n_max = int(sys.argv[1])
S = [int(s) for s in sys.argv[2].split(",") if s]
g = [0] * (n_max + 1)
for n in range(1, n_max + 1):
    seen = set()
    for s in S:
        if s <= n:
            seen.add(g[n - s])
    m = 0
    while m in seen:
        m += 1
    g[n] = m
print(json.dumps(g))
