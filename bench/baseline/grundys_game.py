# Grundy's game, the plain way: G(0..N) bottom up; split a heap into two heaps of different
# sizes. Same rule as examples/grundys-game.rhai. Prints the values as JSON.
import json, sys

n_max = int(sys.argv[1])
g = [0] * (n_max + 1)
for n in range(1, n_max + 1):
    seen = set()
    for a in range(1, n):
        b = n - a
        if a < b:
            seen.add(g[a] ^ g[b])
    m = 0
    while m in seen:
        m += 1
    g[n] = m
print(json.dumps(g))
