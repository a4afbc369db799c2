# Lasker's Nim, the plain way: G(0..N) bottom up; take any number of tokens from the heap, or
# split it into two non-empty heaps. Same rule as examples/lasker.rhai. Prints the values as JSON.
import json, sys

n_max = int(sys.argv[1])
g = [0] * (n_max + 1)
for n in range(1, n_max + 1):
    seen = set()
    for k in range(1, n + 1):
        seen.add(g[n - k])
    for a in range(1, n):
        if a <= n - a:
            seen.add(g[a] ^ g[n - a])
    m = 0
    while m in seen:
        m += 1
    g[n] = m
print(json.dumps(g))
