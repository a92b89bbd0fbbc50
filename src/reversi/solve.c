/* Reversi search: exact / win-loss-draw endgame solver and midgame alpha-beta.
 *
 * Empties are kept in the seed's candidate-move list (seed 004): a doubly linked
 * list in a fixed priority order (corners, then centre-adjacent squares, ...,
 * X-squares last); a move unlinks its square and undo relinks it. Near the end
 * the list is walked by quadrant parity (odd regions first); higher up, moves are
 * generated from bitboards and sorted fastest-first (least opponent mobility),
 * with a shallow evaluated search for ordering at high depth, a transposition
 * table with bounds and best move (reversi/hash.h: entries hold the whole
 * position, so a key collision never lends one position another's bounds), PVS,
 * and a stability cutoff. */
#include <stdlib.h>
#include <string.h>

#include "core/search.h"
#include "reversi/bitboard.h"
#include "reversi/hash.h"
#include "yomi/reversi.h"

enum {
    SCORE_INF = 127,
    SHALLOW_DEPTH = 7, /* at or below: parity-ordered list search, no table */
    TT_MIN_DEPTH = 9, /* table used from this many empties up */
    SORT_EVAL_DEPTH = 16, /* shallow evaluated search orders moves from here up */
    ETC_MIN_DEPTH = 14, /* enhanced transposition cutoff from here up */
    MAX_MOVES = 34,
};

typedef struct rv_empty {
    struct rv_empty *prev, *next;
    int x;
    unsigned quad; /* bit of the square's quadrant, for parity */
} rv_empty;

struct rv_solver {
    rv_options opt;
    rv_tt tt;
    yomi_ctl ctl;
    rv_empty head; /* list sentinel */
    rv_empty sq[64];
    unsigned parity; /* bit q set when quadrant q has an odd number of empties */
    int n_empties;
};

/* Seed 004's priority order of squares. */
static const int priority_order[64] = {
    0,  56, 63, 7, /* a1 a8 h8 h1 */
    19, 43, 20, 44, 26, 34, 29, 37, /* d3 d6 e3 e6 c4 c5 f4 f5 */
    18, 42, 21, 45, /* c3 c6 f3 f6 */
    11, 51, 12, 52, 25, 33, 30, 38, /* d2 d7 e2 e7 b4 b5 g4 g5 */
    10, 50, 13, 53, 17, 41, 22, 46, /* c2 c7 f2 f7 b3 b6 g3 g6 */
    3,  59, 4,  60, 24, 32, 31, 39, /* d1 d8 e1 e8 a4 a5 h4 h5 */
    2,  58, 5,  61, 16, 40, 23, 47, /* c1 c8 f1 f8 a3 a6 h3 h6 */
    9,  49, 14, 54, /* b2 b7 g2 g7 */
    1,  57, 6,  62, 8,  48, 15, 55, /* b1 b8 g1 g8 a2 a7 h2 h7 */
    27, 35, 28, 36, /* d4 d5 e4 e5: empty only in set-up boards */
};

static unsigned quadrant(int x) { return 1u << ((x / 32) * 2 + (x % 8) / 4); }

void rv_options_default(rv_options *o) {
    memset(o, 0, sizeof *o);
    o->feat = (rv_features){true, true, true, true, true, true, true};
}

rv_solver *rv_solver_new(const rv_options *opt) {
    rv_bitboard_init();
    rv_solver *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    if (opt)
        s->opt = *opt;
    else
        rv_options_default(&s->opt);
    size_t mb = s->opt.lim.hash_mb ? s->opt.lim.hash_mb : YOMI_DEFAULT_HASH_MB;
    if (s->opt.feat.tt && !rv_tt_init(&s->tt, mb)) {
        free(s);
        return NULL;
    }
    return s;
}

void rv_solver_free(rv_solver *s) {
    if (!s) return;
    rv_tt_free(&s->tt);
    free(s);
}

/* Builds the empties list from the board, in the seed's order. */
static void make_list(rv_solver *s, uint64_t empty) {
    rv_empty *prev = &s->head;
    s->head.prev = NULL;
    s->parity = 0;
    s->n_empties = 0;
    for (int i = 0; i < 64; i++) {
        int x = priority_order[i];
        if (!(empty >> x & 1)) continue;
        rv_empty *e = &s->sq[x];
        e->x = x;
        e->quad = quadrant(x);
        e->prev = prev;
        prev->next = e;
        prev = e;
        s->parity ^= e->quad;
        s->n_empties++;
    }
    prev->next = NULL;
}

static inline void list_remove(rv_empty *e) {
    e->prev->next = e->next;
    if (e->next) e->next->prev = e->prev;
}
static inline void list_restore(rv_empty *e) {
    e->prev->next = e;
    if (e->next) e->next->prev = e;
}

/* ---- the last empties ---------------------------------------------------- */

/* Exact score with one empty square x. */
static inline int solve_1(rv_solver *s, uint64_t P, uint64_t O, int x) {
    s->ctl.nodes++;
    int p = rv_popcount(P);
    uint64_t f = rv_flips(P, O, x);
    if (f) return 2 * (p + rv_popcount(f)) - 62;
    f = rv_flips(O, P, x);
    if (f) return 2 * (p - rv_popcount(f)) - 64;
    int d = 2 * p - 63;
    return d > 0 ? d + 1 : d - 1;
}

/* Exact score with two empties x1, x2 (fail-soft within alpha..beta). */
static int solve_2(rv_solver *s, uint64_t P, uint64_t O, int alpha, int beta, int x1, int x2) {
    s->ctl.nodes++;
    int best = -SCORE_INF, v;
    uint64_t f;
    if ((f = rv_flips(P, O, x1))) {
        best = -solve_1(s, O ^ f, P ^ f ^ (1ULL << x1), x2);
        if (best >= beta) return best;
    }
    if ((f = rv_flips(P, O, x2))) {
        v = -solve_1(s, O ^ f, P ^ f ^ (1ULL << x2), x1);
        if (v > best) best = v;
    }
    if (best != -SCORE_INF) return best;
    /* P passes: the opponent moves, P minimises from its point of view. */
    best = SCORE_INF;
    if ((f = rv_flips(O, P, x1))) {
        best = solve_1(s, P ^ f, O ^ f ^ (1ULL << x1), x2);
        if (best <= alpha) return best;
    }
    if ((f = rv_flips(O, P, x2))) {
        v = solve_1(s, P ^ f, O ^ f ^ (1ULL << x2), x1);
        if (v < best) best = v;
    }
    if (best != SCORE_INF) return best;
    return rv_final_score(P, O);
}

/* Exact score with three empties, tried in the order given (the caller sorts them
 * by parity). Fail-soft within alpha..beta. */
static int solve_3(rv_solver *s, uint64_t P, uint64_t O, int alpha, int beta, int x1, int x2, int x3) {
    s->ctl.nodes++;
    int best = -SCORE_INF, v;
    uint64_t f;
    if ((f = rv_flips(P, O, x1))) {
        best = -solve_2(s, O ^ f, P ^ f ^ (1ULL << x1), -beta, -alpha, x2, x3);
        if (best >= beta) return best;
    }
    if ((f = rv_flips(P, O, x2))) {
        v = -solve_2(s, O ^ f, P ^ f ^ (1ULL << x2), -beta, -(alpha > best ? alpha : best), x1, x3);
        if (v > best) {
            best = v;
            if (v >= beta) return best;
        }
    }
    if ((f = rv_flips(P, O, x3))) {
        v = -solve_2(s, O ^ f, P ^ f ^ (1ULL << x3), -beta, -(alpha > best ? alpha : best), x1, x2);
        if (v > best) best = v;
    }
    if (best != -SCORE_INF) return best;
    if (rv_flips(O, P, x1) || rv_flips(O, P, x2) || rv_flips(O, P, x3))
        return -solve_3(s, O, P, -beta, -alpha, x1, x2, x3);
    return rv_final_score(P, O);
}

/* Exact score with four empties, in the order given. */
static int solve_4(rv_solver *s, uint64_t P, uint64_t O, int alpha, int beta, const int *x) {
    s->ctl.nodes++;
    int best = -SCORE_INF;
    for (int i = 0; i < 4; i++) {
        uint64_t f = rv_flips(P, O, x[i]);
        if (!f) continue;
        int r[3], k = 0;
        for (int j = 0; j < 4; j++)
            if (j != i) r[k++] = x[j];
        int v = -solve_3(s, O ^ f, P ^ f ^ (1ULL << x[i]), -beta, -(alpha > best ? alpha : best), r[0], r[1],
                         r[2]);
        if (v > best) {
            best = v;
            if (v >= beta) return best;
        }
    }
    if (best != -SCORE_INF) return best;
    for (int i = 0; i < 4; i++)
        if (rv_flips(O, P, x[i])) return -solve_4(s, O, P, -beta, -alpha, x);
    return rv_final_score(P, O);
}

/* The list's empties (n <= 4) into x[], squares in odd quadrants first (parity order),
 * each group in the list's priority order. */
static void gather_by_parity(const rv_solver *s, int *x) {
    int k = 0;
    for (int pass = s->opt.feat.parity ? 0 : 1; pass < 2; pass++)
        for (const rv_empty *e = s->head.next; e; e = e->next)
            if (!s->opt.feat.parity || (pass == 0) == ((s->parity & e->quad) != 0)) x[k++] = e->x;
}

static int search_shallow(rv_solver *s, uint64_t P, uint64_t O, int alpha, int beta, int n);

/* Tries every empty of the list in parity order (squares in odd quadrants first). */
static int search_shallow(rv_solver *s, uint64_t P, uint64_t O, int alpha, int beta, int n) {
    if (n <= 4) {
        int x[4];
        gather_by_parity(s, x);
        if (n == 4) return solve_4(s, P, O, alpha, beta, x);
        if (n == 3) return solve_3(s, P, O, alpha, beta, x[0], x[1], x[2]);
        return solve_2(s, P, O, alpha, beta, x[0], x[1]);
    }
    s->ctl.nodes++;
    int best = -SCORE_INF;
    uint64_t neighbours = rv_neighbours(O);
    unsigned parity = s->parity;
    for (int pass = s->opt.feat.parity ? 0 : 1; pass < 2; pass++) {
        for (rv_empty *e = s->head.next; e; e = e->next) {
            int x = e->x;
            if (s->opt.feat.parity && (pass == 0) != ((parity & e->quad) != 0)) continue;
            if (!(neighbours >> x & 1)) continue;
            uint64_t f = rv_flips(P, O, x);
            if (!f) continue;
            list_remove(e);
            s->parity ^= e->quad;
            int v =
                -search_shallow(s, O ^ f, P ^ f ^ (1ULL << x), -beta, -(alpha > best ? alpha : best), n - 1);
            s->parity ^= e->quad;
            list_restore(e);
            if (v > best) {
                best = v;
                if (v >= beta) return v;
            }
        }
    }
    if (best == -SCORE_INF) {
        if (rv_moves(O, P)) return -search_shallow(s, O, P, -beta, -alpha, n);
        return rv_final_score(P, O);
    }
    return best;
}

/* ---- transposition table ------------------------------------------------- */

/* Bounds and move of (P, O) from the table. When the entry is shallower than
 * `depth` only the move is usable (bounds -inf..inf). */
static bool tt_get(rv_solver *s, uint64_t key, uint64_t P, uint64_t O, int depth, int *lower, int *upper,
                   int *move) {
    rv_tt_data d;
    if (!rv_tt_get(&s->tt, key, P, O, &d)) return false;
    *move = d.move;
    if (d.depth < depth) {
        *lower = -SCORE_INF;
        *upper = SCORE_INF;
        return true;
    }
    *lower = d.lower;
    *upper = d.upper;
    return true;
}

static void tt_put(rv_solver *s, uint64_t key, uint64_t P, uint64_t O, int depth, int alpha, int beta,
                   int score, int move) {
    /* A fail-low result is an upper bound, a fail-high a lower bound; tighten with
     * what the entry already proved about the same position. */
    int lower = score > alpha ? score : -64, upper = score < beta ? score : 64;
    rv_tt_data d;
    if (rv_tt_get(&s->tt, key, P, O, &d) && d.depth == depth) {
        if (d.lower > lower) lower = d.lower;
        if (d.upper < upper) upper = d.upper;
        if (lower > upper) lower = upper = score;
    }
    d = (rv_tt_data){lower, upper, move, depth};
    rv_tt_put(&s->tt, key, P, O, &d);
}

/* ---- midgame search (evaluation) ------------------------------------------ */

static int mid_search(rv_solver *s, uint64_t P, uint64_t O, int alpha, int beta, int depth, bool passed);

/* Scores one move for ordering: fewer opponent moves first, corners, stability,
 * and at high depth a shallow evaluated search. Higher is better. */
typedef struct rv_move {
    uint64_t flips;
    int x;
    int score;
} rv_move;

static int gen_moves(uint64_t P, uint64_t O, uint64_t moves, rv_move *list) {
    int n = 0;
    for (; moves; moves = rv_clear_first(moves)) {
        int x = rv_first(moves);
        list[n].x = x;
        list[n].flips = rv_flips(P, O, x);
        list[n].score = 0;
        n++;
    }
    return n;
}

static inline void pick_best(rv_move *list, int i, int n) {
    int b = i;
    for (int j = i + 1; j < n; j++)
        if (list[j].score > list[b].score) b = j;
    if (b != i) {
        rv_move t = list[i];
        list[i] = list[b];
        list[b] = t;
    }
}

static void order_moves(rv_solver *s, uint64_t P, uint64_t O, rv_move *list, int n, int hash_move,
                        int n_empties, int eval_depth) {
    const uint64_t corners = 0x8100000000000081ULL;
    for (int i = 0; i < n; i++) {
        rv_move *m = &list[i];
        if (m->x == hash_move) {
            m->score = 1 << 30;
            continue;
        }
        uint64_t np = P ^ m->flips ^ (1ULL << m->x), no = O ^ m->flips;
        int score = 0;
        if (s->opt.feat.fastest_first) {
            uint64_t om = rv_moves(no, np);
            score -= (rv_popcount(om) + rv_popcount(om & corners)) * 1024;
            score -= rv_popcount(rv_neighbours(np) & ~(np | no)) * 64; /* potential mobility */
        }
        if ((1ULL << m->x) & corners) score += 512;
        if (s->opt.feat.parity && (s->parity & quadrant(m->x))) score += 256;
        if (eval_depth >= 0 && s->opt.feat.shallow_order) {
            int v = eval_depth == 0
                ? -rv_evaluate(no, np)
                : -mid_search(s, no, np, -SCORE_INF * 64, SCORE_INF * 64, eval_depth, false);
            score = v * 16 + score / 8;
        }
        (void)n_empties;
        m->score = score;
    }
}

static int mid_search(rv_solver *s, uint64_t P, uint64_t O, int alpha, int beta, int depth, bool passed) {
    s->ctl.nodes++;
    if (depth <= 0) return rv_evaluate(P, O);
    if (yomi_ctl_check(&s->ctl)) return 0;
    uint64_t moves = rv_moves(P, O);
    if (!moves) {
        if (passed) return rv_final_score(P, O) * 8;
        return -mid_search(s, O, P, -beta, -alpha, depth, true);
    }
    if (depth == 1) {
        int best = -SCORE_INF * 64;
        for (; moves; moves = rv_clear_first(moves)) {
            int x = rv_first(moves);
            uint64_t f = rv_flips(P, O, x);
            s->ctl.nodes++;
            int v = -rv_evaluate(O ^ f, P ^ f ^ (1ULL << x));
            if (v > best) {
                best = v;
                if (v >= beta) break;
            }
        }
        return best;
    }
    rv_move list[MAX_MOVES];
    int n = gen_moves(P, O, moves, list);
    int best = -SCORE_INF * 64;
    for (int i = 0; i < n; i++) {
        uint64_t np = P ^ list[i].flips ^ (1ULL << list[i].x), no = O ^ list[i].flips;
        list[i].score = -rv_mobility(no, np);
    }
    for (int i = 0; i < n; i++) {
        pick_best(list, i, n);
        rv_move *m = &list[i];
        int v = -mid_search(s, O ^ m->flips, P ^ m->flips ^ (1ULL << m->x), -beta,
                            -(alpha > best ? alpha : best), depth - 1, false);
        if (v > best) {
            best = v;
            if (v >= beta) break;
        }
    }
    return best;
}

/* ---- endgame search with table ------------------------------------------- */

static int search_end(rv_solver *s, uint64_t P, uint64_t O, int alpha, int beta, int n, bool pv);

/* Endgame alpha-beta (fail-soft) for n empties above the shallow threshold. */
static int search_end(rv_solver *s, uint64_t P, uint64_t O, int alpha, int beta, int n, bool pv) {
    if (n <= SHALLOW_DEPTH) return search_shallow(s, P, O, alpha, beta, n);
    s->ctl.nodes++;
    if (yomi_ctl_check(&s->ctl)) return 0;

    /* The opponent's stable discs are some of its discs: a cutoff needs
     * alpha >= 64 - 2 * stable(O) >= 64 - 2 * |O|, a cheap test first. */
    if (s->opt.feat.stability && alpha >= 64 - 2 * rv_popcount(O)) {
        int bound = 64 - 2 * rv_popcount(rv_stable(O, P));
        if (bound <= alpha) return bound;
    }

    bool use_tt = s->opt.feat.tt && n >= TT_MIN_DEPTH;
    uint64_t key = 0;
    int hash_move = RV_NOMOVE;
    if (use_tt) {
        key = rv_hash(P, O);
        int lo, up;
        if (tt_get(s, key, P, O, n, &lo, &up, &hash_move)) {
            if (lo >= beta) return lo;
            if (up <= alpha) return up;
            if (lo == up) return lo;
            if (lo > alpha && !pv) alpha = lo;
            if (up < beta && !pv) beta = up;
        }
    }

    uint64_t moves = rv_moves(P, O);
    if (!moves) {
        if (rv_moves(O, P)) return -search_end(s, O, P, -beta, -alpha, n, pv);
        return rv_final_score(P, O);
    }
    rv_move list[MAX_MOVES];
    int nm = gen_moves(P, O, moves, list);

    /* Enhanced transposition cutoff: a child already proven good enough for us. */
    if (use_tt && s->opt.feat.etc && n >= ETC_MIN_DEPTH) {
        for (int i = 0; i < nm; i++) {
            uint64_t np = O ^ list[i].flips, no = P ^ list[i].flips ^ (1ULL << list[i].x);
            int lo, up, mv;
            if (tt_get(s, rv_hash(np, no), np, no, n - 1, &lo, &up, &mv) && -up >= beta) return -up;
        }
    }

    if (nm > 1) {
        int eval_depth = -1;
        /* Depths chosen by node counts on FFO #20-#39 and #40-#44. */
        if (n >= SORT_EVAL_DEPTH) eval_depth = n >= 25 ? 3 : n >= 21 ? 2 : n >= 18 ? 1 : 0;
        order_moves(s, P, O, list, nm, hash_move, n, eval_depth);
    }
    int best = -SCORE_INF, best_move = RV_NOMOVE;
    int a = alpha;
    for (int i = 0; i < nm; i++) {
        if (nm > 1) pick_best(list, i, nm);
        rv_move *m = &list[i];
        rv_empty *e = &s->sq[m->x];
        uint64_t np = O ^ m->flips, no = P ^ m->flips ^ (1ULL << m->x);
        list_remove(e);
        s->parity ^= e->quad;
        int v;
        if (i == 0 || !s->opt.feat.pvs) {
            v = -search_end(s, np, no, -beta, -a, n - 1, pv);
        } else {
            v = -search_end(s, np, no, -a - 1, -a, n - 1, false);
            if (v > a && v < beta) v = -search_end(s, np, no, -beta, -v, n - 1, pv);
        }
        s->parity ^= e->quad;
        list_restore(e);
        if (s->ctl.stopped) return 0;
        if (v > best) {
            best = v;
            best_move = m->x;
            if (v > a) a = v;
            if (v >= beta) break;
        }
    }
    if (use_tt) tt_put(s, key, P, O, n, alpha, beta, best, best_move);
    return best;
}

/* ---- root ------------------------------------------------------------------ */

static void result_pv(rv_solver *s, uint64_t P, uint64_t O, int score, rv_result *res);

/* Value of the position for the side to move (window lo..hi), or 0 with ctl.stopped. */
static int root_value(rv_solver *s, uint64_t P, uint64_t O, int lo, int hi) {
    make_list(s, ~(P | O));
    int n = s->n_empties;
    s->ctl.depth = n;
    if (n <= SHALLOW_DEPTH) {
        if (n == 0) return rv_final_score(P, O);
        if (n == 1) {
            s->ctl.nodes++;
            return solve_1(s, P, O, s->head.next->x);
        }
        return search_shallow(s, P, O, lo, hi, n);
    }
    return search_end(s, P, O, lo, hi, n, true);
}

static int midgame_root(rv_solver *s, uint64_t P, uint64_t O, int depth) {
    return mid_search(s, P, O, -SCORE_INF * 64, SCORE_INF * 64, depth, false);
}

void rv_solve(rv_solver *s, const rv_pos *pos, rv_result *res) {
    memset(res, 0, sizeof *res);
    yomi_ctl_init(&s->ctl, &s->opt.lim, "reversi");
    rv_bitboard_init();
    rv_tt_new_search(&s->tt);
    uint64_t P = pos->P, O = pos->O;
    res->move = RV_NOMOVE;
    uint64_t moves = rv_moves(P, O);
    bool must_pass = !moves && rv_moves(O, P);
    bool over = !moves && !must_pass;
    int n = 64 - rv_popcount(P | O);

    if (s->opt.depth > 0 && s->opt.depth < n) {
        /* Midgame: evaluate every move with the requested depth. */
        res->kind = RV_EVAL;
        int best = -SCORE_INF * 64, best_move = RV_NOMOVE;
        if (over) {
            best = rv_final_score(P, O) * 8;
        } else if (must_pass) {
            best = -midgame_root(s, O, P, s->opt.depth);
            best_move = RV_PASS;
        } else {
            for (uint64_t m = moves; m && !s->ctl.stopped; m = rv_clear_first(m)) {
                int x = rv_first(m);
                uint64_t f = rv_flips(P, O, x);
                s->ctl.depth = s->opt.depth;
                int v = -midgame_root(s, O ^ f, P ^ f ^ (1ULL << x), s->opt.depth - 1);
                if (v > best) {
                    best = v;
                    best_move = x;
                }
            }
        }
        res->known = !s->ctl.stopped;
        res->score = (best >= 0 ? best + 4 : best - 4) / 8;
        res->move = best_move;
        res->pv[0] = best_move;
        res->pv_len = best_move == RV_NOMOVE ? 0 : 1;
        res->nodes = s->ctl.nodes;
        res->seconds = yomi_ctl_elapsed(&s->ctl);
        return;
    }

    res->kind = s->opt.wld ? RV_WLD : RV_EXACT;
    int lo = s->opt.wld ? -1 : -64, hi = s->opt.wld ? 1 : 64;
    int score;
    if (over) {
        score = rv_final_score(P, O);
    } else if (must_pass) {
        score = -root_value(s, O, P, -hi, -lo);
    } else {
        score = root_value(s, P, O, lo, hi);
    }
    if (!s->ctl.stopped) {
        if (s->opt.wld) score = score > 0 ? 1 : score < 0 ? -1 : 0;
        res->score = score;
        result_pv(s, P, O, score, res);
    }
    res->known = !s->ctl.stopped;
    res->nodes = s->ctl.nodes;
    res->seconds = yomi_ctl_elapsed(&s->ctl);
}

/* Is the value of (P, O) within the wld/exact class of `target` ? Exact mode:
 * value == target. WLD mode: sign(value) == target. */
static bool value_is(rv_solver *s, uint64_t P, uint64_t O, int target) {
    int v;
    if (s->opt.wld) {
        if (target > 0) return root_value(s, P, O, 0, 1) >= 1;
        if (target < 0) return root_value(s, P, O, -1, 0) <= -1;
        v = root_value(s, P, O, -1, 1);
        return v == 0;
    }
    v = root_value(s, P, O, target - 1, target + 1);
    return v == target;
}

/* The principal line: at each step, the first move whose child proves the negated
 * value (checked by null-window searches, so every move of the line is proven). */
static void result_pv(rv_solver *s, uint64_t P, uint64_t O, int score, rv_result *res) {
    int target = score;
    res->pv_len = 0;
    while (res->pv_len < 60 && !s->ctl.stopped) {
        uint64_t moves = rv_moves(P, O);
        if (!moves) {
            if (!rv_moves(O, P)) break;
            res->pv[res->pv_len++] = RV_PASS;
            uint64_t t = P;
            P = O;
            O = t;
            target = -target;
            continue;
        }
        int found = RV_NOMOVE;
        /* Try the table's move first, then the rest. */
        int first = RV_NOMOVE;
        int lo_, up_;
        if (s->opt.feat.tt) tt_get(s, rv_hash(P, O), P, O, 0, &lo_, &up_, &first);
        for (int pass = 0; pass < 2 && found == RV_NOMOVE; pass++) {
            for (uint64_t m = moves; m; m = rv_clear_first(m)) {
                int x = rv_first(m);
                if ((pass == 0) != (x == first)) continue;
                uint64_t f = rv_flips(P, O, x);
                if (value_is(s, O ^ f, P ^ f ^ (1ULL << x), -target)) {
                    found = x;
                    break;
                }
                if (s->ctl.stopped) return;
            }
        }
        if (found == RV_NOMOVE) break; /* cannot happen for a proven score */
        res->pv[res->pv_len++] = found;
        uint64_t f = rv_flips(P, O, found);
        uint64_t np = O ^ f, no = P ^ f ^ (1ULL << found);
        P = np;
        O = no;
        target = -target;
    }
    res->move = res->pv_len ? res->pv[0] : RV_NOMOVE;
}
