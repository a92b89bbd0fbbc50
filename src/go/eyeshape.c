/* The exact eye-space solver: every reachable local position of a small region
 * enclosed by one defender string, solved by retrograde analysis (attacker's
 * attractor: the positions from which the attacker can force the capture of the wall).
 * Contracts in go/eyes.h. */
#include "go/eyes.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { EMPTY_ = 0, DEF = 1, ATT = 2 };
#define STATE_LIMIT (1 << 21)
#define T_AWIN (-1) /* the wall was captured */
#define T_DWIN (-2) /* two passes: the wall survives */
#define KO_NONE 15

/* A local position: the defender's and the attacker's stones as masks over R. */
typedef struct {
    uint16_t d, a;
    int outer, ko, side, passed; /* side: DEF or ATT */
} es_pos;

/* The region with its neighbour table: nb[m] = points next to some point of m. */
typedef struct {
    const go_es_region *r;
    uint16_t full;
    uint16_t nb[1 << GO_ES_MAX];
} es_geom;

static void geom_init(es_geom *g, const go_es_region *r) {
    g->r = r;
    g->full = (uint16_t)((1u << r->n) - 1);
    g->nb[0] = 0;
    for (uint32_t m = 1; m < (1u << r->n); m++) {
        int low = __builtin_ctz(m);
        g->nb[m] = (uint16_t)(g->nb[m & (m - 1)] | r->adj[low]);
    }
}

static uint32_t pos_key(const es_pos *s) {
    return (uint32_t)s->d | (uint32_t)s->a << 8 | (uint32_t)s->outer << 16 | (uint32_t)s->ko << 19 |
        (uint32_t)(s->side == DEF) << 23 | (uint32_t)s->passed << 24;
}

static void pos_decode(uint32_t k, es_pos *s) {
    s->d = (uint16_t)(k & 0xff);
    s->a = (uint16_t)(k >> 8 & 0xff);
    s->outer = (int)((k >> 16) & 7);
    s->ko = (int)((k >> 19) & 15);
    s->side = (k >> 23) & 1 ? DEF : ATT;
    s->passed = (int)((k >> 24) & 1);
}

/* The stones of `same` connected to `start` (a non-empty subset of same). */
static uint16_t flood(const es_geom *g, uint16_t same, uint16_t start) {
    uint16_t str = start;
    for (;;) {
        uint16_t more = (uint16_t)(str | (g->nb[str] & same));
        if (more == str) return str;
        str = more;
    }
}

/* Liberties of the wall: points of R touching it or its stones in R, and the outer.
 * The wall's stones in R: the defender's stones connected in R to a point touching it. */
static int wall_libs(const es_geom *g, uint16_t d, uint16_t empty, int outer) {
    uint16_t start = d & g->r->wall;
    uint16_t wg = start ? flood(g, d, start) : 0;
    return __builtin_popcount((g->nb[wg] | g->r->wall) & empty) + outer;
}

/* Plays move m (point, GO_ES_OUTER_MOVE, GO_ES_PASS_MOVE) for s->side into t.
 * Returns 1 (a position), 0 (illegal), T_AWIN or T_DWIN. */
static int play(const es_geom *g, const es_pos *s, int m, int master, es_pos *t) {
    const go_es_region *r = g->r;
    int me = s->side;
    *t = *s;
    t->side = me == DEF ? ATT : DEF;
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
        int libs = wall_libs(g, t->d, (uint16_t)(g->full & ~(t->d | t->a)), t->outer);
        if (libs == 0) return me == ATT ? T_AWIN : 0;
        return 1;
    }
    uint16_t bit = (uint16_t)(1u << m);
    if ((s->d | s->a) & bit) return 0;
    if (s->ko == m && master != (me == DEF ? GO_KO_MASTER_DEFENDER : GO_KO_MASTER_ATTACKER)) return 0;
    uint16_t *mine = me == DEF ? &t->d : &t->a, *yours = me == DEF ? &t->a : &t->d;
    *mine |= bit;
    uint16_t empty = (uint16_t)(g->full & ~(t->d | t->a));
    /* Captures: enemy strings next to m left without liberties. */
    int removed = 0, last_removed = -1;
    uint16_t todo = r->adj[m] & *yours;
    while (todo) {
        uint16_t str = flood(g, *yours, (uint16_t)(todo & -todo));
        todo &= (uint16_t)~str;
        if (me == ATT && (str & r->wall)) continue; /* the wall: checked below */
        if (g->nb[str] & empty) continue;
        *yours &= (uint16_t)~str;
        removed += __builtin_popcount(str);
        last_removed = __builtin_ctz(str);
    }
    empty = (uint16_t)(g->full & ~(t->d | t->a));
    if (me == ATT && wall_libs(g, t->d, empty, t->outer) == 0) return T_AWIN;
    uint16_t str = flood(g, *mine, bit);
    bool wall = me == DEF && (str & r->wall);
    int libs = wall ? wall_libs(g, t->d, empty, t->outer) : __builtin_popcount(g->nb[str] & empty);
    if (libs == 0) return 0; /* suicide */
    if (removed == 1 && str == bit && !wall && libs == 1) t->ko = last_removed;
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

/* Mixes every bit of a position key into the low bits (a product alone leaves
 * the low slot bits depending on the low key bits only: long probe runs). */
static uint32_t key_mix(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static uint32_t slot_of(const es_map *m, uint32_t key) {
    uint32_t h = key_mix(key) & (m->cap - 1);
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

/* Benson's algorithm inside R for a position with no attacker stone: is the wall
 * unconditionally alive? Strings: the wall (with its stones in R) and the defender's
 * inner strings; regions: the connected sets of empty points of R (R is enclosed by
 * the wall, so these are the board's regions; the outside is never vital to them). */
static bool wall_benson(const es_geom *g, uint16_t d) {
    const go_es_region *r = g->r;
    uint16_t full = g->full, empty = (uint16_t)(full & ~d);
    uint16_t touch[GO_ES_MAX + 1]; /* points of R next to each string */
    int ns = 0;
    uint16_t wg = (d & r->wall) ? flood(g, d, (uint16_t)(d & r->wall)) : 0;
    touch[ns++] = (uint16_t)((g->nb[wg] | r->wall) & empty);
    for (uint16_t rest = (uint16_t)(d & ~wg); rest;) {
        uint16_t str = flood(g, rest, (uint16_t)(rest & -rest));
        rest &= (uint16_t)~str;
        touch[ns++] = (uint16_t)(g->nb[str] & empty);
    }
    uint16_t regs[GO_ES_MAX];
    int nr = 0;
    for (uint16_t rest = empty; rest;) {
        uint16_t reg = flood(g, rest, (uint16_t)(rest & -rest));
        rest &= (uint16_t)~reg;
        regs[nr++] = reg;
    }
    bool alive[GO_ES_MAX + 1], kept[GO_ES_MAX];
    for (int i = 0; i < ns; i++) alive[i] = true;
    for (int j = 0; j < nr; j++) kept[j] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < ns; i++) {
            if (!alive[i]) continue;
            int vital = 0;
            for (int j = 0; j < nr; j++) vital += kept[j] && (regs[j] & ~touch[i]) == 0;
            if (vital < 2) {
                alive[i] = false;
                changed = true;
            }
        }
        for (int j = 0; j < nr; j++) {
            if (!kept[j]) continue;
            for (int i = 0; i < ns; i++)
                if (!alive[i] && (regs[j] & touch[i])) {
                    kept[j] = false;
                    changed = true;
                    break;
                }
        }
    }
    return alive[0];
}

/* A per-thread cache of answers, keyed by the whole problem (exact bytes, so a hit is
 * the same question, never a collision). */
#define CACHE_SLOTS 8192
#define KEY_BYTES 32
typedef struct {
    uint8_t key[KEY_BYTES];
    bool used;
    go_es_result res;
} es_cache_entry;
static _Thread_local es_cache_entry es_cache[CACHE_SLOTS];

static uint32_t problem_key(const go_es_region *r, bool def, int master, uint8_t *k) {
    memset(k, 0, KEY_BYTES);
    int n = r->n, i = 0;
    k[i++] = (uint8_t)n;
    for (int j = 0; j < n; j++) {
        k[i++] = (uint8_t)(r->adj[j] & 0xff);
        k[i++] = r->content[j];
    }
    k[i++] = (uint8_t)(r->wall & 0xff);
    k[i++] = (uint8_t)(r->outer > GO_ES_OUTER_MAX ? GO_ES_OUTER_MAX : r->outer);
    k[i++] = (uint8_t)(r->ko >= 0 && r->ko < n ? r->ko : 0xff);
    k[i++] = (uint8_t)(def ? 1 : 0);
    k[i++] = (uint8_t)master;
    /* The key's four words mixed, not its bytes one at a time (a byte-wise FNV was
     * 1.7% of the solver's instructions, callgrind, first 3 in10 at 100k, 2026-11-27).
     * A hit still compares the whole key, so the hash only picks the slot. */
    uint64_t w[KEY_BYTES / 8];
    memcpy(w, k, KEY_BYTES);
    uint64_t h = w[0];
    for (int j = 1; j < KEY_BYTES / 8; j++) h = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9u ^ w[j];
    h = (h ^ (h >> 32)) * 0x94d049bb133111ebu;
    return (uint32_t)(h >> 32);
}

/* A per-thread cache of solved graphs, one per shape (points, adjacency, wall, ko
 * master): a node's value depends only on its successors, never on the root the graph
 * was grown from, so a later question whose root is a node of the graph (another
 * starting content, fewer outer liberties, the other side to move) is answered from
 * it without a solve. Values: bit 0 awin, bit 1 clean. Graphs above SHAPE_MAX_STATES
 * are not kept, and the whole cache is dropped past SHAPE_BUDGET nodes, to bound the
 * memory. */
#define SHAPE_SLOTS 1024
#define SHAPE_MAX_STATES (1 << 16)
#define SHAPE_BUDGET (1 << 22)
typedef struct {
    uint8_t key[KEY_BYTES];
    uint32_t cap; /* 0: unused */
    int states;
    uint32_t *keys; /* open addressing as es_map; vals[h] == 0xff: empty slot */
    uint8_t *vals;
} es_shape_entry;
static _Thread_local es_shape_entry es_shapes[SHAPE_SLOTS];
static _Thread_local long es_shape_nodes;

static void shape_drop(es_shape_entry *e) {
    free(e->keys);
    free(e->vals);
    es_shape_nodes -= e->cap;
    memset(e, 0, sizeof *e);
}

static uint32_t shape_slot(const es_shape_entry *e, uint32_t key) {
    uint32_t h = key_mix(key) & (e->cap - 1);
    while (e->vals[h] != 0xff && e->keys[h] != key) h = (h + 1) & (e->cap - 1);
    return h;
}

/* The value bits of node key in e's graph, or -1 when it is not a node. */
static int shape_value(const es_shape_entry *e, uint32_t key) {
    uint32_t h = shape_slot(e, key);
    return e->vals[h] == 0xff ? -1 : e->vals[h];
}

static uint32_t shape_key(const go_es_region *r, int master, uint8_t *k) {
    memset(k, 0, KEY_BYTES);
    int n = r->n, i = 0;
    k[i++] = (uint8_t)n;
    for (int j = 0; j < n; j++) k[i++] = (uint8_t)(r->adj[j] & 0xff);
    k[i++] = (uint8_t)(r->wall & 0xff);
    k[i++] = (uint8_t)master;
    uint32_t h = 2166136261u;
    for (int j = 0; j < i; j++) h = (h ^ k[j]) * 16777619u;
    return h;
}

/* A solved graph handed out by es_solve_uncached: its node keys and value bits. */
typedef struct {
    uint32_t *keys;
    uint8_t *vals;
    int n;
} es_solved;

static bool es_solve_uncached(const go_es_region *r, bool defender_to_move, int ko_master, go_es_result *out,
                              es_solved *keep, const es_shape_entry *known);
static bool es_root(const go_es_region *r, bool defender_to_move, es_pos *root);

void go_es_cache_clear(void) {
    memset(es_cache, 0, sizeof es_cache);
    for (int i = 0; i < SHAPE_SLOTS; i++)
        if (es_shapes[i].cap) shape_drop(&es_shapes[i]);
}

/* Answers from e's graph when the root is one of its nodes. */
static bool shape_answer(const es_shape_entry *e, const go_es_region *r, bool defender_to_move, int ko_master,
                         go_es_result *out) {
    es_pos root, t;
    if (!es_root(r, defender_to_move, &root)) return false;
    int v = shape_value(e, pos_key(&root));
    if (v < 0) return false;
    es_geom *geom = malloc(sizeof *geom);
    if (!geom) return false;
    geom_init(geom, r);
    memset(out, 0, sizeof *out);
    out->defender_wins = !(v & 1);
    out->clean_life = (v >> 1) & 1;
    out->states = e->states;
    for (int m = 0; m < GO_ES_MAX + 2; m++) {
        if (m < GO_ES_MAX && m >= r->n) continue;
        int res = play(geom, &root, m, ko_master, &t);
        if (res == 0) continue;
        bool a = res == T_AWIN || (res == 1 && (shape_value(e, pos_key(&t)) & 1));
        if (defender_to_move ? !a : a) out->winning |= (uint16_t)(1u << m);
    }
    if (defender_to_move != out->defender_wins) out->winning = 0;
    free(geom);
    return true;
}

/* Stores the graph sv for the shape key in e, with the nodes of e's graph when e
 * holds the same shape (sv then grew from a new root, stopping at e's nodes). */
static void shape_store(es_shape_entry *e, const uint8_t *key, es_solved *sv) {
    uint32_t *okeys = NULL;
    uint8_t *ovals = NULL;
    uint32_t ocap = 0;
    if (e->cap && memcmp(e->key, key, KEY_BYTES) == 0 && (uint32_t)(e->states + sv->n) * 2 <= e->cap) {
        /* Room (the table stays at most half full, as sized below): the new nodes go
         * in beside the old ones. Copying the whole table into one at least twice as
         * large at each store (which soon passed SHAPE_MAX_STATES: the graph was then
         * dropped and solved again) cost 4.9% of the solver's instructions (callgrind,
         * first 3 in10 at 100k, 2026-11-27); a lookup finds the same values either way. */
        for (int j = 0; j < sv->n; j++) {
            uint32_t h = shape_slot(e, sv->keys[j]);
            e->states += e->vals[h] == 0xff;
            e->keys[h] = sv->keys[j];
            e->vals[h] = sv->vals[j];
        }
        return;
    }
    if (e->cap && memcmp(e->key, key, KEY_BYTES) == 0 && e->states + sv->n <= SHAPE_MAX_STATES) {
        okeys = e->keys;
        ovals = e->vals;
        ocap = e->cap;
        es_shape_nodes -= e->cap;
        memset(e, 0, sizeof *e);
    } else if (e->cap) {
        shape_drop(e);
    }
    int total = sv->n + (int)(ocap / 2);
    uint32_t cap = 16;
    while (cap < (uint32_t)total * 2) cap *= 2;
    if (total > SHAPE_MAX_STATES) cap = 0;
    if (cap && es_shape_nodes + cap > SHAPE_BUDGET)
        for (int i = 0; i < SHAPE_SLOTS; i++)
            if (es_shapes[i].cap) shape_drop(&es_shapes[i]);
    e->keys = cap ? malloc(cap * sizeof *e->keys) : NULL;
    e->vals = cap ? malloc(cap) : NULL;
    if (!e->keys || !e->vals) {
        free(e->keys);
        free(e->vals);
        e->keys = NULL;
        e->vals = NULL;
        free(okeys);
        free(ovals);
        return;
    }
    memset(e->vals, 0xff, cap);
    e->cap = cap;
    es_shape_nodes += cap;
    memcpy(e->key, key, KEY_BYTES);
    int states = 0;
    for (uint32_t j = 0; j < ocap + (uint32_t)sv->n; j++) {
        uint32_t k;
        uint8_t v;
        if (j < ocap) {
            if (ovals[j] == 0xff) continue;
            k = okeys[j];
            v = ovals[j];
        } else {
            k = sv->keys[j - ocap];
            v = sv->vals[j - ocap];
        }
        uint32_t h = shape_slot(e, k);
        states += e->vals[h] == 0xff;
        e->keys[h] = k;
        e->vals[h] = v;
    }
    e->states = states;
    free(okeys);
    free(ovals);
}

bool go_es_solve(const go_es_region *r, bool defender_to_move, int ko_master, go_es_result *out) {
    memset(out, 0, sizeof *out);
    if (r->n < 1 || r->n > GO_ES_MAX) {
        out->too_big = true;
        return false;
    }
    uint8_t key[KEY_BYTES];
    es_cache_entry *e = &es_cache[problem_key(r, defender_to_move, ko_master, key) % CACHE_SLOTS];
    if (e->used && memcmp(e->key, key, KEY_BYTES) == 0) {
        *out = e->res;
        return true;
    }
    uint8_t skey[KEY_BYTES];
    es_shape_entry *se = &es_shapes[shape_key(r, ko_master, skey) % SHAPE_SLOTS];
    bool answered = se->cap && memcmp(se->key, skey, KEY_BYTES) == 0 &&
        shape_answer(se, r, defender_to_move, ko_master, out);
    if (!answered) {
        es_solved sv = {NULL, NULL, 0};
        bool same = se->cap && memcmp(se->key, skey, KEY_BYTES) == 0;
        bool ok = es_solve_uncached(r, defender_to_move, ko_master, out, &sv, same ? se : NULL);
        if (ok && sv.keys) shape_store(se, skey, &sv);
        free(sv.keys);
        free(sv.vals);
        if (!ok) return false;
    }
    memcpy(e->key, key, KEY_BYTES);
    e->res = *out;
    e->used = true;
    return true;
}

/* The root position of a question; false when the region is invalid. */
static bool es_root(const go_es_region *r, bool defender_to_move, es_pos *root) {
    if (r->n < 1 || r->n > GO_ES_MAX || r->outer < 0) return false;
    int n = r->n;
    memset(root, 0, sizeof *root);
    for (int i = 0; i < n; i++) {
        if (r->content[i] > ATT) return false;
        if (r->content[i] == DEF) root->d |= (uint16_t)(1u << i);
        if (r->content[i] == ATT) root->a |= (uint16_t)(1u << i);
    }
    root->outer = r->outer > GO_ES_OUTER_MAX ? GO_ES_OUTER_MAX : r->outer;
    root->ko = r->ko >= 0 && r->ko < n ? r->ko : KO_NONE;
    root->side = defender_to_move ? DEF : ATT;
    root->passed = 0;
    return true;
}

/* keep (when the solve succeeds) gets the graph's node keys and value bits, to be
 * freed by the caller. known (may be NULL) is a solved graph of the same shape: its
 * nodes are met as leaves of known value, not expanded again. */
static bool es_solve_uncached(const go_es_region *r, bool defender_to_move, int ko_master, go_es_result *out,
                              es_solved *keep, const es_shape_entry *known) {
    memset(out, 0, sizeof *out);
    int n = r->n;
    es_pos root;
    if (!es_root(r, defender_to_move, &root)) {
        out->too_big = true;
        return false;
    }
    es_geom *geom = malloc(sizeof *geom);
    if (!geom) {
        out->too_big = true;
        return false;
    }
    geom_init(geom, r);

    es_map map;
    es_graph g;
    memset(&g, 0, sizeof g);
    uint8_t *kval = NULL; /* per node: the known value bits, 0xff when expanded here */
    int kvalcap = 0;
    bool ok = map_init(&map, 1u << 12) != 0 && grow((void **)&kval, 1, &kvalcap, 1);
    if (ok) kval[0] = 0xff; /* the root is not known (else the shape cache answered) */
    uint32_t rk = pos_key(&root);
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
        if (kval[i] != 0xff) continue;
        es_pos s, t;
        pos_decode(g.keys[i], &s);
        for (int m = 0; m < GO_ES_MAX + 2; m++) {
            if (m < GO_ES_MAX && m >= n) continue;
            int res = play(geom, &s, m, ko_master, &t);
            if (res == 0) continue;
            int32_t to = res;
            if (res == 1) {
                uint32_t k = pos_key(&t);
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
                    if (g.n >= STATE_LIMIT || !grow((void **)&g.keys, sizeof *g.keys, &g.keycap, g.n + 1) ||
                        !grow((void **)&kval, 1, &kvalcap, g.n + 1)) {
                        ok = false;
                        break;
                    }
                    int kv = known ? shape_value(known, k) : -1;
                    kval[g.n] = kv < 0 ? 0xff : (uint8_t)kv;
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
        int *fill = calloc(g.n > 0 ? (size_t)g.n : 1, sizeof *fill);
        if (!fill) ok = false;
        int qh = 0, qt = 0;
        for (int i = 0; ok && i < g.n; i++) {
            bool att = ((g.keys[i] >> 23) & 1) == 0;
            int nonterm_or_dwin = 0;
            bool has_awin = false;
            for (int e = g.first[i]; e < g.first[i + 1]; e++) {
                int32_t to = g.edge[e];
                if (to >= 0) redge[rfirst[to] + fill[to]++] = i;
                if (to == T_AWIN)
                    has_awin = true;
                else
                    nonterm_or_dwin++;
            }
            count[i] = nonterm_or_dwin;
            if (kval[i] != 0xff ? (kval[i] & 1) : (att && has_awin) || (!att && nonterm_or_dwin == 0)) {
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
        /* Clean life: the defender forces a position with no attacker stone in R and
         * the wall Benson-alive (least fixed point for the defender; a double pass or
         * endless play without it counts against him). */
        size_t nn = g.n > 0 ? (size_t)g.n : 1;
        uint8_t *clean = calloc(nn, 1);
        int *cnt2 = calloc(nn, sizeof *cnt2);
        if (clean && cnt2) {
            int qh = 0, qt = 0;
            for (int i = 0; i < g.n; i++) {
                es_pos p;
                pos_decode(g.keys[i], &p);
                cnt2[i] = g.first[i + 1] - g.first[i];
                if (kval[i] != 0xff ? (kval[i] >> 1 & 1) : p.a == 0 && wall_benson(geom, p.d)) {
                    clean[i] = 1;
                    queue[qt++] = i;
                }
            }
            while (qh < qt) {
                int v = queue[qh++];
                for (int k = rfirst[v]; k < rfirst[v + 1]; k++) {
                    int u = redge[k];
                    if (clean[u]) continue;
                    bool att = ((g.keys[u] >> 23) & 1) == 0;
                    /* Several edges of u may lead to v: count each. */
                    if (!att || --cnt2[u] == 0) {
                        clean[u] = 1;
                        queue[qt++] = u;
                    }
                }
            }
            out->clean_life = clean[0];
            uint8_t *vals = malloc(nn);
            if (vals) {
                for (int i = 0; i < g.n; i++) vals[i] = (uint8_t)(awin[i] | clean[i] << 1);
                keep->keys = g.keys;
                keep->vals = vals;
                keep->n = g.n;
                g.keys = NULL;
            }
        } else {
            ok = false;
        }
        free(clean);
        free(cnt2);
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
    free(geom);
    free(awin);
    free(count);
    free(rfirst);
    free(redge);
    free(queue);
    free(g.keys);
    free(g.first);
    free(g.edge);
    free(g.emove);
    free(kval);
    return ok;
}

bool go_es_classify(const go_es_region *r, go_es_status *out) {
    memset(out, 0, sizeof *out);
    go_es_result res[2][2]; /* [defender to move][master is attacker] */
    for (int d = 0; d < 2; d++)
        for (int a = 0; a < 2; a++)
            if (!go_es_solve(r, d, a ? GO_KO_MASTER_ATTACKER : GO_KO_MASTER_DEFENDER, &res[d][a]))
                return false;
    if (res[0][0].defender_wins != res[0][1].defender_wins ||
        res[1][0].defender_wins != res[1][1].defender_wins) {
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
        out->seki =
            !res[0][0].clean_life && !res[0][1].clean_life && !res[1][0].clean_life && !res[1][1].clean_life;
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

/* es_flood's index of each point it has flooded (its position in pts), 0xff elsewhere:
 * a neighbour's index without a search of pts (go_life_status_max floods ~4 spaces at
 * each static evaluation it makes). es_from_board puts 0xff back before it returns. */
static _Thread_local uint8_t es_at[GO_MAX_POINTS];
static _Thread_local bool es_at_ready;

/* go_es_from_board with a stop: big (may be NULL) marks with `stamp` points of regions already found
 * too large; a flood that reaches one is in that same region (regions are connected),
 * so it fails there at once. *np gets the points flooded (those in pts), also on
 * failure. The adjacency is noted as the flood meets each neighbour. */
/* go_board_at inline: es_flood runs a few times at each static evaluation. */
static inline go_color color_or_border(const go_board *b, go_point p) {
    return p < 0 || p >= GO_MAX_POINTS ? GO_BORDER : go_at(b, p);
}

static bool es_flood(const go_board *b, go_point w, go_point p, go_color to_move, go_es_region *r,
                     go_point *pts, const uint32_t *big, uint32_t stamp, int *np) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    memset(r, 0, sizeof *r);
    r->ko = -1;
    *np = 0;
    go_color c = color_or_border(b, w);
    if (c != GO_BLACK && c != GO_WHITE) return false;
    go_point h = go_head_fast(b, w);
    if (color_or_border(b, p) == GO_BORDER || (go_at(b, p) == c && go_head_fast(b, p) == h)) return false;
    int n = 0;
    es_at[p] = 0;
    pts[n++] = p;
    *np = 1;
    if (big && big[p] == stamp) return false;
    for (int i = 0; i < n; i++) {
        for (int d = 0; d < 4; d++) {
            go_point q = pts[i] + dirs[d];
            go_color k = go_at(b, q);
            if (k == GO_BORDER) continue;
            if (k == c && go_head_fast(b, q) == h) {
                r->wall |= (uint16_t)(1u << i);
                continue;
            }
            int j = es_at[q];
            if (j == 0xff) {
                if (n == GO_ES_MAX || (big && big[q] == stamp)) return false;
                j = n;
                es_at[q] = (uint8_t)n;
                pts[n++] = q;
                *np = n;
            }
            r->adj[i] |= (uint16_t)(1u << j);
        }
    }
    r->n = n;
    int inner_libs = 0;
    for (int i = 0; i < n; i++) {
        go_color k = go_at(b, pts[i]);
        r->content[i] = k == GO_EMPTY ? 0 : k == c ? 1 : 2;
        if (k == GO_EMPTY && (r->wall >> i & 1)) inner_libs++;
    }
    r->outer = go_libs_fast(b, w) - inner_libs; /* w holds a stone (c) */
    if (r->outer > GO_ES_OUTER_MAX) r->outer = GO_ES_OUTER_MAX;
    go_point ko = b->ko;
    if (ko != GO_NO_POINT && b->ko_color == to_move)
        for (int i = 0; i < n; i++)
            if (pts[i] == ko) r->ko = i;
    return true;
}

/* es_flood, leaving es_at clear. */
static bool es_from_board(const go_board *b, go_point w, go_point p, go_color to_move, go_es_region *r,
                          go_point *pts, const uint32_t *big, uint32_t stamp, int *np) {
    if (!es_at_ready) {
        memset(es_at, 0xff, sizeof es_at);
        es_at_ready = true;
    }
    bool ok = es_flood(b, w, p, to_move, r, pts, big, stamp, np);
    for (int i = 0; i < *np; i++) es_at[pts[i]] = 0xff;
    return ok;
}

bool go_es_from_board(const go_board *b, go_point w, go_point p, go_color to_move, go_es_region *r,
                      go_point *pts) {
    int np;
    return es_from_board(b, w, p, to_move, r, pts, NULL, 0, &np);
}

/* Solves the region for `to_move` under both ko masters. Returns 1 when the defender
 * wins under both, -1 when the attacker does, 0 otherwise (ko, too big); *win (when
 * win is not NULL) gets the moves of to_move that win under both.
 * Without win, one solve can answer: being ko master only adds moves for one side
 * and removes them for the other (play() bans a ko retake unless the mover is
 * master; nothing else depends on it), so a defender that survives with the
 * attacker as master survives with itself as master. */
static int solve_both(const go_es_region *r, bool def_to_move, uint16_t *win) {
    go_es_result a, d;
    if (win) *win = 0;
    if (!go_es_solve(r, def_to_move, GO_KO_MASTER_ATTACKER, &a)) return 0;
    if (!win && a.defender_wins) return 1;
    if (!go_es_solve(r, def_to_move, GO_KO_MASTER_DEFENDER, &d)) return 0;
    if (!win) return d.defender_wins ? 0 : -1;
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

/* Appends region src (points sp) to dst (points dp): disjoint regions of the same
 * wall solved as one local game. False when the union is too large. */
static bool region_union(go_es_region *dst, go_point *dp, const go_es_region *src, const go_point *sp) {
    if (dst->n + src->n > GO_ES_MAX) return false;
    int o = dst->n;
    for (int i = 0; i < src->n; i++) {
        dst->adj[o + i] = (uint16_t)(src->adj[i] << o);
        dst->content[o + i] = src->content[i];
        dp[o + i] = sp[i];
    }
    dst->wall |= (uint16_t)(src->wall << o);
    if (src->ko >= 0) dst->ko = o + src->ko;
    dst->n += src->n;
    return true;
}

/* Empty points of r touching the wall: the wall's liberties inside r. */
static int inner_libs(const go_es_region *r) {
    int k = 0;
    for (int j = 0; j < r->n; j++) k += r->content[j] == 0 && (r->wall >> j & 1);
    return k;
}

/* The wall's first liberty outside the regions marked in in_space. */
static go_point first_outer(const go_point *libs, int nl, const uint8_t *in_space) {
    for (int j = 0; j < nl; j++)
        if (!in_space[libs[j]]) return libs[j];
    return GO_NO_POINT;
}

#define MAX_SPACES 8

/* Appends the head of the string at q to heads[0..n) unless it is there. */
static int add_head(const go_board *b, go_point q, go_point *heads, int n) {
    go_point h = go_head_fast(b, q);
    for (int i = 0; i < n; i++)
        if (heads[i] == h) return n;
    heads[n] = h;
    return n + 1;
}

/* ---- The race against the enemy walls ----
 * Why an enemy string S next to the wall need not be Benson-alive: the eye-space game u
 * models every defender move outside it as a pass, and an attacker that kills in u
 * with the defender as ko master (the defender's freest game) never needs a pass or an
 * immediate ko retake. Its moves in u never take a liberty of S that is not also the
 * wall's (u's points touch only the wall; "fill an outer liberty" joins S or another
 * enemy string, which only adds liberties), and the defender's moves in u do not
 * either, so the defender must play one move outside u for each of S's liberties away
 * from the wall before S falls. The race game below is u with those outside moves
 * counted: the defender's passes spend a budget of S's liberties away from the wall
 * (the fewest among all enemy strings next to the wall, Benson-alive ones included: a
 * smaller budget is only safer), and the pass that would spend the last one wins
 * for it (S captured, nothing known after). An attacker that kills in the race game
 * kills on the board. Not used when the board's ko bans the side to move outside the
 * eye spaces (u does not see that ban). tests/test_go_race.c checks the rule against a
 * minimax on whole small boards. */
#define RACE_MAX_MOVES 12 /* attacker moves searched (the bound keeps ko cycles finite) */
#define RACE_MAX_BUDGET 13 /* a larger budget is cut to this (a smaller one is safe) */
/* The memo's sizes: most races fit the small one, whose zeroing per call is cheap (the
 * large one alone, calloc'ed per call, cost Cho intermediate #594 60% more CPU per play);
 * one that overflows it is searched again with the large one. */
#define RACE_MEMO_SMALL (1 << 12)
#define RACE_MEMO_LARGE (1 << 17)
typedef struct {
    uint64_t *keys;
    uint8_t *vals; /* 0 free, 1 kill, 2 no kill */
    int used;
    uint32_t mask; /* slots - 1 */
} race_memo;

/* Does the attacker capture the wall from s within k of its own moves before the
 * defender has passed p times (the defender ko master)? -1 when the memo overflowed. */
static int race_within(const es_geom *g, const es_pos *s, int k, int p, race_memo *mm) {
    if (s->side == ATT && k == 0) return 0;
    uint64_t key = (uint64_t)pos_key(s) | (uint64_t)k << 25 | (uint64_t)p << 29;
    uint32_t h0 = key_mix((uint32_t)key ^ (uint32_t)(key >> 32) * 0x9e3779b9u) & mm->mask, h = h0;
    while (mm->vals[h] && mm->keys[h] != key) h = (h + 1) & mm->mask;
    if (mm->vals[h]) return mm->vals[h] == 1;
    if ((uint32_t)mm->used * 2 >= mm->mask + 1) return -1;
    bool att = s->side == ATT;
    int res = att ? 0 : 1;
    for (int m = 0; m < GO_ES_MAX + 2; m++) {
        if (m < GO_ES_MAX && m >= g->r->n) continue;
        es_pos t;
        int r = play(g, s, m, GO_KO_MASTER_DEFENDER, &t), w;
        if (r == 0) continue;
        if (r == T_AWIN)
            w = 1;
        else if (r == T_DWIN || (!att && m == GO_ES_PASS_MOVE && p <= 1))
            w = 0;
        else
            w = race_within(g, &t, att ? k - 1 : k, !att && m == GO_ES_PASS_MOVE ? p - 1 : p, mm);
        if (w < 0) return -1;
        if (att ? w == 1 : w == 0) {
            res = att ? 1 : 0;
            break;
        }
    }
    /* The recursion may have filled slots: probe again. */
    h = h0;
    while (mm->vals[h] && mm->keys[h] != key) h = (h + 1) & mm->mask;
    mm->keys[h] = key;
    mm->vals[h] = res ? 1 : 2;
    mm->used++;
    return res;
}

/* Answers of race_killed, keyed as go_es_solve's cache with the budget for the ko master. */
static _Thread_local es_cache_entry race_cache[1024];

/* True when the attacker surely kills in u with def to move in the race game with
 * budget p. */
static bool race_killed(const go_es_region *u, bool def, int p) {
    uint8_t key[KEY_BYTES];
    es_cache_entry *e = &race_cache[problem_key(u, def, 0x40 | p, key) % 1024];
    if (e->used && memcmp(e->key, key, KEY_BYTES) == 0) return !e->res.defender_wins;
    es_pos root;
    if (!es_root(u, def, &root)) return false;
    es_geom *g = malloc(sizeof *g);
    int w = -1;
    if (g) {
        geom_init(g, u);
        /* The small memo is the thread's own, its values zeroed after use (the keys
         * are read only where a value is set): a calloc of both per call was 1.3% of
         * the solver's instructions (callgrind, first 3 in10 at 100k, 2026-11-27). */
        static _Thread_local uint64_t small_keys[RACE_MEMO_SMALL];
        static _Thread_local uint8_t small_vals[RACE_MEMO_SMALL];
        race_memo small = {small_keys, small_vals, 0, RACE_MEMO_SMALL - 1};
        w = race_within(g, &root, RACE_MAX_MOVES, p, &small);
        memset(small_vals, 0, sizeof small_vals);
        if (w < 0) {
            race_memo mm = {malloc(RACE_MEMO_LARGE * sizeof *mm.keys), calloc(RACE_MEMO_LARGE, 1), 0,
                            RACE_MEMO_LARGE - 1};
            if (mm.keys && mm.vals) w = race_within(g, &root, RACE_MAX_MOVES, p, &mm);
            free(mm.keys);
            free(mm.vals);
        }
    }
    free(g);
    if (w < 0) return false; /* not cached: a memory failure or a memo overflow may pass */
    memcpy(e->key, key, KEY_BYTES);
    memset(&e->res, 0, sizeof e->res);
    e->res.defender_wins = w != 1;
    e->used = true;
    return w == 1;
}

/* The wall at v cannot gain anything outside the points marked in in_space before the
 * attacker kills it in u (def: the defender to move): every other neighbour is an
 * enemy stone or an empty point touching only the wall, the border and enemy stones,
 * and each of those enemy strings is Benson-alive or (race_margin >= 0) loses the race
 * above with race_margin - 1 liberties to spare (1 is the sound margin; 0 is for the
 * test that shows it is needed). */
static bool wall_closed(const go_board *b, go_point v, const uint8_t *in_space, const go_es_region *u,
                        bool def, int race_margin) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    go_color c = go_board_at(b, v), e = go_other(c);
    go_point h = go_head_fast(b, v);
    /* First the shape (cheap), collecting the enemy strings that must be alive, then
     * one Benson pass for the enemy only when each of them could be alive. */
    go_point need[GO_MAX_POINTS];
    int nneed = 0;
    go_point stones[GO_MAX_POINTS];
    int ns = go_string_stones(b, v, stones, GO_MAX_POINTS);
    for (int i = 0; i < ns; i++)
        for (int d = 0; d < 4; d++) {
            go_point q = stones[i] + dirs[d];
            go_color k = go_at(b, q);
            if (k == GO_BORDER || (k == c && go_head_fast(b, q) == h) || in_space[q]) continue;
            if (k == e) {
                nneed = add_head(b, q, need, nneed);
            } else if (k == GO_EMPTY) {
                for (int d2 = 0; d2 < 4; d2++) {
                    go_point q2 = q + dirs[d2];
                    go_color k2 = go_at(b, q2);
                    if (k2 == GO_BORDER || (k2 == c && go_head_fast(b, q2) == h)) continue;
                    if (k2 != e) return false;
                    nneed = add_head(b, q2, need, nneed);
                }
            } else {
                return false;
            }
        }
    if (nneed == 0) return true;
    bool possible = true;
    for (int i = 0; i < nneed && possible; i++) possible = go_benson_possible(b, need[i]);
    if (possible && go_benson_alive_all(b, need, nneed)) return true;
    if (race_margin < 0) return false;
    go_point ko = go_board_ko(b);
    if (ko != GO_NO_POINT && b->ko_color == (def ? c : e) && !in_space[ko]) return false;
    /* The race: the fewest liberties away from the target among the enemy strings (all
     * of them: leaving out the Benson-alive ones could only raise the budget, and a
     * Benson test per string cost more CPU than the few deaths it added). */
    int lmin = INT_MAX;
    for (int i = 0; i < nneed; i++) {
        go_point sl[GO_MAX_POINTS];
        int nsl = go_string_liberties(b, need[i], sl, GO_MAX_POINTS), away = 0;
        for (int j = 0; j < nsl; j++) {
            bool target_lib = false;
            for (int d = 0; d < 4 && !target_lib; d++) {
                go_point q = sl[j] + dirs[d];
                target_lib = go_at(b, q) == c && go_head_fast(b, q) == h;
            }
            away += !target_lib;
        }
        if (away < lmin) lmin = away;
    }
    /* The budget: the defender's lmin-th move outside would capture (margin 1). */
    int p = lmin - race_margin + 1;
    if (p < 1) return false;
    return race_killed(u, def, p > RACE_MAX_BUDGET ? RACE_MAX_BUDGET : p);
}

static void sort_points(go_point *p, int n) {
    for (int i = 1; i < n; i++) {
        go_point x = p[i];
        int j = i;
        for (; j > 0 && p[j - 1] > x; j--) p[j] = p[j - 1];
        p[j] = x;
    }
}

int go_life_status(const go_board *b, go_point v, go_color to_move, go_point *moves, int *nmoves) {
    return go_life_status_max(b, v, to_move, GO_ES_MAX, moves, nmoves);
}

int go_life_status_max(const go_board *b, go_point v, go_color to_move, int max_points, go_point *moves,
                       int *nmoves) {
    return go_life_status_in(b, v, to_move, max_points, NULL, moves, nmoves);
}

int go_life_status_in(const go_board *b, go_point v, go_color to_move, int max_points, const bool *region,
                      go_point *moves, int *nmoves) {
    return go_life_status_race(b, v, to_move, max_points, GO_LIFE_RACE_MARGIN, region, moves, nmoves);
}

/* The point marks of one go_life_status_race call: in_space (the eye-space points,
 * listed in marked, put back to zero from the list after the call) and big (the points
 * of regions found too large: those equal to stamp, a new one each call). The thread's
 * own: clearing both whole arrays at each call was 1.1% of the solver's instructions
 * (callgrind, first 3 in10 at 100k, 2026-11-27). */
typedef struct {
    uint8_t in_space[GO_MAX_POINTS];
    go_point marked[GO_MAX_POINTS];
    int nmarked;
    uint32_t big[GO_MAX_POINTS], stamp;
} life_marks;
static _Thread_local life_marks life_scratch;

/* go_life_status_race on the zeroed marks m. small: see go_life_status_small (NULL:
 * go_life_status_race itself, Benson first). */
static int life_status(const go_board *b, go_point v, go_color to_move, int max_points, int race_margin,
                       const bool *region, go_point *moves, int *nmoves, bool *small, life_marks *m) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    if (nmoves) *nmoves = 0;
    if (small) *small = false;
    go_color c = go_board_at(b, v);
    if (c != GO_BLACK && c != GO_WHITE) return GO_LIFE_UNKNOWN;
    if (!small && go_benson_alive(b, v)) return GO_LIFE_ALIVE;
    go_point h = go_head_fast(b, v);
    bool def = to_move == c;

    /* The non-wall neighbours of the wall, grouped into regions through non-wall points;
     * small enclosed regions are eye spaces, the rest must be dead ends for death. */
    go_point stones[GO_MAX_POINTS];
    int ns = go_string_stones(b, v, stones, GO_MAX_POINTS);
    /* Board order, not the string's link order (which depends on the moves that
     * built it): the spaces, their numbering and the joint game below are then a
     * function of the position alone, so a cached answer equals a fresh one. */
    sort_points(stones, ns); /* (liberties come in board order) */
    uint8_t *in_space = m->in_space;
    uint32_t *big = m->big, stamp = m->stamp;
    /* The points marked in in_space, listed: the region check below reads them instead
     * of scanning the whole board (that scan was 5% of the solver's CPU on Cho
     * intermediate, perf 2026-11-27). Each point once, so the list fits. */
    go_point *marked = m->marked;
    static _Thread_local go_es_region spaces[MAX_SPACES];
    static _Thread_local go_point space_pts[MAX_SPACES][GO_ES_MAX];
    int nspaces = 0;
    bool too_many = false, found = false;
    for (int i = 0; i < ns; i++) {
        for (int d = 0; d < 4; d++) {
            go_point q = stones[i] + dirs[d];
            go_color k = go_at(b, q);
            if (k == GO_BORDER || (k == c && go_head_fast(b, q) == h) || in_space[q] || big[q] == stamp)
                continue;
            go_es_region r;
            go_point pts[GO_ES_MAX];
            int np;
            if (!es_from_board(b, v, q, to_move, &r, pts, big, stamp, &np)) {
                /* Too large: the np points flooded are in that region, each of
                 * which would fail the same way. */
                for (int j = 0; j < np; j++) big[pts[j]] = stamp;
                continue;
            }
            if (small && !found) {
                /* Benson waits for the first small space: without one, the caller
                 * needs no status (and the floods so far are needed either way). */
                *small = true;
                if (go_benson_alive(b, v)) return GO_LIFE_ALIVE;
            }
            found = true;
            for (int j = 0; j < r.n; j++) {
                if (!in_space[pts[j]]) marked[m->nmarked++] = pts[j];
                in_space[pts[j]] = 1;
            }
            if (nspaces == MAX_SPACES || r.n > max_points) {
                too_many = true;
                continue;
            }
            spaces[nspaces] = r;
            memcpy(space_pts[nspaces++], pts, sizeof pts);
        }
    }
    if (small && !found) return GO_LIFE_UNKNOWN;
    go_point libs[GO_MAX_POINTS];
    int nl = go_string_liberties(b, v, libs, GO_MAX_POINTS);
    if (region) {
        /* Every liberty and every eye-space point must be one the game can play. */
        for (int j = 0; j < nl; j++)
            if (!region[libs[j]]) return GO_LIFE_UNKNOWN;
        for (int j = 0; j < m->nmarked; j++)
            if (!region[marked[j]]) return GO_LIFE_UNKNOWN;
    }
    int total_libs = go_string_libs(b, v);
    uint16_t win = 0, *want = nmoves && moves ? &win : NULL; /* the moves only when asked */
    /* Life in one eye space, every other liberty an outer one. */
    for (int i = 0; i < nspaces; i++) {
        if (solve_both(&spaces[i], def, want) != 1) continue;
        if (nmoves && moves && def)
            *nmoves = moves_out(&spaces[i], space_pts[i], first_outer(libs, nl, in_space), win, moves);
        return GO_LIFE_ALIVE;
    }
    /* Several eye spaces solved as one game (one eye here, one there), smallest first. */
    go_es_region u;
    go_point upts[GO_ES_MAX];
    memset(&u, 0, sizeof u);
    u.ko = -1;
    uint8_t used[MAX_SPACES] = {0};
    int nused = 0, inner = 0;
    for (;;) {
        int best = -1;
        for (int i = 0; i < nspaces; i++)
            if (!used[i] && u.n + spaces[i].n <= max_points && (best < 0 || spaces[i].n < spaces[best].n))
                best = i;
        if (best < 0) break;
        region_union(&u, upts, &spaces[best], space_pts[best]);
        inner += inner_libs(&spaces[best]);
        used[best] = 1;
        nused++;
    }
    if (nused == 0) return GO_LIFE_UNKNOWN;
    int outer = total_libs - inner;
    u.outer = outer > GO_ES_OUTER_MAX ? GO_ES_OUTER_MAX : outer;
    int res = solve_both(&u, def, want); /* one space: a cache hit */
    if (res == 1) {
        if (nmoves && moves && def)
            *nmoves = moves_out(&u, upts, first_outer(libs, nl, in_space), win, moves);
        return GO_LIFE_ALIVE;
    }
    /* Death: every eye space is in the game, the rest are dead ends, the outer liberty
     * count is exact. */
    if (res != -1 || too_many || nused != nspaces || outer > GO_ES_OUTER_MAX ||
        !wall_closed(b, v, in_space, &u, def, race_margin))
        return GO_LIFE_UNKNOWN;
    if (nmoves && moves && !def) *nmoves = moves_out(&u, upts, first_outer(libs, nl, in_space), win, moves);
    return GO_LIFE_DEAD;
}

/* life_status on the thread's marks, zeroed again after. */
static int life_status_marked(const go_board *b, go_point v, go_color to_move, int max_points,
                              int race_margin, const bool *region, go_point *moves, int *nmoves,
                              bool *small) {
    life_marks *m = &life_scratch;
    if (++m->stamp == 0) {
        memset(m->big, 0, sizeof m->big);
        m->stamp = 1;
    }
    int res = life_status(b, v, to_move, max_points, race_margin, region, moves, nmoves, small, m);
    for (int i = 0; i < m->nmarked; i++) m->in_space[m->marked[i]] = 0;
    m->nmarked = 0;
    return res;
}

int go_life_status_race(const go_board *b, go_point v, go_color to_move, int max_points, int race_margin,
                        const bool *region, go_point *moves, int *nmoves) {
    return life_status_marked(b, v, to_move, max_points, race_margin, region, moves, nmoves, NULL);
}

int go_life_status_small(const go_board *b, go_point v, go_color to_move, int max_points, int race_margin,
                         const bool *region, bool *small) {
    return life_status_marked(b, v, to_move, max_points, race_margin, region, NULL, NULL, small);
}

bool go_is_seki(const go_board *b, go_point s1, go_point s2) {
    go_color c1 = go_board_at(b, s1), c2 = go_board_at(b, s2);
    if ((c1 != GO_BLACK && c1 != GO_WHITE) || c2 != go_other(c1)) return false;
    go_es_region r;
    go_point pts[GO_ES_MAX];
    if (!go_es_from_board(b, s1, s2, c1, &r, pts)) return false;
    if (r.outer >= GO_ES_OUTER_MAX && go_string_libs(b, s1) - inner_libs(&r) > GO_ES_OUTER_MAX) return false;
    uint8_t in_space[GO_MAX_POINTS];
    memset(in_space, 0, sizeof in_space);
    for (int i = 0; i < r.n; i++) in_space[pts[i]] = 1;
    if (!wall_closed(b, s1, in_space, NULL, false, -1)) return false; /* Benson only */
    /* The board's ko belongs to one side to move only: require none in the space. */
    go_point ko = go_board_ko(b);
    if (ko != GO_NO_POINT && in_space[ko]) return false;
    r.ko = -1;
    go_es_status st;
    return go_es_classify(&r, &st) && st.status == GO_SHAPE_ALIVE && st.seki;
}
