/* The endgame table's keys and entry check on structured families, where weak keys
 * fail: for random base positions, all 3^8 = 6,561 fillings (empty, P, O) of each
 * row, column and long diagonal must give distinct keys, spread over the buckets of
 * a small table, and a table holding all of them must answer every probe with the
 * probed position's own entry or a miss, never with another's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "reversi/hash.h"
#include "testutil.h"

enum { FAMILY = 6561 };

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int distinct(uint64_t *v, int n) {
    qsort(v, (size_t)n, sizeof v[0], cmp_u64);
    int d = n > 0;
    for (int i = 1; i < n; i++) d += v[i] != v[i - 1];
    return d;
}

/* The 18 lines: 8 rows, 8 columns, a1-h8 and h1-a8. */
static void line_squares(int line, int *sq) {
    for (int i = 0; i < 8; i++) {
        if (line < 8)
            sq[i] = line * 8 + i;
        else if (line < 16)
            sq[i] = i * 8 + (line - 8);
        else if (line == 16)
            sq[i] = i * 9;
        else
            sq[i] = 7 + i * 7;
    }
}

static void test_families(void) {
    uint64_t seed = 0x8a51;
    int bases = t_sanitized() ? 2 : 6, bad_keys = 0, bad_spread = 0, bad_probe = 0;
    uint64_t *keys = malloc(FAMILY * sizeof *keys), *low = malloc(FAMILY * sizeof *low);
    uint64_t *fp = malloc(FAMILY * sizeof *fp), *fo = malloc(FAMILY * sizeof *fo);
    rv_tt tt;
    CHECK(rv_tt_init(&tt, 1));
    int buckets = (int)rv_tt_buckets(&tt), worst_keys = FAMILY, worst_spread = FAMILY;
    for (int b = 0; b < bases; b++) {
        uint64_t empty = yomi_splitmix64(&seed) & yomi_splitmix64(&seed);
        uint64_t P0 = yomi_splitmix64(&seed) & ~empty, O0 = ~P0 & ~empty;
        for (int line = 0; line < 18; line++) {
            int sq[8];
            line_squares(line, sq);
            uint64_t mask = 0;
            for (int i = 0; i < 8; i++) mask |= 1ULL << sq[i];
            for (int k = 0; k < FAMILY; k++) {
                uint64_t P = P0 & ~mask, O = O0 & ~mask;
                for (int i = 0, t = k; i < 8; i++, t /= 3) {
                    if (t % 3 == 1) P |= 1ULL << sq[i];
                    if (t % 3 == 2) O |= 1ULL << sq[i];
                }
                fp[k] = P;
                fo[k] = O;
                keys[k] = rv_hash(P, O);
                low[k] = yomi_table_index(&tt.t, keys[k]);
            }
            /* A table full of the family: each entry's move field names the filling. */
            rv_tt_clear(&tt);
            for (int k = 0; k < FAMILY; k++) {
                rv_tt_data d = {k % 129 - 64, k % 129 - 64, k % 64, 1 + k % 60};
                rv_tt_put(&tt, keys[k], fp[k], fo[k], &d);
            }
            for (int k = 0; k < FAMILY; k++) {
                rv_tt_data d;
                if (rv_tt_get(&tt, keys[k], fp[k], fo[k], &d) &&
                    (d.lower != k % 129 - 64 || d.move != k % 64 || d.depth != 1 + k % 60))
                    bad_probe++;
            }
            int dk = distinct(keys, FAMILY), ds = distinct(low, FAMILY);
            if (dk < worst_keys) worst_keys = dk;
            if (ds < worst_spread) worst_spread = ds;
            if (dk != FAMILY) bad_keys++;
            /* Random keys over `buckets` buckets fill about buckets * (1 - e^(-6561 /
             * buckets)) of them (5,410 at 2^14, give or take 30); far fewer means
             * structure the mix did not break. */
            if (ds < 0.95 * buckets * (1 - exp(-(double)FAMILY / buckets))) bad_spread++;
        }
    }
    CHECK_MSG(bad_keys == 0, "%d families with repeated keys (worst: %d distinct of %d)", bad_keys,
              worst_keys, FAMILY);
    CHECK_MSG(bad_spread == 0, "%d families crowd the %d buckets (worst: %d distinct indices of %d)",
              bad_spread, buckets, worst_spread, FAMILY);
    CHECK_MSG(bad_probe == 0, "%d probes answered with another position's entry", bad_probe);
    printf("%d base positions x 18 lines x %d fillings: fewest distinct keys %d, "
           "fewest distinct buckets %d of %d\n",
           bases, FAMILY, worst_keys, worst_spread, buckets);
    rv_tt_free(&tt);
    free(keys);
    free(low);
    free(fp);
    free(fo);
}

/* Bucket choice and replacement: the same position overwrites its own entry, a
 * bucket keeps the deeper entries of the current search. */
static void test_table(void) {
    rv_tt tt;
    CHECK(!rv_tt_init(&tt, 0));
    CHECK(rv_tt_init(&tt, 1));
    CHECK(rv_tt_bytes(&tt) <= 1u << 20 && rv_tt_bytes(&tt) > 1u << 19);
    uint64_t key = 5; /* one bucket for every position below */
    rv_tt_data d = {-4, 6, 19, 12}, g;
    rv_tt_put(&tt, key, 1, 2, &d);
    d.lower = 6;
    rv_tt_put(&tt, key, 1, 2, &d);
    CHECK(rv_tt_get(&tt, key, 1, 2, &g) && g.lower == 6 && g.upper == 6 && g.move == 19);
    CHECK(!rv_tt_get(&tt, key, 2, 1, &g));
    for (uint64_t p = 10; p < 20; p++) {
        rv_tt_data e = {0, 0, 1, (int)(20 + p)};
        rv_tt_put(&tt, key, p, 0, &e);
    }
    /* Three ways: the three deepest stay. */
    int kept = 0;
    for (uint64_t p = 10; p < 20; p++) kept += rv_tt_get(&tt, key, p, 0, &g);
    CHECK_EQ_INT(kept, 3);
    CHECK(rv_tt_get(&tt, key, 19, 0, &g) && g.depth == 39);
    rv_tt_free(&tt);
}

int main(void) {
    test_families();
    test_table();
    return t_summary("test_reversi_hash");
}
