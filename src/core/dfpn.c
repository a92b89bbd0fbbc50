/* Depth-first proof-number search: Nagai's df-pn with thresholds, Pawlewicz and Lew's
 * 1+epsilon child threshold, a table of proof/disproof numbers of its own, and the
 * graph-history rule described in dfpn.h: a path-dependent result carries the set of
 * ancestors whose repetition it used, and is reused only where all of them are on the
 * current path (a second, smaller table holds such results). */
#include "core/dfpn.h"

#include "core/tt.h"

#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BUCKET 4
#define BIG (DFPN_INF - 1) /* largest proof/disproof number of an open node */
#define NODEP INT_MAX /* a result that depends on no ancestor */
#define NREF 4 /* ancestors a stored path-dependent result may name */
#define GHI_BUCKET 2
#define KILLER_DEPTH 256
#define NO_KILLER INT_MIN
#define MAX_THREADS 64
/* Bucket locks per table (a power of two): many, so that the two cores rarely take locks
 * of one cache line (each taking is a write: a line bounced between cores per probe). */
#define NLOCK (1 << 16)
#define QUOTA 64 /* plays a worker reserves at a time while far from max_nodes */
#define NBUSY (1 << 14) /* busy counters, by key (a power of two) */

/* The ancestors (by depth on the current path) whose repetition a final result used. */
typedef struct dfpn_dep {
    int min; /* shallowest one, NODEP when there is none */
    unsigned char n, ovf; /* ref[0..n) names them all unless ovf (too many to keep) */
    int ref[NREF];
} dfpn_dep;

static const dfpn_dep DEP_NONE = {NODEP, 0, 0, {0}};

/* A path-dependent final result: valid wherever every named position is on the path. */
typedef struct dfpn_ghi {
    uint64_t k1, k2;
    uint64_t rk[NREF][2];
    uint16_t gen, variant;
    unsigned char nref, value; /* value: DFPN_WIN / DFPN_LOSS, 0 for an empty entry */
} dfpn_ghi;

/* One table entry: the df-pn layout (keys, numbers, move, work, age, root variant).
 * A bucket of the main table is BUCKET entries followed by their BUCKET exact states
 * (state_size bytes each, none when the game gives no state), rounded up to 8 bytes;
 * the kernel's yomi_table (core/tt.h) sizes, indexes and ages it. */
typedef struct dfpn_entry {
    uint64_t k1, k2;
    uint32_t pn, dn;
    uint32_t work; /* plays spent below this node, saturated; 0 marks an empty entry */
    int32_t best;
    uint16_t gen; /* search generation that wrote it */
    uint16_t variant; /* root it belongs to */
} dfpn_entry;

/* One child in a node's frame. */
typedef struct dfpn_slot {
    uint64_t k1, k2;
    uint32_t pn, dn;
    uint32_t work;
    int move;
    dfpn_dep dep; /* fixed final results: the ancestors they depend on */
    unsigned char fixed; /* value final for this frame (terminal, repetition, returned) */
} dfpn_slot;

typedef struct dfpn_pos {
    uint64_t k1, k2;
} dfpn_pos;

/* What the workers of one parallel search share besides the tables: a lock per group of
 * buckets of each table (a bucket is read and written whole under its lock), the count
 * of workers inside each position (by key; a guide for choosing children only), the
 * plays of all workers and the stop flag. */
typedef struct dfpn_shared {
    atomic_int tlock[NLOCK], glock[NLOCK];
    atomic_uint busy[NBUSY];
    atomic_uint_fast64_t plays;
    atomic_int stop;
} dfpn_shared;

struct dfpn {
    yomi_table tt; /* the main table: buckets of BUCKET entries and their states */
    yomi_table gt; /* path-dependent results (none with exact state bytes) */
    size_t hash_bytes; /* the size asked for, or 0 for a fixed entry count: */
    size_t want_entries;
    size_t state_size;
    uint16_t variant;
    /* dfpn_keep's window: the final main-table results of variants [keep_lo, variant)
     * stay usable (keep_lo == variant: none); keep_next extends it at the next root;
     * keep_rep is the repetition value the current variant's results were proved with. */
    uint16_t keep_lo;
    int keep_next;
    dfpn_value keep_rep;

    int have_root;
    dfpn_pos root;
    unsigned char *rstate;

    const dfpn_game *g;
    void *ctx;

    dfpn_pos *path;
    unsigned char *pstates;
    int path_cap;

    dfpn_slot *slots;
    unsigned char *sstates;
    size_t slot_cap, slot_top;
    int *moves;
    int moves_cap;
    /* game->killer: by depth from the root, the move that last decided a node there for
     * its side to move (NO_KILLER: none yet); reset by every search. */
    int killer[KILLER_DEPTH];

    uint64_t nodes, max_nodes;
    double start, deadline;
    atomic_int *cancel;
    int stopped, oom;
    int threads; /* dfpn_set_threads */
    uint64_t quota; /* plays of the shared budget this worker has reserved and not made */
    dfpn_shared *sh; /* during a parallel search, else NULL (every worker's copy has it) */
    struct dfpn_pool *pool; /* the worker threads, kept between searches (NULL: none yet) */
};

typedef struct dfpn_nres {
    uint32_t pn, dn, work;
    int best;
    dfpn_dep dep;
} dfpn_nres;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static size_t main_bucket_bytes(size_t state_size) {
    size_t b = BUCKET * (sizeof(dfpn_entry) + state_size);
    return (b + 7) & ~(size_t)7;
}

/* Lays the tables out for games with state_size bytes of exact state: with a size in
 * bytes, one eighth goes to path-dependent results when the game has no exact state
 * (with it they are never stored) and the rest to the main table, each sized by the
 * kernel to the byte (floor of bytes over its bucket); with an entry count, the main
 * table gets that many entries (rounded up to a bucket) and the second one an eighth.
 * Forgets every entry. Returns 0, or -1 when the memory is refused (tables empty). */
static int layout_tables(dfpn *s, size_t state_size) {
    yomi_table_free(&s->tt);
    yomi_table_free(&s->gt);
    s->state_size = state_size;
    s->have_root = 0;
    s->keep_next = 0;
    size_t mb = main_bucket_bytes(state_size), gb = GHI_BUCKET * sizeof(dfpn_ghi);
    if (s->hash_bytes) {
        size_t rest = s->hash_bytes;
        if (!state_size && yomi_table_init(&s->gt, s->hash_bytes / 8, gb, 0))
            rest -= yomi_table_bytes(&s->gt);
        /* Huge pages for a main table of some megabytes: its probes are random, so with
         * 4 KB pages nearly each one misses the TLB, and each first touch of a page
         * faults (one fault per 2 MB instead of 512). */
        unsigned huge = rest >= ((size_t)4 << 20) ? YOMI_TABLE_HUGE : 0;
        if (!yomi_table_init(&s->tt, rest, mb, huge)) return -1;
    } else {
        size_t nb = (s->want_entries + BUCKET - 1) / BUCKET,
               ng = (s->want_entries / 8 + GHI_BUCKET - 1) / GHI_BUCKET;
        if (!state_size && !yomi_table_init_buckets(&s->gt, ng ? ng : 1, gb, 0)) return -1;
        if (!yomi_table_init_buckets(&s->tt, nb ? nb : 1, mb, 0)) return -1;
    }
    return 0;
}

static dfpn *alloc_solver(size_t bytes, size_t entries) {
    dfpn *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->hash_bytes = bytes;
    s->want_entries = entries;
    if (layout_tables(s, 0) != 0) {
        dfpn_free(s);
        return NULL;
    }
    return s;
}

/* Exactly hash_mb megabytes (less under one bucket), see layout_tables. */
dfpn *dfpn_new(size_t hash_mb) {
    if (hash_mb == 0) hash_mb = YOMI_DEFAULT_HASH_MB;
    size_t bytes = yomi_table_mb(hash_mb);
    return bytes ? alloc_solver(bytes, 0) : NULL;
}

dfpn *dfpn_new_entries(size_t entries) { return alloc_solver(0, entries); }

size_t dfpn_table_entries(const dfpn *s) { return s->tt.mem ? s->tt.nbuckets * BUCKET : 0; }

size_t dfpn_table_bytes(const dfpn *s) { return yomi_table_bytes(&s->tt) + yomi_table_bytes(&s->gt); }

size_t dfpn_table_bucket_bytes(size_t state_size) { return main_bucket_bytes(state_size); }

void dfpn_clear(dfpn *s) {
    yomi_table_clear(&s->tt);
    yomi_table_clear(&s->gt);
    s->have_root = 0;
    s->keep_next = 0;
}

/* begin() then takes a new variant even for the same root position (its wrap clears). */
void dfpn_forget(dfpn *s) {
    s->have_root = 0;
    s->keep_next = 0;
}

/* The same, but begin() keeps the window of final results (see dfpn.h for when that is
 * sound; begin() checks the repetition value). */
void dfpn_keep(dfpn *s) {
    s->have_root = 0;
    s->keep_next = 1;
}

void dfpn_set_threads(dfpn *s, int n) { s->threads = n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : n; }

static void pool_free(struct dfpn_pool *p);

/* A search's own buffers (path, frames, moves) and the solver or worker holding them. */
static void free_search_bufs(dfpn *s) {
    free(s->path);
    free(s->pstates);
    free(s->slots);
    free(s->sstates);
    free(s->moves);
    free(s);
}

void dfpn_free(dfpn *s) {
    if (!s) return;
    pool_free(s->pool);
    yomi_table_free(&s->tt);
    yomi_table_free(&s->gt);
    free(s->rstate);
    free_search_bufs(s);
}

/* ---- positions ---- */

/* The position in ctx as game g sees it: its keys and, when the table keeps them,
 * its state bytes. */
static void game_pos(const dfpn *s, const dfpn_game *g, void *ctx, dfpn_pos *p, unsigned char *st) {
    p->k1 = g->key(ctx);
    p->k2 = g->key2(ctx);
    if (s->state_size) g->state(ctx, st);
}

static void read_pos(dfpn *s, dfpn_pos *p, unsigned char *st) { game_pos(s, s->g, s->ctx, p, st); }

static int same_pos(const dfpn *s, const dfpn_pos *a, const unsigned char *sa, const dfpn_pos *b,
                    const unsigned char *sb) {
    if (a->k1 != b->k1 || a->k2 != b->k2) return 0;
    return s->state_size == 0 || memcmp(sa, sb, s->state_size) == 0;
}

static unsigned char *path_state(dfpn *s, int d) {
    return s->state_size ? s->pstates + (size_t)d * s->state_size : NULL;
}

static unsigned char *slot_state(dfpn *s, size_t i) {
    return s->state_size ? s->sstates + i * s->state_size : NULL;
}

static int ensure_path(dfpn *s, int d) {
    if (d < s->path_cap) return 1;
    int cap = s->path_cap ? s->path_cap * 2 : 64;
    while (cap <= d) cap *= 2;
    dfpn_pos *p = realloc(s->path, (size_t)cap * sizeof *p);
    if (!p) return 0;
    s->path = p;
    if (s->state_size) {
        unsigned char *q = realloc(s->pstates, (size_t)cap * s->state_size);
        if (!q) return 0;
        s->pstates = q;
    }
    s->path_cap = cap;
    return 1;
}

static int ensure_slots(dfpn *s, size_t n) {
    if (n <= s->slot_cap) return 1;
    size_t cap = s->slot_cap ? s->slot_cap * 2 : 256;
    while (cap < n) cap *= 2;
    dfpn_slot *p = realloc(s->slots, cap * sizeof *p);
    if (!p) return 0;
    s->slots = p;
    if (s->state_size) {
        unsigned char *q = realloc(s->sstates, cap * s->state_size);
        if (!q) return 0;
        s->sstates = q;
    }
    s->slot_cap = cap;
    return 1;
}

/* ---- table ---- */

static dfpn_entry *tt_bucket(dfpn *s, uint64_t k1) { return (dfpn_entry *)yomi_table_bucket(&s->tt, k1); }

/* The exact state of entry i of bucket b. */
static unsigned char *tt_state(dfpn *s, dfpn_entry *b, int i) {
    return (unsigned char *)(b + BUCKET) + (size_t)i * s->state_size;
}

static uint16_t cur_gen(const dfpn *s) { return (uint16_t)s->tt.gen; }

/* An entry of an earlier question in dfpn_keep's window: usable only when final (its
 * numbers belong to another root's search; its result is a fact of the game graph). */
static int kept(const dfpn *s, const dfpn_entry *e) {
    return (uint16_t)(e->variant - s->keep_lo) < (uint16_t)(s->variant - s->keep_lo) &&
        (e->pn == 0 || e->dn == 0);
}

/* Requests every cache line of k1's bucket. */
static void tt_prefetch(dfpn *s, uint64_t k1) {
    const unsigned char *b = (const unsigned char *)tt_bucket(s, k1);
    const unsigned char *end = b + s->tt.bucket_bytes;
    for (const unsigned char *q = b; q < end; q += 64) __builtin_prefetch(q);
    __builtin_prefetch(end - 1);
}

/* ---- bucket locks (parallel search only) ---- */

static void spin_lock(atomic_int *l) {
    for (;;) {
        if (!atomic_exchange_explicit(l, 1, memory_order_acquire)) return;
        /* a holder preempted on a machine with fewer cores than workers: let it run */
        for (int n = 0; atomic_load_explicit(l, memory_order_relaxed); n++)
            if (n >= 64) {
                sched_yield();
                n = 0;
            }
    }
}

static void spin_unlock(atomic_int *l) { atomic_store_explicit(l, 0, memory_order_release); }

/* The lock of k1's bucket in the main table, NULL outside a parallel search. */
static atomic_int *tt_lock(const dfpn *s, uint64_t k1) {
    return s->sh ? &s->sh->tlock[yomi_table_index(&s->tt, k1) & (NLOCK - 1)] : NULL;
}

static atomic_int *ghi_lock(const dfpn *s, uint64_t k1) {
    return s->sh ? &s->sh->glock[yomi_table_index(&s->gt, k1) & (NLOCK - 1)] : NULL;
}

static atomic_uint *busy_count(const dfpn *s, uint64_t k1) { return &s->sh->busy[(k1 >> 20) & (NBUSY - 1)]; }

static dfpn_entry *tt_find(dfpn *s, const dfpn_pos *p, const unsigned char *st) {
    dfpn_entry *b = tt_bucket(s, p->k1);
    for (int i = 0; i < BUCKET; i++) {
        dfpn_entry *e = b + i;
        /* The keys first: most entries of a bucket are other positions. */
        if (e->k1 != p->k1 || e->k2 != p->k2) continue;
        if (e->work == 0 || (e->variant != s->variant && !kept(s, e))) continue;
        if (s->state_size && memcmp(tt_state(s, b, i), st, s->state_size) != 0) continue;
        return e;
    }
    return NULL;
}

/* A copy of the position's entry, read under its bucket's lock: 1 when found. */
static int tt_read(dfpn *s, const dfpn_pos *p, const unsigned char *st, dfpn_entry *out) {
    atomic_int *l = tt_lock(s, p->k1);
    if (l) spin_lock(l);
    dfpn_entry *e = tt_find(s, p, st);
    if (e) *out = *e;
    if (l) spin_unlock(l);
    return e != NULL;
}

/* Writes (pn, dn) for the position: over its own entry, else an empty or foreign-variant
 * entry, else the entry of least work, older generations first. */
static void tt_store_locked(dfpn *s, const dfpn_pos *p, const unsigned char *st, uint32_t pn, uint32_t dn,
                            int best, uint32_t work) {
    dfpn_entry *e = tt_find(s, p, st);
    s->tt.stores++;
    /* Another worker's proof stays: this worker's open numbers for the position are
     * older than it (only one search writes a position at a time otherwise). */
    if (e && s->sh && (e->pn == 0 || e->dn == 0) && pn != 0 && dn != 0 && e->variant == s->variant) return;
    if (!e) {
        dfpn_entry *b = tt_bucket(s, p->k1);
        for (int i = 0; i < BUCKET && !e; i++)
            if (b[i].work == 0 || (b[i].variant != s->variant && !kept(s, b + i))) e = b + i;
        if (!e) {
            e = b;
            for (int i = 1; i < BUCKET; i++) {
                int eo = e->gen != cur_gen(s), io = b[i].gen != cur_gen(s);
                if (io > eo || (io == eo && b[i].work < e->work)) e = b + i;
            }
        }
        e->k1 = p->k1;
        e->k2 = p->k2;
        if (s->state_size) memcpy(tt_state(s, b, (int)(e - b)), st, s->state_size);
    }
    e->variant = s->variant; /* also over a kept entry of the position */
    e->pn = pn;
    e->dn = dn;
    e->best = best;
    e->work = work ? work : 1;
    e->gen = cur_gen(s);
}

static void tt_store(dfpn *s, const dfpn_pos *p, const unsigned char *st, uint32_t pn, uint32_t dn, int best,
                     uint32_t work) {
    atomic_int *l = tt_lock(s, p->k1);
    if (l) spin_lock(l);
    tt_store_locked(s, p, st, pn, dn, best, work);
    if (l) spin_unlock(l);
}

/* ---- dependencies on the path ---- */

static dfpn_dep dep_one(int j) {
    dfpn_dep d = {j, 1, 0, {j}};
    return d;
}

static void dep_union(dfpn_dep *a, const dfpn_dep *b) {
    if (b->min < a->min) a->min = b->min;
    a->ovf |= b->ovf;
    for (int i = 0; i < b->n && !a->ovf; i++) {
        int have = 0;
        for (int j = 0; j < a->n && !have; j++) have = a->ref[j] == b->ref[i];
        if (have) continue;
        if (a->n == NREF)
            a->ovf = 1;
        else
            a->ref[a->n++] = b->ref[i];
    }
}

/* Drops the positions at depth >= depth (the node itself and below): seen from above them,
 * a repetition of those is part of the result's own subtree. */
static void dep_cut(dfpn_dep *a, int depth) {
    if (a->min >= depth) {
        *a = DEP_NONE;
        return;
    }
    int k = 0;
    for (int i = 0; i < a->n; i++)
        if (a->ref[i] < depth) a->ref[k++] = a->ref[i];
    a->n = (unsigned char)k;
}

/* Preference between two results that both decide: independent, then storable with few
 * ancestors, then the deepest shallowest ancestor. */
static int dep_better(const dfpn_dep *a, const dfpn_dep *b) {
    if ((a->min == NODEP) != (b->min == NODEP)) return a->min == NODEP;
    if (a->ovf != b->ovf) return !a->ovf;
    if (a->n != b->n) return a->n < b->n;
    return a->min > b->min;
}

/* ---- the table of path-dependent results ---- */

static dfpn_ghi *ghi_bucket(dfpn *s, uint64_t k1) { return (dfpn_ghi *)yomi_table_bucket(&s->gt, k1); }

/* A stored path-dependent value of p usable at depth d: every position it names is on
 * path[0..d). Fills dep with their depths. */
static dfpn_value ghi_find_locked(dfpn *s, const dfpn_pos *p, int d, dfpn_dep *dep) {
    dfpn_ghi *b = ghi_bucket(s, p->k1);
    for (int i = 0; i < GHI_BUCKET; i++) {
        dfpn_ghi *e = b + i;
        if (!e->value || e->variant != s->variant || e->k1 != p->k1 || e->k2 != p->k2) continue;
        dfpn_dep found = DEP_NONE;
        int ok = 1;
        for (int r = 0; r < e->nref && ok; r++) {
            int at = -1;
            for (int j = 0; j < d && at < 0; j++)
                if (s->path[j].k1 == e->rk[r][0] && s->path[j].k2 == e->rk[r][1]) at = j;
            if (at < 0) {
                ok = 0;
            } else {
                dfpn_dep one = dep_one(at);
                dep_union(&found, &one);
            }
        }
        if (!ok || found.min == NODEP) continue;
        *dep = found;
        return (dfpn_value)e->value;
    }
    return DFPN_OPEN;
}

static dfpn_value ghi_find(dfpn *s, const dfpn_pos *p, int d, dfpn_dep *dep) {
    if (s->state_size) return DFPN_OPEN;
    atomic_int *l = ghi_lock(s, p->k1);
    if (l) spin_lock(l);
    dfpn_value v = ghi_find_locked(s, p, d, dep);
    if (l) spin_unlock(l);
    return v;
}

static void ghi_store(dfpn *s, const dfpn_pos *p, dfpn_value v, const dfpn_dep *dep) {
    if (s->state_size || dep->ovf || dep->n == 0) return;
    atomic_int *l = ghi_lock(s, p->k1);
    if (l) spin_lock(l);
    /* newest first: the bucket's last entry falls out */
    dfpn_ghi *e = ghi_bucket(s, p->k1);
    memmove(e + 1, e, (GHI_BUCKET - 1) * sizeof *e);
    e->k1 = p->k1;
    e->k2 = p->k2;
    e->nref = dep->n;
    for (int r = 0; r < dep->n; r++) {
        e->rk[r][0] = s->path[dep->ref[r]].k1;
        e->rk[r][1] = s->path[dep->ref[r]].k2;
    }
    e->gen = cur_gen(s);
    e->variant = s->variant;
    e->value = (unsigned char)v;
    if (l) spin_unlock(l);
}

/* ---- limits ---- */

/* True when one more play is allowed; sets stopped otherwise. The node cap is exact. */
static int may_play(dfpn *s) {
    if (s->stopped) return 0;
    if (s->sh) {
        /* One play of the shared budget, reserved before it is made: the plays of all
         * workers never pass max_nodes. */
        if (atomic_load_explicit(&s->sh->stop, memory_order_relaxed)) {
            s->stopped = 1;
            return 0;
        }
        if (s->max_nodes && s->quota == 0) {
            /* Plays are reserved in blocks while far from the cap (one counter written
             * by every play would bounce between the cores), one by one near it. A
             * worker that finds the budget spent stops itself only: the others make
             * the plays they hold, so a search the cap stops made exactly max_nodes. */
            uint64_t want = QUOTA;
            if (atomic_load_explicit(&s->sh->plays, memory_order_relaxed) +
                    2 * QUOTA * (uint64_t)s->threads >=
                s->max_nodes)
                want = 1;
            uint64_t old = atomic_fetch_add_explicit(&s->sh->plays, want, memory_order_relaxed);
            if (old >= s->max_nodes) {
                s->stopped = 1;
                return 0;
            }
            s->quota = s->max_nodes - old < want ? s->max_nodes - old : want;
        }
        if (s->max_nodes) s->quota--;
    } else if (s->max_nodes && s->nodes >= s->max_nodes) {
        s->stopped = 1;
        return 0;
    }
    if (s->cancel && atomic_load_explicit(s->cancel, memory_order_relaxed)) {
        s->stopped = 1;
        return 0;
    }
    if (s->deadline > 0 && (s->nodes & 127) == 0 && now_seconds() >= s->deadline) {
        s->stopped = 1;
        return 0;
    }
    return 1;
}

static void play(dfpn *s, int move) {
    s->nodes++;
    s->g->play(s->ctx, move);
}

static uint32_t sat_add(uint32_t a, uint32_t b) {
    if (a == DFPN_INF || b == DFPN_INF) return DFPN_INF;
    uint64_t t = (uint64_t)a + b;
    return t > BIG ? BIG : (uint32_t)t;
}

static uint32_t sat_work(uint64_t w) { return w >= UINT32_MAX ? UINT32_MAX : (uint32_t)(w ? w : 1); }

static int node_is_or(dfpn *s, int depth) {
    return s->g->is_or ? (s->g->is_or(s->ctx) != 0) : ((depth & 1) == 0);
}

static dfpn_value rep_value(const dfpn *s) { return s->g->repetition == DFPN_WIN ? DFPN_WIN : DFPN_LOSS; }

static void set_value(dfpn_slot *c, dfpn_value v, dfpn_dep dep) {
    c->pn = v == DFPN_WIN ? 0 : DFPN_INF;
    c->dn = v == DFPN_WIN ? DFPN_INF : 0;
    c->fixed = 1;
    c->dep = dep;
}

/* Fills slot i (its move already set) for the child position now in ctx at depth d. */
static void init_child(dfpn *s, size_t i, int d) {
    dfpn_slot *c = s->slots + i;
    unsigned char *st = slot_state(s, i);
    /* The table probe comes after the repetition scan and the evaluation: its
     * bucket is requested as soon as the key is known, with every line of it (the
     * entries and their states span several); on a machine where a prefetch waits
     * for its page walk, this overlaps the walk with the game's own key2/state work
     * and its prefetches. */
    dfpn_pos p;
    p.k1 = s->g->key(s->ctx);
    tt_prefetch(s, p.k1);
    p.k2 = s->g->key2(s->ctx);
    if (s->state_size) s->g->state(s->ctx, st);
    c->k1 = p.k1;
    c->k2 = p.k2;
    c->work = 0;
    c->fixed = 0;
    c->dep = DEP_NONE;
    for (int j = 0; j < d; j++) {
        if (same_pos(s, &s->path[j], path_state(s, j), &p, st)) {
            set_value(c, rep_value(s), dep_one(j));
            return;
        }
    }
    dfpn_value v = s->g->evaluate(s->ctx);
    if (v == DFPN_WIN || v == DFPN_LOSS) {
        set_value(c, v, DEP_NONE);
        return;
    }
    dfpn_entry ec;
    int found = tt_read(s, &p, st, &ec);
    if (found) {
        c->pn = ec.pn;
        c->dn = ec.dn;
        c->work = ec.work;
        if (ec.pn == 0 || ec.dn == 0) {
            c->fixed = 1;
            return;
        }
    }
    dfpn_dep dep;
    v = ghi_find(s, &p, d, &dep);
    if (v != DFPN_OPEN) {
        set_value(c, v, dep);
        return;
    }
    if (found) return;
    c->pn = c->dn = 1;
    if (s->g->estimate) {
        int child_or = s->g->is_or ? (s->g->is_or(s->ctx) != 0) : ((d & 1) == 0);
        s->g->estimate(s->ctx, child_or, &c->pn, &c->dn);
        if (c->pn < 1) c->pn = 1;
        if (c->dn < 1) c->dn = 1;
        if (c->pn > BIG) c->pn = BIG;
        if (c->dn > BIG) c->dn = BIG;
    }
}

/* Proof number to give the chosen child: 1+epsilon times the second best, at least +1. */
static uint32_t eps_threshold(uint32_t second, uint32_t th) {
    if (second >= BIG) return th;
    uint32_t step = second / 4;
    uint32_t t = sat_add(second, step ? step : 1);
    return t < th ? t : th;
}

/* The final result's dependency and deciding move. win: the node's proof is for the side
 * choosing here (one child suffices); otherwise every child was needed. */
static void final_info(dfpn *s, size_t base, int n, int choose_one, int is_or, int depth, dfpn_nres *r) {
    dfpn_dep dep = DEP_NONE;
    int best = -1;
    uint32_t bw = 0;
    for (int i = 0; i < n; i++) {
        dfpn_slot *c = s->slots + base + (size_t)i;
        if (choose_one) {
            int decides = is_or ? c->pn == 0 : c->dn == 0;
            if (decides && (best < 0 || dep_better(&c->dep, &dep))) {
                dep = c->dep;
                best = c->move;
            }
        } else {
            dep_union(&dep, &c->dep);
            if (best < 0 || c->work > bw) {
                best = c->move;
                bw = c->work;
            }
        }
    }
    dep_cut(&dep, depth);
    r->dep = dep;
    r->best = best;
}

/* Refreshes the open children of the frame from the tables and computes the node's
 * numbers. Returns the child to search (smallest pn at OR, dn at AND; the earlier on a
 * tie) with its selection value and the second smallest; in a parallel search by the
 * virtual numbers, and *real_bi, *real_second by the true ones. */
static int collect(dfpn *s, size_t base, int n, int depth, int is_or, uint32_t *pn, uint32_t *dn,
                   uint32_t *best_v, uint32_t *second_v, int *real_bi, uint32_t *real_second) {
    uint64_t sum = 0;
    int sum_inf = 0, bi = -1;
    uint32_t min_sel = DFPN_INF; /* the node's own number (the choice may use virtual ones) */
    *best_v = *second_v = *real_second = DFPN_INF;
    *real_bi = -1;
    /* Every open child's bucket requested before the first probe waits for one. */
    for (int i = 0; i < n; i++)
        if (!s->slots[base + (size_t)i].fixed) tt_prefetch(s, s->slots[base + (size_t)i].k1);
    for (int i = 0; i < n; i++) {
        dfpn_slot *c = s->slots + base + (size_t)i;
        if (!c->fixed) {
            dfpn_pos p = {c->k1, c->k2};
            dfpn_entry ec, *e = tt_read(s, &p, slot_state(s, base + (size_t)i), &ec) ? &ec : NULL;
            if (e) {
                c->pn = e->pn;
                c->dn = e->dn;
                c->work = e->work;
                if (e->pn == 0 || e->dn == 0) {
                    c->fixed = 1;
                    c->dep = DEP_NONE;
                }
            }
            dfpn_dep dep;
            dfpn_value v = c->fixed ? DFPN_OPEN : ghi_find(s, &p, depth + 1, &dep);
            if (v != DFPN_OPEN) set_value(c, v, dep);
        }
        uint32_t sel = is_or ? c->pn : c->dn, other = is_or ? c->dn : c->pn;
        if (other == DFPN_INF)
            sum_inf = 1;
        else if (sum < BIG)
            sum += other;
        if (sel < min_sel) {
            *real_second = min_sel;
            min_sel = sel;
            *real_bi = i;
        } else if (sel < *real_second) {
            *real_second = sel;
        }
        if (s->sh && !c->fixed && sel < BIG) {
            /* Virtual numbers: a child other workers are inside looks (1 + their
             * count) times harder, so this worker tries another unless that one is
             * much better. */
            unsigned b = atomic_load_explicit(busy_count(s, c->k1), memory_order_relaxed);
            if (b) {
                uint64_t v = (uint64_t)sel * (b + 1);
                sel = v > BIG ? BIG : (uint32_t)v;
            }
        }
        if (sel < *best_v) {
            *second_v = *best_v;
            *best_v = sel;
            bi = i;
        } else if (sel < *second_v) {
            *second_v = sel;
        }
    }
    /* the sum saturates at BIG: only a child's INF makes it infinite */
    uint32_t summed = sum_inf ? DFPN_INF : sum > BIG ? BIG : (uint32_t)sum;
    if (min_sel == 0) summed = DFPN_INF; /* one child decides */
    *pn = is_or ? min_sel : summed;
    *dn = is_or ? summed : min_sel;
    return bi;
}

/* game->order_init for child i of n (see dfpn.h), when it is new: no table entry
 * (work 0) and not decided. */
static void order_child(dfpn_slot *c, int i, int n, int parent_or) {
    if (c->fixed || c->work != 0) return;
    uint32_t *sel = parent_or ? &c->pn : &c->dn;
    *sel = sat_add(*sel > BIG / (uint32_t)n ? BIG : *sel * (uint32_t)n, (uint32_t)i);
}

/* Multiple iterative deepening at the node in ctx (path[depth] holds it; it is neither
 * terminal nor a repetition). Returns when pn >= thpn, dn >= thdn or a limit stopped. */
static void mid(dfpn *s, int depth, uint32_t thpn, uint32_t thdn, dfpn_nres *r) {
    const dfpn_game *g = s->g;
    uint64_t nodes0 = s->nodes;
    int is_or = node_is_or(s, depth);
    dfpn_pos self = s->path[depth];
    r->dep = DEP_NONE;
    r->best = -1;

    int n = g->generate(s->ctx, s->moves, g->max_moves);
    if (n < 0) n = 0;
    if (n > g->max_moves) n = g->max_moves;
    if (n == 0) { /* the side to move has no move and loses */
        r->pn = is_or ? DFPN_INF : 0;
        r->dn = is_or ? 0 : DFPN_INF;
        r->work = 1;
        tt_store(s, &self, path_state(s, depth), r->pn, r->dn, -1, 1);
        return;
    }
    size_t base = s->slot_top;
    if (!ensure_slots(s, base + (size_t)n) || !ensure_path(s, depth + 1)) {
        s->oom = s->stopped = 1;
        r->pn = r->dn = 1;
        r->work = 1;
        return;
    }
    s->slot_top = base + (size_t)n;
    if (s->sh) atomic_fetch_add_explicit(busy_count(s, self.k1), 1, memory_order_relaxed);
    if (g->killer && depth < KILLER_DEPTH && s->killer[depth] != NO_KILLER) {
        /* The move that decided the last node decided at this depth goes first when
         * it is legal here (a killer): one reply, a vital point, often refutes many
         * of the opponent's tries. */
        int k = s->killer[depth];
        for (int i = 1; i < n; i++)
            if (s->moves[i] == k) {
                memmove(s->moves + 1, s->moves, (size_t)i * sizeof *s->moves);
                s->moves[0] = k;
                break;
            }
    }
    for (int i = 0; i < n; i++) s->slots[base + (size_t)i].move = s->moves[i];
    for (int i = 0; i < n; i++) {
        if (!may_play(s)) break;
        play(s, s->slots[base + (size_t)i].move);
        init_child(s, base + (size_t)i, depth + 1);
        g->undo(s->ctx);
        if (g->order_init) order_child(s->slots + base + (size_t)i, i, n, is_or);
    }

    uint32_t pn = 1, dn = 1;
    int last = -1;
    while (!s->stopped) {
        uint32_t best_v, second_v, real_second;
        int real_bi;
        int bi = collect(s, base, n, depth, is_or, &pn, &dn, &best_v, &second_v, &real_bi, &real_second);
        if (pn >= thpn || dn >= thdn) break;

        dfpn_slot *c = s->slots + base + (size_t)bi;
        if (bi != real_bi) {
            /* A virtual choice (parallel search) whose true number is already over the
             * threshold it would get would return at once: take the true best. */
            uint32_t csel = is_or ? c->pn : c->dn;
            if (csel >= eps_threshold(second_v, is_or ? thpn : thdn)) {
                bi = real_bi;
                second_v = real_second;
                c = s->slots + base + (size_t)bi;
            }
        }
        uint32_t cth_sel, cth_other;
        if (is_or) {
            cth_sel = eps_threshold(second_v, thpn);
            cth_other = thdn == DFPN_INF ? DFPN_INF : (uint32_t)((uint64_t)thdn - dn + c->dn);
        } else {
            cth_sel = eps_threshold(second_v, thdn);
            cth_other = thpn == DFPN_INF ? DFPN_INF : (uint32_t)((uint64_t)thpn - pn + c->pn);
        }
        if (!may_play(s)) break;
        last = bi;
        play(s, c->move);
        s->path[depth + 1].k1 = c->k1;
        s->path[depth + 1].k2 = c->k2;
        if (s->state_size) memcpy(path_state(s, depth + 1), slot_state(s, base + (size_t)bi), s->state_size);
        dfpn_nres cr;
        if (is_or)
            mid(s, depth + 1, cth_sel, cth_other, &cr);
        else
            mid(s, depth + 1, cth_other, cth_sel, &cr);
        g->undo(s->ctx);
        c = s->slots + base + (size_t)bi; /* the slot array may have moved */
        if (s->stopped) break;
        c->pn = cr.pn;
        c->dn = cr.dn;
        c->work = cr.work;
        if (cr.pn == 0 || cr.dn == 0) {
            c->fixed = 1;
            c->dep = cr.dep;
        }
    }

    r->pn = pn;
    r->dn = dn;
    r->work = sat_work(s->nodes - nodes0);
    if (!s->stopped) {
        if (pn == 0 || dn == 0) {
            int choose_one = is_or ? pn == 0 : dn == 0;
            final_info(s, base, n, choose_one, is_or, depth, r);
            if (g->killer && choose_one && depth < KILLER_DEPTH) s->killer[depth] = r->best;
        } else if (last >= 0) {
            r->best = s->slots[base + (size_t)last].move;
        }
        /* Path-dependent results stay out of the main table (see dfpn.h). */
        if (r->dep.min == NODEP)
            tt_store(s, &self, path_state(s, depth), pn, dn, r->best, r->work);
        else
            ghi_store(s, &self, pn == 0 ? DFPN_WIN : DFPN_LOSS, &r->dep);
    }
    if (s->sh) atomic_fetch_sub_explicit(busy_count(s, self.k1), 1, memory_order_relaxed);
    s->slot_top = base;
}

/* ---- entry points ---- */

static int check_game(const dfpn_game *g) {
    return g && g->key && g->key2 && g->generate && g->play && g->undo && g->evaluate && g->max_moves > 0 &&
        (g->state_size == 0 || g->state);
}

/* Prepares limits, scratch space, the table's state layout and the root variant; path[0]
 * holds the root. Returns 0 or -1. */
static int begin(dfpn *s, const dfpn_game *g, void *ctx, const yomi_limits *lim) {
    if (!check_game(g)) return -1;
    s->g = g;
    s->ctx = ctx;
    s->nodes = 0;
    s->stopped = s->oom = 0;
    s->max_nodes = lim ? lim->max_nodes : 0;
    s->cancel = lim ? lim->cancel : NULL;
    s->start = now_seconds();
    s->deadline = lim && lim->max_seconds > 0 ? s->start + lim->max_seconds : 0;
    s->slot_top = 0;
    for (int i = 0; i < KILLER_DEPTH; i++) s->killer[i] = NO_KILLER;
    if (g->state_size != s->state_size || !s->tt.mem) {
        free(s->rstate);
        free(s->pstates);
        free(s->sstates);
        s->rstate = s->pstates = s->sstates = NULL;
        s->path_cap = 0;
        s->slot_cap = 0;
        /* the tables are laid out again for the new entry size (within the same bytes);
         * on failure they stay empty and the next call retries */
        if (layout_tables(s, g->state_size) != 0) return -1;
        if (s->state_size) {
            s->rstate = malloc(s->state_size);
            if (!s->rstate) {
                yomi_table_free(&s->tt); /* retried on the next call */
                return -1;
            }
        }
    }
    if (s->moves_cap < g->max_moves) {
        int *m = realloc(s->moves, (size_t)g->max_moves * sizeof *m);
        if (!m) return -1;
        s->moves = m;
        s->moves_cap = g->max_moves;
    }
    if (!ensure_path(s, 1)) return -1;
    read_pos(s, &s->path[0], path_state(s, 0));
    if (!s->have_root || !same_pos(s, &s->root, s->rstate, &s->path[0], path_state(s, 0))) {
        /* dfpn_keep's results hold only under the repetition value that proved them:
         * a repetition inside a result's own subtree took it (dfpn.h) */
        dfpn_value rep = g->repetition == DFPN_WIN ? DFPN_WIN : DFPN_LOSS;
        int keep = s->keep_next && rep == s->keep_rep;
        s->keep_next = 0;
        if (++s->variant == 0) { /* wrapped: old entries could pass as this root's */
            dfpn_clear(s);
            s->variant = 1;
            keep = 0;
        }
        if (!keep) s->keep_lo = s->variant;
        s->keep_rep = rep;
        s->have_root = 1;
        s->root = s->path[0];
        if (s->state_size) memcpy(s->rstate, path_state(s, 0), s->state_size);
    }
    yomi_table_new_search(&s->tt);
    return 0;
}

static yomi_result to_result(uint32_t pn, uint32_t dn) {
    return pn == 0 ? YOMI_WIN : dn == 0 ? YOMI_LOSS : YOMI_UNKNOWN;
}

/* ---- parallel search ---- */

typedef struct dfpn_worker {
    dfpn *s; /* the solver itself for worker 0, else a copy sharing its tables */
    dfpn_nres r;
    int running;
} dfpn_worker;

static void *worker_main(void *arg) {
    dfpn_worker *w = arg;
    mid(w->s, 0, DFPN_INF, DFPN_INF, &w->r);
    /* decided (or out of memory): the others stop; a worker the cap stopped leaves
     * them their reserved plays */
    if (!w->s->stopped || w->s->oom) atomic_store_explicit(&w->s->sh->stop, 1, memory_order_relaxed);
    return NULL;
}

/* A worker's solver: s's tables, root, variant and limits, its own path, frames, move
 * buffer and killers, and a clone of the context. NULL when refused. */
static dfpn *worker_copy(dfpn *s) {
    dfpn *w = malloc(sizeof *w);
    if (!w) return NULL;
    *w = *s;
    w->pool = NULL;
    w->rstate = NULL;
    w->path = NULL;
    w->pstates = w->sstates = NULL;
    w->slots = NULL;
    w->path_cap = 0;
    w->slot_cap = w->slot_top = 0;
    w->nodes = 0;
    w->quota = 0;
    w->moves = malloc((size_t)s->g->max_moves * sizeof *w->moves);
    w->moves_cap = s->g->max_moves;
    w->ctx = w->moves && ensure_path(w, 1) ? s->g->clone(s->ctx) : NULL;
    if (!w->ctx) {
        free(w->moves);
        free(w->path);
        free(w->pstates);
        free(w);
        return NULL;
    }
    w->path[0] = s->path[0];
    if (s->state_size) memcpy(path_state(w, 0), path_state(s, 0), s->state_size);
    return w;
}

static void worker_free(dfpn *s, dfpn *w) {
    s->g->clone_free(s->ctx, w->ctx);
    free_search_bufs(w);
}

/* The threads of workers 1..n, kept with the solver between searches: thread creation is
 * saved, and so are the thread-local caches a game may keep (the Go solver's eye-space
 * caches). Each round, thread i runs job[i] (NULL: nothing) and counts itself done. */
typedef struct dfpn_pool {
    int n;
    pthread_t *th;
    struct dfpn_pool_arg {
        struct dfpn_pool *p;
        int i;
    } * arg;
    dfpn_worker **job;
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    unsigned round;
    int pending, quit;
    void (*exit_fn)(void); /* the last game's worker_exit, run by each thread as it ends */
    dfpn_shared *sh; /* its locks and busy counts are back to 0 after each round */
} dfpn_pool;

static void *pool_main(void *arg) {
    struct dfpn_pool_arg *a = arg;
    dfpn_pool *p = a->p;
    unsigned seen = 0;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (p->round == seen && !p->quit) pthread_cond_wait(&p->go, &p->mu);
        if (p->quit) break;
        seen = p->round;
        dfpn_worker *w = p->job[a->i];
        pthread_mutex_unlock(&p->mu);
        if (w) worker_main(w);
        pthread_mutex_lock(&p->mu);
        if (--p->pending == 0) pthread_cond_signal(&p->done);
    }
    void (*fn)(void) = p->exit_fn;
    pthread_mutex_unlock(&p->mu);
    if (fn) fn();
    return NULL;
}

static void pool_free(dfpn_pool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->n; i++) pthread_join(p->th[i], NULL);
    pthread_cond_destroy(&p->go);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->mu);
    free(p->th);
    free(p->arg);
    free(p->job);
    free(p->sh);
    free(p);
}

/* A pool of n threads, or NULL. */
static dfpn_pool *pool_new(int n) {
    dfpn_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->th = calloc((size_t)n, sizeof *p->th);
    p->arg = calloc((size_t)n, sizeof *p->arg);
    p->job = calloc((size_t)n, sizeof *p->job);
    p->sh = malloc(sizeof *p->sh);
    if (!p->th || !p->arg || !p->job || !p->sh || pthread_mutex_init(&p->mu, NULL) != 0) {
        free(p->th);
        free(p->arg);
        free(p->job);
        free(p->sh);
        free(p);
        return NULL;
    }
    pthread_cond_init(&p->go, NULL);
    pthread_cond_init(&p->done, NULL);
    dfpn_shared *sh = p->sh;
    for (int i = 0; i < NLOCK; i++) {
        atomic_init(&sh->tlock[i], 0);
        atomic_init(&sh->glock[i], 0);
    }
    for (int i = 0; i < NBUSY; i++) atomic_init(&sh->busy[i], 0);
    atomic_init(&sh->plays, 0);
    atomic_init(&sh->stop, 0);
    for (int i = 0; i < n; i++) {
        p->arg[i].p = p;
        p->arg[i].i = i;
        if (pthread_create(&p->th[i], NULL, pool_main, &p->arg[i]) != 0) break;
        p->n = i + 1;
    }
    if (p->n < n) {
        pool_free(p);
        return NULL;
    }
    return p;
}

/* mid() at the root by s->threads workers (worker 0 on this thread, the others on the
 * pool's). Fills r from a worker that decided the root; sets s->stopped (and s->oom) as
 * one search would, and s->nodes to the plays of all. Returns 0, or -1 when it could not
 * start (nothing searched). */
static int solve_parallel(dfpn *s, dfpn_nres *r) {
    int n = s->threads;
    if (s->pool && s->pool->n != n - 1) {
        pool_free(s->pool);
        s->pool = NULL;
    }
    if (!s->pool && !(s->pool = pool_new(n - 1))) return -1;
    dfpn_pool *p = s->pool;
    dfpn_worker *w = calloc((size_t)n, sizeof *w);
    if (!w) return -1;
    dfpn_shared *sh = p->sh;
    atomic_store(&sh->plays, 0);
    atomic_store(&sh->stop, 0);
    s->sh = sh;
    s->quota = 0;
    w[0].s = s;
    int nw = 1;
    for (int i = 1; i < n; i++) {
        dfpn *c = worker_copy(s);
        if (!c) break;
        w[nw++].s = c;
    }
    for (int i = 0; i < nw; i++) w[i].running = 1;
    pthread_mutex_lock(&p->mu);
    for (int i = 0; i < p->n; i++) p->job[i] = i + 1 < nw ? &w[i + 1] : NULL;
    p->pending = p->n;
    if (s->g->worker_exit) p->exit_fn = s->g->worker_exit;
    p->round++;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    worker_main(&w[0]);
    pthread_mutex_lock(&p->mu);
    while (p->pending > 0) pthread_cond_wait(&p->done, &p->mu);
    pthread_mutex_unlock(&p->mu);
    uint64_t nodes = 0;
    int decided = -1, oom = 0;
    for (int i = 0; i < nw; i++) {
        nodes += w[i].s->nodes;
        oom |= w[i].s->oom;
        if (decided < 0 && !w[i].s->stopped) decided = i;
    }
    for (int i = 1; i < nw; i++) worker_free(s, w[i].s);
    s->sh = NULL;
    if (decided >= 0) {
        *r = w[decided].r;
        /* Two workers may both decide the root, the later store naming its own move:
         * the answer names the table's (the one dfpn_pv starts with). */
        dfpn_entry *e = tt_find(s, &s->path[0], path_state(s, 0));
        if (e && e->pn == r->pn && e->dn == r->dn) r->best = e->best;
    }
    s->nodes = nodes;
    s->oom = oom;
    s->stopped = decided < 0 || oom;
    free(w);
    return 0;
}

int dfpn_solve(dfpn *s, const dfpn_game *g, void *ctx, const yomi_limits *lim, dfpn_result *out) {
    memset(out, 0, sizeof *out);
    out->result = YOMI_UNKNOWN;
    out->best_move = -1;
    out->pn = out->dn = 1;
    if (begin(s, g, ctx, lim) != 0) return -1;
    dfpn_value v = g->evaluate(ctx);
    if (v == DFPN_WIN || v == DFPN_LOSS) {
        out->result = v == DFPN_WIN ? YOMI_WIN : YOMI_LOSS;
        out->pn = v == DFPN_WIN ? 0 : DFPN_INF;
        out->dn = v == DFPN_WIN ? DFPN_INF : 0;
        out->seconds = now_seconds() - s->start;
        return 0;
    }
    dfpn_nres r = {1, 1, 0, -1, {NODEP, 0, 0, {0}}};
    dfpn_entry *e = tt_find(s, &s->path[0], path_state(s, 0));
    if (e && (e->pn == 0 || e->dn == 0)) {
        r.pn = e->pn;
        r.dn = e->dn;
        r.best = e->best;
    } else if (s->threads <= 1 || !g->clone || !g->clone_free || solve_parallel(s, &r) != 0) {
        mid(s, 0, DFPN_INF, DFPN_INF, &r);
    }
    out->nodes = s->nodes;
    out->seconds = now_seconds() - s->start;
    out->pn = r.pn;
    out->dn = r.dn;
    if (s->stopped) {
        out->result = YOMI_UNKNOWN;
        return s->oom ? -1 : 0;
    }
    out->result = to_result(r.pn, r.dn);
    out->best_move = r.best;
    out->has_move = r.best >= 0 && out->result != YOMI_UNKNOWN;
    return 0;
}

/* A line walk's step at depth len (the position reached by moves[0..len-1]):
 * records it on the path (room for `room` more) and says whether the walk goes
 * on: the root is the searched one, the position does not repeat the line, and
 * it is still open. */
static bool walk_step(dfpn *s, const dfpn_game *g, void *ctx, int len, int room) {
    if (!ensure_path(s, len + room)) return false;
    read_pos(s, &s->path[len], path_state(s, len));
    if (len == 0 && !same_pos(s, &s->root, s->rstate, &s->path[0], path_state(s, 0))) return false;
    for (int j = 0; j < len; j++)
        if (same_pos(s, &s->path[j], path_state(s, j), &s->path[len], path_state(s, len))) return false;
    return g->evaluate(ctx) == DFPN_OPEN;
}

/* The proven line's move at depth len: the entry's best move when the entry is
 * proved and the move is legal here, else -1. buf holds max_moves moves. */
static int choose_proved(dfpn *s, const dfpn_game *g, void *ctx, int len, int *buf) {
    dfpn_entry *e = tt_find(s, &s->path[len], path_state(s, len));
    if (!e || (e->pn != 0 && e->dn != 0) || e->best < 0) return -1;
    int n = g->generate(ctx, buf, g->max_moves);
    for (int i = 0; i < n; i++)
        if (buf[i] == e->best) return e->best;
    return -1;
}

/* The most promising move at depth len: the child with the smallest proof number
 * where the OR side moves, the smallest disproof number where the AND side moves
 * (ties: the larger other number, then the earlier move), from the terminal
 * values, the repetition rule and the table; children without an entry are
 * passed over. -1 when no child is known. */
static int choose_best(dfpn *s, const dfpn_game *g, void *ctx, int len, int *buf) {
    int is_or = node_is_or(s, len);
    int n = g->generate(ctx, buf, g->max_moves), best = -1;
    if (n > g->max_moves) n = g->max_moves;
    uint32_t bsel = DFPN_INF, bother = 0;
    for (int i = 0; i < n; i++) {
        g->play(ctx, buf[i]);
        dfpn_pos p;
        unsigned char *st = path_state(s, len + 1);
        read_pos(s, &p, st);
        uint32_t pn = 0, dn = 0;
        int known = 1, crep = 0;
        for (int j = 0; j <= len && !crep; j++) crep = same_pos(s, &s->path[j], path_state(s, j), &p, st);
        dfpn_value v = crep ? rep_value(s) : g->evaluate(ctx);
        if (v == DFPN_WIN || v == DFPN_LOSS) {
            pn = v == DFPN_WIN ? 0 : DFPN_INF;
            dn = v == DFPN_WIN ? DFPN_INF : 0;
        } else {
            dfpn_entry *e = tt_find(s, &p, st);
            if (e) {
                pn = e->pn;
                dn = e->dn;
            } else {
                known = 0;
            }
        }
        g->undo(ctx);
        if (!known) continue;
        uint32_t sel = is_or ? pn : dn, other = is_or ? dn : pn;
        if (best < 0 || sel < bsel || (sel == bsel && other > bother)) {
            best = i;
            bsel = sel;
            bother = other;
        }
    }
    return best < 0 ? -1 : buf[best];
}

/* Walks a line from the root, each move given by `choose` (which may read one
 * ply deeper: path room 2), and returns to the root. Returns its length. */
static int walk_line(dfpn *s, const dfpn_game *g, void *ctx, int *moves, int max,
                     int (*choose)(dfpn *, const dfpn_game *, void *, int, int *)) {
    if (!check_game(g) || g->state_size != s->state_size || !s->have_root) return 0;
    s->g = g;
    s->ctx = ctx;
    int len = 0;
    int *buf = malloc((size_t)g->max_moves * sizeof *buf);
    if (!buf) return 0;
    while (len < max && walk_step(s, g, ctx, len, 2)) {
        int m = choose(s, g, ctx, len, buf);
        if (m < 0) break;
        g->play(ctx, m);
        moves[len++] = m;
    }
    for (int i = 0; i < len; i++) g->undo(ctx);
    free(buf);
    return len;
}

dfpn_value dfpn_lookup(dfpn *s, const dfpn_game *g, void *ctx) {
    if (!s->tt.mem || g->state_size != s->state_size) return DFPN_OPEN;
    /* State bytes of its own: the evaluate of several workers may call it at once. */
    unsigned char small[256], *st = small;
    if (s->state_size > sizeof small && !(st = malloc(s->state_size))) return DFPN_OPEN;
    /* With g: the search's s->g may be another question's. */
    dfpn_pos p;
    game_pos(s, g, ctx, &p, st);
    dfpn_entry e;
    int found = tt_read(s, &p, st, &e);
    if (st != small) free(st);
    if (!found || (e.pn != 0 && e.dn != 0)) return DFPN_OPEN;
    return e.pn == 0 ? DFPN_WIN : DFPN_LOSS;
}

int dfpn_pv(dfpn *s, const dfpn_game *g, void *ctx, int *moves, int max) {
    return walk_line(s, g, ctx, moves, max, choose_proved);
}

int dfpn_pv_best(dfpn *s, const dfpn_game *g, void *ctx, int *moves, int max) {
    return walk_line(s, g, ctx, moves, max, choose_best);
}

int dfpn_analyse_root(dfpn *s, const dfpn_game *g, void *ctx, const yomi_limits *lim, dfpn_move_result *out,
                      int max) {
    if (begin(s, g, ctx, lim) != 0) return -1;
    dfpn_value v = g->evaluate(ctx);
    if (v == DFPN_WIN || v == DFPN_LOSS) return 0;
    int *root_moves = malloc((size_t)g->max_moves * sizeof *root_moves);
    if (!root_moves) return -1;
    int n = g->generate(ctx, root_moves, g->max_moves);
    if (n < 0) n = 0;
    if (n > g->max_moves) n = g->max_moves;
    if (n > max) n = max;
    for (int i = 0; i < n; i++) {
        dfpn_move_result *m = out + i;
        m->move = root_moves[i];
        m->result = YOMI_UNKNOWN;
        m->nodes = 0;
        uint64_t before = s->nodes;
        if (!may_play(s)) continue;
        play(s, m->move);
        dfpn_pos p;
        read_pos(s, &p, path_state(s, 1));
        s->path[1] = p;
        if (same_pos(s, &s->path[0], path_state(s, 0), &p, path_state(s, 1))) {
            v = rep_value(s);
        } else {
            v = g->evaluate(ctx);
        }
        if (v == DFPN_OPEN) {
            dfpn_entry *e = tt_find(s, &p, path_state(s, 1));
            dfpn_dep dep;
            if (e && (e->pn == 0 || e->dn == 0)) {
                v = e->pn == 0 ? DFPN_WIN : DFPN_LOSS;
            } else if ((v = ghi_find(s, &p, 1, &dep)) != DFPN_OPEN) {
                /* a result that needs the root on the path, which it is */
            } else {
                dfpn_nres r;
                mid(s, 1, DFPN_INF, DFPN_INF, &r);
                if (!s->stopped) v = r.pn == 0 ? DFPN_WIN : r.dn == 0 ? DFPN_LOSS : DFPN_OPEN;
            }
        }
        g->undo(ctx);
        m->result = v == DFPN_WIN ? YOMI_WIN : v == DFPN_LOSS ? YOMI_LOSS : YOMI_UNKNOWN;
        m->nodes = s->nodes - before;
    }
    free(root_moves);
    return s->oom ? -1 : n;
}
