/* rv_train: fits the pattern evaluator's weights (tools/rv_pattern.h) to exact
 * endgame scores written by tools/rv_gen.c, and writes the weights as a C source
 * (an int16 table in rv_pattern_load's layout, 1/32 disc).
 *
 * Model, per phase: score ~ sum over the 38 pattern instances of w[type][code]
 * + scalar weights x (1, moves of P, moves of O, potential mobility of P, of O,
 * corners, X-squares, stable discs), in discs. Configurations that a type's own symmetries map onto each other share a
 * weight (rv_pattern_canonical). Fit: ridge least squares, minimise
 * sum (y - Xw)^2 + lambda * |w_patterns|^2, by conjugate gradient on the normal
 * equations (matrix-free; the scalar columns are scaled by 1/8 for conditioning).
 * A phase is fitted on the positions of its own empties range widened by three
 * empties each side, so the deep phase borrows from its neighbours.
 *
 * Held out: every tenth game (rv_gen writes a game's principal line as consecutive
 * lines with decreasing empties), so that positions of one line never sit on both
 * sides. The held-out error is printed per phase; then the weights are refitted on
 * all the games and written out.
 *
 * --self-test checks the feature code instead: the fast extraction (pext or shifts)
 * against the square-by-square reference, and the eight symmetries of a position
 * giving the same evaluation (with random weights).
 *
 * usage: rv_train --self-test
 *        rv_train [--lambda L] [--iters N] [--types MASK] [--out FILE] data1.txt ...
 * (--types: bit t keeps pattern type t, see rv_pattern.h; default all) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "reversi/bitboard.h"
#include "rv_pattern.h"
#include "yomi/reversi.h"

#define NF (RV_N_INSTANCES)
#define SCALAR_SCALE 0.125

typedef struct sample {
    uint32_t slot[NF];   /* canonical weight slot of each instance */
    float sc[RV_N_SCALARS];
    float y;
    float simple;        /* the hand-made evaluator, in discs, for comparison */
    int8_t empties;
    int game;
} sample;

static sample *data;
static unsigned types = ~0u;   /* pattern types used (--types mask) */
static size_t n_data, cap_data;
static uint32_t slot_of[RV_N_PATTERN_WEIGHTS];   /* full index -> canonical slot */
static uint32_t n_slots;

/* Phase p's training range and evaluation range of empties. */
static int phase_lo(int p, int widen) {
    static const int lo[RV_N_PHASES] = {0, 13, 19};
    return lo[p] - widen;
}
static int phase_hi(int p, int widen) {
    static const int hi[RV_N_PHASES] = {12, 18, 64};
    return hi[p] + widen;
}

static void build_slots(void) {
    for (int t = 0; t < RV_N_PATTERNS; t++) {
        uint32_t n3 = 1;
        for (int j = 0; j < rv_pattern_size[t]; j++) n3 *= 3;
        for (uint32_t c = 0; c < n3; c++) {
            uint32_t cc = rv_pattern_canonical(t, c);
            slot_of[rv_pattern_offset[t] + c] = cc == c ? n_slots++ : slot_of[rv_pattern_offset[t] + cc];
        }
    }
}

static int read_file(const char *path, int *game) {
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return -1; }
    char kind;
    unsigned long long P, O;
    int e, score, last_e = -1;
    while (fscanf(f, " %c %llx %llx %d %d", &kind, &P, &O, &e, &score) == 5) {
        if (kind != 'L') { last_e = -1; continue; }
        if (e > last_e) (*game)++;
        last_e = e;
        if (e < 4) continue;
        if (n_data == cap_data) {
            cap_data = cap_data ? cap_data * 2 : 1 << 16;
            data = realloc(data, cap_data * sizeof *data);
            if (!data) { perror("realloc"); exit(1); }
        }
        sample *s = &data[n_data++];
        uint32_t idx[NF];
        int sc[RV_N_SCALARS];
        rv_eval_features(P, O, idx, sc);
        for (int i = 0; i < NF; i++) {
            int t = 0;
            while (t + 1 < RV_N_PATTERNS && idx[i] >= (uint32_t)rv_pattern_offset[t + 1]) t++;
            /* A type left out of the fit reads slot 0's configuration (all empty) of
             * type 0: a weight that absorbs a constant. */
            s->slot[i] = types >> t & 1 ? slot_of[idx[i]] : 0;
        }
        for (int i = 0; i < RV_N_SCALARS; i++) s->sc[i] = (float)(sc[i] * SCALAR_SCALE);
        s->y = (float)score;
        s->simple = (float)(rv_evaluate(P, O) / 8.0);
        s->empties = (int8_t)e;
        s->game = *game;
    }
    fclose(f);
    return 0;
}

/* Parameters: n_slots pattern weights, then RV_N_SCALARS scalar weights. */
static double predict(const sample *s, const double *w) {
    double v = 0;
    for (int i = 0; i < NF; i++) v += w[s->slot[i]];
    for (int i = 0; i < RV_N_SCALARS; i++) v += w[n_slots + i] * s->sc[i];
    return v;
}

/* out = (X^T X + lambda I_patterns) v over the selected samples. */
static void normal_apply(const sample **sel, size_t n, const double *v, double *out, double lambda) {
    size_t np = n_slots + RV_N_SCALARS;
    for (size_t j = 0; j < n_slots; j++) out[j] = lambda * v[j];
    for (size_t j = n_slots; j < np; j++) out[j] = 1e-3 * v[j];
    for (size_t k = 0; k < n; k++) {
        const sample *s = sel[k];
        double xv = predict(s, v);
        for (int i = 0; i < NF; i++) out[s->slot[i]] += xv;
        for (int i = 0; i < RV_N_SCALARS; i++) out[n_slots + i] += xv * s->sc[i];
    }
}

static void fit(const sample **sel, size_t n, double *w, double lambda, int iters) {
    size_t np = n_slots + RV_N_SCALARS;
    double *r = calloc(np, sizeof *r), *p = calloc(np, sizeof *p), *q = calloc(np, sizeof *q);
    memset(w, 0, np * sizeof *w);
    /* r = X^T y - A w (w = 0) */
    for (size_t k = 0; k < n; k++) {
        const sample *s = sel[k];
        for (int i = 0; i < NF; i++) r[s->slot[i]] += s->y;
        for (int i = 0; i < RV_N_SCALARS; i++) r[n_slots + i] += s->y * s->sc[i];
    }
    memcpy(p, r, np * sizeof *p);
    double rr = 0;
    for (size_t j = 0; j < np; j++) rr += r[j] * r[j];
    double rr0 = rr;
    for (int it = 0; it < iters && rr > 1e-12 * rr0; it++) {
        normal_apply(sel, n, p, q, lambda);
        double pq = 0;
        for (size_t j = 0; j < np; j++) pq += p[j] * q[j];
        double alpha = rr / pq;
        double rr_new = 0;
        for (size_t j = 0; j < np; j++) {
            w[j] += alpha * p[j];
            r[j] -= alpha * q[j];
            rr_new += r[j] * r[j];
        }
        double beta = rr_new / rr;
        rr = rr_new;
        for (size_t j = 0; j < np; j++) p[j] = r[j] + beta * p[j];
    }
    free(r);
    free(p);
    free(q);
}

static size_t select_phase(const sample **sel, int phase, int widen, int holdout_mode) {
    /* holdout_mode: 0 all games, 1 training games only, 2 held-out games only */
    size_t n = 0;
    for (size_t k = 0; k < n_data; k++) {
        const sample *s = &data[k];
        if (s->empties < phase_lo(phase, widen) || s->empties > phase_hi(phase, widen)) continue;
        bool held = s->game % 10 == 0;
        if ((holdout_mode == 1 && held) || (holdout_mode == 2 && !held)) continue;
        sel[n++] = s;
    }
    return n;
}


/* ---- --self-test ------------------------------------------------------------ */

static uint64_t test_rng = 77;

/* A random position of a random game (uniform legal moves). */
static void random_position(uint64_t *P, uint64_t *O, int empties) {
    rv_pos pos;
    rv_pos_start(&pos);
    uint64_t p = pos.P, o = pos.O;
    int passes = 0;
    while (passes < 2 && 64 - rv_popcount(p | o) > empties) {
        uint64_t m = rv_moves(p, o);
        if (m) {
            int k = (int)(yomi_splitmix64(&test_rng) % (uint64_t)rv_popcount(m));
            while (k--) m = rv_clear_first(m);
            int x = rv_first(m);
            uint64_t f = rv_flips(p, o, x);
            p ^= f | (1ULL << x);
            o ^= f;
            passes = 0;
        } else {
            passes++;
        }
        uint64_t t = p; p = o; o = t;
    }
    *P = p;
    *O = o;
}

/* The symmetry of a board square by square: transpose (k & 4), vertical flip (k & 2),
 * horizontal mirror (k & 1). */
static uint64_t sym_slow(uint64_t b, int k) {
    uint64_t r = 0;
    for (int q = 0; q < 64; q++) {
        if (!(b >> q & 1)) continue;
        int row = q / 8, col = q % 8, t;
        if (k & 4) { t = row; row = col; col = t; }
        if (k & 2) row = 7 - row;
        if (k & 1) col = 7 - col;
        r |= 1ULL << (row * 8 + col);
    }
    return r;
}

static int self_test(void) {
    int bad_features = 0, bad_sym = 0;
    for (int n = 0; n < 3000; n++) {
        uint64_t P, O;
        random_position(&P, &O, (int)(yomi_splitmix64(&test_rng) % 60));
        uint32_t a[NF], b[NF];
        int sa[RV_N_SCALARS], sb[RV_N_SCALARS];
        rv_eval_features(P, O, a, sa);
        rv_eval_features_reference(P, O, b, sb);
        for (int i = 0; i < NF; i++) bad_features += a[i] != b[i];
        for (int i = 0; i < RV_N_SCALARS; i++) bad_features += sa[i] != sb[i];
    }
    /* Random weights: a symmetric position must still evaluate the same. */
    size_t len = (size_t)(n_slots + RV_N_SCALARS) * RV_N_PHASES;
    int16_t *w = malloc(len * sizeof *w);
    for (size_t j = 0; j < len; j++) w[j] = (int16_t)(yomi_splitmix64(&test_rng) % 201) - 100;
    if (rv_pattern_load(w, (int)len) != 0) {
        printf("self-test: the weights table layout is refused\n");
        return 1;
    }
    for (int n = 0; n < 2000; n++) {
        uint64_t P, O;
        random_position(&P, &O, 4 + (int)(yomi_splitmix64(&test_rng) % 50));
        int v = rv_pattern_evaluate(P, O);
        for (int k = 1; k < 8; k++) bad_sym += rv_pattern_evaluate(sym_slow(P, k), sym_slow(O, k)) != v;
    }
    free(w);
    printf("self-test: %d features differ from the reference, %d symmetric evaluations differ\n",
           bad_features, bad_sym);
    return bad_features || bad_sym;
}

int main(int argc, char **argv) {
    double lambda = 2.0;
    int iters = 300;
    const char *out = NULL;
    int game = 0, files = 0;
    rv_bitboard_init();   /* rv_flips is called directly */
    rv_pattern_init();
    build_slots();
    if (argc == 2 && !strcmp(argv[1], "--self-test")) return self_test();
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--lambda") && i + 1 < argc) lambda = atof(argv[++i]);
        else if (!strcmp(argv[i], "--iters") && i + 1 < argc) iters = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
        else if (!strcmp(argv[i], "--types") && i + 1 < argc) types = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (read_file(argv[i], &game) == 0) files++;
        else return 1;
    }
    if (!files) {
        fprintf(stderr, "usage: rv_train --self-test | [--lambda L] [--iters N] [--types MASK] "
                        "[--out FILE] data.txt...\n");
        return 2;
    }
    fprintf(stderr, "%zu labelled positions, %d games, %u weight slots per phase\n", n_data, game,
            n_slots);
    size_t np = n_slots + RV_N_SCALARS;
    const sample **sel = malloc(n_data * sizeof *sel);
    double *w = malloc(RV_N_PHASES * np * sizeof *w);
    for (int ph = 0; ph < RV_N_PHASES; ph++) {
        double *wp = w + ph * np;
        size_t n = select_phase(sel, ph, 3, 1);
        fit(sel, n, wp, lambda, iters);
        double se = 0, ae = 0, se_simple = 0, se_train = 0;
        size_t nt = select_phase(sel, ph, 0, 2);
        for (size_t k = 0; k < nt; k++) {
            double d = predict(sel[k], wp) - sel[k]->y;
            se += d * d;
            ae += fabs(d);
        }
        size_t ntr = select_phase(sel, ph, 0, 1);
        double sy = 0, ss = 0;
        for (size_t k = 0; k < ntr; k++) {
            double d = predict(sel[k], wp) - sel[k]->y;
            se_train += d * d;
            sy += sel[k]->simple * sel[k]->y;
            ss += sel[k]->simple * sel[k]->simple;
        }
        /* The hand-made evaluator, best scaled on the training games. */
        double a = ss > 0 ? sy / ss : 0;
        nt = select_phase(sel, ph, 0, 2);
        for (size_t k = 0; k < nt; k++) {
            double d = a * sel[k]->simple - sel[k]->y;
            se_simple += d * d;
        }
        printf("phase %d (empties %d..%d): fitted on %zu, train rmse %.2f, held-out %zu rmse %.2f "
               "mae %.2f discs (hand-made evaluator x %.3f: rmse %.2f)\n",
               ph, phase_lo(ph, 0), phase_hi(ph, 0), n, sqrt(se_train / (double)(ntr ? ntr : 1)),
               nt, sqrt(se / (double)(nt ? nt : 1)), ae / (double)(nt ? nt : 1), a,
               sqrt(se_simple / (double)(nt ? nt : 1)));
        fflush(stdout);
    }
    if (!out) {
        free(w);
        free(sel);
        free(data);
        return 0;
    }
    for (int ph = 0; ph < RV_N_PHASES; ph++) {
        size_t n = select_phase(sel, ph, 3, 0);
        fit(sel, n, w + ph * np, lambda, iters);
    }
    FILE *f = fopen(out, "w");
    if (!f) { perror(out); return 1; }
    fprintf(f, "/* Generated by tools/rv_train.c: the pattern evaluator's weights (see\n"
               " * tools/rv_pattern.h for the layout), in 1/32 disc. Do not edit.\n"
               " *\n"
               " * Regenerate (from the build folder; about 30 minutes of solving on two cores):\n"
               " *   ./rv_gen --seed 1 --seconds 1500 --min-empties 18 --max-empties 22 > /tmp/rv1.txt &\n"
               " *   ./rv_gen --seed 2 --seconds 1500 --min-empties 18 --max-empties 22 > /tmp/rv2.txt\n"
               " *   ./rv_train --lambda %g --iters %d --out weights.c \\\n"
               " *       /tmp/rv1.txt /tmp/rv2.txt\n"
               " * (rv_gen stops on wall time, so a rerun on another machine has more or fewer\n"
               " * games.) Fitted on %zu exact-labelled positions from %d games. */\n"
               "#include <stdint.h>\n\n"
               "const int16_t rv_eval_weights[] = {\n",
            lambda, iters, n_data, game);
    int col = 0, count = 0;
    for (int ph = 0; ph < RV_N_PHASES; ph++) {
        for (size_t j = 0; j < np; j++) {
            double v = w[ph * np + j] * 32.0 * (j >= n_slots ? SCALAR_SCALE : 1.0);
            long q = lround(v);
            if (q > 32767) q = 32767;
            if (q < -32767) q = -32767;
            col += fprintf(f, "%ld,", q);
            count++;
            if (col > 90) { fputc('\n', f); col = 0; }
        }
    }
    fprintf(f, "\n};\nconst int rv_eval_weights_len = %d;\n", count);
    fclose(f);
    fprintf(stderr, "wrote %s (%d weights)\n", out, count);
    free(w);
    free(sel);
    free(data);
    return 0;
}
