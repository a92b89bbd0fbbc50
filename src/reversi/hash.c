#include "reversi/hash.h"

#include <stdlib.h>
#include <string.h>

bool rv_tt_init(rv_tt *t, size_t mb) {
    memset(t, 0, sizeof *t);
    if (mb == 0 || mb > ((size_t)-1 >> 21)) return false;
    size_t bytes = mb << 20, n = 1;
    while (n * 2 * sizeof(rv_tt_bucket) <= bytes) n *= 2;
    if (n * sizeof(rv_tt_bucket) > bytes) return false;
    void *p = NULL;
    if (posix_memalign(&p, 64, n * sizeof(rv_tt_bucket)) != 0) return false;
    memset(p, 0, n * sizeof(rv_tt_bucket));
    t->buckets = p;
    t->mask = n - 1;
    return true;
}

void rv_tt_free(rv_tt *t) {
    free(t->buckets);
    memset(t, 0, sizeof *t);
}

size_t rv_tt_bytes(const rv_tt *t) { return t->buckets ? (size_t)(t->mask + 1) * sizeof(rv_tt_bucket) : 0; }

void rv_tt_put(rv_tt *t, uint64_t key, uint64_t P, uint64_t O, const rv_tt_data *d) {
    if (!t->buckets) return;
    rv_tt_bucket *b = &t->buckets[key & t->mask];
    int victim = 0, best = 1 << 30;
    for (int i = 0; i < RV_TT_WAYS; i++) {
        if ((b->P[i] == P && b->O[i] == O) || b->depth[i] == 0) {
            victim = i;
            break;
        }
        /* An entry of an older search counts as 256 plies shallower. */
        int score = b->depth[i] + (b->age[i] == t->age ? 256 : 0);
        if (score < best) {
            best = score;
            victim = i;
        }
    }
    b->P[victim] = P;
    b->O[victim] = O;
    b->lower[victim] = (int8_t)d->lower;
    b->upper[victim] = (int8_t)d->upper;
    b->move[victim] = (uint8_t)d->move;
    b->depth[victim] = (uint8_t)d->depth;
    b->age[victim] = t->age;
}
