/* A plain C IDA* with additive pattern databases, the yardstick of benchmarks/bench_pdb.py.
 *
 * The same search as eightlab's compiled pass (eightlab/search/compiled/kernel_pdb.py) and its
 * readable reference: successors in the order d, l, r, u, parent-move pruning, the group
 * of the moved tile ranked again (a popcount ranking), the reflected lookup about the main
 * diagonal only when the regular one does not prune (Korf & Felner 2002), the smallest f
 * above the threshold kept for the pass; so it reports the same counts and thresholds.
 * It reads eightlab's own database files. Recursive, as the papers write it.
 *
 * Input (stdin): "ROWS COLS GROUPS", then per group "K t1 ... tK" (its tiles, in ranking
 * order), then the path of the cache file (pdb-v1-....bin), then one board per line. The
 * goal is Korf's: blank on cell 0, tile i on cell i (so the reflection applies).
 * Output: one line per board: "length expanded generated wall_seconds cpu_seconds".
 * Build: cc -O2 -march=native -o idastar_pdb benchmarks/idastar_pdb.c (as a C user builds
 * for the machine: one popcnt instruction for __builtin_popcount; without -mpopcnt or
 * -march=native gcc calls a library function; bench_pdb.py builds and times both).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAXN 25
#define MAXG 8
#define NO_BOUND 1000000

static int n, rows, cols, groups;
static int board[MAXN], pos[MAXN], mpos[MAXN];
static int targets[MAXN][4], count[MAXN];
static int group_of[MAXN], len[MAXG], tiles[MAXG][MAXN];
static int mirror_cell[MAXN], inverse_mirror[MAXN];
static uint8_t *table[MAXG];
static int bound, low;
static long long expanded, generated;

static long rank(const int *where, int g) {
    long idx = 0;
    uint32_t mask = 0;
    for (int i = 0; i < len[g]; i++) {
        int c = where[tiles[g][i]];
        idx = idx * (n - i) + c - __builtin_popcount(mask & ((1u << c) - 1));
        mask |= 1u << c;
    }
    return idx;
}

/* entries[s][g]: group g's entry on the board (s = 0) / in the mirror image (s = 1) */
static int dfs(int blank, int back, int g, int (*entries)[MAXG], int hr, int hm) {
    expanded++;
    for (int k = 0; k < count[blank]; k++) {
        int q = targets[blank][k];
        if (q == back) continue; /* parent-move pruning: generates nothing */
        generated++;
        int t = board[q], grp = group_of[t];
        pos[t] = blank;
        int e = table[grp][rank(pos, grp)];
        pos[t] = q;
        int hr1 = hr - entries[0][grp] + e, f = g + 1 + hr1;
        if (f > bound && f >= low) continue; /* the reflection cannot lower the next bound */
        int mt = inverse_mirror[t], mg = group_of[mt];
        mpos[mt] = mirror_cell[blank];
        int em = table[mg][rank(mpos, mg)];
        mpos[mt] = mirror_cell[q];
        int hm1 = hm - entries[1][mg] + em;
        if (hm1 > hr1) f = g + 1 + hm1;
        if (f > bound) {
            if (f < low) low = f;
            continue;
        }
        if (hr1 == 0) return 1; /* the goal: every tile is in a group */
        int child[2][MAXG];
        for (int i = 0; i < groups; i++) child[0][i] = entries[0][i], child[1][i] = entries[1][i];
        child[0][grp] = e;
        child[1][mg] = em;
        board[blank] = t, board[q] = 0, pos[t] = blank, mpos[mt] = mirror_cell[blank];
        if (dfs(q, blank, g + 1, child, hr1, hm1)) return 1;
        board[q] = t, board[blank] = 0, pos[t] = q, mpos[mt] = mirror_cell[q];
    }
    return 0;
}

static long placements(int k) {
    long p = 1;
    for (int i = 0; i < k; i++) p *= n - i;
    return p;
}

int main(void) {
    if (scanf("%d %d %d", &rows, &cols, &groups) != 3) return 2;
    n = rows * cols;
    if (n > MAXN || groups > MAXG || rows != cols) return 2;
    for (int g = 0; g < groups; g++) {
        if (scanf("%d", &len[g]) != 1) return 2;
        for (int i = 0; i < len[g]; i++) {
            if (scanf("%d", &tiles[g][i]) != 1) return 2;
            group_of[tiles[g][i]] = g;
        }
    }
    char path[4096];
    if (scanf("%4095s", path) != 1) return 2;
    FILE *f = fopen(path, "rb");
    if (!f) return 3;
    int ch;
    while ((ch = fgetc(f)) != '\n' && ch != EOF) {} /* the header line */
    for (int g = 0; g < groups; g++) {
        long size = placements(len[g]);
        table[g] = malloc(size);
        if (!table[g] || fread(table[g], 1, size, f) != (size_t)size) return 3;
    }
    fclose(f);
    static const int dr[4] = {1, 0, 0, -1}, dc[4] = {0, -1, 1, 0}; /* d, l, r, u */
    for (int b = 0; b < n; b++) {
        count[b] = 0;
        for (int m = 0; m < 4; m++) {
            int r = b / cols + dr[m], c = b % cols + dc[m];
            if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
            targets[b][count[b]++] = r * cols + c;
        }
        /* Korf's goal: the reflection renames tile t to the tile on its reflected cell */
        mirror_cell[b] = (b % cols) * cols + b / cols;
        inverse_mirror[mirror_cell[b]] = b;
    }
    for (;;) {
        int blank = -1;
        for (int p = 0; p < n; p++) {
            if (scanf("%d", &board[p]) != 1) return 0;
            pos[board[p]] = p;
            if (board[p] == 0) blank = p;
        }
        for (int t = 0; t < n; t++) mpos[inverse_mirror[t]] = mirror_cell[pos[t]];
        int entries[2][MAXG], hr = 0, hm = 0;
        for (int g = 0; g < groups; g++) {
            entries[0][g] = table[g][rank(pos, g)], hr += entries[0][g];
            entries[1][g] = table[g][rank(mpos, g)], hm += entries[1][g];
        }
        struct timespec t0, t1, c0, c1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
        expanded = generated = 0;
        bound = hr > hm ? hr : hm;
        while (hr != 0) {
            low = NO_BOUND;
            if (dfs(blank, -1, 0, entries, hr, hm)) break;
            bound = low;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
        double wall = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
        double cpu = (c1.tv_sec - c0.tv_sec) + 1e-9 * (c1.tv_nsec - c0.tv_nsec);
        printf("%d %lld %lld %.6f %.6f\n", bound, expanded, generated, wall, cpu);
        fflush(stdout);
    }
}
