/* Trains the learned move-ordering scorer (src/go/order.c): a logistic model
 * over order.h's move properties, with a second weight per property for the
 * attacker (role interaction).
 *
 * Examples: for every training problem yomi solves (hand ordering), each
 * candidate first move of the side to play is labelled 1 when it is one of
 * the winning first moves, 0 otherwise; along the winning line, the move each
 * side played is labelled 1 and the other candidates 0 (the loser's "best"
 * resistance is only the table's choice, so those labels are softer).
 * Training: full-batch gradient descent with L2, classes weighted 1:1.
 * Output: the weights header on stdout (src/go/order_weights.h).
 * usage: ts_train DIR [STEP] [MAX_PLAYS]   (even problems 2, 2+2*STEP, ...
 *        only, so the bench's odd sample stays unseen)
 *
 * Held-out check: ts_train --eval DIR... scores every problem's candidate first
 * moves with the compiled-in scorer (ord_score) and counts the problems whose
 * top-scored move is one of the book's stated answers (SOL, not yomi's), even
 * (training draws from these) and odd (never trained on) problems apart.
 * Training prints the same check of the weights it writes, on DIR. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/order.h"
#include "go/zone.h"
#include "yomi/go_tsumego.h"

#define MAXEX 200000

static float X[MAXEX][ORD_NFEAT];
static float Y[MAXEX];
static int nex;

static void add_examples(const go_board *b, const go_problem *p, go_color c, const bool *good,
                         const go_point *cand, int n) {
    ord_ctx ctx = {p->attacker, p->target, 0};
    for (int i = 0; i < n && nex < MAXEX; i++) {
        ord_features(b, &ctx, c, cand[i], X[nex]);
        Y[nex] = good[cand[i]] ? 1.0f : 0.0f;
        nex++;
    }
}

/* Empty region points with distance < 4 that c may play, and the pass. */
static int candidates(const go_problem *p, go_color c, go_point *out) {
    static int dist[GO_MAX_POINTS];
    zone_distance(p->board, p->region, p->target, dist);
    int n = 0;
    GO_FOR_POINTS(p->board, q) {
        if (p->region[q] && go_board_at(p->board, q) == GO_EMPTY && dist[q] < 4 &&
            go_board_is_legal(p->board, c, q))
            out[n++] = q;
    }
    out[n++] = GO_PASS;
    return n;
}

static go_problem *load(const char *dir, int i) {
    char path[1100];
    snprintf(path, sizeof path, "%.1000s/Prob%04d.json", dir, i);
    yomi_error err;
    return go_problem_load(path, NULL, &err);
}

/* The score of properties f under weights w (as the header's; NULL: ord_score): the
 * logistic model's argument, which training fits too. */
static double score_w(const double *w, const float *f) {
    if (!w) {
        ord_ctx ctx = {GO_BLACK, GO_NO_POINT, 0};
        return ord_score(&ctx, f);
    }
    double z = w[2 * ORD_NFEAT];
    for (int k = 0; k < ORD_NFEAT; k++) z += (w[k] + w[ORD_NFEAT + k] * f[ORD_ATTACKER]) * f[k];
    return z;
}

/* Top-1 hits against the book's first moves on DIR's problems, even and odd apart. */
static void check_dir(const char *dir, const double *w, const char *what) {
    int hit[2] = {0, 0}, tot[2] = {0, 0};
    for (int i = 1; i <= 2000; i++) {
        go_problem *p = load(dir, i);
        if (!p) break;
        if (p->nsol > 0) {
            go_point cand[GO_MAX_POINTS], best = GO_NO_POINT;
            int n = candidates(p, p->to_play, cand) - 1; /* first moves: no pass */
            ord_ctx ctx = {p->attacker, p->target, 0};
            double bs = -1e30;
            float f[ORD_NFEAT];
            for (int k = 0; k < n; k++) {
                ord_features(p->board, &ctx, p->to_play, cand[k], f);
                double sc = score_w(w, f);
                if (sc > bs) bs = sc, best = cand[k];
            }
            bool ok = false;
            for (int k = 0; k < p->nsol; k++) ok |= p->sol[k] == best;
            hit[i & 1] += ok;
            tot[i & 1]++;
        }
        go_problem_free(p);
    }
    fprintf(stderr, "%s, top-1 on the book's first moves of %s: even %d/%d (%.1f%%), odd %d/%d (%.1f%%)\n",
            what, dir, hit[0], tot[0], tot[0] ? 100.0 * hit[0] / tot[0] : 0, hit[1], tot[1],
            tot[1] ? 100.0 * hit[1] / tot[1] : 0);
}

int main(int argc, char **argv) {
    if (argc > 2 && !strcmp(argv[1], "--eval")) {
        for (int i = 2; i < argc; i++) check_dir(argv[i], NULL, "compiled-in scorer");
        return 0;
    }
    if (argc < 2) {
        fprintf(stderr, "usage: ts_train DIR [STEP] [MAX_PLAYS] | ts_train --eval DIR...\n");
        return 2;
    }
    int step = argc > 2 ? atoi(argv[2]) : 2;
    uint64_t max_plays = argc > 3 ? strtoull(argv[3], NULL, 10) : 200000;
    if (step < 1) step = 1;
    int used = 0;
    for (int i = 2; i <= 2000; i += 2 * step) {
        go_problem *p = load(argv[1], i);
        if (!p) break;
        go_tsumego_opts o;
        memset(&o, 0, sizeof o);
        o.all_moves = true;
        o.lim.max_nodes = max_plays;
        o.disable = GO_TS_NO_LEARNED;
        go_tsumego_answer a;
        go_tsumego_solve(p, &o, &a);
        if (a.result == YOMI_UNKNOWN || a.nunknown || a.nmoves == 0) {
            go_problem_free(p);
            continue;
        }
        used++;
        go_point cand[GO_MAX_POINTS];
        bool good[GO_MAX_POINTS] = {false};
        for (int k = 0; k < a.nmoves; k++) good[a.moves[k]] = true;
        int n = candidates(p, p->to_play, cand);
        add_examples(p->board, p, p->to_play, good, cand, n - 1); /* first moves: no pass */
        /* Along the line: the move played is the good one. */
        go_color c = p->to_play;
        int played = 0;
        for (int k = 0; k < a.npv && k < 12; k++) {
            if (go_board_at(p->board, p->target) != go_other(p->attacker)) break;
            if (k > 0) {
                memset(good, 0, sizeof good);
                good[a.pv[k]] = true;
                n = candidates(p, c, cand);
                add_examples(p->board, p, c, good, cand, n);
            }
            if (go_board_play(p->board, c, a.pv[k]) != GO_OK) break;
            played++;
            c = go_other(c);
        }
        while (played--) go_board_undo(p->board);
        go_problem_free(p);
    }
    fprintf(stderr, "ts_train: %d problems, %d examples\n", used, nex);
    if (nex == 0) return 1;
    /* Class weights: positives are rare. */
    double npos = 0;
    for (int i = 0; i < nex; i++) npos += Y[i];
    double wpos = nex / (2.0 * (npos > 0 ? npos : 1)), wneg = nex / (2.0 * (nex - npos > 0 ? nex - npos : 1));
    double w[2 * ORD_NFEAT + 1] = {0};
    const int nw = 2 * ORD_NFEAT + 1;
    for (int it = 0; it < 3000; it++) {
        double g[2 * ORD_NFEAT + 1] = {0}, loss = 0;
        for (int i = 0; i < nex; i++) {
            float att = X[i][ORD_ATTACKER];
            double z = score_w(w, X[i]);
            double pr = 1 / (1 + exp(-z)), cw = Y[i] > 0.5f ? wpos : wneg;
            double e = cw * (pr - Y[i]);
            loss += -cw * (Y[i] > 0.5f ? log(pr + 1e-12) : log(1 - pr + 1e-12));
            for (int f = 0; f < ORD_NFEAT; f++) {
                g[f] += e * X[i][f];
                g[ORD_NFEAT + f] += e * X[i][f] * att;
            }
            g[2 * ORD_NFEAT] += e;
        }
        for (int k = 0; k < nw; k++) w[k] -= 0.5 * (g[k] / nex + 1e-3 * w[k]);
        if (it % 1000 == 0 || it == 2999) fprintf(stderr, "iteration %d: loss %.5f\n", it, loss / nex);
    }
    check_dir(argv[1], w, "trained scorer");
    printf("/* Learned move-ordering weights: a logistic model over order.h's properties\n"
           " * (w: every mover, wa: added for the attacker). Written by tools/ts_train from\n"
           " * %d Cho elementary problems (even numbers), %d examples. Do not edit by hand. */\n"
           "#ifndef YOMI_GO_ORDER_WEIGHTS_H\n#define YOMI_GO_ORDER_WEIGHTS_H\n\n"
           "#define ORD_LEARNED_N %d\n",
           used, nex, ORD_NFEAT);
    printf("static const float ord_learned_bias = %.6ff;\n", w[2 * ORD_NFEAT]);
    printf("static const float ord_learned_w[%d] = {", ORD_NFEAT);
    for (int f = 0; f < ORD_NFEAT; f++) printf("%s%.6ff", f ? ", " : "", w[f]);
    printf("};\nstatic const float ord_learned_wa[%d] = {", ORD_NFEAT);
    for (int f = 0; f < ORD_NFEAT; f++) printf("%s%.6ff", f ? ", " : "", w[ORD_NFEAT + f]);
    printf("};\n\n#endif\n");
    return 0;
}
