#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise(MADV_HUGEPAGE) on Linux */
#include "core/tt.h"

#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE ((size_t)2 << 20)

size_t yomi_table_mb(size_t mb) { return mb > ((size_t)-1 >> 20) ? 0 : mb << 20; }

bool yomi_table_init_buckets(yomi_table *t, uint64_t nbuckets, size_t bucket_bytes, unsigned flags) {
    memset(t, 0, sizeof *t);
    if (nbuckets == 0 || bucket_bytes == 0 || bucket_bytes % 8 != 0) return false;
    if (nbuckets > ((size_t)-1 - HUGE_PAGE) / bucket_bytes) return false;
    size_t bytes = (size_t)nbuckets * bucket_bytes;
    size_t len = (flags & YOMI_TABLE_HUGE) ? bytes + HUGE_PAGE : bytes;
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return false;
    uintptr_t a = (uintptr_t)p;
    if (flags & YOMI_TABLE_HUGE) {
        a = (a + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
        madvise((void *)a, bytes, MADV_HUGEPAGE);
#endif
    }
    t->map = p;
    t->map_len = len;
    t->mem = (unsigned char *)a;
    t->nbuckets = nbuckets;
    t->pow2 = (nbuckets & (nbuckets - 1)) == 0;
    t->mask = t->pow2 ? nbuckets - 1 : 0;
    t->bucket_bytes = bucket_bytes;
    return true;
}

bool yomi_table_init(yomi_table *t, size_t bytes, size_t bucket_bytes, unsigned flags) {
    memset(t, 0, sizeof *t);
    if (bucket_bytes == 0) return false;
    return yomi_table_init_buckets(t, bytes / bucket_bytes, bucket_bytes, flags);
}

void yomi_table_free(yomi_table *t) {
    if (t->map) munmap(t->map, t->map_len);
    memset(t, 0, sizeof *t);
}

void yomi_table_clear(yomi_table *t) {
    if (t->mem) memset(t->mem, 0, yomi_table_bytes(t));
    t->gen = 0;
    t->probes = t->hits = t->stores = 0;
}

/* ---- the bound layout ---- */

_Static_assert(sizeof(yomi_tt_entry) == 16 && sizeof(yomi_tt_entry) * YOMI_TT_WAYS == 64,
               "a bound bucket fills one cache line");

bool yomi_tt_init(yomi_tt *tt, size_t mb) {
    return yomi_table_init(&tt->t, yomi_table_mb(mb), YOMI_TT_WAYS * sizeof(yomi_tt_entry), 0);
}

void yomi_tt_store(yomi_tt *tt, uint64_t key, uint32_t check, uint16_t data, uint8_t depth) {
    if (!tt->t.mem) return;
    yomi_tt_entry *b = (yomi_tt_entry *)tt->t.mem + (yomi_table_index(&tt->t, key) << 2);
    uint8_t age = (uint8_t)tt->t.gen;
    yomi_tt_entry *victim = &b[0];
    int best = 1 << 30;
    for (int i = 0; i < YOMI_TT_WAYS; i++) {
        if (b[i].key == key || b[i].key == 0) {
            victim = &b[i];
            break;
        }
        int score = yomi_table_keep(b[i].depth, b[i].age, age);
        if (score < best) {
            best = score;
            victim = &b[i];
        }
    }
    victim->key = key;
    victim->check = check;
    victim->data = data;
    victim->depth = depth;
    victim->age = age;
    tt->t.stores++;
}
