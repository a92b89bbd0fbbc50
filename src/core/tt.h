/* A transposition table shared by the solvers. Its memory is fixed when it is
 * created (never grows) and never exceeds the requested megabytes.
 * An entry holds a 64-bit key, 32 bits of game data and an 8-bit depth used for
 * replacement; a bucket of four entries fills one 64-byte cache line. */
#ifndef YOMI_CORE_TT_H
#define YOMI_CORE_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct yomi_tt_entry {
    uint64_t key;
    uint32_t data;
    uint16_t aux;
    uint8_t depth;
    uint8_t age;
} yomi_tt_entry;

typedef struct yomi_tt {
    yomi_tt_entry *buckets; /* 4 entries per bucket */
    uint64_t mask; /* number of buckets - 1 */
    uint8_t age;
    uint64_t stores, hits;
} yomi_tt;

/* Allocates the largest power-of-two table that fits in `mb` megabytes.
 * Returns false (and leaves tt empty) when mb is 0 or memory is refused. */
bool yomi_tt_init(yomi_tt *tt, size_t mb);
void yomi_tt_free(yomi_tt *tt);
void yomi_tt_clear(yomi_tt *tt);
size_t yomi_tt_bytes(const yomi_tt *tt);
/* Starts a new search: older entries become preferred victims. */
static inline void yomi_tt_new_search(yomi_tt *tt) { tt->age++; }

/* Entry for key, or NULL. */
static inline yomi_tt_entry *yomi_tt_probe(yomi_tt *tt, uint64_t key) {
    if (!tt->buckets) return 0;
    yomi_tt_entry *b = tt->buckets + ((key & tt->mask) << 2);
    for (int i = 0; i < 4; i++)
        if (b[i].key == key) return &b[i];
    return 0;
}

/* Stores (key, data, aux) with replacement priority `depth`: the same key is
 * overwritten, else the shallowest entry of an older search, else the shallowest. */
void yomi_tt_store(yomi_tt *tt, uint64_t key, uint32_t data, uint16_t aux, uint8_t depth);

#endif
