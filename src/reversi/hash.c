#include "reversi/hash.h"

bool rv_tt_init(rv_tt *t, size_t mb) {
    return yomi_table_init(&t->t, yomi_table_mb(mb), sizeof(rv_tt_bucket), 0);
}

void rv_tt_put(rv_tt *t, uint64_t key, uint64_t P, uint64_t O, const rv_tt_data *d) {
    if (!t->t.mem) return;
    rv_tt_bucket *b = rv_tt_bucket_of(t, key);
    uint8_t age = (uint8_t)t->t.gen;
    int victim = 0, best = 1 << 30;
    for (int i = 0; i < RV_TT_WAYS; i++) {
        if ((b->P[i] == P && b->O[i] == O) || b->depth[i] == 0) {
            victim = i;
            break;
        }
        int score = yomi_table_keep(b->depth[i], b->age[i], age);
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
    b->age[victim] = age;
}
