/* The Linear Clobber database: the outcome class of every run of 2..max_len stones,
 * built by yomi's own solver, stored behind a header and memory-mapped.
 *
 * File layout (little-endian):
 *   0  8  magic "YOMICLDB"
 *   8  4  format version (CLOB_DB_VERSION)
 *  12  4  max_len
 *  16  8  entries = 2^(max_len+1) - 4
 *  24  8  checksum of everything after the header (FNV-1a 64, then mixed)
 *  32  4  link_len: runs up to this length carry links
 *  36  4  dom_len: runs up to this length carry dominated moves
 *  40 24  zero
 *  64     classes: one byte per run, index clob_db_index(len, cell bits)
 *  64+E   links: four bytes per run (1 + index of a shorter equal run, 0: none)
 *  64+5E  dominated Left moves: eight bytes per run, bit 2*from + (to > from)
 *  64+13E up-scale bounds: four signed bytes per run, lo[0] lo[1] hi[0] hi[1]:
 *         lo[s]*up + s*star <= run <= hi[s]*up + s*star, -128 when none */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clobber/clobber_db.h"
#include "clobber/clobber_internal.h"
#include "core/error.h"

#define DB_MAGIC "YOMICLDB"
#define DB_HEADER 64

static uint64_t checksum(const uint8_t *p, uint64_t n) {
    uint64_t h = 1469598103934665603ULL;
    for (uint64_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ULL;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    return h ^ (h >> 33);
}

static void put64(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint64_t get64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}
static uint32_t get32(const uint8_t *p) {
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

int clob_db_open(clob_db *db, const char *path, yomi_error *err) {
    memset(db, 0, sizeof *db);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return yomi_fail(err, 0, 0, "database %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) || st.st_size < DB_HEADER) {
        close(fd);
        return yomi_fail(err, 0, 0, "database %s: truncated (no header)", path);
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) return yomi_fail(err, 0, 0, "database %s: mmap: %s", path, strerror(errno));
    const uint8_t *h = map;
    const char *why = NULL;
    uint32_t version = get32(h + 8), max_len = get32(h + 12);
    if (memcmp(h, DB_MAGIC, 8))
        why = "not a yomi Clobber database (bad magic)";
    else if (version != CLOB_DB_VERSION)
        why = "format version differs from this yomi's";
    else if (max_len < 2 || max_len > CLOB_DB_MAX_LEN)
        why = "max_len out of range";
    else if (get64(h + 16) != clob_db_entries((int)max_len))
        why = "entry count does not match max_len";
    else if ((uint64_t)st.st_size < DB_HEADER + 17 * clob_db_entries((int)max_len))
        why = "truncated";
    else if ((uint64_t)st.st_size > DB_HEADER + 17 * clob_db_entries((int)max_len))
        why = "trailing bytes after the entries";
    else if (checksum(h + DB_HEADER, 17 * clob_db_entries((int)max_len)) != get64(h + 24))
        why = "checksum mismatch (corrupt)";
    uint64_t entries = clob_db_entries((int)max_len);
    if (!why)
        for (uint64_t i = 0; i < entries && !why; i++) {
            if ((h[DB_HEADER + i] & 7) > CLOB_OUT_P) why = "an entry holds no class";
            uint32_t l = get32(h + DB_HEADER + entries + 4 * i);
            /* A link points at a shorter run: the index of a shorter length. */
            if (l && (l - 1 >= entries || l - 1 >= i)) why = "a link points outside the shorter runs";
        }
    if (why) {
        munmap(map, (size_t)st.st_size);
        return yomi_fail(err, 0, 0, "database %s: %s", path, why);
    }
    db->map = map;
    db->map_len = (size_t)st.st_size;
    db->cls = h + DB_HEADER;
    db->link = h + DB_HEADER + entries;
    db->dom = h + DB_HEADER + 5 * entries;
    db->bnd = (const int8_t *)(h + DB_HEADER + 13 * entries);
    db->max_len = (int)max_len;
    return 0;
}

void clob_db_close(clob_db *db) {
    if (db->map) munmap((void *)db->map, db->map_len);
    memset(db, 0, sizeof *db);
}

/* Cell bits of the run read from the other end. */
static uint64_t reverse_bits(uint64_t b, int len) {
    uint64_t r = 0;
    for (int k = 0; k < len; k++) r |= (b >> k & 1) << (len - 1 - k);
    return r;
}

static uint64_t canon_bits(uint64_t b, int len) {
    uint64_t r = reverse_bits(b, len);
    return r < b ? r : b;
}

static clob_outcome swap_lr(clob_outcome c) {
    return c == CLOB_OUT_L ? CLOB_OUT_R : c == CLOB_OUT_R ? CLOB_OUT_L : c;
}

/* Test games for the fingerprints: equal games give g + t the same class for
 * every t, so only runs with equal fingerprints are compared by search. */
static const char *const fp_tests[] = {"XO",    "XXO",   "XOO",   "XXXO",  "XOOO",  "XXOO",  "XXOXO",
                                       "XOXOO", "XXXXO", "XOOOO", "XXOOO", "XXXOO", "XOXXO", "OXOOX"};
enum { FP_TESTS = sizeof fp_tests / sizeof *fp_tests };

static uint64_t fingerprint(clob_solver *s, uint32_t id, const uint32_t *tests) {
    const clob_run *r = clob_run_get(s, id);
    uint32_t nid = r->neg;
    uint64_t fp = (uint64_t)clob_run_class(s, id);
    for (int k = 0; k < FP_TESTS; k++) {
        uint32_t a[2] = {id, tests[k]};
        uint32_t b[2] = {nid, clob_run_get(s, tests[k])->neg};
        int lw = clob_search_ids(s, a, 2), rw = clob_search_ids(s, b, 2);
        fp = fp << 3 | (uint64_t)clob_outcome_of(lw == 1, rw == 1);
    }
    return fp ? fp : 1;
}

/* Buckets of representatives by fingerprint, in the order they were added. */
typedef struct fp_bucket {
    uint64_t fp;
    uint32_t head, tail; /* 1 + node index, 0 none */
} fp_bucket;
typedef struct fp_node {
    uint32_t idx, next;
} fp_node;
typedef struct fp_map {
    fp_bucket *b;
    uint64_t mask, count;
    fp_node *node;
    uint32_t nnode, cap;
} fp_map;

static fp_bucket *fp_find(fp_map *m, uint64_t fp) {
    uint64_t i = (fp * 0x9e3779b97f4a7c15ULL >> 20) & m->mask;
    while (m->b[i].fp && m->b[i].fp != fp) i = (i + 1) & m->mask;
    return &m->b[i];
}

static int fp_add(fp_map *m, uint64_t fp, uint32_t idx) {
    if (2 * (m->count + 1) > m->mask + 1) {
        fp_map n = *m;
        n.mask = m->mask * 2 + 1;
        n.b = calloc(n.mask + 1, sizeof *n.b);
        if (!n.b) return -1;
        for (uint64_t i = 0; i <= m->mask; i++)
            if (m->b[i].fp) *fp_find(&n, m->b[i].fp) = m->b[i];
        free(m->b);
        *m = n;
    }
    if (m->nnode == m->cap) {
        uint32_t cap = m->cap * 2 + 1024;
        fp_node *nn = realloc(m->node, cap * sizeof *nn);
        if (!nn) return -1;
        m->node = nn;
        m->cap = cap;
    }
    fp_bucket *b = fp_find(m, fp);
    if (!b->fp) {
        b->fp = fp;
        m->count++;
    }
    m->node[m->nnode] = (fp_node){idx, 0};
    uint32_t me = ++m->nnode;
    if (b->tail)
        m->node[b->tail - 1].next = me;
    else
        b->head = me;
    b->tail = me;
    return 0;
}

static void set_link(uint8_t *link, uint64_t i, uint32_t v) {
    for (int k = 0; k < 4; k++) link[4 * i + (uint64_t)k] = (uint8_t)(v >> (8 * k));
}

static void set_dom(uint8_t *dom, uint64_t i, uint64_t v) {
    for (int k = 0; k < 8; k++) dom[8 * i + (uint64_t)k] = (uint8_t)(v >> (8 * k));
}

/* The same mask for the run read from the other end: cell i becomes len-1-i and
 * a move's direction turns round. */
static uint64_t mirror_dom(uint64_t m, int len) {
    uint64_t r = 0;
    for (int i = 0; i < len; i++)
        for (int d = 0; d < 2; d++)
            if (m >> (2 * i + d) & 1) r |= 1ULL << (2 * (len - 1 - i) + (1 - d));
    return r;
}

/* Left's dominated moves in run id: option i goes when some other option j is at
 * least as good (o_i <= o_j: Left moving first in o_i - o_j loses), keeping the
 * first of equal options. */
static uint64_t dominated_moves(clob_solver *s, uint32_t id) {
    const clob_rmove *mv;
    int n = clob_run_moves(s, id, &mv);
    clob_rmove m[2 * CLOB_DB_MAX_LEN];
    memcpy(m, mv, (size_t)n * sizeof *m);
    bool le[2 * CLOB_DB_MAX_LEN][2 * CLOB_DB_MAX_LEN];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j) continue;
            uint32_t d[4];
            int k = 0;
            if (m[i].a) d[k++] = m[i].a;
            if (m[i].b) d[k++] = m[i].b;
            if (m[j].a) d[k++] = clob_run_get(s, m[j].a)->neg;
            if (m[j].b) d[k++] = clob_run_get(s, m[j].b)->neg;
            le[i][j] = clob_search_ids(s, d, k) == 0;
        }
    uint64_t out = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (j != i && le[i][j] && (!le[j][i] || j < i)) {
                out |= 1ULL << (2 * m[i].from + (m[i].to > m[i].from));
                break;
            }
    return out;
}

static int8_t neg_bnd(int8_t v) { return v == CLOB_BND_NONE ? CLOB_BND_NONE : (int8_t)-v; }

/* g >= n*up + s*star (ge) or g <= n*up + s*star (!ge), by search: X >= 0 when
 * Left moving first in -X loses. */
static bool cmp_up(clob_solver *s, uint32_t g, int n, int st, bool ge, uint32_t star, uint32_t up,
                   uint32_t down) {
    uint32_t d[2 + 2 * CLOB_BND_RANGE];
    int k = 0;
    d[k++] = ge ? clob_run_get(s, g)->neg : g;
    /* ge: -g + n*up + s*star; le: g - n*up - s*star = g + n*down + s*star. */
    uint32_t u = (n > 0) == ge ? up : down;
    for (int i = 0; i < (n > 0 ? n : -n); i++) d[k++] = u;
    if (st) d[k++] = star;
    return clob_search_ids(s, d, k) == 0;
}

/* lo[0], lo[1], hi[0], hi[1] of run g within the range (CLOB_BND_NONE outside). */
static void run_bounds(clob_solver *s, uint32_t g, uint32_t star, uint32_t up, uint32_t down, int8_t out[4]) {
    for (int st = 0; st < 2; st++) {
        /* lo: the largest n with g >= n*up + st*star (true for small n). */
        int a = -CLOB_BND_RANGE, b = CLOB_BND_RANGE;
        if (!cmp_up(s, g, a, st, true, star, up, down))
            out[st] = CLOB_BND_NONE;
        else {
            while (a < b) {
                int m = a + (b - a + 1) / 2;
                if (cmp_up(s, g, m, st, true, star, up, down))
                    a = m;
                else
                    b = m - 1;
            }
            out[st] = (int8_t)a;
        }
        /* hi: the smallest n with g <= n*up + st*star. */
        a = -CLOB_BND_RANGE;
        b = CLOB_BND_RANGE;
        if (!cmp_up(s, g, b, st, false, star, up, down))
            out[2 + st] = CLOB_BND_NONE;
        else {
            while (a < b) {
                int m = a + (b - a) / 2;
                if (cmp_up(s, g, m, st, false, star, up, down))
                    b = m;
                else
                    a = m + 1;
            }
            out[2 + st] = (int8_t)a;
        }
    }
}

static void run_of_index(uint64_t idx, int *len, uint64_t *bits) {
    int l = 2;
    while (clob_db_index(l + 1, 0) <= idx) l++;
    *len = l;
    *bits = idx - clob_db_index(l, 0);
}

/* Links run id (and its negative nid) to the first shorter representative with the
 * same fingerprint that it equals (g - h is a P-position, so g = h and -g = -h);
 * ix/rx are the indices of the run and its negative, as given and reversed. */
static void link_equal(clob_solver *s, fp_map *map, uint64_t fp, uint32_t id, uint32_t nid,
                       const uint64_t ix[2], const uint64_t rx[2], uint8_t *link) {
    fp_bucket *bk = fp_find(map, fp);
    for (uint32_t k = bk->fp ? bk->head : 0; k; k = map->node[k - 1].next) {
        int hl;
        uint64_t hb;
        run_of_index(map->node[k - 1].idx, &hl, &hb);
        uint32_t h = clob_intern_bits(s, hl, hb);
        uint32_t d1[2] = {id, clob_run_get(s, h)->neg}, d2[2] = {nid, h};
        if (clob_search_ids(s, d1, 2) != 0 || clob_search_ids(s, d2, 2) != 0) continue;
        uint64_t hn = canon_bits(~hb & ((1ULL << hl) - 1), hl);
        uint32_t to = (uint32_t)clob_db_index(hl, hb) + 1, nto = (uint32_t)clob_db_index(hl, hn) + 1;
        set_link(link, ix[0], to);
        set_link(link, rx[0], to);
        set_link(link, ix[1], nto);
        set_link(link, rx[1], nto);
        return;
    }
}

/* Writes run id's up-scale bounds (and the negated ones for its negative) at
 * ix/rx, XOR 0x80 while the length is being solved. */
static void store_bounds(clob_solver *s, uint32_t id, uint32_t star, uint32_t up, uint32_t down,
                         const uint64_t ix[2], const uint64_t rx[2], int8_t *bnd) {
    int8_t bd[4];
    run_bounds(s, id, star, up, down, bd);
    /* -g lies between -hi and -lo. */
    int8_t nbd[4] = {neg_bnd(bd[2]), neg_bnd(bd[3]), neg_bnd(bd[0]), neg_bnd(bd[1])};
    for (int k = 0; k < 4; k++) {
        bnd[4 * ix[0] + (uint64_t)k] = bnd[4 * rx[0] + (uint64_t)k] = (int8_t)((uint8_t)bd[k] ^ 0x80);
        bnd[4 * ix[1] + (uint64_t)k] = bnd[4 * rx[1] + (uint64_t)k] = (int8_t)((uint8_t)nbd[k] ^ 0x80);
    }
}

int clob_db_build(const clob_db_build_opts *o, uint8_t **out, uint64_t *out_len, yomi_error *err) {
    int max_len = o->max_len, link_len = o->link_len ? o->link_len : o->max_len;
    int dom_len = o->dom_len ? o->dom_len : link_len;
    if (max_len < 2 || max_len > CLOB_DB_MAX_LEN)
        return yomi_fail(err, 0, 0, "--max-len %d: must be from 2 to %d", max_len, CLOB_DB_MAX_LEN);
    uint64_t entries = clob_db_entries(max_len);
    uint8_t *file = calloc(DB_HEADER + 17 * entries, 1);
    uint64_t *fps = calloc(entries, sizeof *fps);
    fp_map map = {calloc(1024, sizeof(fp_bucket)), 1023, 0, NULL, 0, 0};
    if (!file || !fps || !map.b) {
        free(file);
        free(fps);
        free(map.b);
        return yomi_fail(err, 0, 0, "out of memory for %llu entries", (unsigned long long)entries);
    }
    uint8_t *cls = file + DB_HEADER, *link = cls + entries, *dom = cls + 5 * entries;
    /* Bounds are written XOR 0x80 while a length is solved (0: none), so an OR
     * over ranks merges them; each length is turned back once merged. */
    int8_t *bnd = (int8_t *)(cls + 13 * entries);
    int nranks = o->nranks > 0 ? o->nranks : 1, rc = 0;
    for (int len = 2; len <= max_len && !rc; len++) {
        /* One solver per length: it reads the finished shorter lengths as its
         * database and solves this length's runs; its memory goes with it. */
        clob_options so = {.hash_mb = o->hash_mb, .class_len = len};
        clob_solver *s = clob_solver_new(&so, err);
        if (!s) {
            rc = -1;
            break;
        }
        clob_solver_use_db(s, cls, link, dom, bnd, len - 1);
        uint32_t star = 0, up = 0, down = 0;
        {
            uint8_t c[3] = {CLOB_X, CLOB_O, 0};
            star = clob_intern_cells(s, c, 2);
            c[1] = CLOB_X;
            c[2] = CLOB_O;
            up = clob_intern_cells(s, c, 3);
            down = clob_run_get(s, up)->neg;
        }
        uint32_t tests[FP_TESTS];
        for (int k = 0; k < FP_TESTS; k++) {
            uint8_t c[8];
            int n = (int)strlen(fp_tests[k]);
            for (int i = 0; i < n; i++) c[i] = fp_tests[k][i] == 'X' ? CLOB_X : CLOB_O;
            tests[k] = clob_intern_cells(s, c, n);
        }
        uint64_t count = 0, full = (1ULL << len) - 1;
        /* Work unit: a run and its negative (classes swap, links negate). */
        for (uint64_t b = 1; b < full && !rc; b++) {
            if (canon_bits(b, len) != b) continue;
            uint64_t nb = canon_bits(~b & full, len);
            if (nb < b) continue;
            if ((int)(count++ % (uint64_t)nranks) != o->rank) continue;
            uint32_t id = clob_intern_bits(s, len, b);
            clob_outcome c = clob_run_class(s, id);
            if (c == CLOB_OUT_UNKNOWN) {
                rc = yomi_fail(err, 0, 0, "run of length %d left unsolved", len);
                break;
            }
            uint64_t ix[2] = {clob_db_index(len, b), clob_db_index(len, nb)};
            uint64_t rx[2] = {clob_db_index(len, reverse_bits(b, len)),
                              clob_db_index(len, reverse_bits(nb, len))};
            cls[ix[0]] = cls[rx[0]] = (uint8_t)c;
            cls[ix[1]] = cls[rx[1]] = (uint8_t)swap_lr(c);
            uint32_t nid = clob_run_get(s, id)->neg;
            if (len <= dom_len)
                for (int t = 0; t < (nb == b ? 1 : 2); t++) {
                    uint32_t r = t ? nid : id;
                    uint64_t m = dominated_moves(s, r), rb_bits = clob_run_get(s, r)->bits[0];
                    set_dom(dom, clob_db_index(len, rb_bits), m);
                    set_dom(dom, clob_db_index(len, reverse_bits(rb_bits, len)), mirror_dom(m, len));
                }
            if (len <= dom_len) store_bounds(s, id, star, up, down, ix, rx, bnd);
            if (c == CLOB_OUT_P || len > link_len) continue;
            uint64_t fp = fingerprint(s, id, tests), nfp = nb == b ? fp : fingerprint(s, nid, tests);
            fps[ix[0]] = fp;
            fps[ix[1]] = nfp;
            link_equal(s, &map, fp, id, nid, ix, rx, link);
        }
        clob_solver_free(s);
        if (rc) break;
        if (o->exchange) {
            o->exchange(cls + clob_db_index(len, 0), 1ULL << len, o->ctx);
            o->exchange(link + 4 * clob_db_index(len, 0), 4ULL << len, o->ctx);
            o->exchange(dom + 8 * clob_db_index(len, 0), 8ULL << len, o->ctx);
            o->exchange((uint8_t *)bnd + 4 * clob_db_index(len, 0), 4ULL << len, o->ctx);
            o->exchange((uint8_t *)(fps + clob_db_index(len, 0)), 8ULL << len, o->ctx);
        }
        for (uint64_t i = 4 * clob_db_index(len, 0); i < 4 * clob_db_index(len + 1, 0); i++)
            bnd[i] = (int8_t)((uint8_t)bnd[i] ^ 0x80);
        /* This length's runs without a shorter equal run become representatives,
         * in index order (the same on every rank). */
        if (len <= link_len)
            for (uint64_t b = 1; b < full && !rc; b++) {
                uint64_t i = clob_db_index(len, b);
                if (canon_bits(b, len) != b || cls[i] == CLOB_OUT_P ||
                    link[4 * i] | link[4 * i + 1] | link[4 * i + 2] | link[4 * i + 3])
                    continue;
                if (fp_add(&map, fps[i], (uint32_t)i))
                    rc = yomi_fail(err, 0, 0, "out of memory (fingerprints)");
            }
        if (o->progress) {
            yomi_progress p = {"clobber db", 0.0, map.nnode, len};
            o->progress(&p, o->progress_user);
        }
    }
    free(fps);
    free(map.b);
    free(map.node);
    if (rc) {
        free(file);
        return rc;
    }
    memcpy(file, DB_MAGIC, 8);
    put32(file + 8, CLOB_DB_VERSION);
    put32(file + 12, (uint32_t)max_len);
    put64(file + 16, entries);
    put64(file + 24, checksum(cls, 17 * entries));
    put32(file + 32, (uint32_t)link_len);
    put32(file + 36, (uint32_t)dom_len);
    *out = file;
    *out_len = DB_HEADER + 17 * entries;
    return 0;
}
