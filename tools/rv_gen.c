/* rv_gen: training data for the Reversi pattern evaluator (tools/rv_train.c).
 *
 * Plays varied games from the start position: a random opening (4..20 random
 * moves), then noisy evaluator-guided play (one ply of rv_evaluate(), the library's
 * hand-made evaluator, plus Gaussian noise of 1..7 discs, and 5% random moves).
 * When the game reaches E empties (E drawn uniformly from --min-empties ..
 * --max-empties) the position is solved EXACTLY with our own solver (rv_solve), and
 * every position of the proven principal line gets the exact final score for its
 * side to move: each move of the line is proven optimal, so all its positions have
 * the same value up to the sign.
 *
 * The game's positions before the solved one (E+1 .. E+12 empties) are written too,
 * unlabelled ("U"), for a later labelling scheme; rv_train ignores them. Sound labels
 * there need a solve 10-100 times dearer; a search with weights fitted on the exact
 * labels would only echo those weights' errors, so they are not invented here.
 *
 * Output, one position per line:  L <P hex> <O hex> <empties> <score>
 *                              or U <P hex> <O hex> <empties> 0
 * with P the side to move. Deterministic for a given --seed (until --seconds stops
 * it). Solves are capped at 400 M nodes (a stopped solve is skipped).
 *
 * The data of the reported experiment: two processes (both cores), 25 minutes each:
 *   rv_gen --seed 1 --seconds 1500 --min-empties 18 --max-empties 22 > /tmp/rv1.txt
 *   rv_gen --seed 2 --seconds 1500 --min-empties 18 --max-empties 22 > /tmp/rv2.txt
 *
 * usage: rv_gen --seed S [--games N] [--seconds T] [--min-empties A] [--max-empties B]
 *               [--hash-mb M] > out.txt */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/rng.h"
#include "reversi/bitboard.h"
#include "yomi/reversi.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double uniform(uint64_t *rng) { return (double)(yomi_splitmix64(rng) >> 11) * 0x1.0p-53; }

static double gauss(uint64_t *rng) {
    double u = uniform(rng), v = uniform(rng);
    if (u < 1e-300) u = 1e-300;
    return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

static int random_move(uint64_t moves, uint64_t *rng) {
    int n = rv_popcount(moves), k = (int)(yomi_splitmix64(rng) % (uint64_t)n);
    for (int i = 0; i < k; i++) moves = rv_clear_first(moves);
    return rv_first(moves);
}

/* One ply of the evaluator with noise (sigma in 1/8 discs). */
static int noisy_move(uint64_t P, uint64_t O, uint64_t moves, double sigma, uint64_t *rng) {
    int best = -1;
    double bv = -1e30;
    for (; moves; moves = rv_clear_first(moves)) {
        int x = rv_first(moves);
        uint64_t f = rv_flips(P, O, x);
        double v = -rv_evaluate(O ^ f, P ^ f ^ (1ULL << x)) + sigma * gauss(rng);
        if (v > bv) { bv = v; best = x; }
    }
    return best;
}

int main(int argc, char **argv) {
    rv_bitboard_init();   /* rv_flips is called directly below */
    uint64_t seed = 1;
    long games = 1000000;
    double seconds = 1e9;
    int emin = 20, emax = 24, hash_mb = 64;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--games") && i + 1 < argc) games = atol(argv[++i]);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--min-empties") && i + 1 < argc) emin = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--max-empties") && i + 1 < argc) emax = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--hash-mb") && i + 1 < argc) hash_mb = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: rv_gen --seed S [--games N] [--seconds T] [--min-empties A] "
                            "[--max-empties B] [--hash-mb M]\n");
            return 2;
        }
    }
    uint64_t rng = seed * 0x9e3779b97f4a7c15ULL + 12345;
    rv_options opt;
    rv_options_default(&opt);
    opt.lim.hash_mb = (size_t)hash_mb;
    opt.lim.max_nodes = 400000000;   /* skip the rare pathological position */
    rv_solver *solver = rv_solver_new(&opt);
    if (!solver) return 1;
    double t0 = now();
    long solved = 0, labelled = 0;
    uint64_t nodes = 0;
    for (long g = 0; g < games && now() - t0 < seconds; g++) {
        int target = emin + (int)(yomi_splitmix64(&rng) % (uint64_t)(emax - emin + 1));
        int n_random = 4 + (int)(yomi_splitmix64(&rng) % 17);
        double sigma = 8.0 + 48.0 * uniform(&rng);   /* 1..7 discs of noise */
        rv_pos start;
        rv_pos_start(&start);
        uint64_t P = start.P, O = start.O;
        uint64_t histP[64], histO[64];
        int hist_n = 0, ply = 0;
        bool ok = true;
        while (64 - rv_popcount(P | O) > target) {
            uint64_t moves = rv_moves(P, O);
            if (!moves) {
                if (!rv_moves(O, P)) { ok = false; break; }   /* game over too early */
                uint64_t t = P; P = O; O = t;
                continue;
            }
            histP[hist_n] = P;
            histO[hist_n] = O;
            hist_n++;
            int x = ply < n_random || uniform(&rng) < 0.05 ? random_move(moves, &rng)
                                                             : noisy_move(P, O, moves, sigma, &rng);
            uint64_t f = rv_flips(P, O, x);
            uint64_t np = O ^ f, no = P ^ f ^ (1ULL << x);
            P = np;
            O = no;
            ply++;
        }
        if (!ok) continue;
        rv_pos pos = {P, O, true};
        rv_result res;
        rv_solve(solver, &pos, &res);
        if (!res.known) continue;
        solved++;
        nodes += res.nodes;
        /* The principal line: every position on it has the proven score. */
        int score = res.score;
        for (int i = 0;; i++) {
            printf("L %016llx %016llx %d %d\n", (unsigned long long)P, (unsigned long long)O,
                   64 - rv_popcount(P | O), score);
            labelled++;
            if (i >= res.pv_len) break;
            int x = res.pv[i];
            if (x != RV_PASS) {
                uint64_t f = rv_flips(P, O, x);
                P ^= f | (1ULL << x);
                O ^= f;
            }
            uint64_t t = P; P = O; O = t;
            score = -score;
        }
        for (int i = hist_n - 1; i >= 0 && i >= hist_n - 12; i--)
            printf("U %016llx %016llx %d 0\n", (unsigned long long)histP[i],
                   (unsigned long long)histO[i], 64 - rv_popcount(histP[i] | histO[i]));
        if (solved % 100 == 0) {
            fflush(stdout);
            fprintf(stderr, "rv_gen seed %llu: %ld solved, %ld labelled, %.1f M nodes, %.0f s\n",
                    (unsigned long long)seed, solved, labelled, nodes / 1e6, now() - t0);
        }
    }
    fprintf(stderr, "rv_gen seed %llu: done, %ld solved, %ld labelled, %.1f M nodes, %.0f s\n",
            (unsigned long long)seed, solved, labelled, nodes / 1e6, now() - t0);
    rv_solver_free(solver);
    return 0;
}
