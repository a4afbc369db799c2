# Kayles, the plain way: G(0..N) bottom up; knock down one pin or two adjacent pins, leaving the
# rows left and right of the gap. Same rule as examples/kayles.rhai. Prints the values as JSON.
import json, sys

n_max = int(sys.argv[1])
g = [0] * (n_max + 1)
for n in range(1, n_max + 1):
    seen = set()
    for width in (1, 2):
        for left in range(n - width + 1):
            right = n - width - left
            if left <= right:
                seen.add(g[left] ^ g[right])
    m = 0
    while m in seen:
        m += 1
    g[n] = m
print(json.dumps(g))
