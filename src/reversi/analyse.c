/* Analysis for GUIs (see rv_analyse in yomi/reversi.h): the policy of when to
 * prove and when to evaluate lives here, so every protocol shares it. */
#include <stdlib.h>
#include <string.h>

#include "reversi/bitboard.h"
#include "reversi/ggf.h"
#include "yomi/reversi.h"

struct rv_analyser {
    rv_analyse_options opt;
    rv_solver *exact; /* proofs */
    rv_solver *mid; /* midgame search at mid_depth */
    int mid_depth;
};

static rv_solver *make_solver(size_t hash_mb, int depth, double max_seconds, atomic_int *cancel) {
    rv_options o;
    rv_options_default(&o);
    o.lim.hash_mb = hash_mb;
    o.lim.max_seconds = max_seconds;
    o.lim.cancel = cancel;
    o.depth = depth;
    return rv_solver_new(&o);
}

rv_analyser *rv_analyser_new(const rv_analyse_options *o) {
    rv_analyser *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    if (o) a->opt = *o;
    a->exact = make_solver(a->opt.hash_mb, 0, a->opt.max_seconds, a->opt.cancel);
    if (!a->exact) {
        free(a);
        return NULL;
    }
    return a;
}

void rv_analyser_free(rv_analyser *a) {
    if (!a) return;
    rv_solver_free(a->exact);
    rv_solver_free(a->mid);
    free(a);
}

/* The midgame solver for depth; made again when the depth changes (1 MB table). */
static rv_solver *mid_solver(rv_analyser *a, int depth) {
    if (!a->mid || a->mid_depth != depth) {
        rv_solver_free(a->mid);
        a->mid = make_solver(1, depth, 0, a->opt.cancel);
        a->mid_depth = a->mid ? depth : 0;
    }
    return a->mid;
}

static bool cancelled(const rv_analyser *a) { return a->opt.cancel && atomic_load(a->opt.cancel); }

/* Value of pos for its side to move: exact when few empties, else (or when the
 * exact solve ran out of time) a midgame search. */
static bool value_of(rv_analyser *a, const rv_pos *pos, int depth, rv_result *res, uint64_t *nodes) {
    int empties = 64 - rv_popcount(pos->P | pos->O);
    if (empties <= a->opt.solve_empties || depth >= empties) {
        rv_solve(a->exact, pos, res);
        *nodes += res->nodes;
        if (res->known || cancelled(a)) return res->known;
    }
    rv_solver *s = mid_solver(a, depth < empties ? depth : empties - 1);
    if (!s) return false;
    rv_solve(s, pos, res);
    *nodes += res->nodes;
    return res->known;
}

int rv_analyse(rv_analyser *a, const rv_pos *pos, int depth, bool all_moves, rv_scored_move *out,
               uint64_t *nodes) {
    uint64_t moves = rv_moves(pos->P, pos->O);
    if (!moves && !rv_moves(pos->O, pos->P)) return 0;
    rv_result res;
    if (!all_moves || !moves) {
        if (!value_of(a, pos, depth, &res, nodes)) return -1;
        out[0].move = res.move;
        out[0].score = res.score;
        out[0].exact = res.kind == RV_EXACT;
        out[0].pv_len = res.pv_len;
        memcpy(out[0].pv, res.pv, sizeof res.pv);
        if (out[0].pv_len == 0) {
            out[0].pv[0] = res.move;
            out[0].pv_len = 1;
        }
        return 1;
    }
    int n = 0, child_depth = depth > 1 ? depth - 1 : 1;
    for (uint64_t m = moves; m; m = rv_clear_first(m)) {
        rv_pos c = *pos;
        int x = rv_first(m);
        rv_pos_play(&c, x);
        if (!value_of(a, &c, child_depth, &res, nodes)) return -1;
        rv_scored_move *sc = &out[n++];
        sc->move = x;
        sc->score = -res.score;
        sc->exact = res.kind == RV_EXACT;
        sc->pv[0] = x;
        sc->pv_len = 1;
        for (int i = 0; i < res.pv_len && sc->pv_len < 64; i++) sc->pv[sc->pv_len++] = res.pv[i];
    }
    /* Best first (insertion sort: at most 33 moves). */
    for (int i = 1; i < n; i++) {
        rv_scored_move t = out[i];
        int j = i;
        for (; j > 0 && out[j - 1].score < t.score; j--) out[j] = out[j - 1];
        out[j] = t;
    }
    return n;
}

void rv_result_answer(const rv_result *r, yomi_answer *a) {
    memset(a, 0, sizeof *a);
    a->nodes = r->nodes;
    a->seconds = r->seconds;
    a->move = YOMI_NO_MOVE;
    if (!r->known) return;
    a->score = r->score;
    a->basis = r->kind == RV_EVAL ? YOMI_BASIS_HEURISTIC : YOMI_BASIS_PROVED;
    if (r->kind == RV_WLD)
        a->outcome = r->score > 0 ? YOMI_WIN : r->score < 0 ? YOMI_LOSS : YOMI_DRAW;
    else
        a->outcome = YOMI_SCORE;
    if (r->move != RV_NOMOVE) a->move = r->move;
    for (int i = 0; i < r->pv_len && i < YOMI_MAX_LINE; i++) a->line[a->line_len++] = r->pv[i];
}
