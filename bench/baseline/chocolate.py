# Grundy's chocolate, the plain way: memoised recursion on (w, h), the sides sorted; a move breaks
# the bar along one grid line into two bars of different sizes, whose values are XORed. Same rule as
# examples/chocolate.rhai. Prints the grid G(w, h), 0 <= w <= W, 0 <= h <= H, as JSON.
#   python3 chocolate.py W H
import json, sys
from functools import lru_cache

sys.setrecursionlimit(100000)


@lru_cache(maxsize=None)
def grundy(w, h):
    if w > h:
        return grundy(h, w)
    if w == 0 or h == 0:
        return 0
    seen = set()
    for a in range(1, w):
        if a != w - a:
            seen.add(grundy(a, h) ^ grundy(w - a, h))
    for b in range(1, h):
        if b != h - b:
            seen.add(grundy(w, b) ^ grundy(w, h - b))
    m = 0
    while m in seen:
        m += 1
    return m


W, H = int(sys.argv[1]), int(sys.argv[2])
print(json.dumps([[grundy(w, h) for h in range(H + 1)] for w in range(W + 1)]))
