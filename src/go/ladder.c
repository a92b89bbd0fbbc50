/* Ladder search and geometric trace (seed 001). See ladder.h for the contracts. */
#include "go/ladder.h"

#include <stdbool.h>
#include <stdlib.h>

enum { LADDER_MAX_LINE = 1024 };

/* Values from the side to move: the order is the order of preference. */
enum { V_UNK = -1, V_LOSS = 0, V_KOLOSS = 1, V_KOWIN = 2, V_WIN = 3 };

static uint64_t ladder_node_limit = 200000;

void go_ladder_set_node_limit(uint64_t n) { ladder_node_limit = n; }

typedef struct lctx {
    go_board *b;
    go_point str;          /* a point of the target (it may be empty after a capture) */
    go_color def, att;
    uint64_t nodes, limit;
    bool stopped;
    bool ko_used[4];       /* per colour: has retaken a forbidden ko in this line */
    int depth;             /* moves on the current line */
    uint64_t path[LADDER_MAX_LINE];   /* position hashes along the line */
} lctx;

static bool use_trace = true;

void go_ladder_use_trace(bool on) { use_trace = on; }

/* Has the position (with the same side to move) occurred earlier on this line?
 * Only kos make a line repeat (double and triple ko); the attacker cannot force a
 * capture through a cycle. Also caps the line length. */
static bool repeats(lctx *c) {
    uint64_t h = go_board_hash(c->b);
    if (c->depth >= LADDER_MAX_LINE) return true;
    for (int i = c->depth - 2; i >= 0; i -= 2)
        if (c->path[i] == h) return true;
    c->path[c->depth] = h;
    return false;
}

/* Plays col at p. A ko recapture that the simple-ko rule forbids is played once
 * per side and line as if after a ko threat the opponent answered (a pass of the
 * opponent clears the ko). Returns 0 = not played, 1 = played, 2 = played as a
 * conditional ko retake. */
static int lplay(lctx *c, go_color col, go_point p) {
    int r = go_board_play(c->b, col, p);
    if (r == GO_OK) {
        c->nodes++;
        c->depth++;
        return 1;
    }
    if (r != GO_ILLEGAL_KO || c->ko_used[col]) return 0;
    if (go_board_play(c->b, go_other(col), GO_PASS) != GO_OK) return 0;
    if (go_board_play(c->b, col, p) != GO_OK) {
        go_board_undo(c->b);
        return 0;
    }
    c->ko_used[col] = true;
    c->nodes++;
    c->depth++;
    return 2;
}

static void lundo(lctx *c, go_color col, int how) {
    go_board_undo(c->b);
    c->depth--;
    if (how == 2) {
        go_board_undo(c->b);
        c->ko_used[col] = false;
    }
}

/* Value of a move for its player from the child's value for the opponent. */
static int move_value(int child, int how) {
    if (child == V_UNK) return V_UNK;
    int v = V_WIN - child;
    if (how == 2 && v > V_KOLOSS) v = V_KOLOSS;   /* needed a ko threat first */
    return v;
}

static bool over_limit(lctx *c) {
    if (c->stopped) return true;
    if (c->limit && c->nodes >= c->limit) c->stopped = true;
    return c->stopped;
}

/* Would col playing at the empty point p capture something? */
static bool retakes(const go_board *b, go_color col, go_point p) {
    if (go_board_at(b, p) != GO_EMPTY) return false;
    GO_FOR_NEIGHBORS(p, q) {
        if (go_board_at(b, q) == go_other(col) && go_string_libs(b, q) == 1) return true;
    }
    return false;
}

static int lad_def(lctx *c, go_point *best);
static int trace(const go_board *b, go_point str, go_point *first);

/* Attacker to move. */
static int lad_att(lctx *c, go_point *best) {
    go_board *b = c->b;
    if (best) *best = GO_NO_POINT;
    if (go_board_at(b, c->str) != c->def) return V_WIN;
    int n = go_string_libs(b, c->str);
    if (n >= 3) return V_LOSS;
    if (over_limit(c)) return V_UNK;
    if (n == 2 && use_trace) {
        /* The geometric trace decides plain ladders at once (seed 001). */
        go_point first;
        int t = trace(b, c->str, &first);
        if (t >= 0) {
            if (best && t) *best = first;
            return t ? V_WIN : V_LOSS;
        }
    }
    if (repeats(c)) return V_LOSS;
    go_point lib[2];
    go_string_liberties(b, c->str, lib, 2);
    if (n == 1) {
        int how = lplay(c, c->att, lib[0]);
        if (!how) return V_LOSS;
        /* A single stone taken by ko may come back, and so may a string taken by a
         * stone that is then in atari (snapback): the target's owner may retake. */
        int child = go_board_ko(b) == c->str || retakes(b, c->def, c->str) ? lad_def(c, NULL) : V_LOSS;
        lundo(c, c->att, how);
        if (best) *best = lib[0];
        return move_value(child, how);
    }
    /* Try first the atari that leaves the target's extension fewer liberties. */
    if (go_board_libs_after(b, c->def, lib[0], 4) > go_board_libs_after(b, c->def, lib[1], 4)) {
        go_point t = lib[0];
        lib[0] = lib[1];
        lib[1] = t;
    }
    int bestv = -2;
    bool unk = false;
    for (int i = 0; i < 2; i++) {
        int how = lplay(c, c->att, lib[i]);
        if (!how) continue;
        int v;
        if (go_string_libs(b, c->str) != 1) {
            v = -2;   /* not an atari: not a ladder move */
        } else {
            v = move_value(lad_def(c, NULL), how);
        }
        lundo(c, c->att, how);
        if (v == -2) continue;
        if (v == V_UNK) {
            unk = true;
            continue;
        }
        if (v > bestv) {
            bestv = v;
            if (best) *best = lib[i];
            if (v == V_WIN) return V_WIN;
        }
    }
    if (unk) return V_UNK;
    return bestv < 0 ? V_LOSS : bestv;
}

/* The target's owner to move. */
static int lad_def(lctx *c, go_point *best) {
    go_board *b = c->b;
    if (best) *best = GO_NO_POINT;
    if (go_board_at(b, c->str) != c->def) {
        /* Captured: only retaking at once (a ko, a snapback) brings it back. */
        bool ko = go_board_ko(b) == c->str;
        if ((ko ? c->ko_used[c->def] : !retakes(b, c->def, c->str)) || over_limit(c)) return V_LOSS;
        int how = lplay(c, c->def, c->str);
        if (!how) return V_LOSS;
        int v = move_value(lad_att(c, NULL), how);
        lundo(c, c->def, how);
        if (best) *best = c->str;
        return v;
    }
    if (go_string_libs(b, c->str) >= 2) return V_WIN;
    if (over_limit(c)) return V_UNK;
    if (repeats(c)) return V_WIN;
    go_point cand[16];
    int nc = 0;
    /* Captures of adjacent enemy strings in atari first, then the extension. */
    go_point nb[16];
    int nn = go_string_neighbors(b, c->str, 1, nb, 16);
    for (int i = 0; i < nn && nc < 15; i++) {
        go_point l;
        if (go_string_liberties(b, nb[i], &l, 1) != 1) continue;
        bool dup = false;
        for (int j = 0; j < nc; j++) dup |= cand[j] == l;
        if (!dup) cand[nc++] = l;
    }
    go_point own;
    go_string_liberties(b, c->str, &own, 1);
    bool dup = false;
    for (int j = 0; j < nc; j++) dup |= cand[j] == own;
    if (!dup) cand[nc++] = own;

    int bestv = -2;
    bool unk = false;
    for (int i = 0; i < nc; i++) {
        int how = lplay(c, c->def, cand[i]);
        if (!how) continue;
        int child = go_string_libs(b, c->str) >= 3 ? V_LOSS : lad_att(c, NULL);
        int v = move_value(child, how);
        lundo(c, c->def, how);
        if (v == V_UNK) {
            unk = true;
            continue;
        }
        if (v > bestv) {
            bestv = v;
            if (best) *best = cand[i];
            if (v == V_WIN) return V_WIN;
        }
    }
    if (unk) return V_UNK;
    return bestv < 0 ? V_LOSS : bestv;
}

static yomi_result to_result(int v) {
    switch (v) {
    case V_WIN: return YOMI_WIN;
    case V_KOWIN: return YOMI_KO_WIN;
    case V_KOLOSS: return YOMI_KO_LOSS;
    case V_LOSS: return YOMI_LOSS;
    default: return YOMI_UNKNOWN;
    }
}

static bool lctx_init(lctx *c, go_board *b, go_point str) {
    /* Field by field: the path array needs no clearing. */
    c->b = b;
    c->str = str;
    c->def = c->att = GO_EMPTY;
    c->nodes = 0;
    c->limit = ladder_node_limit;
    c->stopped = false;
    c->depth = 0;
    for (int i = 0; i < 4; i++) c->ko_used[i] = false;
    if (!go_board_on(b, str)) return false;
    c->def = go_board_at(b, str);
    if (c->def != GO_BLACK && c->def != GO_WHITE) return false;
    c->att = go_other(c->def);
    return true;
}

/* One ladder question: the attacker (att_first) or the target's owner to move. */
static yomi_result ladder_read(go_board *b, go_point str, bool att_first, uint64_t limit, go_point *move,
                               uint64_t *nodes) {
    lctx c;
    go_point m = GO_NO_POINT;
    yomi_result r = att_first ? YOMI_LOSS : YOMI_WIN;
    if (lctx_init(&c, b, str)) {
        c.limit = limit;
        r = to_result(att_first ? lad_att(&c, &m) : lad_def(&c, &m));
    }
    if (r == YOMI_LOSS || r == YOMI_UNKNOWN) m = GO_NO_POINT;
    if (move) *move = m;
    if (nodes) *nodes = c.nodes;
    return r;
}

yomi_result go_ladder_attack(go_board *b, go_point str, go_point *move, uint64_t *nodes) {
    return ladder_read(b, str, true, ladder_node_limit, move, nodes);
}

yomi_result go_ladder_defend(go_board *b, go_point str, go_point *move, uint64_t *nodes) {
    return ladder_read(b, str, false, ladder_node_limit, move, nodes);
}

yomi_result go_ladder_attack_limited(go_board *b, go_point str, uint64_t limit, go_point *move,
                                     uint64_t *nodes) {
    return ladder_read(b, str, true, limit, move, nodes);
}

yomi_result go_ladder_defend_limited(go_board *b, go_point str, uint64_t limit, go_point *move,
                                     uint64_t *nodes) {
    return ladder_read(b, str, false, limit, move, nodes);
}

int go_ladder_line(go_board *b, go_point str, go_point *out, int max) {
    lctx c;
    if (!lctx_init(&c, b, str) || max <= 0) return 0;
    int n = 0, hows[512];
    go_color cols[512];
    bool att_turn = go_string_libs(b, str) >= 2;
    while (n < max && n < 512) {
        go_point m;
        c.nodes = 0;
        c.stopped = false;
        int v = att_turn ? lad_att(&c, &m) : lad_def(&c, &m);
        if (v == V_UNK || m == GO_NO_POINT) break;
        go_color col = att_turn ? c.att : c.def;
        int how = lplay(&c, col, m);
        if (!how) break;
        out[n] = m;
        hows[n] = how;
        cols[n] = col;
        n++;
        if (go_board_at(b, str) == c.def && go_string_libs(b, str) >= 3) break;
        att_turn = !att_turn;
    }
    for (int i = n - 1; i >= 0; i--) lundo(&c, cols[i], hows[i]);
    return n;
}

/* ---- The geometric trace ---- */

static int empty_neighbors(const go_board *b, go_point p) {
    int n = 0;
    GO_FOR_NEIGHBORS(p, q) n += go_board_at(b, q) == GO_EMPTY;
    return n;
}

static bool on_edge(const go_board *b, go_point p) {
    GO_FOR_NEIGHBORS(p, q) {
        if (go_board_at(b, q) == GO_BORDER) return true;
    }
    return false;
}

static bool in_list(const go_point *l, int n, go_point p) {
    for (int i = 0; i < n; i++)
        if (l[i] == p) return true;
    return false;
}

/* Liberties of the union of the strings strs[] and the stones that would stand
 * at the points of the trace (occ[]), where extra[] lists the empty neighbours
 * of those trace stones: distinct empty points not in occ[], counted up to 3. */
static int union_libs(const go_board *b, const go_point *strs, int ns, const go_point *extra, int ne,
                      const go_point *occ, int nocc) {
    go_point seen[4], lib[GO_MAX_POINTS / 2];
    int n = 0;
    for (int s = -1; s < ns && n < 3; s++) {
        const go_point *l = extra;
        int nl = ne;
        if (s >= 0) {
            nl = go_string_liberties(b, strs[s], lib, GO_MAX_POINTS / 2);
            l = lib;
        }
        for (int i = 0; i < nl && n < 3; i++) {
            go_point p = l[i];
            if (go_board_at(b, p) != GO_EMPTY || in_list(occ, nocc, p) || in_list(seen, n, p)) continue;
            seen[n++] = p;
        }
    }
    return n;
}

/* The trace follows the ladder's forced line without playing it. With x the
 * direction from the head h0 of the target to its liberty of order 3 and y the
 * direction to its liberty of order 2, the attacker's k-th atari A_k and the
 * target's k-th extension D_k are D_{k-1}+s and D_{k-1}+t, where (s, t) is (x, y)
 * for odd k and (y, x) for even k: the order 1, 2, 3 ... of the seed's diagram.
 * While the corridor is clean (the two points ahead of the extension and the two
 * outer neighbours of each atari stone empty), the target has two liberties after
 * each extension, no attacker stone can be captured and the other atari gives
 * three liberties at once, so the line is forced. The first stone or edge ahead
 * decides (situations 1, 3, 4 and 5); anything the geometry cannot vouch for
 * returns -1. */
static int trace(const go_board *b, go_point str, go_point *first) {
    if (!go_board_on(b, str)) return -1;
    go_color def = go_board_at(b, str);
    if (def != GO_BLACK && def != GO_WHITE) return -1;
    go_color att = go_other(def);
    /* Condition 1: exactly two liberties. */
    if (go_string_libs(b, str) != 2) return -1;
    go_point L[2];
    go_string_liberties(b, str, L, 2);
    /* Condition 4: the liberties are diagonal neighbours. */
    int dc = go_col(L[1]) - go_col(L[0]), dr = go_row(L[1]) - go_row(L[0]);
    if (abs(dc) != 1 || abs(dr) != 1) return -1;
    go_point c1 = go_pt(go_col(L[0]), go_row(L[1])), c2 = go_pt(go_col(L[1]), go_row(L[0]));
    go_point sid = go_string_id(b, str), h0;
    if (go_board_at(b, c1) == def && go_string_id(b, c1) == sid && go_board_at(b, c2) == GO_EMPTY)
        h0 = c1;
    else if (go_board_at(b, c2) == def && go_string_id(b, c2) == sid && go_board_at(b, c1) == GO_EMPTY)
        h0 = c2;
    else
        return -1;
    /* Conditions 2 and 3: the attacker's first atari goes on the liberty of order 3
     * (or of order 2 on the edge), the target extends on the one of order 2. */
    int o0 = empty_neighbors(b, L[0]), o1 = empty_neighbors(b, L[1]);
    bool v01 = o1 == 2 && (o0 == 3 || (o0 == 2 && on_edge(b, L[0])));
    bool v10 = o0 == 2 && (o1 == 3 || (o1 == 2 && on_edge(b, L[1])));
    if (v01 == v10) return -1;
    go_point a1 = v01 ? L[0] : L[1], d1 = v01 ? L[1] : L[0];
    *first = a1;
    int x = a1 - h0, y = d1 - h0;
    /* The wall beside the first extension must be the attacker's or the edge, and
     * must survive the extension without falling into atari. */
    go_point w = d1 - x;
    go_color cw = go_board_at(b, w);
    if (cw == GO_EMPTY || cw == def) return -1;
    if (cw == att && go_string_libs(b, w) < 3) return -1;
    go_point tmp;
    if (go_string_neighbors(b, str, 1, &tmp, 1) > 0) return -1;   /* a capture escapes */
    bool alt = empty_neighbors(b, a1) < 3;   /* the other first atari may work too */

    go_point occ[8 * GO_MAX_SIZE + 8];
    int nocc = 0;
    go_point dprev = h0;
    int first_weak = empty_neighbors(b, a1) < 3 ? 1 : 0;
    for (int k = 1; nocc < 8 * GO_MAX_SIZE; k++) {
        int s = (k & 1) ? x : y, t = (k & 1) ? y : x;
        go_point A = dprev + s, D = dprev + t;
        go_point FA = D + t, FD = D + s, O1 = A + s, O2 = A - t;
        go_color cfa = go_board_at(b, FA), cfd = go_board_at(b, FD);
        go_color co1 = go_board_at(b, O1), co2 = go_board_at(b, O2);
        occ[nocc++] = A;
        if ((co1 != GO_EMPTY && co1 != GO_BORDER) || (co2 != GO_EMPTY && co2 != GO_BORDER)) return -1;
        /* An atari stone beside the edge keeps one outer liberty: it is safe until
         * the target's turn two steps later, when it would be in atari. */
        if (first_weak && first_weak <= k - 2) return -1;
        if (cfa == GO_EMPTY && cfd == GO_EMPTY) {
            int e = (co1 == GO_EMPTY) + (co2 == GO_EMPTY);
            if (e == 0) return -1;
            if (e == 1) {
                alt = true;   /* the other atari leaves the target two liberties */
                if (!first_weak) first_weak = k;
            }
            occ[nocc++] = D;
            dprev = D;
            continue;
        }
        /* The last atari stone must not be capturable before the extension. */
        go_point ex[3] = {O1, O2, FD}, strs[2];
        int ns = 0;
        if (cfd == att) strs[ns++] = FD;
        if (union_libs(b, strs, ns, ex, 3, occ, nocc) < 2) return -1;
        occ[nocc++] = D;
        if (cfa == def || cfd == def) {
            /* Situations 1 and 3: the extension joins a friendly stone ahead. */
            ns = 0;
            if (cfa == def) strs[ns++] = FA;
            if (cfd == def) strs[ns++] = FD;
            go_point ahead[2] = {FA, FD};
            if (union_libs(b, strs, ns, ahead, 2, occ, nocc) < 3) return -1;
            /* The attacker's other atari here: the target extends at A instead. */
            ns = 0;
            if (cfd == def) strs[ns++] = FD;
            if (union_libs(b, strs, ns, ex, 3, occ, nocc) < 3) alt = true;
            return alt ? -1 : 0;
        }
        /* Situations 4 and 5: enemy stones or the edge ahead leave the extension at
         * most one liberty, unless the extension captures one of those stones. */
        if (cfa == att) {
            strs[0] = FA;
            if (union_libs(b, strs, 1, NULL, 0, occ, nocc) < 1) return -1;
        }
        if (cfd == att) {
            strs[0] = FD;
            if (union_libs(b, strs, 1, ex, 2, occ, nocc) < 1) return -1;
        }
        return 1;
    }
    return -1;
}

int go_ladder_trace(const go_board *b, go_point str) {
    go_point first;
    return trace(b, str, &first);
}
