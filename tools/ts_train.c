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
 *        only, so the bench's odd sample stays unseen) */
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

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: ts_train DIR [STEP] [MAX_PLAYS]\n");
        return 2;
    }
    int step = argc > 2 ? atoi(argv[2]) : 2;
    uint64_t max_plays = argc > 3 ? strtoull(argv[3], NULL, 10) : 200000;
    if (step < 1) step = 1;
    int used = 0;
    for (int i = 2; i <= 2000; i += 2 * step) {
        char path[1100];
        snprintf(path, sizeof path, "%.1000s/Prob%04d.json", argv[1], i);
        yomi_error err;
        go_problem *p = go_problem_load(path, NULL, &err);
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
            double z = w[2 * ORD_NFEAT];
            float att = X[i][ORD_ATTACKER];
            for (int f = 0; f < ORD_NFEAT; f++) z += (w[f] + w[ORD_NFEAT + f] * att) * X[i][f];
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
