/* A plain C IDA* with Manhattan distance, the yardstick of benchmarks/bench_engine.py.
 *
 * The same loop as eightlab's reference IDA* (eightlab/search/idastar.py) and the compiled
 * engine (eightlab/search/compiled/kernel.py): successors in the order d, l, r, u (where the blank
 * goes), parent-move pruning, h updated from the one tile that moves, the goal tested
 * when a child within the threshold is generated; so it reports the same expanded and
 * generated counts and thresholds. Recursive, as the textbooks write it.
 *
 * Input (stdin): "ROWS COLS" then one board per line, ROWS*COLS tiles in row-major order,
 * 0 = blank. The goal is Korf's: blank on cell 0, tile i on cell i.
 * Output: one line per board: "length expanded generated wall_seconds cpu_seconds
 *         thresholds...".
 * Build: cc -O2 -o idastar benchmarks/idastar.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAXN 25
#define NO_BOUND 1000000

static int n, rows, cols;
static int board[MAXN];
static int targets[MAXN][4], count[MAXN];
static int dh[MAXN][4][MAXN]; /* change of h when the tile on targets[b][k] slides to b */
static int bound, deepest;
static long long expanded, generated;

static int dfs(int blank, int back, int g, int h) {
    int smallest = NO_BOUND;
    expanded++;
    if (g > deepest) deepest = g;
    for (int k = 0; k < count[blank]; k++) {
        int q = targets[blank][k];
        if (q == back) continue; /* parent-move pruning: generates nothing */
        generated++;
        int tile = board[q];
        int h1 = h + dh[blank][k][tile];
        int f = g + 1 + h1;
        if (f > bound) {
            if (f < smallest) smallest = f;
            continue;
        }
        board[blank] = tile;
        board[q] = 0;
        if (h1 == 0) { /* Manhattan is 0 on the goal only */
            if (g + 1 > deepest) deepest = g + 1;
            return -1;
        }
        int t = dfs(q, blank, g + 1, h1);
        if (t < 0) return -1;
        board[q] = tile;
        board[blank] = 0;
        if (t < smallest) smallest = t;
    }
    return smallest;
}

static int manhattan(int tile, int cell) {
    return abs(tile / cols - cell / cols) + abs(tile % cols - cell % cols);
}

int main(void) {
    if (scanf("%d %d", &rows, &cols) != 2) return 2;
    n = rows * cols;
    if (n > MAXN) return 2;
    static const int dr[4] = {1, 0, 0, -1}, dc[4] = {0, -1, 1, 0}; /* d, l, r, u */
    for (int b = 0; b < n; b++) {
        count[b] = 0;
        for (int m = 0; m < 4; m++) {
            int r = b / cols + dr[m], c = b % cols + dc[m];
            if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
            int q = r * cols + c, k = count[b]++;
            targets[b][k] = q;
            for (int t = 1; t < n; t++) dh[b][k][t] = manhattan(t, b) - manhattan(t, q);
        }
    }
    for (;;) {
        int blank = -1, h = 0;
        for (int p = 0; p < n; p++) {
            if (scanf("%d", &board[p]) != 1) return 0;
            if (board[p] == 0) blank = p;
            else h += manhattan(board[p], p);
        }
        struct timespec t0, t1, c0, c1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
        expanded = generated = 0;
        deepest = 0;
        bound = h;
        int thresholds[256], passes = 0;
        for (;;) {
            thresholds[passes++] = bound;
            if (h == 0) break;
            int t = dfs(blank, -1, 0, h);
            if (t < 0) break;
            bound = t;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
        double wall = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
        double cpu = (c1.tv_sec - c0.tv_sec) + 1e-9 * (c1.tv_nsec - c0.tv_nsec);
        printf("%d %lld %lld %.6f %.6f", bound, expanded, generated, wall, cpu);
        for (int i = 0; i < passes; i++) printf(" %d", thresholds[i]);
        printf("\n");
        fflush(stdout);
    }
}
