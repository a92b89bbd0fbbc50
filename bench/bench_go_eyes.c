/* Eye-space solver speed.
 *   bench_go_eyes
 * For each polyomino region up to 7 points in the open (2 outer liberties): the local
 * positions the exact solver explores (attacker to move) and the time of go_es_classify
 * (four solves: both sides to move, both ko masters), uncached (go_es_cache_clear
 * before each), summed per size; then the same question answered from the cache. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "go/eyes.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Free polyominoes by growth, deduplicated under the eight symmetries. */
static unsigned long long polys[8][120];
static int npolys[8];

static unsigned long long norm(const int *x, const int *y, int n) {
    int mx = 99, my = 99;
    for (int i = 0; i < n; i++) {
        if (x[i] < mx) mx = x[i];
        if (y[i] < my) my = y[i];
    }
    unsigned long long b = 0;
    for (int i = 0; i < n; i++) b |= 1ULL << ((y[i] - my) * 8 + (x[i] - mx));
    return b;
}

static unsigned long long canon(const int *x, const int *y, int n) {
    unsigned long long best = ~0ULL;
    for (int t = 0; t < 8; t++) {
        int X[8], Y[8];
        for (int i = 0; i < n; i++) {
            int a = t & 1 ? -x[i] : x[i], c = t & 2 ? -y[i] : y[i];
            X[i] = t & 4 ? c : a;
            Y[i] = t & 4 ? a : c;
        }
        unsigned long long b = norm(X, Y, n);
        if (b < best) best = b;
    }
    return best;
}

int main(void) {
    npolys[1] = 1;
    polys[1][0] = 1;
    for (int n = 2; n <= 7; n++)
        for (int i = 0; i < npolys[n - 1]; i++) {
            int x[8], y[8], k = 0;
            for (int bit = 0; bit < 64; bit++)
                if (polys[n - 1][i] >> bit & 1) {
                    x[k] = bit % 8;
                    y[k++] = bit / 8;
                }
            for (int c = 0; c < k; c++)
                for (int d = 0; d < 4; d++) {
                    x[k] = x[c] + (d == 0) - (d == 1);
                    y[k] = y[c] + (d == 2) - (d == 3);
                    bool dup = false;
                    for (int j = 0; j < k; j++) dup |= x[j] == x[k] && y[j] == y[k];
                    if (dup) continue;
                    unsigned long long cb = canon(x, y, k + 1);
                    for (int j = 0; j < npolys[n]; j++) dup |= polys[n][j] == cb;
                    if (!dup && npolys[n] < 120) polys[n][npolys[n]++] = cb;
                }
        }
    printf("size shapes   states   uncached ms  per shape ms  cached us/shape\n");
    for (int n = 1; n <= 7; n++) {
        long states = 0;
        double t_unc = 0, t_cached = 0;
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < npolys[n]; i++) {
                go_es_region r;
                memset(&r, 0, sizeof r);
                r.ko = -1;
                r.outer = 2;
                int idx[64];
                for (int bit = 0; bit < 64; bit++) idx[bit] = polys[n][i] >> bit & 1 ? r.n++ : -1;
                for (int bit = 0; bit < 64; bit++) {
                    if (idx[bit] < 0) continue;
                    int x = bit % 8, y = bit / 8;
                    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
                    for (int d = 0; d < 4; d++) {
                        int X = x + dx[d], Y = y + dy[d];
                        int nb = X >= 0 && Y >= 0 && X < 8 && Y < 8 ? idx[Y * 8 + X] : -1;
                        if (nb >= 0)
                            r.adj[idx[bit]] |= (uint16_t)(1u << nb);
                        else
                            r.wall |= (uint16_t)(1u << idx[bit]);
                    }
                }
                go_es_status st;
                if (pass == 0)
                    go_es_cache_clear();
                else
                    go_es_classify(&r, &st); /* fill the cache, then time a hit */
                double t0 = now();
                go_es_classify(&r, &st);
                double dt = now() - t0;
                if (pass == 0) {
                    t_unc += dt;
                    go_es_result res;
                    go_es_solve(&r, false, GO_KO_MASTER_ATTACKER, &res);
                    states += res.states;
                } else {
                    t_cached += dt;
                }
            }
        printf("%4d %6d %8ld %12.1f %13.2f %16.2f\n", n, npolys[n], states, t_unc * 1e3,
               t_unc * 1e3 / npolys[n], t_cached * 1e6 / npolys[n]);
    }
    return 0;
}
