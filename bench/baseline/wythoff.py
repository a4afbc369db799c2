# Wythoff's game, the plain way: G(a, b) for 0 <= a <= A, 0 <= b <= B, bottom up; take any number
# from one heap, or the same number from both. Same rule as examples/wythoff.rhai.
# Prints the grid as JSON, one list per a.
#   python3 wythoff.py A B
import json, sys

A, B = int(sys.argv[1]), int(sys.argv[2])
g = [[0] * (B + 1) for _ in range(A + 1)]
for a in range(A + 1):
    for b in range(B + 1):
        seen = set()
        for k in range(1, a + 1):
            seen.add(g[a - k][b])
        for k in range(1, b + 1):
            seen.add(g[a][b - k])
        for k in range(1, min(a, b) + 1):
            seen.add(g[a - k][b - k])
        m = 0
        while m in seen:
            m += 1
        g[a][b] = m
print(json.dumps(g))
