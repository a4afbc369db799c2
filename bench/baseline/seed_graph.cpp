// Baseline for bench/graph.sh: the algorithm of seed 000 section 4 ("组合博弈"), kept as written
// there -- recursive dfs, std::vector<int> adjacency lists, scanf input, mex by scanning the stamp
// array `vis` from 0 -- with the fixed arrays (maxn = 2001) replaced by arrays sized from n so it
// takes 10^6 vertices. It needs a large stack (`ulimit -s unlimited`) for deep graphs.
// Output: `win X` or `lose 0`, X being the XOR of the tokens' SG values, so the bench script can
// compare it with sprague's nim_value. Not part of the product: cargo never builds this file.
#include <stdio.h>
#include <vector>

static std::vector<int> SG, vis;
static std::vector<std::vector<int> > G;
static int n, m, k, ans = 0;

void dfs(int x) {
    if (SG[x] != -1) return;
    for (size_t i = 0; i < G[x].size(); ++i) dfs(G[x][i]);
    for (size_t i = 0; i < G[x].size(); ++i) vis[SG[G[x][i]]] = x;
    for (int i = 0; i <= n; ++i)
        if (vis[i] != x) { SG[x] = i; return; }
}

int main() {
    if (scanf("%d%d%d", &n, &m, &k) != 3) return 2;
    SG.assign(n + 2, -1);
    vis.assign(n + 2, -1);
    G.resize(n + 1);
    for (int i = 1; i <= m; ++i) {
        int u, v;
        if (scanf("%d%d", &u, &v) != 2) return 2;
        G[u].push_back(v);
    }
    for (int i = 1; i <= k; ++i) {
        int x;
        if (scanf("%d", &x) != 1) return 2;
        dfs(x);
        ans ^= SG[x];
    }
    if (ans) printf("win %d\n", ans);
    else printf("lose 0\n");
    return 0;
}
