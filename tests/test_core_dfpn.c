/* df-pn against brute-force oracles: random AND/OR trees, DAGs with transpositions,
 * Nim-like subtraction games, and cyclic graphs where a repetition on the path takes the
 * game's repetition value (the oracle walks simple paths with the same rule). Also tiny
 * tables, deliberately weak keys, exact node caps, cancel and time limits. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/dfpn.h"
#include "core/hash.h"
#include "testutil.h"

/* ------------------------------------------------------------------ */
/* An explicit game graph: the position is a node id, the moves are child indices. */

#define GMAXN 512 /* brute force over paths needs <= 64 */
#define SMALLN 64
#define GMAXC 5

typedef struct graph {
    int n, root;
    unsigned char is_or[GMAXN];
    unsigned char term[GMAXN]; /* dfpn_value */
    int nch[GMAXN];
    int ch[GMAXN][GMAXC];
    uint64_t h1[GMAXN], h2[GMAXN];
    uint32_t est_pn[GMAXN], est_dn[GMAXN];
    /* play state */
    int stack[4 * GMAXN + 16];
    int sp;
    uint64_t key_mask; /* weak keys: key & key_mask */
    uint64_t key2_mask; /* 0: key2 is a constant */
    long plays;
    long cancel_at; /* > 0: set *cancel when plays reaches it */
    atomic_int *cancel;
} graph;

static int g_cur(const graph *g) { return g->stack[g->sp - 1]; }
static uint64_t g_key(void *c) {
    graph *g = c;
    return g->h1[g_cur(g)] & g->key_mask;
}
static uint64_t g_key2(void *c) {
    graph *g = c;
    return g->h2[g_cur(g)] & g->key2_mask;
}
static void g_state(void *c, unsigned char *out) {
    graph *g = c;
    uint32_t v = (uint32_t)g_cur(g);
    memcpy(out, &v, sizeof v);
}
static int g_generate(void *c, int *moves, int max) {
    graph *g = c;
    int v = g_cur(g), n = g->nch[v];
    if (n > max) n = max;
    for (int i = 0; i < n; i++) moves[i] = i;
    return n;
}
static void g_play(void *c, int m) {
    graph *g = c;
    int v = g_cur(g);
    if (m < 0 || m >= g->nch[v] || g->sp >= (int)(sizeof g->stack / sizeof g->stack[0])) {
        fprintf(stderr, "bad play %d at node %d (sp %d)\n", m, v, g->sp);
        abort();
    }
    g->stack[g->sp++] = g->ch[v][m];
    g->plays++;
    if (g->cancel_at > 0 && g->plays == g->cancel_at) atomic_store(g->cancel, 1);
}
static void g_undo(void *c) {
    graph *g = c;
    if (g->sp <= 1) abort();
    g->sp--;
}
static dfpn_value g_eval(void *c) {
    graph *g = c;
    return (dfpn_value)g->term[g_cur(g)];
}
static int g_is_or(void *c) {
    graph *g = c;
    return g->is_or[g_cur(g)];
}
static void g_estimate(void *c, int is_or, uint32_t *pn, uint32_t *dn) {
    graph *g = c;
    (void)is_or;
    *pn = g->est_pn[g_cur(g)];
    *dn = g->est_dn[g_cur(g)];
}

/* A worker's copy of the graph and its play stack; its plays are added back on release
 * (so a parallel search's plays can be counted). */
static void *g_clone(void *c) {
    graph *g = malloc(sizeof *g);
    if (g) memcpy(g, c, sizeof *g);
    if (g) g->plays = 0;
    return g;
}
static void g_clone_free(void *c, void *copy) {
    ((graph *)c)->plays += ((graph *)copy)->plays;
    free(copy);
}

/* Workers for the searches of the oracle checks (1: the single search). */
static int t_threads = 1;

static dfpn *par(dfpn *s) {
    if (s) dfpn_set_threads(s, t_threads);
    return s;
}

static dfpn_game graph_game(int use_is_or, int use_state, int use_estimate, dfpn_value rep) {
    dfpn_game gm = {0};
    gm.clone = g_clone;
    gm.clone_free = g_clone_free;
    gm.key = g_key;
    gm.key2 = g_key2;
    gm.generate = g_generate;
    gm.play = g_play;
    gm.undo = g_undo;
    gm.evaluate = g_eval;
    gm.is_or = use_is_or ? g_is_or : NULL;
    gm.estimate = use_estimate ? g_estimate : NULL;
    gm.max_moves = GMAXC;
    gm.repetition = rep;
    if (use_state) {
        gm.state_size = sizeof(uint32_t);
        gm.state = g_state;
    }
    return gm;
}

static uint64_t rnd(uint64_t *st) { return yomi_splitmix64(st); }
static int rint_(uint64_t *st, int n) { return (int)(rnd(st) % (uint64_t)n); }

static void graph_finish(graph *g, uint64_t *st) {
    for (int v = 0; v < g->n; v++) {
        g->h1[v] = rnd(st);
        g->h2[v] = rnd(st);
        g->est_pn[v] = 1 + (uint32_t)rint_(st, 8);
        g->est_dn[v] = 1 + (uint32_t)rint_(st, 8);
    }
    g->stack[0] = g->root;
    g->sp = 1;
    g->key_mask = ~0ULL;
    g->key2_mask = ~0ULL;
}

/* Random AND/OR tree: OR at even depth (when alternate), random roles otherwise. */
static int tree_node(graph *g, uint64_t *st, int depth, int maxd, int alternate) {
    int v = g->n++;
    g->is_or[v] = alternate ? (depth % 2 == 0) : (unsigned char)rint_(st, 2);
    g->nch[v] = 0;
    g->term[v] = DFPN_OPEN;
    int leaf = depth >= maxd || rint_(st, 100) < 15 + 10 * depth;
    if (leaf) {
        int r = rint_(st, 10);
        g->term[v] = r < 4 ? DFPN_WIN : r < 8 ? DFPN_LOSS : DFPN_OPEN; /* open: no moves */
        return v;
    }
    int b = 1 + rint_(st, GMAXC);
    for (int i = 0; i < b && g->n < SMALLN; i++) {
        int c = tree_node(g, st, depth + 1, maxd, alternate);
        g->ch[v][g->nch[v]++] = c;
    }
    return v;
}

static void gen_tree(graph *g, uint64_t *st, int alternate) {
    memset(g, 0, sizeof *g);
    tree_node(g, st, 0, 2 + rint_(st, 5), alternate);
    g->root = 0;
    graph_finish(g, st);
}

/* Random layered DAG (transpositions): edges go to the next layer only, so depth parity
 * gives the roles when alternate. */
static void gen_dag(graph *g, uint64_t *st, int alternate) {
    memset(g, 0, sizeof *g);
    int layers = 3 + rint_(st, 5), width = 2 + rint_(st, 6);
    int start[16];
    for (int l = 0; l < layers; l++) {
        start[l] = g->n;
        int w = l == 0 ? 1 : 1 + rint_(st, width);
        for (int i = 0; i < w && g->n < SMALLN; i++) {
            int v = g->n++;
            g->is_or[v] = alternate ? (l % 2 == 0) : (unsigned char)rint_(st, 2);
            g->term[v] = DFPN_OPEN;
        }
    }
    start[layers] = g->n;
    for (int l = 0; l < layers; l++) {
        for (int v = start[l]; v < start[l + 1]; v++) {
            if (l == layers - 1 || rint_(st, 100) < 12) {
                int r = rint_(st, 10);
                g->term[v] = r < 5 ? DFPN_WIN : r < 9 ? DFPN_LOSS : DFPN_OPEN;
                continue;
            }
            int nn = start[l + 2] - start[l + 1];
            int b = 1 + rint_(st, GMAXC);
            for (int i = 0; i < b; i++) g->ch[v][g->nch[v]++] = start[l + 1] + rint_(st, nn);
        }
    }
    g->root = 0;
    graph_finish(g, st);
}

/* Random directed graph with cycles. alternate: the position is (vertex, side), side
 * flips each move and side 0 is OR; otherwise each vertex's owner is random. */
typedef struct cyc_shape {
    int extra_alt, extra_own; /* vertices: 3 + up to this many */
    int term_pct; /* share of terminal vertices (half won, half lost) */
    int max_deg; /* out-degree 1..max_deg (8% have none) */
} cyc_shape;
static cyc_shape cyc = {7, 12, 24, 3};

static void gen_cyclic(graph *g, uint64_t *st, int alternate) {
    memset(g, 0, sizeof *g);
    int nv = 3 + rint_(st, alternate ? cyc.extra_alt : cyc.extra_own);
    int nch[GMAXN], ch[GMAXN][GMAXC];
    unsigned char term[GMAXN], owner[GMAXN];
    for (int v = 0; v < nv; v++) {
        int r = rint_(st, 100);
        term[v] = r < cyc.term_pct / 2 ? DFPN_WIN : r < cyc.term_pct ? DFPN_LOSS : DFPN_OPEN;
        owner[v] = (unsigned char)rint_(st, 2);
        nch[v] = rint_(st, 100) < 8 ? 0 : 1 + rint_(st, cyc.max_deg);
        for (int i = 0; i < nch[v]; i++) ch[v][i] = rint_(st, nv);
    }
    if (alternate) {
        g->n = 2 * nv;
        for (int v = 0; v < nv; v++)
            for (int s = 0; s < 2; s++) {
                int id = 2 * v + s;
                g->is_or[id] = s == 0;
                g->term[id] = term[v];
                g->nch[id] = nch[v];
                for (int i = 0; i < nch[v]; i++) g->ch[id][i] = 2 * ch[v][i] + (1 - s);
            }
        g->root = 0;
    } else {
        g->n = nv;
        for (int v = 0; v < nv; v++) {
            g->is_or[v] = owner[v];
            g->term[v] = term[v];
            g->nch[v] = nch[v];
            for (int i = 0; i < nch[v]; i++) g->ch[v][i] = ch[v][i];
        }
        g->root = 0;
        g->is_or[0] = 1;
    }
    g->term[g->root] = DFPN_OPEN;
    graph_finish(g, st);
}

/* Cop and robber on a random graph of nv vertices: the position is (cop, robber, side).
 * The cop (OR) wins on reaching the robber; the robber (AND) wins on an exit vertex that
 * the cop does not hold when the cop is to move. Both may stay. Cycles everywhere. */
/* Set by run_family for modes that cripple the table (tiny, or a 1-2 bit key): these
 * re-search what they forget, so they get smaller boards. */
static int cops_small;
/* Smallest table a family may get: df-pn re-proves whatever the table loses, so a table of
 * 8 entries on a 72-position cyclic game runs for over 10^8 plays (seen with seed salt 4).
 * Replacement is still forced: 64 entries for up to 72 positions plus their variants. */
static size_t family_min_entries;
/* Every solve in the tests gets this cap; reaching it is a failure, never a hang. */
#define SAFETY_NODES 50000000ULL
static const yomi_limits safety_lim = {.max_nodes = SAFETY_NODES};

static void gen_cops(graph *g, uint64_t *st, int alternate) {
    (void)alternate;
    memset(g, 0, sizeof *g);
    int nv = 4 + rint_(st, cops_small ? 3 : 9), adj[16][4], deg[16] = {0};
    for (int v = 1; v < nv; v++) { /* a random tree, then extra edges */
        int u = rint_(st, v);
        if (deg[u] < 4 && deg[v] < 4) adj[u][deg[u]++] = v, adj[v][deg[v]++] = u;
    }
    for (int e = rint_(st, nv); e > 0; e--) {
        int u = rint_(st, nv), v = rint_(st, nv), dup = u == v;
        for (int i = 0; i < deg[u]; i++) dup |= adj[u][i] == v;
        if (!dup && deg[u] < 4 && deg[v] < 4) adj[u][deg[u]++] = v, adj[v][deg[v]++] = u;
    }
    unsigned char exitv[16];
    for (int v = 0; v < nv; v++) exitv[v] = rint_(st, 100) < 12;
    int c0 = rint_(st, nv), r0 = (c0 + 1 + rint_(st, nv - 1)) % nv;
    exitv[r0] = 0; /* an open start */
    g->n = nv * nv * 2;
    for (int c = 0; c < nv; c++)
        for (int r = 0; r < nv; r++)
            for (int side = 0; side < 2; side++) {
                int id = (c * nv + r) * 2 + side;
                g->is_or[id] = side == 0;
                g->term[id] = c == r ? DFPN_WIN : side == 0 && exitv[r] ? DFPN_LOSS : DFPN_OPEN;
                int me = side == 0 ? c : r;
                for (int i = 0; i <= deg[me]; i++) {
                    int to = i < deg[me] ? adj[me][i] : me;
                    int nc = side == 0 ? to : c, nr = side == 0 ? r : to;
                    g->ch[id][g->nch[id]++] = (nc * nv + nr) * 2 + (1 - side);
                }
            }
    g->root = (c0 * nv + r0) * 2;
    graph_finish(g, st);
}

/* ---- the oracle: the path rule by brute force over simple paths, memoised on
 * (node, set of nodes on the path) ---- */

#define MEMO_BITS 20
typedef struct memo_e {
    uint64_t mask;
    int node;
    int stamp;
    unsigned char val;
} memo_e;
static memo_e *memo;
static int memo_stamp;
static long memo_used;
static long oracle_calls;

static dfpn_value bf(const graph *g, int v, uint64_t path, dfpn_value rep, int acyclic) {
    oracle_calls++;
    if (path >> v & 1) return rep;
    if (g->term[v] != DFPN_OPEN) return (dfpn_value)g->term[v];
    if (g->nch[v] == 0) return g->is_or[v] ? DFPN_LOSS : DFPN_WIN;
    uint64_t key = acyclic ? 0 : path;
    size_t h = (size_t)((key * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)v * 0xc2b2ae3d27d4eb4fULL));
    h = (h ^ (h >> 29)) & ((1u << MEMO_BITS) - 1);
    for (size_t i = h;; i = (i + 1) & ((1u << MEMO_BITS) - 1)) {
        memo_e *e = memo + i;
        if (e->stamp != memo_stamp) break;
        if (e->node == v && e->mask == key) return (dfpn_value)e->val;
    }
    dfpn_value out = g->is_or[v] ? DFPN_LOSS : DFPN_WIN;
    for (int i = 0; i < g->nch[v]; i++) {
        dfpn_value c = bf(g, g->ch[v][i], path | 1ULL << v, rep, acyclic);
        if (g->is_or[v] && c == DFPN_WIN) {
            out = DFPN_WIN;
            break;
        }
        if (!g->is_or[v] && c == DFPN_LOSS) {
            out = DFPN_LOSS;
            break;
        }
    }
    if (memo_used > (1L << (MEMO_BITS - 1))) return out; /* full: stop remembering */
    memo_used++;
    for (size_t i = h;; i = (i + 1) & ((1u << MEMO_BITS) - 1)) {
        memo_e *e = memo + i;
        if (e->stamp != memo_stamp) {
            e->stamp = memo_stamp;
            e->node = v;
            e->mask = key;
            e->val = (unsigned char)out;
            break;
        }
    }
    return out;
}

static dfpn_value oracle(const graph *g, int v, uint64_t path, dfpn_value rep, int acyclic) {
    memo_stamp++;
    memo_used = 0;
    return bf(g, v, path, rep, acyclic);
}

/* ---- the second oracle: retrograde analysis. With a fixed repetition value R the root's
 * value under the path rule is membership in an attractor: for R = LOSS, the positions
 * from which OR forces a won terminal in finitely many moves (AND symmetric for R = WIN).
 * It works on graphs too large for the path brute force; on small graphs both run and
 * must agree. restrict_move >= 0 keeps only that move at the root, which gives the value
 * of that first move with the root on the path. */
static dfpn_value retro(const graph *g, dfpn_value rep, int restrict_move) {
    static unsigned char in[GMAXN];
    dfpn_value goal = rep == DFPN_WIN ? DFPN_LOSS : DFPN_WIN; /* the side R does not favour */
    memset(in, 0, (size_t)g->n);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int v = 0; v < g->n; v++) {
            if (in[v]) continue;
            int add;
            if (g->term[v] != DFPN_OPEN) {
                add = g->term[v] == goal;
            } else {
                int lo = 0, hi = g->nch[v];
                if (v == g->root && restrict_move >= 0) lo = restrict_move, hi = restrict_move + 1;
                /* the goal side needs one child in the set, the other side all of them */
                int chooser = goal == DFPN_WIN ? g->is_or[v] : !g->is_or[v];
                if (hi == lo) {
                    add = !chooser; /* the side to move has no move and loses */
                } else {
                    int cnt = 0;
                    for (int i = lo; i < hi; i++) cnt += in[g->ch[v][i]];
                    add = chooser ? cnt > 0 : cnt == hi - lo;
                }
            }
            if (add) in[v] = 1, changed = 1;
        }
    }
    return in[g->root] ? goal : rep;
}

/* Value of the root (move < 0) or of a root move under the path rule: brute force when the
 * graph is small (checked against retrograde analysis), retrograde analysis otherwise. */
static long n_oracle_cross;
static dfpn_value truth(const graph *g, int move, dfpn_value rep, int acyclic) {
    dfpn_value r = retro(g, rep, move);
    if (g->n > SMALLN) return r;
    dfpn_value b = move < 0 ? oracle(g, g->root, 0, rep, acyclic)
                            : oracle(g, g->ch[g->root][move], 1ULL << g->root, rep, acyclic);
    n_oracle_cross++;
    CHECK_MSG(b == r, "oracles disagree: paths %d, retrograde %d", b, r);
    return b;
}

static yomi_result as_result(dfpn_value v) {
    return v == DFPN_WIN ? YOMI_WIN : v == DFPN_LOSS ? YOMI_LOSS : YOMI_UNKNOWN;
}

static const char *vname(yomi_result r) { return yomi_result_name(r); }

static void dump_graph(const graph *g) {
    for (int v = 0; v < g->n; v++) {
        fprintf(stderr, "  %d %s term=%d ->", v, g->is_or[v] ? "OR " : "AND", g->term[v]);
        for (int i = 0; i < g->nch[v]; i++) fprintf(stderr, " %d", g->ch[v][i]);
        fputc('\n', stderr);
    }
}

/* argv[3]: a salt for every seed, for long stress runs outside ctest (default 0). */
static uint64_t seed_salt;

/* Totals for the summary line. */
static long n_instances, n_agree, n_root_moves, n_unknown_ok;
static uint64_t total_nodes, max_nodes_seen;
static const char *max_nodes_where = "";
static long max_nodes_inst;

static void count_nodes(uint64_t n, const char *what, long inst) {
    total_nodes += n;
    if (n > max_nodes_seen) {
        max_nodes_seen = n;
        max_nodes_where = what;
        max_nodes_inst = inst;
    }
}

typedef struct mode {
    int use_is_or, use_state, use_estimate;
    dfpn_value rep;
    size_t entries; /* 0: 1 MB table */
    int weak_bits; /* >0: key keeps that many bits */
    int key2_const; /* key2 is constant (needs the exact state) */
    int order; /* order_init and killer on (move order only: the same answers) */
} mode;

static long n_pv_best, n_pv_stopped;

/* Every move of the line is one of the position's moves (replayed on a copy of the stack). */
static int pv_legal(graph *g, const int *pv, int len) {
    int v = g_cur(g);
    for (int i = 0; i < len; i++) {
        if (pv[i] < 0 || pv[i] >= g->nch[v]) return 0;
        v = g->ch[v][pv[i]];
    }
    return 1;
}

/* Solves g in mode m, compares with the oracle (root value, best move, every root move),
 * checks the PV is legal and the context is restored. Returns 1 when all agree. */
static int check_graph(graph *g, const mode *m, int acyclic, const char *what, long inst) {
    dfpn_game gm = graph_game(m->use_is_or, m->use_state, m->use_estimate, m->rep);
    gm.order_init = gm.killer = m->order;
    dfpn_value rep = m->rep == DFPN_WIN ? DFPN_WIN : DFPN_LOSS;
    if (m->weak_bits) g->key_mask = (1ULL << m->weak_bits) - 1;
    if (m->key2_const) g->key2_mask = 0;
    size_t entries = m->entries && m->entries < family_min_entries ? family_min_entries : m->entries;
    dfpn *s = par(entries ? dfpn_new_entries(entries) : dfpn_new(1));
    yomi_limits safety = {0};
    safety.max_nodes = SAFETY_NODES;
    if (!s) {
        CHECK_MSG(0, "dfpn_new failed");
        return 0;
    }
    int ok = 1;
    dfpn_result r;
    int rc = dfpn_solve(s, &gm, g, &safety, &r);
    dfpn_value want = truth(g, -1, rep, acyclic);
    count_nodes(r.nodes, what, inst);
    if (rc != 0 || r.result != as_result(want) || g->sp != 1) ok = 0;
    if (ok && r.has_move && g->is_or[g->root] == (r.result == YOMI_WIN)) {
        /* the deciding move must itself be correct under the path rule */
        dfpn_value cv = truth(g, r.best_move, rep, acyclic);
        if (cv != want) {
            fprintf(stderr, "best move %d wrong (%s)\n", r.best_move, vname(as_result(cv)));
            ok = 0;
        }
    }
    if (ok && g->nch[g->root] > 0 && g->term[g->root] == DFPN_OPEN &&
        (g->is_or[g->root] ? r.result == YOMI_WIN : r.result == YOMI_LOSS))
        ok = r.has_move;
    if (ok) {
        int pv[GMAXN];
        int len = dfpn_pv(s, &gm, g, pv, GMAXN);
        if (g->sp != 1) ok = 0;
        if (len > 0 && r.has_move && pv[0] != r.best_move) ok = 0;
        /* The best line by the numbers: legal, the context restored, and on an acyclic
         * game with a table that keeps everything, a proved root's first step is a
         * proved winning move (the brute force agrees). */
        int bl = dfpn_pv_best(s, &gm, g, pv, GMAXN);
        if (g->sp != 1) ok = 0;
        if (!pv_legal(g, pv, bl)) ok = 0;
        if (acyclic && !m->entries && !m->weak_bits && g->term[g->root] == DFPN_OPEN && g->nch[g->root] > 0) {
            n_pv_best++;
            if (bl < 1) {
                ok = 0;
            } else if (g->is_or[g->root] == (r.result == YOMI_WIN)) {
                dfpn_value cv = truth(g, pv[0], rep, acyclic);
                if (cv != want) {
                    fprintf(stderr, "best line's first move %d is not winning\n", pv[0]);
                    ok = 0;
                }
            }
        }
    }
    dfpn_move_result mr[GMAXC];
    int n = ok ? dfpn_analyse_root(s, &gm, g, &safety, mr, GMAXC) : 0;
    if (ok && g->term[g->root] == DFPN_OPEN && n != g->nch[g->root]) ok = 0;
    for (int i = 0; ok && i < n; i++) {
        dfpn_value cv = truth(g, mr[i].move, rep, acyclic);
        n_root_moves++;
        if (mr[i].result != as_result(cv)) {
            fprintf(stderr, "root move %d: dfpn %s, oracle %s\n", mr[i].move, vname(mr[i].result),
                    vname(as_result(cv)));
            ok = 0;
        }
    }
    if (g->sp != 1) ok = 0;
    n_instances++;
    if (ok) n_agree++;
    CHECK_MSG(ok, "%s instance %ld: dfpn %s (rc %d, sp %d), oracle %s", what, inst, vname(r.result), rc,
              g->sp, vname(as_result(want)));
    if (!ok) dump_graph(g);
    dfpn_free(s);
    g->key_mask = g->key2_mask = ~0ULL;
    return ok;
}

static const mode MODES[] = {
    {0, 0, 0, DFPN_OPEN, 0, 0, 0, 0}, /* plain */
    {1, 0, 0, DFPN_OPEN, 0, 0, 0, 0}, /* is_or callback */
    {1, 0, 1, DFPN_LOSS, 0, 0, 0, 0}, /* heuristic initial numbers */
    {1, 0, 0, DFPN_WIN, 0, 0, 0, 0}, /* repetition wins for OR */
    {1, 0, 0, DFPN_OPEN, 4, 0, 0, 0}, /* tiny table: constant replacement */
    {1, 0, 0, DFPN_OPEN, 8, 2, 0, 0}, /* tiny table and a 2-bit key */
    {1, 0, 0, DFPN_OPEN, 0, 1, 0, 0}, /* 1-bit key, key2 verifies */
    {1, 1, 0, DFPN_OPEN, 0, 1, 1, 0}, /* 1-bit key, constant key2, exact state verifies */
    {1, 1, 1, DFPN_WIN, 8, 0, 1, 0}, /* tiny table, constant key2, state */
    {1, 0, 1, DFPN_LOSS, 0, 0, 0, 1}, /* order_init and killers, heuristic numbers */
    {1, 1, 0, DFPN_WIN, 8, 0, 1, 1}, /* order_init and killers, tiny table, state */
};
#define NMODES (int)(sizeof MODES / sizeof MODES[0])

/* Modes where roles come from depth parity need graphs whose roles alternate. */
static void run_family(const char *what, int count, uint64_t seed, void (*gen)(graph *, uint64_t *, int),
                       int acyclic) {
    uint64_t st = seed ^ seed_salt;
    graph *g = malloc(sizeof *g);
    long bad = 0;
    for (int i = 0; i < count; i++) {
        const mode *m = &MODES[i % NMODES];
        int alternate = m->use_is_or ? rint_(&st, 2) : 1;
        cops_small = m->entries > 0 || m->weak_bits > 0;
        gen(g, &st, alternate);
        if (!check_graph(g, m, acyclic, what, i) && ++bad > 5) break;
    }
    free(g);
}

/* ------------------------------------------------------------------ */
/* Subtraction game on three heaps with incremental Zobrist keys and transpositions:
 * take s in SUB from one heap; a player with no move loses. */

#define NH 3
#define HMAX 9
typedef struct nim {
    int h[NH];
    int side; /* 0: OR to move */
    int sub[4], nsub;
    uint64_t z1[NH][HMAX + 1], z2[NH][HMAX + 1], zs1, zs2;
    int hist[256][2];
    int nh;
    int know; /* evaluate() answers from static knowledge: all heaps below min(sub) */
} nim;

static uint64_t nim_k(const nim *p, int which) {
    uint64_t k = 0;
    /* sorted heaps: equal multisets are one position */
    int a[NH];
    memcpy(a, p->h, sizeof a);
    for (int i = 1; i < NH; i++)
        for (int j = i; j > 0 && a[j] < a[j - 1]; j--) {
            int t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
    for (int i = 0; i < NH; i++) k ^= which ? p->z2[i][a[i]] : p->z1[i][a[i]];
    if (p->side) k ^= which ? p->zs2 : p->zs1;
    return k;
}
static uint64_t nim_key(void *c) { return nim_k(c, 0); }
static uint64_t nim_key2(void *c) { return nim_k(c, 1); }
static int nim_gen(void *c, int *mv, int max) {
    nim *p = c;
    int n = 0;
    for (int i = 0; i < NH; i++)
        for (int j = 0; j < p->nsub; j++)
            if (p->h[i] >= p->sub[j] && n < max) mv[n++] = i * 8 + j;
    return n;
}
static void nim_play(void *c, int m) {
    nim *p = c;
    int i = m / 8, j = m % 8;
    p->hist[p->nh][0] = i;
    p->hist[p->nh][1] = p->sub[j];
    p->nh++;
    p->h[i] -= p->sub[j];
    p->side ^= 1;
}
static void nim_undo(void *c) {
    nim *p = c;
    p->nh--;
    p->h[p->hist[p->nh][0]] += p->hist[p->nh][1];
    p->side ^= 1;
}
static dfpn_value nim_eval(void *c) {
    nim *p = c;
    if (!p->know) return DFPN_OPEN;
    int mn = p->sub[0];
    for (int j = 1; j < p->nsub; j++)
        if (p->sub[j] < mn) mn = p->sub[j];
    for (int i = 0; i < NH; i++)
        if (p->h[i] >= mn) return DFPN_OPEN;
    return p->side == 0 ? DFPN_LOSS : DFPN_WIN;
}

static void *nim_clone(void *c) {
    nim *p = malloc(sizeof *p);
    if (p) memcpy(p, c, sizeof *p);
    return p;
}
static void nim_clone_free(void *c, void *copy) {
    (void)c;
    free(copy);
}

static signed char nim_memo[2][HMAX + 1][HMAX + 1][HMAX + 1];
static int nim_bf(nim *p) { /* 1 when the side to move wins */
    signed char *m = &nim_memo[p->side][p->h[0]][p->h[1]][p->h[2]];
    if (*m >= 0) return *m;
    int win = 0;
    for (int i = 0; i < NH && !win; i++)
        for (int j = 0; j < p->nsub && !win; j++)
            if (p->h[i] >= p->sub[j]) {
                p->h[i] -= p->sub[j];
                p->side ^= 1;
                win = !nim_bf(p);
                p->side ^= 1;
                p->h[i] += p->sub[j];
            }
    return *m = (signed char)win;
}

static void test_nim(int count) {
    uint64_t st = 0xabcdef ^ seed_salt;
    long bad = 0;
    for (int inst = 0; inst < count; inst++) {
        nim p;
        memset(&p, 0, sizeof p);
        p.nsub = 1 + rint_(&st, 3);
        for (int j = 0; j < p.nsub; j++) p.sub[j] = 1 + rint_(&st, 4);
        for (int i = 0; i < NH; i++) p.h[i] = rint_(&st, HMAX + 1);
        p.know = rint_(&st, 2);
        uint64_t zs = 0x5eed + (uint64_t)inst;
        for (int i = 0; i < NH; i++)
            for (int v = 0; v <= HMAX; v++) {
                p.z1[i][v] = yomi_splitmix64(&zs);
                p.z2[i][v] = yomi_splitmix64(&zs);
            }
        p.zs1 = yomi_splitmix64(&zs);
        p.zs2 = yomi_splitmix64(&zs);
        memset(nim_memo, -1, sizeof nim_memo);
        int want = nim_bf(&p);
        dfpn_game gm = {0};
        gm.key = nim_key;
        gm.key2 = nim_key2;
        gm.generate = nim_gen;
        gm.play = nim_play;
        gm.undo = nim_undo;
        gm.evaluate = nim_eval;
        gm.max_moves = NH * 4;
        gm.clone = nim_clone;
        gm.clone_free = nim_clone_free;
        dfpn *s = par(inst % 3 == 0 ? dfpn_new_entries(256) : dfpn_new(1));
        dfpn_result r;
        int rc = dfpn_solve(s, &gm, &p, &safety_lim, &r);
        count_nodes(r.nodes, "nim", inst);
        int ok = rc == 0 && r.result == (want ? YOMI_WIN : YOMI_LOSS) && p.nh == 0;
        if (ok && r.result == YOMI_WIN) {
            /* the proving move leaves a lost position for the opponent */
            nim_play(&p, r.best_move);
            ok = !nim_bf(&p);
            nim_undo(&p);
        }
        dfpn_move_result mr[NH * 4];
        int n = dfpn_analyse_root(s, &gm, &p, &safety_lim, mr, NH * 4);
        int mv[NH * 4];
        if (n != nim_gen(&p, mv, NH * 4) && !(p.know && nim_eval(&p) != DFPN_OPEN)) ok = 0;
        for (int i = 0; ok && i < n; i++) {
            nim_play(&p, mr[i].move);
            int opp = nim_bf(&p);
            nim_undo(&p);
            n_root_moves++;
            if (mr[i].result != (opp ? YOMI_LOSS : YOMI_WIN)) ok = 0;
        }
        n_instances++;
        if (ok) n_agree++;
        CHECK_MSG(ok, "nim instance %d: heaps %d %d %d, dfpn %s, oracle %s", inst, p.h[0], p.h[1], p.h[2],
                  vname(r.result), want ? "win" : "loss");
        dfpn_free(s);
        if (!ok && ++bad > 5) break;
    }
}

/* ------------------------------------------------------------------ */
/* Limits: the node cap is exact and gives UNKNOWN; cancel and time stop the search. */

static void test_limits(int count) {
    uint64_t st = 0x11717 ^ seed_salt;
    graph *g = malloc(sizeof *g);
    int checked = 0;
    for (int inst = 0; inst < count; inst++) {
        gen_dag(g, &st, 1);
        dfpn_game gm = graph_game(0, 0, 0, DFPN_OPEN);
        dfpn *s = dfpn_new(1);
        dfpn_result full;
        dfpn_solve(s, &gm, g, NULL, &full);
        dfpn_free(s);
        if (full.nodes < 2) continue;
        checked++;
        /* the same cap reproduces the result; one play less gives UNKNOWN */
        yomi_limits lim = {0};
        lim.max_nodes = full.nodes;
        s = dfpn_new(1);
        dfpn_result r;
        dfpn_solve(s, &gm, g, &lim, &r);
        dfpn_free(s);
        CHECK_MSG(r.result == full.result && r.nodes == full.nodes, "cap = nodes: %s %llu vs %s %llu",
                  vname(r.result), (unsigned long long)r.nodes, vname(full.result),
                  (unsigned long long)full.nodes);
        uint64_t cap = 1 + (uint64_t)rint_(&st, (int)full.nodes - 1);
        if (inst & 1) cap = full.nodes - 1;
        lim.max_nodes = cap;
        g->plays = 0;
        s = dfpn_new(1);
        dfpn_solve(s, &gm, g, &lim, &r);
        CHECK_MSG(r.result == YOMI_UNKNOWN && r.nodes == cap && (uint64_t)g->plays == cap && g->sp == 1,
                  "cap %llu of %llu: %s after %llu nodes (%ld plays)", (unsigned long long)cap,
                  (unsigned long long)full.nodes, vname(r.result), (unsigned long long)r.nodes, g->plays);
        if (r.result == YOMI_UNKNOWN) n_unknown_ok++;
        /* the best line so far after a stopped search: legal, context restored, and it
         * starts whenever the root was expanded (every root child got its numbers) */
        {
            int pv[GMAXN];
            int bl = dfpn_pv_best(s, &gm, g, pv, GMAXN);
            CHECK_MSG(g->sp == 1 && pv_legal(g, pv, bl), "best line after cap %llu: %d moves, sp %d",
                      (unsigned long long)cap, bl, g->sp);
            n_pv_stopped += bl >= 1;
        }
        /* the capped search stored nothing false: the same solver finishes correctly */
        dfpn_solve(s, &gm, g, &safety_lim, &r);
        CHECK(r.result == full.result);
        dfpn_free(s);
        /* analyse_root shares one exact cap among the moves */
        dfpn_move_result mr[GMAXC], mfull[GMAXC];
        s = dfpn_new(1);
        int n = dfpn_analyse_root(s, &gm, g, NULL, mfull, GMAXC);
        dfpn_free(s);
        uint64_t sum_full = 0;
        for (int i = 0; i < n; i++) sum_full += mfull[i].nodes;
        if (sum_full >= 2) {
            lim.max_nodes = 1 + (uint64_t)rint_(&st, (int)sum_full - 1);
            g->plays = 0;
            s = dfpn_new(1);
            int n2 = dfpn_analyse_root(s, &gm, g, &lim, mr, GMAXC);
            uint64_t sum = 0;
            int unknown = 0, same = n2 == n;
            for (int i = 0; i < n2; i++) {
                sum += mr[i].nodes;
                unknown += mr[i].result == YOMI_UNKNOWN;
                if (same && mr[i].result != YOMI_UNKNOWN) same = mr[i].result == mfull[i].result;
            }
            CHECK_MSG(unknown > 0 && same && sum == lim.max_nodes && (uint64_t)g->plays == lim.max_nodes &&
                          g->sp == 1,
                      "analyse cap %llu of %llu: %d unknown, sum %llu", (unsigned long long)lim.max_nodes,
                      (unsigned long long)sum_full, unknown, (unsigned long long)sum);
            dfpn_free(s);
        }
        /* cancel raised from inside the game after k plays: exactly k plays, UNKNOWN, and
         * the same solver then finishes with the right answer */
        atomic_int cancel = 0;
        yomi_limits cl = {0};
        cl.cancel = &cancel;
        g->cancel = &cancel;
        g->cancel_at = 1 + rint_(&st, (int)full.nodes - 1);
        g->plays = 0;
        s = dfpn_new(1);
        dfpn_solve(s, &gm, g, &cl, &r);
        CHECK_MSG(r.result == YOMI_UNKNOWN && g->plays == g->cancel_at && g->sp == 1,
                  "cancel at %ld: %s after %ld plays", g->cancel_at, vname(r.result), g->plays);
        g->cancel_at = 0;
        dfpn_solve(s, &gm, g, &safety_lim, &r);
        CHECK(r.result == full.result);
        dfpn_free(s);
    }
    CHECK_MSG(checked > count / 2, "only %d of %d limit instances had >= 2 nodes", checked, count);
    /* cancel set before the search: nothing is played */
    gen_tree(g, &st, 1);
    while (g->nch[0] == 0) gen_tree(g, &st, 1);
    atomic_int cancel = 1;
    yomi_limits lim = {0};
    lim.cancel = &cancel;
    dfpn_game gm = graph_game(0, 0, 0, DFPN_OPEN);
    dfpn *s = dfpn_new(1);
    dfpn_result r;
    dfpn_solve(s, &gm, g, &lim, &r);
    CHECK(r.result == YOMI_UNKNOWN && r.nodes == 0 && g->sp == 1);
    lim.cancel = NULL;
    lim.max_seconds = 1e-12;
    dfpn_solve(s, &gm, g, &lim, &r);
    CHECK(r.result == YOMI_UNKNOWN && g->sp == 1);
    dfpn_free(s);
    free(g);
}

/* The parallel search's limits: the plays of all workers never pass the cap, and a search
 * the cap stops made exactly cap plays and answers UNKNOWN; a search that ends answers as
 * the oracle does; cancel stops it. */
static void test_par_limits(int count) {
    uint64_t st = 0x9a7 ^ seed_salt;
    graph *g = malloc(sizeof *g);
    int stopped = 0;
    for (int inst = 0; inst < count; inst++) {
        if (inst % 2)
            gen_dag(g, &st, 1);
        else
            gen_cyclic(g, &st, 1);
        dfpn_game gm = graph_game(0, 0, 0, DFPN_OPEN);
        dfpn *s = par(dfpn_new(1));
        dfpn_result full;
        dfpn_solve(s, &gm, g, &safety_lim, &full);
        dfpn_free(s);
        dfpn_value want = truth(g, -1, DFPN_LOSS, inst % 2);
        CHECK_MSG(full.result == as_result(want), "par limits %d: %s, oracle %s", inst, vname(full.result),
                  vname(as_result(want)));
        if (full.nodes < 2) continue;
        yomi_limits lim = {0};
        lim.max_nodes = 1 + (uint64_t)rint_(&st, (int)full.nodes * 2);
        g->plays = 0;
        dfpn_result r;
        s = par(dfpn_new(1));
        dfpn_solve(s, &gm, g, &lim, &r);
        int ok = g->sp == 1 && r.nodes <= lim.max_nodes && (uint64_t)g->plays == r.nodes &&
            (r.result == YOMI_UNKNOWN ? r.nodes == lim.max_nodes : r.result == full.result);
        CHECK_MSG(ok, "par cap %llu: %s after %llu nodes (%ld plays, sp %d)",
                  (unsigned long long)lim.max_nodes, vname(r.result), (unsigned long long)r.nodes, g->plays,
                  g->sp);
        stopped += r.result == YOMI_UNKNOWN;
        /* the stopped search stored nothing false: the same solver finishes correctly */
        dfpn_solve(s, &gm, g, &safety_lim, &r);
        CHECK(r.result == full.result && g->sp == 1);
        dfpn_free(s);
    }
    CHECK_MSG(stopped > count / 8, "only %d of %d capped parallel searches stopped", stopped, count);
    /* cancel set before the search of an open root: nothing is played */
    gen_tree(g, &st, 1);
    while (g->nch[g->root] == 0 || g->term[g->root] != DFPN_OPEN) gen_tree(g, &st, 1);
    atomic_int cancel = 1;
    yomi_limits lim = {0};
    lim.cancel = &cancel;
    dfpn_game gm = graph_game(0, 0, 0, DFPN_OPEN);
    dfpn *s = par(dfpn_new(1));
    dfpn_result r;
    g->plays = 0;
    dfpn_solve(s, &gm, g, &lim, &r);
    CHECK(r.result == YOMI_UNKNOWN && r.nodes == 0 && g->plays == 0 && g->sp == 1);
    dfpn_free(s);
    free(g);
}

/* Instance inst of a many-roots test: a cops-and-robber graph for odd inst, a random
 * cyclic one for even. */
static void gen_mixed(graph *g, uint64_t *st, int inst) {
    cops_small = 0;
    if (inst % 2)
        gen_cops(g, st, 0);
    else
        gen_cyclic(g, st, rint_(st, 2));
}

/* One solver across many roots of one game, revisiting roots: the table's root variants
 * must keep every answer exact (root value and every first move). */
static void test_many_roots(int count) {
    uint64_t st = 0x7007 ^ seed_salt;
    graph *g = malloc(sizeof *g);
    long bad = 0;
    for (int inst = 0; inst < count; inst++) {
        gen_mixed(g, &st, inst);
        dfpn_game gm = graph_game(1, 0, 0, inst % 3 == 2 ? DFPN_WIN : DFPN_OPEN);
        dfpn_value rep = inst % 3 == 2 ? DFPN_WIN : DFPN_LOSS;
        /* a small table shared by six roots (replacement across variants); 64 entries
         * on a 288-position cops game took over 50M plays (seed salt 4) */
        dfpn *s = par(inst % 4 == 3 ? dfpn_new_entries(g->n > 72 ? 1024 : 64) : dfpn_new(1));
        int roots[6];
        for (int k = 0; k < 6; k++) roots[k] = k < 3 ? rint_(&st, g->n) : roots[k - 3];
        int ok = 1;
        for (int k = 0; k < 6 && ok; k++) {
            g->root = roots[k];
            g->stack[0] = roots[k];
            g->sp = 1;
            dfpn_result r;
            dfpn_solve(s, &gm, g, &safety_lim, &r);
            count_nodes(r.nodes, "roots", inst);
            dfpn_value want =
                g->term[g->root] != DFPN_OPEN ? (dfpn_value)g->term[g->root] : truth(g, -1, rep, 0);
            if (r.result != as_result(want)) ok = 0;
            dfpn_move_result mr[GMAXC];
            int n = dfpn_analyse_root(s, &gm, g, &safety_lim, mr, GMAXC);
            for (int i = 0; ok && i < n; i++) {
                n_root_moves++;
                if (mr[i].result != as_result(truth(g, mr[i].move, rep, 0))) ok = 0;
            }
        }
        n_instances++;
        if (ok) n_agree++;
        CHECK_MSG(ok, "many roots instance %d", inst);
        dfpn_free(s);
        if (!ok && ++bad > 5) break;
    }
    free(g);
}

/* The harness can fail: with a 2-bit key and a constant key2 (no exact state) positions
 * are confused, and the oracle must catch wrong answers. */
static void test_negative_control(void) {
    uint64_t st = 0xbad;
    graph *g = malloc(sizeof *g);
    int wrong = 0, tried = 0;
    for (int inst = 0; inst < 300 && !wrong; inst++, tried++) {
        gen_cyclic(g, &st, 0);
        g->key_mask = 3;
        g->key2_mask = 0;
        dfpn_game gm = graph_game(1, 0, 0, DFPN_OPEN);
        dfpn *s = dfpn_new(1);
        yomi_limits lim = {0};
        lim.max_nodes = 100000;
        dfpn_result r;
        dfpn_solve(s, &gm, g, &lim, &r);
        g->key_mask = g->key2_mask = ~0ULL;
        dfpn_value want = truth(g, -1, DFPN_LOSS, 0);
        if (r.result != YOMI_UNKNOWN && r.result != as_result(want)) wrong = 1;
        dfpn_free(s);
    }
    CHECK_MSG(wrong, "no wrong answer in %d instances without key verification", tried);
    printf("negative control: a wrong answer after %d instances without verification\n", tried);
    free(g);
}

/* A bad game description is refused, not crashed on. */
static void test_bad_game(void) {
    graph g;
    uint64_t st = 5;
    gen_tree(&g, &st, 1);
    dfpn_game gm = graph_game(0, 0, 0, DFPN_OPEN);
    gm.key2 = NULL;
    dfpn *s = dfpn_new(1);
    dfpn_result r;
    CHECK(dfpn_solve(s, &gm, &g, NULL, &r) == -1 && r.result == YOMI_UNKNOWN);
    gm = graph_game(0, 0, 0, DFPN_OPEN);
    gm.max_moves = 0;
    CHECK(dfpn_solve(s, &gm, &g, NULL, &r) == -1);
    dfpn_free(s);
}

/* A hand-made cycle: OR at a can go to b (AND) or to a loss; b's only move returns to a.
 * Under "repetition loses for OR" a is lost; under "repetition wins" it is won. Also a
 * position that is won in the graph but not as a first move: the root r (OR) has a
 * winning move to w and a move to b whose only reply returns to r. */
static void test_handmade(void) {
    graph g;
    memset(&g, 0, sizeof g);
    /* 0: r (OR) -> 1 (terminal win), 2 (AND) ; 2 -> 0 */
    g.n = 3;
    g.is_or[0] = 1;
    g.nch[0] = 2;
    g.ch[0][0] = 1;
    g.ch[0][1] = 2;
    g.term[1] = DFPN_WIN;
    g.is_or[2] = 0;
    g.nch[2] = 1;
    g.ch[2][0] = 0;
    uint64_t st = 77;
    graph_finish(&g, &st);
    dfpn_game gm = graph_game(1, 0, 0, DFPN_OPEN);
    dfpn *s = dfpn_new(1);
    dfpn_result r;
    dfpn_solve(s, &gm, &g, NULL, &r);
    CHECK(r.result == YOMI_WIN && r.best_move == 0);
    dfpn_move_result mr[2];
    int n = dfpn_analyse_root(s, &gm, &g, NULL, mr, 2);
    CHECK(n == 2 && mr[0].result == YOMI_WIN && mr[1].result == YOMI_LOSS);
    /* now search from b = node 2 as a root: b -> r -> w, won for OR */
    g.stack[0] = 2;
    dfpn_solve(s, &gm, &g, NULL, &r);
    CHECK(r.result == YOMI_WIN);
    /* and back at r, the table of the other root must not make move 1 look winning */
    g.stack[0] = 0;
    n = dfpn_analyse_root(s, &gm, &g, NULL, mr, 2);
    CHECK(n == 2 && mr[0].result == YOMI_WIN && mr[1].result == YOMI_LOSS);
    gm.repetition = DFPN_WIN;
    dfpn_clear(s);
    n = dfpn_analyse_root(s, &gm, &g, NULL, mr, 2);
    CHECK(n == 2 && mr[0].result == YOMI_WIN && mr[1].result == YOMI_WIN);
    /* the rule back, same root: dfpn_forget must hide that search's entries too */
    gm.repetition = DFPN_LOSS;
    dfpn_forget(s);
    n = dfpn_analyse_root(s, &gm, &g, NULL, mr, 2);
    CHECK(n == 2 && mr[0].result == YOMI_WIN && mr[1].result == YOMI_LOSS);
    dfpn_free(s);
}

/* dfpn_keep: a kept result is reused at another root of the same game, and never across a
 * change of the repetition value. The graph: root q (OR) and z (OR) both move to x (AND),
 * whose only move goes to y (OR), whose only move returns to x. Searched from q under
 * "repetition loses for OR", x is lost with no ancestor named (the repetition is inside
 * its own subtree), so its loss enters the main table; under "repetition wins" x is won,
 * and so is z: a kept loss of x would make z lost. */
static void test_keep(void) {
    graph g;
    memset(&g, 0, sizeof g);
    g.n = 4; /* 0 q, 1 z, 2 x, 3 y */
    g.is_or[0] = g.is_or[1] = g.is_or[3] = 1;
    g.nch[0] = g.nch[1] = g.nch[2] = g.nch[3] = 1;
    g.ch[0][0] = 2;
    g.ch[1][0] = 2;
    g.ch[2][0] = 3;
    g.ch[3][0] = 2;
    uint64_t st = 99;
    graph_finish(&g, &st);
    for (int use_state = 0; use_state < 2; use_state++) {
        dfpn_game gm = graph_game(1, use_state, 0, DFPN_LOSS);
        dfpn *s = dfpn_new(1);
        dfpn_result r;
        g.stack[0] = 0;
        dfpn_solve(s, &gm, &g, NULL, &r);
        CHECK(r.result == YOMI_LOSS);
        /* the same rule: z's only child x is a kept loss, z is decided with one play */
        dfpn_keep(s);
        g.stack[0] = 1;
        dfpn_solve(s, &gm, &g, NULL, &r);
        CHECK(r.result == YOMI_LOSS && r.nodes == 1);
        /* the other rule: nothing kept (z is won through x -> y -> x) */
        gm.repetition = DFPN_WIN;
        dfpn_keep(s);
        dfpn_solve(s, &gm, &g, NULL, &r);
        CHECK_MSG(r.result == YOMI_WIN, "kept across a repetition change (state %d)", use_state);
        g.root = 1;
        CHECK(truth(&g, -1, DFPN_WIN, 0) == DFPN_WIN && truth(&g, -1, DFPN_LOSS, 0) == DFPN_LOSS);
        g.root = 0;
        dfpn_free(s);
    }
}

/* dfpn_keep across many roots of one game under one rule: every root's value stays exact
 * (the first moves are the caller's condition, not checked here). */
static void test_keep_roots(int count) {
    uint64_t st = 0x4eeb ^ seed_salt;
    graph *g = malloc(sizeof *g);
    for (int inst = 0; inst < count; inst++) {
        gen_mixed(g, &st, inst);
        dfpn_value rep = inst % 3 == 2 ? DFPN_WIN : DFPN_LOSS;
        dfpn_game gm = graph_game(1, inst % 4 < 2, 0, rep);
        dfpn *s = par(inst % 4 == 3 ? dfpn_new_entries(g->n > 72 ? 1024 : 64) : dfpn_new(1));
        int ok = 1;
        for (int k = 0; k < 6 && ok; k++) {
            g->root = rint_(&st, g->n);
            g->stack[0] = g->root;
            g->sp = 1;
            dfpn_result r;
            dfpn_keep(s);
            dfpn_solve(s, &gm, g, &safety_lim, &r);
            count_nodes(r.nodes, "keep", inst);
            dfpn_value want =
                g->term[g->root] != DFPN_OPEN ? (dfpn_value)g->term[g->root] : truth(g, -1, rep, 0);
            if (r.result != as_result(want)) ok = 0;
        }
        n_instances++;
        if (ok) n_agree++;
        CHECK_MSG(ok, "kept roots instance %d", inst);
        dfpn_free(s);
        if (!ok) break;
    }
    free(g);
}

/* Running totals per family, for the log. */
static void report(const char *what) {
    static long inst0, agree0;
    static uint64_t nodes0;
    printf("%-7s %5ld instances, %5ld agree, %12llu nodes, largest %llu (%s %ld)\n", what,
           n_instances - inst0, n_agree - agree0, (unsigned long long)(total_nodes - nodes0),
           (unsigned long long)max_nodes_seen, max_nodes_where, max_nodes_inst);
    inst0 = n_instances;
    agree0 = n_agree;
    nodes0 = total_nodes;
    max_nodes_seen = 0;
    fflush(stdout);
}

int main(int argc, char **argv) {
    memo = calloc((size_t)1 << MEMO_BITS, sizeof *memo);
    if (!memo) return 1;
    /* argv[2], argv[3]: optional scale and seed salt for stress runs by hand */
    int scale = argc > 2 ? atoi(argv[2]) : t_sanitized() ? 1 : 6;
    if (argc > 3) seed_salt = strtoull(argv[3], NULL, 0);
    if (scale < 1) scale = 1;
    test_bad_game();
    test_handmade();
    run_family("tree", 600 * scale, 0x7a3e, gen_tree, 1);
    report("tree");
    run_family("dag", 600 * scale, 0xda9, gen_dag, 1);
    report("dag");
    run_family("cyclic", 800 * scale, 0xc7c1e, gen_cyclic, 0);
    report("cyclic");
    cyc = (cyc_shape){20, 40, 20, 5}; /* larger and more open: longer cycles, deeper search */
    run_family("cyclic+", 150 * scale, 0xb16c, gen_cyclic, 0);
    report("cyclic+");
    cyc = (cyc_shape){7, 12, 24, 3};
    family_min_entries = 64;
    run_family("cops", 300 * scale, 0xc0b5, gen_cops, 0);
    family_min_entries = 0;
    report("cops");
    test_nim(150 * scale);
    report("nim");
    test_many_roots(100 * scale);
    report("roots");
    test_keep();
    test_keep_roots(100 * scale);
    report("keep");
    test_negative_control();
    test_limits(100 * scale);
    /* The same oracle checks with 2 workers, and with 4 (more workers than the cores of
     * a small machine: their interleavings change more often). */
    for (t_threads = 2; t_threads <= 4; t_threads += 2) {
        printf("with %d workers:\n", t_threads);
        run_family("tree", 200 * scale, 0x7a3e + (uint64_t)t_threads, gen_tree, 1);
        report("tree");
        run_family("dag", 200 * scale, 0xda9 + (uint64_t)t_threads, gen_dag, 1);
        report("dag");
        run_family("cyclic", 300 * scale, 0xc7c1e + (uint64_t)t_threads, gen_cyclic, 0);
        report("cyclic");
        cyc = (cyc_shape){20, 40, 20, 5};
        run_family("cyclic+", 60 * scale, 0xb16c + (uint64_t)t_threads, gen_cyclic, 0);
        report("cyclic+");
        cyc = (cyc_shape){7, 12, 24, 3};
        family_min_entries = 64;
        run_family("cops", 100 * scale, 0xc0b5 + (uint64_t)t_threads, gen_cops, 0);
        family_min_entries = 0;
        report("cops");
        test_nim(50 * scale);
        report("nim");
        test_many_roots(40 * scale);
        report("roots");
        test_keep_roots(40 * scale);
        report("keep");
        test_par_limits(60 * scale);
    }
    t_threads = 1;
    printf("dfpn: %ld instances, %ld agree with the oracle, %ld root moves checked, "
           "%ld exact caps, %llu dfpn nodes, %ld oracle calls, %ld path/retrograde "
           "cross-checks\n",
           n_instances, n_agree, n_root_moves, n_unknown_ok, (unsigned long long)total_nodes, oracle_calls,
           n_oracle_cross);
    printf("dfpn_pv_best: %ld proved roots with a best line (its first move winning, by the oracle, where "
           "the root side wins), %ld "
           "stopped searches with a line\n",
           n_pv_best, n_pv_stopped);
    CHECK(n_pv_best > 100);
    free(memo);
    return t_summary("test_core_dfpn");
}
