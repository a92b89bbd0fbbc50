/* The kernel's table allocator and its layouts: every layout's hash_mb is an exact size
 * (for odd sizes, the bytes allocated are at most the request and more than the request
 * less one bucket), the bucket index is the mask at a power of two and floor(key * n /
 * 2^64) otherwise (checked against the same product computed in 32-bit halves) and
 * spreads keys evenly, and each layout finds what it stored at sizes that are not powers
 * of two. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clobber/clobber_internal.h"
#include "core/dfpn.h"
#include "core/hash.h"
#include "core/tt.h"
#include "reversi/hash.h"
#include "testutil.h"
#include "yomi/clobber.h"

static const size_t sizes_mb[] = {1, 3, 5, 7, 100};
#define NSIZES (sizeof sizes_mb / sizeof *sizes_mb)

/* got is an exact fill of want bytes with buckets of `bucket` bytes. */
static void check_exact(const char *layout, size_t mb, size_t got, size_t bucket) {
    size_t want = mb << 20;
    CHECK_MSG(got <= want && got + bucket > want, "%s at %zu MB: %zu bytes (bucket %zu)", layout, mb, got,
              bucket);
}

/* floor(key * n / 2^64) from 32-bit halves: key = hi 2^32 + lo, so key n / 2^64 =
 * (hi n + lo n / 2^32) / 2^32, and dropping the fraction of lo n / 2^32 first changes
 * no floor (hi n is an integer). Needs n < 2^32. */
static uint64_t index_oracle(uint64_t key, uint64_t n) {
    uint64_t hi = key >> 32, lo = key & 0xffffffffULL;
    return (hi * n + ((lo * n) >> 32)) >> 32;
}

static void test_index(void) {
    static const uint64_t counts[] = {1, 2, 3, 5, 7, 1000, 4096, 13107, 65536, 99999, 1u << 20, 3000017};
    uint64_t seed = 0x7ab1e;
    for (size_t c = 0; c < sizeof counts / sizeof *counts; c++) {
        yomi_table t;
        uint64_t n = counts[c];
        if (!yomi_table_init_buckets(&t, n, 64, 0)) {
            CHECK_MSG(0, "table of %llu buckets refused", (unsigned long long)n);
            continue;
        }
        bool pow2 = (n & (n - 1)) == 0;
        CHECK(t.pow2 == pow2);
        CHECK(yomi_table_bytes(&t) == n * 64);
        int bad = 0;
        for (int i = 0; i < 20000; i++) {
            uint64_t k = i < 4 ? (i == 0 ? 0 : i == 1 ? ~0ULL : (uint64_t)i) : yomi_splitmix64(&seed);
            uint64_t want = pow2 ? k & (n - 1) : index_oracle(k, n);
            uint64_t got = yomi_table_index(&t, k);
            if (got != want || got >= n) bad++;
        }
        CHECK_MSG(bad == 0, "%d wrong indices over %llu buckets", bad, (unsigned long long)n);
        /* Even spread over a count that is not a power of two: 100 buckets, 100,000
         * uniform keys: every bucket near 1,000 (a binomial's sd is about 31.5). */
        yomi_table_free(&t);
    }
    yomi_table t;
    CHECK(yomi_table_init_buckets(&t, 100, 8, 0));
    int count[100] = {0};
    for (int i = 0; i < 100000; i++) count[yomi_table_index(&t, yomi_splitmix64(&seed))]++;
    int lo = 1 << 30, hi = 0;
    for (int i = 0; i < 100; i++) {
        if (count[i] < lo) lo = count[i];
        if (count[i] > hi) hi = count[i];
    }
    CHECK_MSG(lo > 850 && hi < 1150, "100 buckets hold %d..%d of 100,000 keys", lo, hi);
    yomi_table_free(&t);
    /* No table: a size below one bucket, a zero size, a bucket size that breaks alignment. */
    CHECK(!yomi_table_init(&t, 63, 64, 0) && t.mem == NULL);
    CHECK(!yomi_table_init(&t, 0, 64, 0));
    CHECK(!yomi_table_init(&t, 1000, 12, 0));
    CHECK(yomi_table_mb((size_t)-1) == 0);
}

static void test_bound_layout(void) {
    for (size_t i = 0; i < NSIZES; i++) {
        yomi_tt tt;
        if (!yomi_tt_init(&tt, sizes_mb[i])) {
            CHECK_MSG(0, "yomi_tt_init(%zu) failed", sizes_mb[i]);
            continue;
        }
        check_exact("bound (Go reading)", sizes_mb[i], yomi_tt_bytes(&tt), 64);
        /* a key per four buckets: a key comes back with its own data or not at all, and
         * at most one in 200 is lost to a full bucket (Poisson: about 1 in 10^5) */
        uint64_t n = tt.t.nbuckets / 4, found = 0, wrong = 0, seed = sizes_mb[i];
        for (uint64_t k = 0; k < n; k++) {
            uint64_t key = yomi_splitmix64(&seed);
            yomi_tt_store(&tt, key, (uint32_t)(key >> 32) ^ 0x5a5a5a5au, (uint16_t)(k * 7), 5);
        }
        seed = sizes_mb[i];
        uint64_t false_hits = 0;
        for (uint64_t k = 0; k < n; k++) {
            uint64_t key = yomi_splitmix64(&seed);
            uint32_t check = (uint32_t)(key >> 32) ^ 0x5a5a5a5au;
            /* the key with another check (a collision of the first key alone) is a miss */
            false_hits += yomi_tt_probe(&tt, key, check ^ 1) != NULL;
            yomi_tt_entry *e = yomi_tt_probe(&tt, key, check);
            if (!e) continue;
            found++;
            wrong += e->data != (uint16_t)(k * 7);
        }
        CHECK_MSG(wrong == 0 && found >= n - n / 200, "%zu MB: %llu of %llu keys found, %llu with wrong data",
                  sizes_mb[i], (unsigned long long)found, (unsigned long long)n, (unsigned long long)wrong);
        CHECK_MSG(false_hits == 0, "%zu MB: %llu keys answered with another check", sizes_mb[i],
                  (unsigned long long)false_hits);
        yomi_tt_clear(&tt);
        CHECK(yomi_tt_probe(&tt, 12345, 0) == NULL);
        yomi_tt_free(&tt);
    }
    yomi_tt tt;
    CHECK(!yomi_tt_init(&tt, 0));
}

static void test_reversi_layout(void) {
    for (size_t i = 0; i < NSIZES; i++) {
        rv_tt tt;
        if (!rv_tt_init(&tt, sizes_mb[i])) {
            CHECK_MSG(0, "rv_tt_init(%zu) failed", sizes_mb[i]);
            continue;
        }
        check_exact("position-checked (Reversi)", sizes_mb[i], rv_tt_bytes(&tt), sizeof(rv_tt_bucket));
        /* a position per four buckets (3 ways each): found with its own data or not at
         * all, at most one in 200 lost to a full bucket (Poisson: about 1 in 2,000),
         * and a position never stored (P and O swapped) never found */
        uint64_t n = rv_tt_buckets(&tt) / 4, found = 0, wrong = 0, seed = 99 + sizes_mb[i];
        for (int pass = 0; pass < 2; pass++) {
            seed = 99 + sizes_mb[i];
            for (uint64_t k = 0; k < n; k++) {
                uint64_t P = yomi_splitmix64(&seed), O = yomi_splitmix64(&seed) & ~P;
                rv_tt_data d = {(int)(k % 129) - 64, (int)(k % 129) - 64, (int)(k % 64), 1 + (int)(k % 60)};
                if (pass == 0) {
                    rv_tt_put(&tt, rv_hash(P, O), P, O, &d);
                } else {
                    rv_tt_data g;
                    if (rv_tt_get(&tt, rv_hash(P, O), P, O, &g)) {
                        found++;
                        wrong += g.lower != d.lower || g.move != d.move || g.depth != d.depth;
                    }
                    wrong += rv_tt_get(&tt, rv_hash(O, P), O, P, &g);
                }
            }
        }
        CHECK_MSG(found >= n - n / 200 && wrong == 0,
                  "%zu MB: %llu of %llu found, %llu wrong or foreign hits", sizes_mb[i],
                  (unsigned long long)found, (unsigned long long)n, (unsigned long long)wrong);
        rv_tt_free(&tt);
    }
}

/* A one-position game for df-pn: the root is decided at once, which is enough to lay
 * the tables out for its state size. */
static size_t toy_state;
static uint64_t toy_key(void *ctx) { return (void)ctx, 1; }
static uint64_t toy_key2(void *ctx) { return (void)ctx, 2; }
static void toy_state_fn(void *ctx, unsigned char *out) { (void)ctx, memset(out, 7, toy_state); }
static int toy_gen(void *ctx, int *m, int max) { return (void)ctx, (void)m, (void)max, 0; }
static void toy_play(void *ctx, int m) { (void)ctx, (void)m; }
static void toy_undo(void *ctx) { (void)ctx; }
static dfpn_value toy_eval(void *ctx) { return (void)ctx, DFPN_WIN; }

static void test_dfpn_layout(void) {
    static const size_t states[] = {0, 4, 13, 105};
    for (size_t i = 0; i < NSIZES; i++) {
        dfpn *s = dfpn_new(sizes_mb[i]);
        if (!s) {
            CHECK_MSG(0, "dfpn_new(%zu) failed", sizes_mb[i]);
            continue;
        }
        for (size_t k = 0; k < sizeof states / sizeof *states; k++) {
            toy_state = states[k];
            dfpn_game g = {0};
            g.key = toy_key;
            g.key2 = toy_key2;
            g.state_size = toy_state;
            g.state = toy_state ? toy_state_fn : NULL;
            g.generate = toy_gen;
            g.play = toy_play;
            g.undo = toy_undo;
            g.evaluate = toy_eval;
            g.max_moves = 1;
            dfpn_result r;
            CHECK(dfpn_solve(s, &g, NULL, NULL, &r) == 0 && r.result == YOMI_WIN);
            size_t bucket = dfpn_table_bucket_bytes(toy_state);
            char what[64];
            snprintf(what, sizeof what, "df-pn, %zu state bytes", toy_state);
            CHECK(bucket % 8 == 0 && bucket >= 4 * (40 + toy_state));
            check_exact(what, sizes_mb[i], dfpn_table_bytes(s), bucket);
            /* with exact state the main table has all of it (no path-dependent table) */
            if (toy_state) CHECK(dfpn_table_entries(s) == 4 * ((sizes_mb[i] << 20) / bucket));
        }
        dfpn_free(s);
    }
}

static void test_clobber_layout(void) {
    for (size_t i = 0; i < NSIZES; i++) {
        clob_options o = {.hash_mb = sizes_mb[i]};
        yomi_error err = {0};
        clob_solver *s = clob_solver_new(&o, &err);
        if (!s) {
            CHECK_MSG(0, "clob_solver_new(%zu MB) failed", sizes_mb[i]);
            continue;
        }
        size_t now, limit, bucket;
        clob_solver_table_bytes(s, &now, &limit, &bucket);
        check_exact("Clobber (limit)", sizes_mb[i], limit, bucket);
        CHECK(now > 0 && now <= limit && now <= (4u << 20));
        clob_solver_free(s);
    }
    /* A search that fills a 1 MB table grows it to exactly the limit (13,107 buckets of
     * 80 bytes: the last doubling stops there). */
    clob_options o = {.hash_mb = 1, .without = CLOB_T_DB};
    yomi_error err = {0};
    clob_solver *s = clob_solver_new(&o, &err);
    CHECK(s != NULL);
    if (!s) return;
    const char *board = "XXOXOOXOXXOXOOXOXXOXOOXOXOXXOOXO";
    clob_strip b;
    CHECK(clob_strip_parse(board, strlen(board), &b, &err) == 0);
    clob_answer a;
    CHECK(clob_solve(s, &b, CLOB_LEFT, NULL, &a) != YOMI_UNKNOWN);
    size_t now, limit, bucket;
    clob_solver_table_bytes(s, &now, &limit, &bucket);
    CHECK_MSG(now == limit, "table of %zu bytes after a big search, limit %zu", now, limit);
    clob_solver_free(s);
}

int main(void) {
    test_index();
    test_bound_layout();
    test_reversi_layout();
    test_dfpn_layout();
    test_clobber_layout();
    return t_summary("test_core_tt");
}
