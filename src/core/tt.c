#include "core/tt.h"

#include <stdlib.h>
#include <string.h>

bool yomi_tt_init(yomi_tt *tt, size_t mb) {
    memset(tt, 0, sizeof *tt);
    if (mb == 0) return false;
    size_t bytes = mb << 20, bucket = 4 * sizeof(yomi_tt_entry);
    size_t n = 1;
    while (n * 2 * bucket <= bytes) n *= 2;
    if (n * bucket > bytes) return false;
    void *p = NULL;
    if (posix_memalign(&p, 64, n * bucket) != 0) return false;
    memset(p, 0, n * bucket);
    tt->buckets = p;
    tt->mask = n - 1;
    return true;
}

void yomi_tt_free(yomi_tt *tt) {
    free(tt->buckets);
    memset(tt, 0, sizeof *tt);
}

void yomi_tt_clear(yomi_tt *tt) {
    if (tt->buckets) memset(tt->buckets, 0, yomi_tt_bytes(tt));
    tt->age = 0;
}

size_t yomi_tt_bytes(const yomi_tt *tt) {
    return tt->buckets ? (size_t)(tt->mask + 1) * 4 * sizeof(yomi_tt_entry) : 0;
}

void yomi_tt_store(yomi_tt *tt, uint64_t key, uint32_t data, uint16_t aux, uint8_t depth) {
    if (!tt->buckets) return;
    yomi_tt_entry *b = tt->buckets + ((key & tt->mask) << 2);
    yomi_tt_entry *victim = &b[0];
    int best = 1 << 30;
    for (int i = 0; i < 4; i++) {
        if (b[i].key == key || b[i].key == 0) {
            victim = &b[i];
            break;
        }
        /* An entry from an older search counts as 256 plies shallower. */
        int score = b[i].depth + (b[i].age == tt->age ? 256 : 0);
        if (score < best) {
            best = score;
            victim = &b[i];
        }
    }
    victim->key = key;
    victim->data = data;
    victim->aux = aux;
    victim->depth = depth;
    victim->age = tt->age;
    tt->stores++;
}
