/* An independent brute force for life-and-death tests: plain minimax over every
 * legal move of a problem's region and passes, with the solver's rules in the
 * game without ko threats (capture wins for the attacker; two passes in a row or
 * a repetition on the line win for the defender; simple ko). Small problems only
 * (a node cap says when it gave up). With `clean`, seki is a loss for the defender:
 * two passes win for it only when the target is unconditionally alive (Benson).
 * thr[] (zero unless a test sets it): ko threats left by colour; a retake the
 * simple-ko rule bans is allowed by spending one of the mover's. */
#ifndef YOMI_GO_LD_BRUTE_H
#define YOMI_GO_LD_BRUTE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/eyes.h"
#include "go/problem.h"
#include "yomi/go_tsumego.h"

typedef struct ld_bf {
    go_board *b;
    const bool *region;
    go_point target;
    go_color att, def;
    uint64_t path[256];
    int depth;
    uint64_t nodes, max_nodes;
    bool clean;
    int thr[3];
} ld_bf;

static inline uint64_t ld_bf_key(const ld_bf *s, go_color to_move, bool last_pass) {
    const go_board *b = s->b;
    uint64_t ko = (b->ko != GO_NO_POINT && b->ko_color == to_move) ? (uint64_t)b->ko : 0;
    return go_board_hash(b) ^ (ko * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)to_move * 0xc2b2ae3d27d4eb4fULL) ^
        (last_pass ? 0x165667b19e3779f9ULL : 0) ^ ((uint64_t)s->thr[GO_BLACK] << 40) ^
        ((uint64_t)s->thr[GO_WHITE] << 44);
}

/* What ld_bf_play changed besides the board's own history. */
typedef struct ld_bf_undo {
    go_point ko;
    go_color kc;
    bool spent;
} ld_bf_undo;

/* Plays c at m (or passes); a retake the simple-ko rule bans is allowed by spending one
 * of c's threats. False, nothing changed, when the move is illegal. */
static inline bool ld_bf_play(ld_bf *s, go_color c, go_point m, ld_bf_undo *u) {
    u->ko = s->b->ko;
    u->kc = s->b->ko_color;
    u->spent = m != GO_PASS && u->ko == m && u->kc == c && s->thr[c] > 0;
    if (u->spent) {
        s->b->ko = GO_NO_POINT;
        s->b->ko_color = GO_EMPTY;
    }
    if (go_board_play(s->b, c, m) != GO_OK) {
        s->b->ko = u->ko;
        s->b->ko_color = u->kc;
        return false;
    }
    s->thr[c] -= u->spent;
    return true;
}

static inline void ld_bf_unplay(ld_bf *s, go_color c, const ld_bf_undo *u) {
    go_board_undo(s->b);
    s->thr[c] += u->spent;
    s->b->ko = u->ko;
    s->b->ko_color = u->kc;
}

/* 1 when the attacker wins with c to move (0 also past the node cap). */
static inline int ld_bf_solve(ld_bf *s, go_color c, bool last_pass) {
    if (++s->nodes > s->max_nodes) return 0;
    if (go_board_at(s->b, s->target) != s->def) return 1;
    bool att = c == s->att;
    int n = go_board_size(s->b);
    for (int i = 0; i <= n * n; i++) {
        go_point m = i < n * n ? go_pt(i % n, i / n) : GO_PASS;
        if (m != GO_PASS && (!s->region[m] || go_board_at(s->b, m) != GO_EMPTY)) continue;
        int r;
        if (m == GO_PASS && last_pass) {
            r = s->clean && !go_benson_alive(s->b, s->target);
        } else {
            ld_bf_undo u;
            if (!ld_bf_play(s, c, m, &u)) continue;
            if (go_board_at(s->b, s->target) != s->def) {
                r = 1;
            } else {
                uint64_t k = ld_bf_key(s, go_other(c), m == GO_PASS);
                bool rep = false;
                for (int j = 0; j <= s->depth && !rep; j++) rep = s->path[j] == k;
                if (rep || s->depth >= 250) {
                    r = 0;
                } else {
                    s->path[++s->depth] = k;
                    r = ld_bf_solve(s, go_other(c), m == GO_PASS);
                    s->depth--;
                }
            }
            ld_bf_unplay(s, c, &u);
        }
        if (att == (r == 1)) return r;
    }
    return att ? 0 : 1;
}

/* The winning first moves (passes excluded) of `to_play` in p, marked in win[];
 * returns how many, or -1 when the brute force passed max_nodes (too big).
 * *nodes (may be NULL) gets the positions it visited. */
static inline int ld_bf_first_moves(go_problem *p, go_color to_play, uint64_t max_nodes, bool clean,
                                    bool *win, uint64_t *nodes) {
    ld_bf s = {p->board, p->region, p->target, p->attacker, go_other(p->attacker), {0}, 0,
               0,        max_nodes, clean,     {0}};
    int n = 0;
    GO_FOR_POINTS(p->board, m) {
        win[m] = false;
        if (!p->region[m] || go_board_at(p->board, m) != GO_EMPTY) continue;
        if (go_board_play(p->board, to_play, m) != GO_OK) continue;
        s.depth = 0;
        s.path[0] = ld_bf_key(&s, go_other(to_play), false);
        int r = ld_bf_solve(&s, go_other(to_play), false);
        go_board_undo(p->board);
        if ((r == 1) == (to_play == p->attacker)) {
            win[m] = true;
            n++;
        }
    }
    if (nodes) *nodes = s.nodes;
    return s.nodes > max_nodes ? -1 : n;
}

/* ---- With a memo ----
 * The same game and the same answers as ld_bf_solve, with a table of positions.
 * The game is a reachability game on states (stones, side to move, ko, last pass,
 * threats left): the attacker wins when he can force the capture; two passes (a
 * terminal), a repetition on the line or an endless line win for the defender. From
 * a root with no history the line-based minimax gives the state's own value (a
 * winning attacker strategy that lowers the distance to capture at every move never
 * repeats), but inside the search a node's value can depend on its ancestors. So:
 * an attacker's win never rests on a cut (a cut is a defender win) and is stored at
 * once; a defender's win is stored only when no line below it was cut by repeating
 * a position above it (a cut back to the node itself or below is fine). Either way
 * the stored value is the state's own, and a search that takes states' own values
 * from the table still answers the root's: follow the attacker's distance-lowering
 * moves and the defender's replies the search found winning: distances fall, so no
 * repetition and no stored defender win can stop that line. The depth limit (250)
 * is not part of that game: a search that reaches it says "too big" (-1). */
typedef struct ld_memo_entry {
    uint64_t k1, k2; /* k2: the second key with its low bit the value; 0: empty */
} ld_memo_entry;

typedef struct ld_mbf {
    ld_bf s;
    ld_memo_entry *tab;
    uint64_t mask;
    uint64_t path2[256];
    bool deep; /* the depth limit was reached: the answer is void */
    uint64_t hits, stored;
} ld_mbf;

static inline uint64_t ld_mbf_key2(const ld_mbf *m, go_color to_move, bool last_pass) {
    const go_board *b = m->s.b;
    uint64_t ko = (b->ko != GO_NO_POINT && b->ko_color == to_move) ? (uint64_t)b->ko + 1 : 0;
    uint64_t k = go_board_hash2(b) ^ (ko * 0xd6e8feb86659fd93ULL) ^
        ((uint64_t)to_move * 0x9fb21c651e98df25ULL) ^ (last_pass ? 0x3c79ac492ba7b653ULL : 0) ^
        ((uint64_t)m->s.thr[GO_BLACK] << 20) ^ ((uint64_t)m->s.thr[GO_WHITE] << 26);
    return k | 2; /* never 0; bit 0 is left for the stored value */
}

/* 1 when the attacker wins with c to move; *low gets the lowest path index a cut
 * below this node repeated (INT32_MAX: none). The node's keys are at path[depth]. */
static inline int ld_mbf_solve(ld_mbf *m, go_color c, bool last_pass, int *low) {
    ld_bf *s = &m->s;
    *low = 0x7fffffff;
    if (++s->nodes > s->max_nodes) return 0;
    uint64_t k1 = s->path[s->depth], k2 = m->path2[s->depth];
    ld_memo_entry *e = &m->tab[k1 & m->mask];
    if ((e->k2 & ~(uint64_t)1) == (k2 & ~(uint64_t)1) && e->k1 == k1) {
        m->hits++;
        return (int)(e->k2 & 1);
    }
    bool att = c == s->att;
    int n = go_board_size(s->b), res = att ? 0 : 1;
    for (int i = 0; i <= n * n; i++) {
        go_point mv = i < n * n ? go_pt(i % n, i / n) : GO_PASS;
        if (mv != GO_PASS && (!s->region[mv] || go_board_at(s->b, mv) != GO_EMPTY)) continue;
        int r, sub = 0x7fffffff;
        if (mv == GO_PASS && last_pass) {
            r = s->clean && !go_benson_alive(s->b, s->target);
        } else {
            ld_bf_undo u;
            if (!ld_bf_play(s, c, mv, &u)) continue;
            if (go_board_at(s->b, s->target) != s->def) {
                r = 1;
            } else {
                uint64_t a1 = ld_bf_key(s, go_other(c), mv == GO_PASS);
                uint64_t a2 = ld_mbf_key2(m, go_other(c), mv == GO_PASS);
                int rep = -1;
                for (int j = 0; j <= s->depth && rep < 0; j++)
                    if (s->path[j] == a1 && m->path2[j] == a2) rep = j;
                if (rep >= 0) {
                    r = 0;
                    sub = rep;
                } else if (s->depth >= 250) {
                    r = 0;
                    m->deep = true;
                } else {
                    s->path[++s->depth] = a1;
                    m->path2[s->depth] = a2;
                    r = ld_mbf_solve(m, go_other(c), mv == GO_PASS, &sub);
                    s->depth--;
                }
            }
            ld_bf_unplay(s, c, &u);
        }
        if (sub < *low) *low = sub;
        if (att == (r == 1)) {
            res = r;
            break;
        }
    }
    /* Store the state's own value: an attacker's win always, a defender's win when no
     * cut below repeated a position above this node; nothing past the node cap. */
    if (s->nodes <= s->max_nodes && !m->deep && (res == 1 || *low >= s->depth)) {
        if (e->k2 == 0) m->stored++;
        e->k1 = k1;
        e->k2 = (k2 & ~(uint64_t)1) | (uint64_t)res;
    }
    return res;
}

/* Sets m up for problem p (a zeroed state, a table of 2^bits entries; thr NULL: no
 * threats); false when the table cannot be allocated. The caller frees m->tab. */
static inline bool ld_mbf_open(ld_mbf *m, go_problem *p, uint64_t max_nodes, bool clean, int bits,
                               const int *thr) {
    memset(m, 0, sizeof *m);
    m->s.b = p->board;
    m->s.region = p->region;
    m->s.target = p->target;
    m->s.att = p->attacker;
    m->s.def = go_other(p->attacker);
    m->s.max_nodes = max_nodes;
    m->s.clean = clean;
    if (thr) memcpy(m->s.thr, thr, sizeof m->s.thr);
    m->mask = ((uint64_t)1 << bits) - 1;
    m->tab = (ld_memo_entry *)calloc((size_t)m->mask + 1, sizeof *m->tab);
    return m->tab != NULL;
}

/* ld_bf_first_moves with the memo: a table of 2^bits entries (shared by the first
 * moves: its values are the states' own); thr (NULL: none) the ko threats each colour
 * has (ld_bf.thr). -1 when past max_nodes or the depth limit,
 * -2 when the table cannot be allocated. */
static inline int ld_bf_first_moves_memo(go_problem *p, go_color to_play, uint64_t max_nodes, bool clean,
                                         int bits, const int *thr, bool *win, uint64_t *nodes) {
    ld_mbf m;
    if (!ld_mbf_open(&m, p, max_nodes, clean, bits, thr)) return -2;
    int n = 0;
    GO_FOR_POINTS(p->board, q) {
        win[q] = false;
        if (!p->region[q] || go_board_at(p->board, q) != GO_EMPTY) continue;
        if (go_board_play(p->board, to_play, q) != GO_OK) continue;
        int r;
        if (go_board_at(p->board, p->target) != m.s.def) {
            r = 1;
        } else {
            m.s.depth = 0;
            m.s.path[0] = ld_bf_key(&m.s, go_other(to_play), false);
            m.path2[0] = ld_mbf_key2(&m, go_other(to_play), false);
            int low;
            r = ld_mbf_solve(&m, go_other(to_play), false, &low);
        }
        go_board_undo(p->board);
        if ((r == 1) == (to_play == p->attacker)) {
            win[q] = true;
            n++;
        }
    }
    free(m.tab);
    if (nodes) *nodes = m.s.nodes;
    return m.s.nodes > max_nodes || m.deep ? -1 : n;
}

/* ---- Retrograde analysis ----
 * The same game again (no threats), solved over its whole state graph instead of
 * along lines: every state reachable from the root (region contents, which of the
 * root's strings touching the region were captured, the simple-ko ban on the side to
 * move, the side to move, whether the last move was a pass) is listed with its
 * moves, then the attacker's wins are propagated backwards: an attacker's state is
 * won when one move reaches a won state or captures the target; a defender's state
 * when every move does. What is never marked won (endless lines included) is the
 * defender's: the reachability game's value, which is the line-based minimax's at a
 * root without history (see the memo version above). Cost: memory per state, none
 * per line, so kos and repetitions cost nothing extra. */
typedef struct ld_rstate {
    uint64_t r[2]; /* 2 bits per region point (index in the region list) */
    uint64_t cap; /* bit j: the root's string j (touching the region) was captured */
    int32_t ko; /* the point the side to move may not take back, else GO_NO_POINT */
    int32_t flags; /* bit 0: white to move; bit 1: the last move was a pass */
} ld_rstate;

typedef struct ld_retro {
    go_board *b;
    const go_problem *p;
    go_point rp[128]; /* region points */
    int nr;
    go_color ocol[64]; /* the colour of the root's string j (with stones outside the region) */
    int nstr;
    go_point *outs; /* every stone outside the region of string j: outs[ostart[j]..ostart[j+1]) */
    int ostart[65];
    ld_rstate *st;
    uint8_t *val; /* 1: the attacker wins */
    int32_t *estart, *edge; /* edges: successor index, or -1 capture / attacker's end, -2 defender's end */
    int64_t nst, cap_st, nedge, cap_edge;
    int32_t *hash;
    uint64_t hmask;
    bool clean, full;
} ld_retro;

static inline uint64_t ld_rhash(const ld_rstate *x) {
    uint64_t h = x->r[0] * 0x9e3779b97f4a7c15ULL ^ x->r[1] * 0xc2b2ae3d27d4eb4fULL ^
        x->cap * 0x165667b19e3779f9ULL ^ (uint64_t)(uint32_t)x->ko * 0xd6e8feb86659fd93ULL ^
        (uint64_t)x->flags * 0x94d049bb133111ebULL;
    return h ^ (h >> 29);
}

static inline bool ld_rsame(const ld_rstate *a, const ld_rstate *b) {
    return a->r[0] == b->r[0] && a->r[1] == b->r[1] && a->cap == b->cap && a->ko == b->ko &&
        a->flags == b->flags;
}

/* The state of the board now, with c to move. */
static inline ld_rstate ld_rencode(const ld_retro *R, go_color c, bool last_pass) {
    ld_rstate x;
    memset(&x, 0, sizeof x);
    for (int i = 0; i < R->nr; i++) x.r[i >> 5] |= (uint64_t)go_board_at(R->b, R->rp[i]) << (2 * (i & 31));
    for (int j = 0; j < R->nstr; j++)
        if (go_board_at(R->b, R->outs[R->ostart[j]]) == GO_EMPTY) x.cap |= (uint64_t)1 << j;
    x.ko = (R->b->ko != GO_NO_POINT && R->b->ko_color == c) ? R->b->ko : GO_NO_POINT;
    x.flags = (c == GO_WHITE) | (last_pass ? 2 : 0);
    return x;
}

/* The index of x, added when new; -1 past the state cap. */
static inline int64_t ld_rfind(ld_retro *R, const ld_rstate *x) {
    uint64_t h = ld_rhash(x) & R->hmask;
    while (R->hash[h] >= 0) {
        if (ld_rsame(&R->st[R->hash[h]], x)) return R->hash[h];
        h = (h + 1) & R->hmask;
    }
    if (R->nst >= R->cap_st) {
        R->full = true;
        return -1;
    }
    R->st[R->nst] = *x;
    R->hash[h] = (int32_t)R->nst;
    return R->nst++;
}

/* Sets the board to state x, with its ko ban: removals first, then stones (no
 * string is left without a liberty on the way, since x is a legal position: a part
 * of a final string always touches an empty point of the rest). false on a refusal. */
static inline bool ld_rset(ld_retro *R, const ld_rstate *x) {
    bool ok = true;
    for (int add = 0; add < 2; add++) {
        for (int j = 0; j < R->nstr; j++) {
            bool gone = (x->cap >> j) & 1, there = go_board_at(R->b, R->outs[R->ostart[j]]) != GO_EMPTY;
            if (add ? (!gone && !there) : (gone && there))
                for (int k = R->ostart[j]; k < R->ostart[j + 1]; k++)
                    ok &= go_board_setup(R->b, R->outs[k], add ? R->ocol[j] : GO_EMPTY);
        }
        for (int i = 0; i < R->nr; i++) {
            go_color c = (go_color)((x->r[i >> 5] >> (2 * (i & 31))) & 3), now = go_board_at(R->b, R->rp[i]);
            if (now == c) continue;
            if (!add && now != GO_EMPTY) ok &= go_board_setup(R->b, R->rp[i], GO_EMPTY);
            if (add && c != GO_EMPTY) ok &= go_board_setup(R->b, R->rp[i], c);
        }
    }
    R->b->ko = x->ko;
    R->b->ko_color = x->ko == GO_NO_POINT ? GO_EMPTY : (x->flags & 1) ? GO_WHITE : GO_BLACK;
    return ok;
}

/* Retrograde analysis of p with to_play to move: the winning first moves (passes
 * excluded) marked in win[], their number returned; -1 past max_states states (too
 * big), -2 when the region or its strings do not fit (more than 64 region points or
 * strings) or memory fails. *states (may be NULL) gets the states listed. */
static inline int ld_retro_first_moves(go_problem *p, go_color to_play, int64_t max_states, bool clean,
                                       bool *win, int64_t *states) {
    ld_retro R;
    memset(&R, 0, sizeof R);
    R.p = p;
    R.clean = clean;
    int size = go_board_size(p->board);
    GO_FOR_POINTS(p->board, q) {
        win[q] = false;
        if (p->region[q]) {
            if (R.nr == 64) return -2;
            R.rp[R.nr++] = q;
        }
    }
    /* The root's strings with a stone in or next to the region, by their stones outside it. */
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    bool seen[GO_MAX_POINTS] = {false};
    go_point *outs = (go_point *)malloc(sizeof(go_point) * GO_MAX_POINTS);
    if (!outs) return -2;
    R.outs = outs;
    int nouts = 0;
    for (int i = 0; i < R.nr; i++) {
        go_point q = R.rp[i];
        int x = q % GO_STRIDE - 1, y = q / GO_STRIDE - 1; /* go_pt's inverse */
        for (int d = -1; d < 4; d++) {
            int nx = d < 0 ? x : x + dx[d], ny = d < 0 ? y : y + dy[d];
            if (nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
            go_point t = go_pt(nx, ny);
            if (go_board_at(p->board, t) == GO_EMPTY || seen[t]) continue;
            go_point stones[GO_MAX_POINTS];
            int ns = go_string_stones(p->board, t, stones, GO_MAX_POINTS), start = nouts;
            for (int k = 0; k < ns; k++) {
                seen[stones[k]] = true;
                if (!p->region[stones[k]]) outs[nouts++] = stones[k];
            }
            if (nouts == start) continue;
            if (R.nstr == 64) {
                free(outs);
                return -2;
            }
            R.ocol[R.nstr] = go_board_at(p->board, t);
            R.ostart[R.nstr++] = start;
            R.ostart[R.nstr] = nouts;
        }
    }
    R.cap_st = max_states;
    R.cap_edge = max_states * 8;
    uint64_t hn = 1024;
    while (hn < (uint64_t)max_states * 2) hn <<= 1;
    R.hmask = hn - 1;
    R.st = (ld_rstate *)malloc(sizeof(ld_rstate) * (size_t)max_states);
    R.estart = (int32_t *)malloc(sizeof(int32_t) * (size_t)(max_states + 1));
    R.edge = (int32_t *)malloc(sizeof(int32_t) * (size_t)R.cap_edge);
    R.hash = (int32_t *)malloc(sizeof(int32_t) * hn);
    R.b = go_board_new(size);
    int result = -2;
    if (!R.st || !R.estart || !R.edge || !R.hash || !R.b) goto out;
    memset(R.hash, 0xff, sizeof(int32_t) * hn);
    go_board_copy(R.b, p->board);
    {
        go_color def = go_other(p->attacker);
        ld_rstate root = ld_rencode(&R, to_play, false);
        ld_rfind(&R, &root);
        /* List the states and their moves, breadth first. */
        for (int64_t i = 0; i < R.nst && !R.full; i++) {
            ld_rstate x = R.st[i];
            if (!ld_rset(&R, &x)) goto out;
            go_color c = (x.flags & 1) ? GO_WHITE : GO_BLACK;
            bool last_pass = x.flags & 2;
            R.estart[i] = (int32_t)R.nedge;
            for (int k = 0; k <= R.nr; k++) {
                go_point m = k < R.nr ? R.rp[k] : GO_PASS;
                int32_t e;
                if (m == GO_PASS && last_pass) {
                    e = clean && !go_benson_alive(R.b, p->target) ? -1 : -2;
                } else {
                    if (m != GO_PASS && go_board_at(R.b, m) != GO_EMPTY) continue;
                    if (go_board_play(R.b, c, m) != GO_OK) continue;
                    if (go_board_at(R.b, p->target) != def) {
                        e = -1;
                    } else {
                        ld_rstate y = ld_rencode(&R, go_other(c), m == GO_PASS);
                        int64_t j = ld_rfind(&R, &y);
                        e = (int32_t)j;
                    }
                    go_board_undo(R.b);
                    R.b->ko = x.ko; /* undo restores it; kept explicit for the setup root */
                    R.b->ko_color = x.ko == GO_NO_POINT ? GO_EMPTY : c;
                    if (R.full) break;
                }
                if (R.nedge >= R.cap_edge) {
                    R.full = true;
                    break;
                }
                R.edge[R.nedge++] = e;
            }
        }
        if (R.full) {
            if (getenv("LDV_DEBUG"))
                fprintf(stderr, "full: %lld states %lld edges\n", (long long)R.nst, (long long)R.nedge);
            result = -1;
            goto out;
        }
        R.estart[R.nst] = (int32_t)R.nedge;
        /* Backwards: predecessors (CSR), counters, a queue of won states. */
        int32_t *pstart = (int32_t *)calloc((size_t)R.nst + 1, sizeof(int32_t));
        int32_t *pred = (int32_t *)malloc(sizeof(int32_t) * (size_t)(R.nedge + 1));
        int32_t *cnt = (int32_t *)malloc(sizeof(int32_t) * (size_t)R.nst);
        int32_t *queue = (int32_t *)malloc(sizeof(int32_t) * (size_t)R.nst);
        R.val = (uint8_t *)calloc((size_t)R.nst, 1);
        if (!pstart || !pred || !cnt || !queue || !R.val) {
            free(pstart), free(pred), free(cnt), free(queue);
            goto out;
        }
        for (int64_t e = 0; e < R.nedge; e++)
            if (R.edge[e] >= 0) pstart[R.edge[e]]++;
        for (int64_t i = 0, acc = 0; i <= R.nst; i++) {
            int64_t c = i < R.nst ? pstart[i] : 0;
            pstart[i] = (int32_t)acc;
            acc += c;
        }
        int32_t *cur = cnt; /* reused: cursor first, counter after */
        for (int64_t i = 0; i < R.nst; i++) cur[i] = pstart[i];
        for (int64_t i = 0; i < R.nst; i++)
            for (int64_t e = R.estart[i]; e < R.estart[i + 1]; e++)
                if (R.edge[e] >= 0) pred[cur[R.edge[e]]++] = (int32_t)i;
        int64_t qh = 0, qt = 0;
        for (int64_t i = 0; i < R.nst; i++) {
            bool att = ((R.st[i].flags & 1) ? GO_WHITE : GO_BLACK) == p->attacker;
            int n = 0, wins = 0;
            for (int64_t e = R.estart[i]; e < R.estart[i + 1]; e++) {
                n++;
                wins += R.edge[e] == -1;
            }
            cnt[i] = n - wins;
            if (att ? wins > 0 : cnt[i] == 0) {
                R.val[i] = 1;
                queue[qt++] = (int32_t)i;
            }
        }
        while (qh < qt) {
            int32_t s = queue[qh++];
            for (int64_t k = pstart[s]; k < pstart[s + 1]; k++) {
                int32_t q = pred[k];
                if (R.val[q]) continue;
                bool att = ((R.st[q].flags & 1) ? GO_WHITE : GO_BLACK) == p->attacker;
                if (att || --cnt[q] == 0) {
                    R.val[q] = 1;
                    queue[qt++] = q;
                }
            }
        }
        /* The first moves, from the root position. */
        result = 0;
        for (int k = 0; k < R.nr; k++) {
            go_point m = R.rp[k];
            if (go_board_at(p->board, m) != GO_EMPTY || go_board_play(p->board, to_play, m) != GO_OK)
                continue;
            int r;
            if (go_board_at(p->board, p->target) != def) {
                r = 1;
            } else {
                go_board *save = R.b;
                R.b = p->board;
                ld_rstate y = ld_rencode(&R, go_other(to_play), false);
                R.b = save;
                uint64_t h = ld_rhash(&y) & R.hmask;
                while (R.hash[h] >= 0 && !ld_rsame(&R.st[R.hash[h]], &y)) h = (h + 1) & R.hmask;
                r = R.hash[h] >= 0 ? R.val[R.hash[h]] : -1;
            }
            go_board_undo(p->board);
            if (r < 0) {
                result = -2;
                break;
            }
            if ((r == 1) == (to_play == p->attacker)) {
                win[m] = true;
                result++;
            }
        }
        free(pstart), free(pred), free(cnt), free(queue);
    }
out:
    if (states) *states = R.nst;
    free(R.st), free(R.estart), free(R.edge), free(R.hash), free(R.val), free(outs);
    if (R.b) go_board_free(R.b);
    return result;
}

/* xorshift64 on *st: a number below n. */
static inline unsigned ld_rnd(uint64_t *st, unsigned n) {
    *st ^= *st << 13;
    *st ^= *st >> 7;
    *st ^= *st << 17;
    return (unsigned)(*st % n);
}

/* A random small enclosed problem on b: 4x4 or 5x5, each point black (36%), white
 * (36%) or empty; a random white stone's string is the target (its region, no
 * frame) and a random side plays first (*to_play; tv gets the target's vertex).
 * NULL when there is no white stone, the problem cannot be built, or its region
 * is not 3..max_region empty points: the caller draws again. */
static inline go_problem *ld_random_problem(go_board *b, uint64_t *st, int max_region, go_color *to_play,
                                            char tv[8]) {
    int size = 4 + (int)ld_rnd(st, 2);
    go_board_clear(b, size);
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++) {
            unsigned x = ld_rnd(st, 100);
            go_color k = x < 36 ? GO_BLACK : x < 72 ? GO_WHITE : GO_EMPTY;
            if (k) go_board_setup(b, go_pt(c, r), k);
        }
    go_point whites[GO_MAX_POINTS];
    int nw = 0;
    GO_FOR_POINTS(b, q) {
        if (go_board_at(b, q) == GO_WHITE) whites[nw++] = q;
    }
    if (!nw) return NULL;
    go_vertex_format(b, whites[ld_rnd(st, (unsigned)nw)], tv, 8);
    go_problem_hints h = {.to_play = GO_EMPTY, .target = tv, .no_frame = true};
    *to_play = ld_rnd(st, 2) ? GO_BLACK : GO_WHITE;
    yomi_error err;
    go_problem *p = go_problem_from_board(b, *to_play, &h, &err);
    if (p && (p->nregion < 3 || p->nregion > max_region)) {
        go_problem_free(p);
        p = NULL;
    }
    return p;
}

#endif
