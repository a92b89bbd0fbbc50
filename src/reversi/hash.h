/* The Reversi endgame's transposition table (internal to the solver and its tests).
 *
 * Key: rv_hash mixes every bit of both boards through two rounds of the splitmix64
 * finaliser (xor-shift, odd multiply: each round a bijection of 64-bit words in which
 * every input bit reaches every output bit), so boards that differ in any square
 * spread over the whole table. The key only chooses the bucket.
 *
 * Check: every entry stores the full position, P and O (128 bits), and a probe
 * answers only when both boards are equal. Two positions that share a key, or a
 * bucket, cost a miss or a replacement; one position's bounds are never read for
 * another's.
 *
 * A bucket is three entries in one 64-byte cache line, kept as a structure of
 * arrays so that no padding is needed. The memory, its exact size (floor(MB / 64)
 * buckets), the bucket index and the search age are the kernel's (core/tt.h); this
 * layout's probe and store stay inline here, on the solver's hot path. */
#ifndef YOMI_REVERSI_HASH_H
#define YOMI_REVERSI_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hash.h"
#include "core/tt.h"

enum { RV_TT_WAYS = 3 };

typedef struct rv_tt_bucket {
    uint64_t P[RV_TT_WAYS], O[RV_TT_WAYS];
    int8_t lower[RV_TT_WAYS], upper[RV_TT_WAYS]; /* bounds on the exact score */
    uint8_t move[RV_TT_WAYS]; /* best move 0..63, or 65 (none) */
    uint8_t depth[RV_TT_WAYS]; /* empties; 0 marks a free entry */
    uint8_t age[RV_TT_WAYS]; /* search that wrote it */
    uint8_t unused;
} rv_tt_bucket;

_Static_assert(sizeof(rv_tt_bucket) == 64, "a bucket fills one cache line");

typedef struct rv_tt {
    yomi_table t; /* buckets of rv_tt_bucket */
} rv_tt;

/* What the table knows about one position. */
typedef struct rv_tt_data {
    int lower, upper, move, depth;
} rv_tt_data;

/* Key of the position (P to move against O): the kernel's mixer over both boards. */
static inline uint64_t rv_hash(uint64_t P, uint64_t O) { return yomi_fmix64(P ^ yomi_mix64(O)); }

/* floor(mb MB / 64) buckets: exactly `mb` megabytes less under one bucket. False
 * (table left empty) when mb is 0 or the memory is refused. */
bool rv_tt_init(rv_tt *t, size_t mb);
static inline void rv_tt_free(rv_tt *t) { yomi_table_free(&t->t); }
static inline size_t rv_tt_bytes(const rv_tt *t) { return yomi_table_bytes(&t->t); }
static inline uint64_t rv_tt_buckets(const rv_tt *t) { return t->t.mem ? t->t.nbuckets : 0; }
/* Empties the table. */
static inline void rv_tt_clear(rv_tt *t) { yomi_table_clear(&t->t); }
/* Starts a new search: older entries become preferred victims. */
static inline void rv_tt_new_search(rv_tt *t) { yomi_table_new_search(&t->t); }

static inline rv_tt_bucket *rv_tt_bucket_of(const rv_tt *t, uint64_t key) {
    return (rv_tt_bucket *)t->t.mem + yomi_table_index(&t->t, key);
}

/* Looks (P, O) up in the bucket of `key` (= rv_hash(P, O)); true and *out filled
 * only for an entry that stores this very position. */
static inline bool rv_tt_get(const rv_tt *t, uint64_t key, uint64_t P, uint64_t O, rv_tt_data *out) {
    if (!t->t.mem) return false;
    const rv_tt_bucket *b = rv_tt_bucket_of(t, key);
    for (int i = 0; i < RV_TT_WAYS; i++) {
        if (b->P[i] == P && b->O[i] == O && b->depth[i]) {
            out->lower = b->lower[i];
            out->upper = b->upper[i];
            out->move = b->move[i];
            out->depth = b->depth[i];
            return true;
        }
    }
    return false;
}

/* Stores what is known about (P, O): the entry of the same position is overwritten,
 * else a free entry, else the shallowest of an older search, else the shallowest.
 * depth must be 1..255. */
void rv_tt_put(rv_tt *t, uint64_t key, uint64_t P, uint64_t O, const rv_tt_data *d);

#endif
