/* Linear Clobber solver (seed 003): a position is a sum of runs, each run interned
 * once with its Left moves; the search is negamax on "Left to move wins", the
 * position colour-swapped after every move. Below the root a node is simplified
 * (delete P runs, cancel G + -G), looked up in the table, settled by static rules
 * on the runs' classes, tried without each run positive for the player, then its
 * moves are played: moves in runs negative for the player first. */
#include <stdlib.h>
#include <string.h>

#include "clobber/clobber_db.h"
#include "clobber/clobber_internal.h"
#include "core/error.h"
#include "core/hash.h"
#include "core/tt.h"

enum { R_UNK = -1, R_LOSS = 0, R_WIN = 1 };

/* A table entry: the whole normalised position (runs sorted by id, one empty cell
 * between them) packed as a strip, so a hash collision can never give an answer. */
typedef struct ctt_entry {
    uint64_t x[2], o[2];
    uint32_t best_run;
    uint8_t len;
    uint8_t result; /* 1 win, 2 loss for Left to move; 0 empty */
    uint8_t best_mv;
    uint8_t work; /* log2 of the nodes the proof took: replacement priority */
} ctt_entry;

typedef struct ctt_key {
    uint64_t x[2], o[2];
    int len;
    uint64_t hash;
} ctt_key;

struct clob_solver {
    clob_options opt;
    unsigned on; /* techniques switched on */
    clob_run *runs;
    uint32_t nruns, cap_runs;
    uint32_t *index; /* open addressing over run ids */
    uint64_t index_mask;
    clob_rmove *mv;
    uint64_t nmv, cap_mv;
    yomi_table tt; /* buckets of two ctt_entry (core/tt.h) */
    uint64_t tt_count, tt_max_buckets; /* the table doubles up to hash_mb's buckets */
    clob_db db;
    uint8_t *db_image; /* a database built in memory (build_db_len) */
    yomi_ctl ctl;
};

static const char *const tech_names[] = {"db",        "simplify", "static", "positive", "tt",
                                         "dominated", "order",    "dup",    "bounds",   "etc"};

const char *clob_technique_name(unsigned bit) {
    for (unsigned i = 0; i < sizeof tech_names / sizeof *tech_names; i++)
        if (bit == 1u << i) return tech_names[i];
    return NULL;
}

unsigned clob_technique_parse(const char *name) {
    for (unsigned i = 0; i < sizeof tech_names / sizeof *tech_names; i++)
        if (!strcmp(name, tech_names[i])) return 1u << i;
    return 0;
}

static uint64_t run_hash(int len, const uint64_t bits[2]) {
    return yomi_fmix64(yomi_fmix64(bits[0] ^ (uint64_t)len * YOMI_GOLDEN64) ^ bits[1]);
}

/* ---- interned runs ---- */

static bool index_put(clob_solver *s, uint32_t id) {
    const clob_run *r = &s->runs[id];
    uint64_t i = run_hash(r->len, r->bits) & s->index_mask;
    while (s->index[i]) i = (i + 1) & s->index_mask;
    s->index[i] = id;
    return true;
}

static bool runs_grow(clob_solver *s) {
    if (s->nruns + 1 >= s->cap_runs) {
        uint32_t cap = s->cap_runs * 2;
        clob_run *r = realloc(s->runs, cap * sizeof *r);
        if (!r) return false;
        s->runs = r;
        s->cap_runs = cap;
    }
    if (2 * (uint64_t)(s->nruns + 1) > s->index_mask + 1) {
        uint64_t size = (s->index_mask + 1) * 2;
        uint32_t *ix = calloc(size, sizeof *ix);
        if (!ix) return false;
        free(s->index);
        s->index = ix;
        s->index_mask = size - 1;
        for (uint32_t id = 1; id < s->nruns; id++) index_put(s, id);
    }
    return true;
}

static uint32_t find_or_add(clob_solver *s, int len, const uint64_t bits[2]) {
    uint64_t i = run_hash(len, bits) & s->index_mask;
    for (uint32_t id; (id = s->index[i]); i = (i + 1) & s->index_mask) {
        const clob_run *r = &s->runs[id];
        if (r->len == len && r->bits[0] == bits[0] && r->bits[1] == bits[1]) return id;
    }
    if (!runs_grow(s)) abort();
    uint32_t id = s->nruns++;
    clob_run *r = &s->runs[id];
    memset(r, 0, sizeof *r);
    r->bits[0] = bits[0];
    r->bits[1] = bits[1];
    r->len = (uint8_t)len;
    r->moves = UINT32_MAX;
    r->lo[0] = r->lo[1] = r->hi[0] = r->hi[1] = CLOB_BND_NONE;
    for (int k = 0; k + 1 < len; k++)
        r->changes += (uint8_t)((bits[k >> 6] >> (k & 63) ^ bits[(k + 1) >> 6] >> ((k + 1) & 63)) & 1);
    index_put(s, id);
    return id;
}

static void pack_run(const uint8_t *c, int n, bool reversed, uint64_t bits[2]) {
    bits[0] = bits[1] = 0;
    for (int k = 0; k < n; k++)
        if (c[reversed ? n - 1 - k : k] == CLOB_X) bits[k >> 6] |= 1ULL << (k & 63);
}

/* Which end reads first: false for the given order, true for reversed
 * (the lexicographically smaller with X before O). */
static bool orient(const uint8_t *c, int n) {
    for (int k = 0; k < n; k++)
        if (c[k] != c[n - 1 - k]) return c[k] == CLOB_O;
    return false;
}

static uint32_t intern_oriented(clob_solver *s, const uint8_t *c, int n) {
    uint64_t bits[2];
    pack_run(c, n, orient(c, n), bits);
    return find_or_add(s, n, bits);
}

/* Id of the run of cells c[0..n) (stones only), 0 when it has one colour. */
uint32_t clob_intern_cells(clob_solver *s, const uint8_t *c, int n) {
    bool mixed = false;
    for (int k = 1; k < n && !mixed; k++) mixed = c[k] != c[0];
    if (!mixed) return 0;
    uint32_t id = intern_oriented(s, c, n);
    if (!s->runs[id].neg) {
        uint8_t d[CLOB_MAX_LEN];
        for (int k = 0; k < n; k++) d[k] = (uint8_t)(3 - c[k]);
        uint32_t nid = intern_oriented(s, d, n);
        s->runs[id].neg = nid;
        s->runs[nid].neg = id;
        if (s->db.cls && n <= s->db.max_len) {
            for (int t = 0; t < 2; t++) {
                uint32_t me = t ? nid : id;
                uint64_t ix = clob_db_index(n, s->runs[me].bits[0]);
                s->runs[me].cls = s->db.cls[ix] & 7;
                s->runs[me].dom = s->db.dom ? clob_db_dom(&s->db, ix) : 0;
                if (s->db.bnd)
                    for (int k = 0; k < 2; k++) {
                        s->runs[me].lo[k] = s->db.bnd[4 * ix + (uint64_t)k];
                        s->runs[me].hi[k] = s->db.bnd[4 * ix + 2 + (uint64_t)k];
                    }
                uint32_t l = s->db.link ? clob_db_link(&s->db, ix) : 0;
                if (l) {
                    int ll = 2;
                    while (clob_db_index(ll + 1, 0) <= l - 1) ll++;
                    uint32_t rep = clob_intern_bits(s, ll, (l - 1) - clob_db_index(ll, 0));
                    s->runs[me].link = rep;
                }
            }
        }
    }
    return id;
}

const clob_run *clob_run_get(const clob_solver *s, uint32_t id) { return &s->runs[id]; }

uint32_t clob_intern_bits(clob_solver *s, int len, uint64_t bits) {
    uint8_t c[64];
    for (int k = 0; k < len; k++) c[k] = (bits >> k & 1) ? CLOB_X : CLOB_O;
    return clob_intern_cells(s, c, len);
}

static void run_cells(const clob_run *r, uint8_t *c) {
    for (int k = 0; k < r->len; k++) c[k] = (r->bits[k >> 6] >> (k & 63) & 1) ? CLOB_X : CLOB_O;
}

/* Builds the Left moves of run id (once). */
static void build_moves(clob_solver *s, uint32_t id) {
    uint8_t c[CLOB_MAX_LEN];
    int n = s->runs[id].len;
    run_cells(&s->runs[id], c);
    if (s->nmv + (uint64_t)n > s->cap_mv) {
        uint64_t cap = s->cap_mv * 2 + (uint64_t)n;
        clob_rmove *m = realloc(s->mv, cap * sizeof *m);
        if (!m) abort();
        s->mv = m;
        s->cap_mv = cap;
    }
    uint64_t first = s->nmv;
    for (int i = 0; i < n; i++) {
        if (c[i] != CLOB_X) continue;
        for (int d = -1; d <= 1; d += 2) {
            int j = i + d;
            if (j < 0 || j >= n || c[j] != CLOB_O) continue;
            c[i] = CLOB_EMPTY;
            c[j] = CLOB_X;
            uint32_t a = clob_intern_cells(s, c, i);
            uint32_t b = clob_intern_cells(s, c + i + 1, n - i - 1);
            c[i] = CLOB_X;
            c[j] = CLOB_O;
            clob_rmove *m = &s->mv[s->nmv++];
            m->a = a;
            m->b = b;
            m->from = (uint8_t)i;
            m->to = (uint8_t)j;
            /* Masks cover database runs (at most 32 cells): longer runs have none. */
            m->dominated = 2 * i + 1 < 64 ? (uint8_t)(s->runs[id].dom >> (2 * i + (j > i)) & 1) : 0;
            m->pad = 0;
        }
    }
    s->runs[id].moves = (uint32_t)first;
    s->runs[id].nmoves = (uint8_t)(s->nmv - first);
}

int clob_run_moves(clob_solver *s, uint32_t id, const clob_rmove **out) {
    if (s->runs[id].moves == UINT32_MAX) build_moves(s, id);
    *out = s->mv + s->runs[id].moves;
    return s->runs[id].nmoves;
}

/* ---- transposition table ---- */

static void or_bits(uint64_t dst[2], uint64_t w, int p) {
    if (!w) return;
    int q = p & 63;
    dst[p >> 6] |= w << q;
    if (q && p < 64) dst[1] |= w >> (64 - q);
}

static uint64_t key_hash(const uint64_t x[2], const uint64_t o[2], int len) {
    return yomi_fmix64(yomi_fmix64(yomi_fmix64(x[0] ^ (uint64_t)len) ^ x[1]) ^ o[0]) ^ o[1];
}

static void make_key(const clob_solver *s, const uint32_t *g, int n, ctt_key *k) {
    memset(k, 0, sizeof *k);
    int p = 0;
    for (int i = 0; i < n; i++) {
        const clob_run *r = &s->runs[g[i]];
        uint64_t lo = r->len >= 64 ? ~0ULL : (1ULL << r->len) - 1;
        uint64_t hi = r->len > 64 ? (r->len >= 128 ? ~0ULL : (1ULL << (r->len - 64)) - 1) : 0;
        or_bits(k->x, r->bits[0], p);
        or_bits(k->o, ~r->bits[0] & lo, p);
        if (r->len > 64) {
            or_bits(k->x, r->bits[1], p + 64);
            or_bits(k->o, ~r->bits[1] & hi, p + 64);
        }
        p += r->len + 1;
    }
    k->len = p ? p - 1 : 0;
    k->hash = key_hash(k->x, k->o, k->len);
}

static ctt_entry *tt_bucket(const clob_solver *s, uint64_t hash) {
    return (ctt_entry *)s->tt.mem + (yomi_table_index(&s->tt, hash) << 1);
}

static ctt_entry *tt_probe(clob_solver *s, const ctt_key *k) {
    if (!s->tt.mem) return NULL;
    ctt_entry *b = tt_bucket(s, k->hash);
    for (int i = 0; i < 2; i++)
        if (b[i].result && b[i].len == k->len && b[i].x[0] == k->x[0] && b[i].x[1] == k->x[1] &&
            b[i].o[0] == k->o[0] && b[i].o[1] == k->o[1])
            return &b[i];
    return NULL;
}

/* Puts e into its bucket: an empty slot, else over the entry with less work. */
static void tt_place(clob_solver *s, const ctt_entry *e) {
    ctt_entry *b = tt_bucket(s, key_hash(e->x, e->o, e->len));
    ctt_entry *d = !b[0].result ? &b[0] : !b[1].result ? &b[1] : b[0].work <= b[1].work ? &b[0] : &b[1];
    if (!d->result) s->tt_count++;
    *d = *e;
}

/* The table is probed at random: on 2 MB pages where the kernel allows them, a
 * probe costs one TLB miss less (measured: most of a probe's time is the miss). */
static bool tt_alloc(yomi_table *t, uint64_t buckets) {
    return yomi_table_init_buckets(t, buckets, 2 * sizeof(ctt_entry), YOMI_TABLE_HUGE);
}

/* Doubles the table (while under its limit; the last step stops at the limit) once it
 * is a third full. */
static void tt_grow(clob_solver *s) {
    uint64_t buckets = s->tt.nbuckets * 2;
    if (buckets > s->tt_max_buckets) buckets = s->tt_max_buckets;
    yomi_table old = s->tt, nt;
    if (!tt_alloc(&nt, buckets)) {
        s->tt_max_buckets = s->tt.nbuckets;
        return;
    }
    s->tt = nt;
    s->tt_count = 0;
    const ctt_entry *e = (const ctt_entry *)old.mem;
    for (uint64_t i = 0; i < old.nbuckets * 2; i++)
        if (e[i].result) tt_place(s, &e[i]);
    yomi_table_free(&old);
}

static void tt_store(clob_solver *s, const ctt_key *k, int result, uint64_t nodes, uint32_t best_run,
                     int best_mv) {
    if (!s->tt.mem) return;
    if (s->tt_count * 3 > s->tt.nbuckets * 2 && s->tt.nbuckets < s->tt_max_buckets) tt_grow(s);
    ctt_entry *b = tt_bucket(s, k->hash);
    int work = 0;
    while (nodes > 1 && work < 63) {
        nodes >>= 1;
        work++;
    }
    ctt_entry *e = b[0].work <= b[1].work ? &b[0] : &b[1];
    if (!b[0].result)
        e = &b[0];
    else if (!b[1].result)
        e = &b[1];
    if (!e->result) s->tt_count++;
    e->x[0] = k->x[0];
    e->x[1] = k->x[1];
    e->o[0] = k->o[0];
    e->o[1] = k->o[1];
    e->len = (uint8_t)k->len;
    e->result = result == R_WIN ? 1 : 2;
    e->best_run = best_run;
    e->best_mv = (uint8_t)best_mv;
    e->work = (uint8_t)work;
}

/* ---- search ---- */

static int search(clob_solver *s, const uint32_t *in, int n_in);

/* Class of run id: from the database, or solved here when the run is short. */
static clob_outcome run_class(clob_solver *s, uint32_t id) {
    clob_run *r = &s->runs[id];
    if (r->cls || !(s->on & CLOB_T_DB) || r->busy || r->len > s->opt.class_len) return (clob_outcome)r->cls;
    uint32_t nid = r->neg;
    r->busy = 1;
    s->runs[nid].busy = 1;
    int lw = search(s, &id, 1);
    int rw = lw == R_UNK ? R_UNK : search(s, &nid, 1);
    s->runs[id].busy = 0;
    s->runs[nid].busy = 0;
    if (lw == R_UNK || rw == R_UNK) return CLOB_OUT_UNKNOWN;
    clob_outcome c = clob_outcome_of(lw == R_WIN, rw == R_WIN);
    s->runs[id].cls = (uint8_t)c;
    s->runs[nid].cls = (uint8_t)(c == CLOB_OUT_L ? CLOB_OUT_R : c == CLOB_OUT_R ? CLOB_OUT_L : c);
    return c;
}

clob_outcome clob_run_class(clob_solver *s, uint32_t id) { return run_class(s, id); }

static void sort_ids(uint32_t *g, int n) {
    for (int i = 1; i < n; i++) {
        uint32_t v = g[i];
        int j = i;
        for (; j > 0 && g[j - 1] > v; j--) g[j] = g[j - 1];
        g[j] = v;
    }
}

/* G -> G': P runs deleted, G + -G pairs cancelled, sorted. Returns the count. */
static int simplify(clob_solver *s, const uint32_t *in, int n_in, uint32_t *g) {
    int n = 0;
    bool simp = s->on & CLOB_T_SIMPLIFY;
    for (int i = 0; i < n_in; i++) {
        uint32_t id = in[i];
        if (simp && s->runs[id].link) id = s->runs[id].link;
        if (simp && run_class(s, id) == CLOB_OUT_P) continue;
        g[n++] = id;
    }
    sort_ids(g, n);
    if (!simp || n < 2) return n;
    /* Cancel each run against a copy of its negative (a self-negative run
     * against a second copy of itself). */
    for (int i = 0; i < n; i++) {
        if (!g[i]) continue;
        uint32_t want = s->runs[g[i]].neg;
        for (int j = i + 1; j < n; j++)
            if (g[j] == want) {
                g[i] = g[j] = 0;
                break;
            }
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (g[i]) g[m++] = g[i];
    return m;
}

/* Bounds on the up scale: each run lies between a*up + s*star and b*up + t*star
 * (database). With L = the largest sum of lower bounds for each star parity and
 * H = the smallest sum of upper bounds: G >= L, so L |> 0 (N >= 1, or N >= -1
 * with a star) means Left moving first wins; G <= H, so H <= 0 (N <= 0, or
 * N <= -2 with a star) means she loses. */
static int bounds_rule(const clob_solver *s, const uint32_t *g, int n) {
    enum { NEG = -100000, POS = 100000 };
    int lo[2] = {0, NEG}, hi[2] = {0, POS};
    for (int i = 0; i < n; i++) {
        const clob_run *r = &s->runs[g[i]];
        int nlo[2] = {NEG, NEG}, nhi[2] = {POS, POS};
        for (int p = 0; p < 2; p++)
            for (int k = 0; k < 2; k++) {
                if (r->lo[k] != CLOB_BND_NONE && lo[p] > NEG && lo[p] + r->lo[k] > nlo[p ^ k])
                    nlo[p ^ k] = lo[p] + r->lo[k];
                if (r->hi[k] != CLOB_BND_NONE && hi[p] < POS && hi[p] + r->hi[k] < nhi[p ^ k])
                    nhi[p ^ k] = hi[p] + r->hi[k];
            }
        lo[0] = nlo[0];
        lo[1] = nlo[1];
        hi[0] = nhi[0];
        hi[1] = nhi[1];
    }
    if ((lo[0] > NEG && lo[0] >= 1) || (lo[1] > NEG && lo[1] >= -1)) return R_WIN;
    if ((hi[0] < POS && hi[0] <= 0) || (hi[1] < POS && hi[1] <= -2)) return R_LOSS;
    return R_UNK;
}

typedef struct move_ref {
    uint16_t slot; /* index of the run in the position */
    uint16_t mv; /* index in that run's moves */
    int key; /* order: lower first */
} move_ref;

/* Plays move (slot, mv) and writes the child from the opponent's side (colour-swapped). */
static int child_of(const clob_solver *s, const uint32_t *g, int n, int slot, const clob_rmove *m,
                    uint32_t *c) {
    int k = 0;
    for (int i = 0; i < n; i++)
        if (i != slot) c[k++] = s->runs[g[i]].neg;
    if (m->a) c[k++] = s->runs[m->a].neg;
    if (m->b) c[k++] = s->runs[m->b].neg;
    return k;
}

/* A node after simplification, with what the cheap steps learnt about it. */
typedef struct node {
    uint32_t g[CLOB_MAX_RUNS];
    uint8_t cls[CLOB_MAX_RUNS]; /* clob_outcome */
    int n, nl;
    bool use_tt;
    ctt_key key;
} node;

/* First half of a node's cheap steps: simplify, the database for a single run,
 * the table key (its bucket is prefetched for prepare_rest). */
static int prepare_key(clob_solver *s, const uint32_t *in, int n_in, node *nd) {
    uint32_t *g = nd->g;
    int n = nd->n = simplify(s, in, n_in, g);
    if (n == 0) return R_LOSS;
    bool db = s->on & CLOB_T_DB;
    if (n == 1 && db && !s->runs[g[0]].busy) {
        clob_outcome c = run_class(s, g[0]);
        if (c == CLOB_OUT_L || c == CLOB_OUT_N) return R_WIN;
        if (c == CLOB_OUT_R || c == CLOB_OUT_P) return R_LOSS;
    }
    nd->use_tt = (s->on & CLOB_T_TT) && s->tt.mem;
    if (nd->use_tt) {
        make_key(s, g, n, &nd->key);
        __builtin_prefetch(tt_bucket(s, nd->key.hash));
    }
    return R_UNK;
}

/* Second half: the table, static rules and up-scale bounds. */
static int prepare_rest(clob_solver *s, node *nd) {
    const uint32_t *g = nd->g;
    int n = nd->n;
    bool db = s->on & CLOB_T_DB;
    if (nd->use_tt) {
        ctt_entry *e = tt_probe(s, &nd->key);
        if (e) return e->result == 1 ? R_WIN : R_LOSS;
    }
    uint8_t *cls = nd->cls;
    int nl = 0, nr = 0, nn = 0, nu = 0;
    for (int i = 0; i < n; i++) {
        cls[i] = (uint8_t)(db ? run_class(s, g[i]) : CLOB_OUT_UNKNOWN);
        nl += cls[i] == CLOB_OUT_L;
        nr += cls[i] == CLOB_OUT_R;
        nn += cls[i] == CLOB_OUT_N;
        nu += cls[i] == CLOB_OUT_UNKNOWN || cls[i] == CLOB_OUT_P;
    }
    nd->nl = nl;
    /* Static rules: a sum of positive games is positive, of negative games
     * negative; one N game and positive ones: the player moves in N and wins. */
    if ((s->on & CLOB_T_STATIC) && db && !nu) {
        if (nl == n || (nn == 1 && nl == n - 1)) return R_WIN;
        if (nr == n) return R_LOSS;
    }
    if ((s->on & CLOB_T_BOUNDS) && db) return bounds_rule(s, g, n);
    return R_UNK;
}

/* The steps of a node that need no move (seed 003, steps 1-3): simplify, the
 * database for a single run, the table, static rules and up-scale bounds.
 * R_WIN / R_LOSS when they settle it, else R_UNK with nd filled in. */
static int prepare(clob_solver *s, const uint32_t *in, int n_in, node *nd) {
    int r = prepare_key(s, in, n_in, nd);
    return r != R_UNK ? r : prepare_rest(s, nd);
}

static int expand(clob_solver *s, const node *nd);

static int search(clob_solver *s, const uint32_t *in, int n_in) {
    s->ctl.nodes++;
    if (yomi_ctl_check(&s->ctl)) return R_UNK;
    node nd;
    int result = prepare(s, in, n_in, &nd);
    return result != R_UNK ? result : expand(s, &nd);
}

/* Steps 4-8 of a node its cheap steps left open: G' - g, then the moves. */
/* Left's moves in the node, in the first order: moves in runs negative for her
 * (seed 003), then fewest replies for the opponent (the seed's heuristic: minus
 * the opponent's move count); dominated moves and copies of a run left out. */
static int gen_moves(clob_solver *s, const node *nd, move_ref *order) {
    const uint32_t *g = nd->g;
    int nm = 0;
    bool ord = s->on & CLOB_T_ORDER;
    for (int pass = ord ? 0 : 1; pass < 2; pass++) {
        for (int i = 0; i < nd->n; i++) {
            if ((s->on & CLOB_T_DUP) && i && g[i] == g[i - 1]) continue;
            if (ord && (pass == 0) != (nd->cls[i] == CLOB_OUT_R)) continue;
            if (s->runs[g[i]].moves == UINT32_MAX) build_moves(s, g[i]);
            const clob_run *r = &s->runs[g[i]];
            for (int m = 0; m < r->nmoves; m++) {
                const clob_rmove *mm = &s->mv[r->moves + (uint32_t)m];
                if ((s->on & CLOB_T_DOMINATED) && mm->dominated) continue;
                int left = s->runs[mm->a].changes + s->runs[mm->b].changes;
                move_ref v = {(uint16_t)i, (uint16_t)m, pass * 1024 + (ord ? left : 0)};
                int k = nm++;
                for (; k > 0 && order[k - 1].key > v.key; k--) order[k] = order[k - 1];
                order[k] = v;
            }
        }
    }
    return nm;
}

/* Enhanced transposition cutoff: the cheap steps on every child, all keys first
 * (their buckets prefetched), then the probes. quick[t] gets each child's
 * result; returns the first child lost for the opponent, -1 when none. */
static int etc_pass(clob_solver *s, const node *nd, const move_ref *order, int nm, node *kids,
                    int8_t *quick) {
    for (int t = 0; t < nm; t++) {
        uint32_t c[CLOB_MAX_RUNS];
        const clob_run *r = &s->runs[nd->g[order[t].slot]];
        clob_rmove m = s->mv[r->moves + order[t].mv];
        quick[t] = (int8_t)prepare_key(s, c, child_of(s, nd->g, nd->n, order[t].slot, &m, c), &kids[t]);
    }
    for (int t = 0; t < nm; t++) {
        if (quick[t] == R_UNK) quick[t] = (int8_t)prepare_rest(s, &kids[t]);
        if (quick[t] == R_LOSS) return t;
    }
    return -1;
}

/* G' - g for g > 0: if Left wins G' - g moving first, she wins G'. Only G' - g's
 * cheap steps: a full search of each G' - g before the moves cost twice the time
 * it saved ((XO)^28: 462,413 nodes with it, 105,330 without, 94,551 with the
 * cheap steps only; 11-24). */
static bool positive_win(clob_solver *s, const node *nd) {
    if (!(s->on & CLOB_T_POSITIVE) || !nd->nl || nd->n < 2) return false;
    uint32_t c[CLOB_MAX_RUNS];
    for (int i = 0; i < nd->n; i++) {
        if (nd->cls[i] != CLOB_OUT_L || (i && nd->g[i] == nd->g[i - 1])) continue;
        int k = 0;
        for (int j = 0; j < nd->n; j++)
            if (j != i) c[k++] = nd->g[j];
        node pn;
        if (prepare(s, c, k, &pn) == R_WIN) return true;
    }
    return false;
}

/* The search order of the children: moves in runs negative for the player first,
 * then, with the children prepared, those whose runs' up-scale bounds promise
 * the opponent least (the sum of the four bounds, an estimate of twice its value
 * in ups; tuned on (XO)^24..28: about half the nodes of the plain order, 11-24),
 * else the first order. */
static void order_children(const clob_solver *s, const move_ref *order, int nm, const node *kids,
                           const int8_t *quick, int *seq) {
    int score[2 * CLOB_MAX_LEN];
    for (int t = 0; t < nm; t++) {
        seq[t] = t;
        score[t] = 0;
        if (!kids || !(s->on & CLOB_T_ORDER)) continue;
        score[t] = order[t].key >= 1024 ? 1 << 20 : 0;
        if (quick[t] != R_UNK) continue;
        for (int i = 0; i < kids[t].n; i++) {
            const clob_run *r = &s->runs[kids[t].g[i]];
            for (int q = 0; q < 2; q++) {
                if (r->lo[q] != CLOB_BND_NONE) score[t] += r->lo[q];
                if (r->hi[q] != CLOB_BND_NONE) score[t] += r->hi[q];
            }
        }
    }
    for (int t = 1; t < nm; t++) {
        int v = seq[t], k = t;
        for (; k > 0 && score[seq[k - 1]] > score[v]; k--) seq[k] = seq[k - 1];
        seq[k] = v;
    }
}

/* Steps 4-8 of a node its cheap steps left open: the moves (the children's cheap
 * steps first, then G' - g's, then the children searched in order). */
static int expand(clob_solver *s, const node *ndp) {
    const node nd = *ndp;
    const uint32_t *g = nd.g;
    uint64_t nodes0 = s->ctl.nodes;
    move_ref order[2 * CLOB_MAX_LEN];
    int nm = gen_moves(s, &nd, order);
    int8_t quick[2 * CLOB_MAX_LEN];
    node *kids = (s->on & CLOB_T_ETC) && nm ? malloc((size_t)nm * sizeof *kids) : NULL;
    int win = kids ? etc_pass(s, &nd, order, nm, kids, quick) : -1;
    int result = win >= 0 || positive_win(s, &nd) ? R_WIN : R_LOSS;
    if (s->ctl.stopped) {
        free(kids);
        return R_UNK;
    }
    int seq[2 * CLOB_MAX_LEN];
    if (result == R_LOSS) order_children(s, order, nm, kids, quick, seq);
    bool unknown = false;
    for (int u = 0; u < nm && result == R_LOSS; u++) {
        int t = seq[u], rr;
        if (kids) {
            if (quick[t] == R_WIN) continue; /* a refuted move */
            s->ctl.nodes++;
            /* A sibling searched since may have put it in the table. */
            ctt_entry *e = kids[t].use_tt ? tt_probe(s, &kids[t].key) : NULL;
            if (e)
                rr = e->result == 1 ? R_WIN : R_LOSS;
            else
                rr = yomi_ctl_check(&s->ctl) ? R_UNK : expand(s, &kids[t]);
        } else {
            uint32_t c[CLOB_MAX_RUNS];
            const clob_run *r = &s->runs[g[order[t].slot]];
            clob_rmove m = s->mv[r->moves + order[t].mv];
            rr = search(s, c, child_of(s, g, nd.n, order[t].slot, &m, c));
        }
        if (rr == R_LOSS) {
            win = t;
            result = R_WIN;
        } else if (rr == R_UNK && s->ctl.stopped) {
            free(kids);
            return R_UNK;
        } else if (rr == R_UNK) {
            unknown = true;
        }
    }
    free(kids);
    if (result == R_LOSS && unknown) result = R_UNK;
    if (result != R_UNK && nd.use_tt)
        tt_store(s, &nd.key, result, s->ctl.nodes - nodes0 + 1, win >= 0 ? g[order[win].slot] : 0,
                 win >= 0 ? order[win].mv : 0);
    return result;
}

int clob_search_ids(clob_solver *s, const uint32_t *ids, int n) { return search(s, ids, n); }

/* ---- root ---- */

/* The runs of a strip as ids, from `player`'s side (colour-swapped for Right). */
static int strip_runs(clob_solver *s, const clob_strip *b, int player, uint32_t *g) {
    uint8_t c[CLOB_MAX_LEN];
    int n = 0;
    for (int i = 0; i < b->len; i++) c[i] = (uint8_t)clob_cell(b, i);
    if (player == CLOB_RIGHT)
        for (int i = 0; i < b->len; i++)
            if (c[i]) c[i] = (uint8_t)(3 - c[i]);
    for (int i = 0; i < b->len;) {
        if (!c[i]) {
            i++;
            continue;
        }
        int j = i;
        while (j < b->len && c[j]) j++;
        uint32_t id = clob_intern_cells(s, c + i, j - i);
        if (id) g[n++] = id;
        i = j;
    }
    return n;
}

yomi_result clob_solve(clob_solver *s, const clob_strip *b, int player, const yomi_limits *lim,
                       clob_answer *out) {
    yomi_ctl_init(&s->ctl, lim, "clobber");
    out->from = out->to = -1;
    int me = player == CLOB_LEFT ? CLOB_X : CLOB_O, you = 3 - me;
    /* The root plays a move on the strip itself (seed 003: no simplification
     * there), so the winning move is named in the board's own cells. Moves into
     * runs that are negative for the player go first, then as below the root:
     * by the children's cheap steps and bounds. */
    typedef struct {
        int from, to, pri, quick;
    } root_move;
    root_move moves[2 * CLOB_MAX_LEN];
    int nm = 0;
    for (int i = 0; i < b->len; i++) {
        if (clob_cell(b, i) != me) continue;
        for (int d = -1; d <= 1; d += 2) {
            int j = i + d;
            if (j < 0 || j >= b->len || clob_cell(b, j) != you) continue;
            moves[nm].from = i;
            moves[nm].to = j;
            moves[nm].pri = 0;
            moves[nm].quick = R_UNK;
            nm++;
        }
    }
    if ((s->on & CLOB_T_ORDER) && (s->on & CLOB_T_DB)) {
        for (int t = 0; t < nm; t++) {
            int lo = moves[t].from, hi = moves[t].from;
            while (lo > 0 && clob_cell(b, lo - 1)) lo--;
            while (hi + 1 < b->len && clob_cell(b, hi + 1)) hi++;
            clob_strip run;
            clob_strip_clear(&run, hi - lo + 1);
            for (int k = lo; k <= hi; k++) clob_set(&run, k - lo, clob_cell(b, k));
            uint32_t g[1];
            moves[t].pri =
                strip_runs(s, &run, player, g) == 1 && run_class(s, g[0]) == CLOB_OUT_R ? 0 : 1 << 20;
            if (s->ctl.stopped) break;
            if (!(s->on & CLOB_T_ETC)) continue;
            clob_strip child = *b;
            clob_set(&child, moves[t].from, CLOB_EMPTY);
            clob_set(&child, moves[t].to, me);
            uint32_t c[CLOB_MAX_RUNS];
            node pn;
            moves[t].quick = prepare(s, c, strip_runs(s, &child, 1 - player, c), &pn);
            if (moves[t].quick == R_LOSS)
                moves[t].pri = -1;
            else if (moves[t].quick == R_UNK)
                for (int i = 0; i < pn.n; i++) {
                    const clob_run *r = &s->runs[pn.g[i]];
                    for (int q = 0; q < 2; q++) {
                        if (r->lo[q] != CLOB_BND_NONE) moves[t].pri += r->lo[q];
                        if (r->hi[q] != CLOB_BND_NONE) moves[t].pri += r->hi[q];
                    }
                }
        }
        for (int t = 1; t < nm; t++) {
            root_move v = moves[t];
            int k = t;
            for (; k > 0 && moves[k - 1].pri > v.pri; k--) moves[k] = moves[k - 1];
            moves[k] = v;
        }
    }
    yomi_result res = YOMI_LOSS;
    for (int t = 0; t < nm && !s->ctl.stopped; t++) {
        if (moves[t].quick == R_WIN) continue; /* the opponent wins there: proved */
        clob_strip child = *b;
        clob_set(&child, moves[t].from, CLOB_EMPTY);
        clob_set(&child, moves[t].to, me);
        uint32_t g[CLOB_MAX_RUNS];
        int n = strip_runs(s, &child, 1 - player, g);
        int r = search(s, g, n);
        if (r == R_LOSS) {
            res = YOMI_WIN;
            out->from = moves[t].from;
            out->to = moves[t].to;
            break;
        }
        if (r == R_UNK) res = YOMI_UNKNOWN;
    }
    if (s->ctl.stopped && res != YOMI_WIN) res = YOMI_UNKNOWN;
    out->result = res;
    out->nodes = s->ctl.nodes;
    out->seconds = yomi_ctl_elapsed(&s->ctl);
    return res;
}

/* ---- life cycle ---- */

clob_solver *clob_solver_new(const clob_options *opt, yomi_error *err) {
    clob_solver *s = calloc(1, sizeof *s);
    if (!s) {
        yomi_fail(err, 0, 0, "out of memory");
        return NULL;
    }
    if (opt) s->opt = *opt;
    if (!s->opt.class_len) s->opt.class_len = 12;
    s->on = ~s->opt.without;
    yomi_ctl_init(&s->ctl, NULL, "clobber");
    s->cap_runs = 1024;
    s->runs = calloc(s->cap_runs, sizeof *s->runs);
    s->index_mask = 2047;
    s->index = calloc(s->index_mask + 1, sizeof *s->index);
    s->nruns = 1; /* id 0: nothing */
    size_t mb = s->opt.hash_mb ? s->opt.hash_mb : YOMI_DEFAULT_HASH_MB;
    /* hash_mb is exact: the table may grow to floor(hash_mb MB / bucket) buckets. It
     * starts at the largest power of two within that and within 4 MB, and doubles
     * (see tt_grow), the last step to the limit. */
    s->tt_max_buckets = yomi_table_mb(mb) / (2 * sizeof(ctt_entry));
    uint64_t buckets = 1;
    while (buckets * 2 <= s->tt_max_buckets) buckets *= 2;
    while (buckets > 1 && buckets * 2 * sizeof(ctt_entry) > (4u << 20)) buckets /= 2;
    bool tt_ok = s->tt_max_buckets > 0 && tt_alloc(&s->tt, buckets);
    if (!s->runs || !s->index || !tt_ok) {
        yomi_fail(err, 0, 0, "cannot allocate the %zu MB table", mb);
        clob_solver_free(s);
        return NULL;
    }
    if (s->opt.db_path && clob_db_open(&s->db, s->opt.db_path, err)) {
        clob_solver_free(s);
        return NULL;
    }
    if (!s->opt.db_path && s->opt.build_db_len >= 2 && (s->on & CLOB_T_DB)) {
        clob_db_build_opts bo = {.max_len = s->opt.build_db_len, .hash_mb = 16, .nranks = 1};
        uint64_t n;
        if (clob_db_build(&bo, &s->db_image, &n, err)) {
            clob_solver_free(s);
            return NULL;
        }
        uint64_t e = clob_db_entries(bo.max_len);
        const uint8_t *c = s->db_image + 64;
        clob_solver_use_db(s, c, c + e, c + 5 * e, (const int8_t *)(c + 13 * e), bo.max_len);
    }
    if (!(s->on & CLOB_T_DB)) clob_db_close(&s->db);
    return s;
}

void clob_solver_free(clob_solver *s) {
    if (!s) return;
    clob_db_close(&s->db);
    free(s->db_image);
    free(s->runs);
    free(s->index);
    free(s->mv);
    yomi_table_free(&s->tt);
    free(s);
}

void clob_solver_table_bytes(const clob_solver *s, size_t *now, size_t *limit, size_t *bucket) {
    *now = yomi_table_bytes(&s->tt);
    *bucket = 2 * sizeof(ctt_entry);
    *limit = (size_t)s->tt_max_buckets * *bucket;
}

int clob_solver_db_len(const clob_solver *s) { return s->db.cls ? s->db.max_len : 0; }

void clob_solver_use_db(clob_solver *s, const uint8_t *cls, const uint8_t *link, const uint8_t *dom,
                        const int8_t *bnd, int max_len) {
    clob_db_close(&s->db);
    s->db.cls = cls;
    s->db.link = link;
    s->db.dom = dom;
    s->db.bnd = bnd;
    s->db.max_len = max_len;
}
