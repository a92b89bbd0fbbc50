/* The exact eye-space solver: every reachable local position of a small region
 * enclosed by one defender string, solved by retrograde analysis (attacker's
 * attractor: the positions from which the attacker can force the capture of the wall).
 * Contracts in go/eyes.h. */
#include "go/eyes.h"

#include <stdlib.h>
#include <string.h>

enum { EMPTY_ = 0, DEF = 1, ATT = 2 };
#define STATE_LIMIT (1 << 21)
#define T_AWIN (-1) /* the wall was captured */
#define T_DWIN (-2) /* two passes: the wall survives */
#define KO_NONE 15

/* A local position. */
typedef struct {
    uint8_t c[GO_ES_MAX];
    int outer, ko, side, passed; /* side: DEF or ATT */
} es_pos;

static uint32_t pos_key(const es_pos *s, int n) {
    uint32_t k = 0;
    for (int i = 0; i < n; i++) k |= (uint32_t)s->c[i] << (2 * i);
    k |= (uint32_t)s->outer << 16;
    k |= (uint32_t)s->ko << 19;
    k |= (uint32_t)(s->side == DEF) << 23;
    k |= (uint32_t)s->passed << 24;
    return k;
}

static void pos_decode(uint32_t k, int n, es_pos *s) {
    for (int i = 0; i < n; i++) s->c[i] = (uint8_t)((k >> (2 * i)) & 3);
    s->outer = (int)((k >> 16) & 7);
    s->ko = (int)((k >> 19) & 15);
    s->side = (k >> 23) & 1 ? DEF : ATT;
    s->passed = (int)((k >> 24) & 1);
}

static uint16_t mask_of(const es_pos *s, int n, int col) {
    uint16_t m = 0;
    for (int i = 0; i < n; i++)
        if (s->c[i] == col) m |= (uint16_t)(1u << i);
    return m;
}

/* The string through i within `same` (a colour mask). */
static uint16_t flood(const go_es_region *r, uint16_t same, int i) {
    uint16_t str = (uint16_t)(1u << i), front = str;
    while (front) {
        uint16_t grow = 0;
        for (int j = 0; j < r->n; j++)
            if (front >> j & 1) grow |= r->adj[j];
        grow &= same & (uint16_t)~str;
        str |= grow;
        front = grow;
    }
    return str;
}

static uint16_t libs_of(const go_es_region *r, uint16_t str, uint16_t empty) {
    uint16_t l = 0;
    for (int j = 0; j < r->n; j++)
        if (str >> j & 1) l |= r->adj[j];
    return l & empty;
}

/* The defender's stones joined to the wall: those connected in R to a point that
 * touches it (all of them one string with the wall). */
static uint16_t wall_group(const go_es_region *r, uint16_t def) {
    uint16_t g = 0;
    for (int j = 0; j < r->n; j++)
        if ((def & r->wall & (uint16_t)~g) >> j & 1) g |= flood(r, def, j);
    return g;
}

/* Liberties of the wall: points of R touching it or its stones in R, and the outer. */
static int wall_libs(const go_es_region *r, uint16_t def, uint16_t empty, int outer) {
    return __builtin_popcount(libs_of(r, wall_group(r, def), empty) | (r->wall & empty)) + outer;
}

/* Liberties of a defender string (the wall's when it touches the wall). */
static int def_libs(const go_es_region *r, uint16_t str, uint16_t def, uint16_t empty, int outer, bool *is_wall) {
    *is_wall = (str & r->wall) != 0;
    if (*is_wall) return wall_libs(r, def, empty, outer);
    return __builtin_popcount(libs_of(r, str, empty));
}

/* Plays move m (point, GO_ES_OUTER_MOVE, GO_ES_PASS_MOVE) for s->side into t.
 * Returns 1 (a position), 0 (illegal), T_AWIN or T_DWIN. */
static int play(const go_es_region *r, const es_pos *s, int m, int master, es_pos *t) {
    int n = r->n, me = s->side, you = me == DEF ? ATT : DEF;
    *t = *s;
    t->side = you;
    t->ko = KO_NONE;
    t->passed = 0;
    if (m == GO_ES_PASS_MOVE) {
        if (s->passed) return T_DWIN;
        t->passed = 1;
        return 1;
    }
    if (m == GO_ES_OUTER_MOVE) {
        if (s->outer == 0) return 0;
        t->outer--;
        int libs = wall_libs(r, mask_of(t, n, DEF), mask_of(t, n, EMPTY_), t->outer);
        if (libs == 0) return me == ATT ? T_AWIN : 0;
        return 1;
    }
    if (s->c[m] != EMPTY_) return 0;
    if (s->ko == m && master != (me == DEF ? GO_KO_MASTER_DEFENDER : GO_KO_MASTER_ATTACKER)) return 0;
    t->c[m] = (uint8_t)me;
    int removed = 0, last_removed = -1;
    uint16_t yours = mask_of(t, n, you);
    uint16_t done = 0;
    for (int j = 0; j < n; j++) {
        if (!(r->adj[m] >> j & 1) || !(yours >> j & 1) || (done >> j & 1)) continue;
        uint16_t str = flood(r, yours, j);
        done |= str;
        uint16_t empty = mask_of(t, n, EMPTY_);
        int libs;
        bool wall = false;
        if (you == DEF) libs = def_libs(r, str, mask_of(t, n, DEF), empty, t->outer, &wall);
        else libs = __builtin_popcount(libs_of(r, str, empty));
        if (libs) continue;
        if (wall) return T_AWIN;
        for (int k = 0; k < n; k++)
            if (str >> k & 1) {
                t->c[k] = EMPTY_;
                removed++;
                last_removed = k;
            }
    }
    /* A wall touching m has its own liberties even with no inner stone: the attacker
     * filling the wall's last liberty in R captures it. */
    if (me == ATT && wall_libs(r, mask_of(t, n, DEF), mask_of(t, n, EMPTY_), t->outer) == 0) return T_AWIN;
    uint16_t mine = mask_of(t, n, me), empty = mask_of(t, n, EMPTY_);
    uint16_t str = flood(r, mine, m);
    int libs;
    bool wall = false;
    if (me == DEF) libs = def_libs(r, str, mine, empty, t->outer, &wall);
    else libs = __builtin_popcount(libs_of(r, str, empty));
    if (libs == 0) return 0; /* suicide */
    if (removed == 1 && str == (uint16_t)(1u << m) && !wall && libs == 1) t->ko = last_removed;
    return 1;
}

/* Open-addressing map from key to node index. */
typedef struct {
    uint32_t *keys;
    int32_t *vals;
    uint32_t cap;
} es_map;

static int map_init(es_map *m, uint32_t cap) {
    m->cap = cap;
    m->keys = calloc(cap, sizeof *m->keys);
    m->vals = malloc(cap * sizeof *m->vals);
    if (!m->keys || !m->vals) return 0;
    memset(m->vals, -1, cap * sizeof *m->vals);
    return 1;
}

static void map_free(es_map *m) {
    free(m->keys);
    free(m->vals);
}

static uint32_t slot_of(const es_map *m, uint32_t key) {
    uint32_t h = (key * 2654435761u) & (m->cap - 1);
    while (m->vals[h] >= 0 && m->keys[h] != key) h = (h + 1) & (m->cap - 1);
    return h;
}

static bool grow(void **p, size_t elem, int *cap, int need) {
    if (need <= *cap) return true;
    int nc = *cap ? *cap * 2 : 1024;
    while (nc < need) nc *= 2;
    void *q = realloc(*p, (size_t)nc * elem);
    if (!q) return false;
    *p = q;
    *cap = nc;
    return true;
}

typedef struct {
    int n;
    uint32_t *keys;
    int keycap;
    int *first; /* first edge of node i; edges of i are first[i] .. first[i+1]-1 */
    int firstcap;
    int32_t *edge; /* successor node, or T_AWIN / T_DWIN */
    uint8_t *emove;
    int nedges, edgecap, emovecap;
} es_graph;

bool go_es_solve(const go_es_region *r, bool defender_to_move, int ko_master, go_es_result *out) {
    memset(out, 0, sizeof *out);
    if (r->n < 1 || r->n > GO_ES_MAX || r->outer < 0) {
        out->too_big = true;
        return false;
    }
    int n = r->n;
    es_pos root;
    memset(&root, 0, sizeof root);
    for (int i = 0; i < n; i++) {
        if (r->content[i] > ATT) {
            out->too_big = true;
            return false;
        }
        root.c[i] = r->content[i];
    }
    root.outer = r->outer > GO_ES_OUTER_MAX ? GO_ES_OUTER_MAX : r->outer;
    root.ko = r->ko >= 0 && r->ko < n ? r->ko : KO_NONE;
    root.side = defender_to_move ? DEF : ATT;
    root.passed = 0;

    es_map map;
    es_graph g;
    memset(&g, 0, sizeof g);
    bool ok = map_init(&map, 1u << 12) != 0;
    uint32_t rk = pos_key(&root, n);
    if (ok && grow((void **)&g.keys, sizeof *g.keys, &g.keycap, 1)) {
        g.keys[0] = rk;
        g.n = 1;
        uint32_t h = slot_of(&map, rk);
        map.keys[h] = rk;
        map.vals[h] = 0;
    } else {
        ok = false;
    }
    /* Breadth-first expansion; node i's edges are appended when it is expanded, in
     * node order, so first[] is monotone. */
    for (int i = 0; ok && i < g.n; i++) {
        if (!grow((void **)&g.first, sizeof *g.first, &g.firstcap, i + 2)) {
            ok = false;
            break;
        }
        g.first[i] = g.nedges;
        es_pos s, t;
        pos_decode(g.keys[i], n, &s);
        for (int m = 0; m < GO_ES_MAX + 2; m++) {
            if (m < GO_ES_MAX && m >= n) continue;
            int res = play(r, &s, m, ko_master, &t);
            if (res == 0) continue;
            int32_t to = res;
            if (res == 1) {
                uint32_t k = pos_key(&t, n);
                if ((uint32_t)g.n * 2 >= map.cap) {
                    /* Rehash into a map twice as large. */
                    es_map big;
                    if (!map_init(&big, map.cap * 2)) {
                        ok = false;
                        break;
                    }
                    for (int j = 0; j < g.n; j++) {
                        uint32_t h2 = slot_of(&big, g.keys[j]);
                        big.keys[h2] = g.keys[j];
                        big.vals[h2] = j;
                    }
                    map_free(&map);
                    map = big;
                }
                uint32_t h = slot_of(&map, k);
                if (map.vals[h] < 0) {
                    if (g.n >= STATE_LIMIT || !grow((void **)&g.keys, sizeof *g.keys, &g.keycap, g.n + 1)) {
                        ok = false;
                        break;
                    }
                    map.keys[h] = k;
                    map.vals[h] = g.n;
                    g.keys[g.n++] = k;
                }
                to = map.vals[h];
            }
            if (!grow((void **)&g.edge, sizeof *g.edge, &g.edgecap, g.nedges + 1)) {
                ok = false;
                break;
            }
            if (!grow((void **)&g.emove, sizeof *g.emove, &g.emovecap, g.nedges + 1)) {
                ok = false;
                break;
            }
            g.edge[g.nedges] = to;
            g.emove[g.nedges++] = (uint8_t)m;
        }
    }
    if (ok) g.first[g.n] = g.nedges;
    map_free(&map);

    uint8_t *awin = NULL;
    int *count = NULL, *rfirst = NULL, *redge = NULL, *queue = NULL;
    if (ok) {
        awin = calloc((size_t)g.n, 1);
        count = calloc((size_t)g.n, sizeof *count);
        rfirst = calloc((size_t)g.n + 1, sizeof *rfirst);
        redge = malloc((size_t)(g.nedges ? g.nedges : 1) * sizeof *redge);
        queue = malloc((size_t)g.n * sizeof *queue);
        ok = awin && count && rfirst && redge && queue;
    }
    if (ok) {
        /* Reverse edges (predecessors), then the attractor by a work queue: an
         * attacker node is won when one successor is; a defender node when all are. */
        for (int e = 0; e < g.nedges; e++)
            if (g.edge[e] >= 0) rfirst[g.edge[e] + 1]++;
        for (int i = 0; i < g.n; i++) rfirst[i + 1] += rfirst[i];
        int *fill = calloc((size_t)g.n, sizeof *fill);
        if (!fill) ok = false;
        int qh = 0, qt = 0;
        for (int i = 0; ok && i < g.n; i++) {
            bool att = ((g.keys[i] >> 23) & 1) == 0;
            int nonterm_or_dwin = 0;
            bool has_awin = false;
            for (int e = g.first[i]; e < g.first[i + 1]; e++) {
                int32_t to = g.edge[e];
                if (to >= 0) redge[rfirst[to] + fill[to]++] = i;
                if (to == T_AWIN) has_awin = true;
                else nonterm_or_dwin++;
            }
            count[i] = nonterm_or_dwin;
            if ((att && has_awin) || (!att && nonterm_or_dwin == 0)) {
                awin[i] = 1;
                queue[qt++] = i;
            }
        }
        free(fill);
        while (ok && qh < qt) {
            int v = queue[qh++];
            for (int k = rfirst[v]; k < rfirst[v + 1]; k++) {
                int u = redge[k];
                if (awin[u]) continue;
                bool att = ((g.keys[u] >> 23) & 1) == 0;
                if (att || --count[u] == 0) {
                    awin[u] = 1;
                    queue[qt++] = u;
                }
            }
        }
    }
    if (ok) {
        out->defender_wins = !awin[0];
        out->states = g.n;
        bool def = defender_to_move;
        for (int e = g.first[0]; e < g.first[1]; e++) {
            int32_t to = g.edge[e];
            bool a = to == T_AWIN || (to >= 0 && awin[to]);
            if (def ? !a : a) out->winning |= (uint16_t)(1u << g.emove[e]);
        }
        if (def != out->defender_wins) out->winning = 0;
    } else {
        out->too_big = true;
    }
    free(awin);
    free(count);
    free(rfirst);
    free(redge);
    free(queue);
    free(g.keys);
    free(g.first);
    free(g.edge);
    free(g.emove);
    return ok;
}

bool go_es_classify(const go_es_region *r, go_es_status *out) {
    memset(out, 0, sizeof *out);
    go_es_result res[2][2]; /* [defender to move][master is attacker] */
    for (int d = 0; d < 2; d++)
        for (int a = 0; a < 2; a++)
            if (!go_es_solve(r, d, a ? GO_KO_MASTER_ATTACKER : GO_KO_MASTER_DEFENDER, &res[d][a])) return false;
    if (res[0][0].defender_wins != res[0][1].defender_wins || res[1][0].defender_wins != res[1][1].defender_wins) {
        out->status = GO_SHAPE_KO;
        return true;
    }
    bool att_first = res[0][0].defender_wins, def_first = res[1][0].defender_wins;
    /* Winning moves that win whoever is ko master: the intersection. */
    uint16_t live = res[1][0].winning & res[1][1].winning;
    uint16_t kill = res[0][0].winning & res[0][1].winning;
    if (att_first && def_first) {
        out->status = GO_SHAPE_ALIVE;
        out->live = live;
    } else if (!att_first && !def_first) {
        out->status = GO_SHAPE_DEAD;
        out->kill = kill;
    } else if (!att_first && def_first) {
        out->status = GO_SHAPE_UNSETTLED;
        out->kill = kill;
        out->live = live;
    } else {
        out->status = GO_SHAPE_UNKNOWN;
    }
    return true;
}

/* ---- The solver on a real board ---- */

bool go_es_from_board(const go_board *b, go_point w, go_point p, go_color to_move, go_es_region *r,
                      go_point *pts) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    memset(r, 0, sizeof *r);
    r->ko = -1;
    go_color c = go_board_at(b, w);
    if (c != GO_BLACK && c != GO_WHITE) return false;
    go_point h = go_head_fast(b, w);
    if (go_board_at(b, p) == GO_BORDER || (go_at(b, p) == c && go_head_fast(b, p) == h)) return false;
    int n = 0;
    pts[n++] = p;
    for (int i = 0; i < n; i++) {
        for (int d = 0; d < 4; d++) {
            go_point q = pts[i] + dirs[d];
            go_color k = go_at(b, q);
            if (k == GO_BORDER) continue;
            if (k == c && go_head_fast(b, q) == h) {
                r->wall |= (uint16_t)(1u << i);
                continue;
            }
            bool seen = false;
            for (int j = 0; j < n; j++) seen |= pts[j] == q;
            if (seen) continue;
            if (n == GO_ES_MAX) return false;
            pts[n++] = q;
        }
    }
    r->n = n;
    int inner_libs = 0;
    for (int i = 0; i < n; i++) {
        go_color k = go_at(b, pts[i]);
        r->content[i] = k == GO_EMPTY ? 0 : k == c ? 1 : 2;
        if (k == GO_EMPTY && (r->wall >> i & 1)) inner_libs++;
        for (int j = 0; j < n; j++)
            for (int d = 0; d < 4; d++)
                if (pts[i] + dirs[d] == pts[j]) r->adj[i] |= (uint16_t)(1u << j);
    }
    r->outer = go_string_libs(b, w) - inner_libs;
    if (r->outer > GO_ES_OUTER_MAX) r->outer = GO_ES_OUTER_MAX;
    go_point ko = go_board_ko(b);
    if (ko != GO_NO_POINT && b->ko_color == to_move)
        for (int i = 0; i < n; i++)
            if (pts[i] == ko) r->ko = i;
    return true;
}

/* Solves the region for `to_move` under both ko masters. Returns 1 when the defender
 * wins under both, -1 when the attacker does, 0 otherwise (ko, too big); *win gets the
 * moves of to_move that win under both. */
static int solve_both(const go_es_region *r, bool def_to_move, uint16_t *win) {
    go_es_result a, d;
    *win = 0;
    if (!go_es_solve(r, def_to_move, GO_KO_MASTER_ATTACKER, &a)) return 0;
    if (!go_es_solve(r, def_to_move, GO_KO_MASTER_DEFENDER, &d)) return 0;
    if (a.defender_wins != d.defender_wins) return 0;
    *win = a.winning & d.winning;
    return a.defender_wins ? 1 : -1;
}

static int moves_out(const go_es_region *r, const go_point *pts, go_point outer_pt, uint16_t win,
                     go_point *moves) {
    int k = 0;
    for (int i = 0; i < r->n; i++)
        if (win >> i & 1) moves[k++] = pts[i];
    if ((win >> GO_ES_OUTER_MOVE & 1) && outer_pt != GO_NO_POINT) moves[k++] = outer_pt;
    if (win >> GO_ES_PASS_MOVE & 1) moves[k++] = GO_PASS;
    return k;
}

int go_life_status(const go_board *b, go_point v, go_color to_move, go_point *moves, int *nmoves) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    if (nmoves) *nmoves = 0;
    go_color c = go_board_at(b, v);
    if (c != GO_BLACK && c != GO_WHITE) return GO_LIFE_UNKNOWN;
    go_color e = go_other(c);
    uint8_t alive[GO_MAX_POINTS];
    go_benson(b, c, alive, NULL);
    if (alive[v]) return GO_LIFE_ALIVE;
    go_point h = go_head_fast(b, v);
    bool def = to_move == c;

    /* The non-wall neighbours of the wall, grouped into regions through non-wall points;
     * small enclosed regions are eye spaces. */
    go_point stones[GO_MAX_POINTS], libs[GO_MAX_POINTS];
    int ns = go_string_stones(b, v, stones, GO_MAX_POINTS);
    int nl = go_string_liberties(b, v, libs, GO_MAX_POINTS);
    uint8_t in_space[GO_MAX_POINTS];
    memset(in_space, 0, sizeof in_space);
    int nspaces = 0;
    go_es_region space, r;
    go_point space_pts[GO_ES_MAX], pts[GO_ES_MAX];
    bool others_dead_end = true;
    uint8_t enemy_alive[GO_MAX_POINTS];
    bool have_enemy_alive = false;
    for (int i = 0; i < ns; i++) {
        for (int d = 0; d < 4; d++) {
            go_point q = stones[i] + dirs[d];
            go_color k = go_at(b, q);
            if (k == GO_BORDER || (k == c && go_head_fast(b, q) == h) || in_space[q]) continue;
            if (go_es_from_board(b, v, q, to_move, &r, pts)) {
                for (int j = 0; j < r.n; j++) in_space[pts[j]] = 1;
                uint16_t win;
                int res = solve_both(&r, def, &win);
                if (res == 1) {
                    if (nmoves && moves && def) {
                        go_point outer_pt = GO_NO_POINT;
                        for (int j = 0; j < nl && outer_pt == GO_NO_POINT; j++)
                            if (!in_space[libs[j]]) outer_pt = libs[j];
                        *nmoves = moves_out(&r, pts, outer_pt, win, moves);
                    }
                    return GO_LIFE_ALIVE;
                }
                nspaces++;
                space = r;
                memcpy(space_pts, pts, sizeof pts);
                continue;
            }
            /* Not an eye space: an outer liberty or an enemy stone, which must leave
             * the wall no way out for a proof of death. */
            if (!have_enemy_alive) {
                go_benson(b, e, enemy_alive, NULL);
                have_enemy_alive = true;
            }
            if (k == e) {
                if (!enemy_alive[q]) others_dead_end = false;
            } else if (k == GO_EMPTY) {
                for (int d2 = 0; d2 < 4; d2++) {
                    go_point q2 = q + dirs[d2];
                    go_color k2 = go_at(b, q2);
                    if (k2 == GO_BORDER || (k2 == c && go_head_fast(b, q2) == h)) continue;
                    if (k2 != e || !enemy_alive[q2]) others_dead_end = false;
                }
            } else {
                others_dead_end = false;
            }
        }
    }
    if (nspaces != 1 || !others_dead_end) return GO_LIFE_UNKNOWN;
    uint16_t win;
    if (solve_both(&space, def, &win) != -1) return GO_LIFE_UNKNOWN;
    if (nmoves && moves && !def) {
        go_point outer_pt = GO_NO_POINT;
        for (int j = 0; j < nl && outer_pt == GO_NO_POINT; j++)
            if (!in_space[libs[j]]) outer_pt = libs[j];
        *nmoves = moves_out(&space, space_pts, outer_pt, win, moves);
    }
    return GO_LIFE_DEAD;
}
