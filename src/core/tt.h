/* Transposition tables: one allocator and indexer, one layout per use.
 *
 * The kernel owns what every table shares (yomi_table): the memory, sized exactly to
 * the caller's megabytes, the bucket index of a key, the search generation (age),
 * clearing and counters. A *layout* is a user's bucket: its entry struct, its key
 * check and its replacement rule, written over the bucket memory that yomi_table
 * hands out. The layouts today:
 *
 *   layout            user                 bucket                  key check
 *   ----------------  -------------------  ----------------------  -----------------------
 *   yomi_tt (below)   Go reading           4 x 16 B = 64 B         the full 64-bit key and
 *                                                                  32 bits of an independent
 *                                                                  second key (96 bits)
 *   rv_tt             Reversi endgame      3 ways in 64 B (SoA)    the whole position (P, O)
 *                     (reversi/hash.h)
 *   dfpn entries      core df-pn           4 x (40 B + state)      key + independent key2
 *                     (core/dfpn.c)        (rounded up to 8 B)     (128 bits), and the
 *                                                                  game's exact state bytes
 *                                                                  when it gives them
 *   dfpn path table   core df-pn           2 x 88 B                key + key2 of the node
 *                     (core/dfpn.c)                                and of each ancestor
 *   ctt_entry         Clobber              2 x 40 B                the whole normalised
 *                     (clobber/solver.c)                           position (packed strip)
 *
 * Why a collision cannot become a proof, per layout:
 *   - rv_tt and Clobber store the position itself: an entry answers only the position
 *     it was written for; two positions sharing a key or a bucket cost a miss or a
 *     replacement, never a wrong value.
 *   - df-pn with exact state bytes compares them: no collision is possible. Without
 *     them (games that give only key and key2) a wrong proof needs two positions equal
 *     in both independent 64-bit keys (a 128-bit match, about 2^-125 per probe of a
 *     4-entry bucket).
 *   - yomi_tt (Go reading) stores the full 64-bit key and a 32-bit check taken from a
 *     second key built over independent Zobrist keys (go_board_hash2): a false hit
 *     needs two reader nodes equal in the 64-bit key and in the 32-bit check in one
 *     bucket at the same time, about 2^-94 per probe of a 4-entry bucket. A node
 *     whose key matches but whose check does not is a miss (and its store replaces
 *     the entry). The value, bound and move fit 16 bits, so the entry stays 16 bytes
 *     and four still fill a cache line.
 *
 * Sizing: a table asked for B bytes gets floor(B / bucket bytes) buckets, not a
 * power of two, so it holds between B - (one bucket) and B bytes. A key's bucket is
 * key & (n - 1) when n is a power of two (the classical mask: every count at such a
 * size is what it was before the tables were merged), otherwise the high word of
 * key * n (a multiply, no division), which spreads a uniform 64-bit key evenly over
 * any n. Layouts that keep two tables (df-pn) split their bytes and size each this way.
 *
 * Memory comes from an anonymous mapping: zeroed by the system and touched only when
 * used; with YOMI_TABLE_HUGE it is aligned to 2 MB and the kernel is asked for huge
 * pages (a random probe then costs one TLB miss less). The mapping reserves 2 MB of
 * address space more than the table for that alignment, never touched. */
#ifndef YOMI_CORE_TT_H
#define YOMI_CORE_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { YOMI_TABLE_HUGE = 1 };

typedef struct yomi_table {
    unsigned char *mem; /* nbuckets * bucket_bytes bytes, 64-byte aligned, zeroed */
    uint64_t nbuckets;
    uint64_t mask; /* nbuckets - 1 when nbuckets is a power of two */
    size_t bucket_bytes;
    bool pow2;
    uint32_t gen; /* search generation: layouts keep its low bits in their entries */
    uint64_t probes, hits, stores; /* counters the layouts may keep */
    void *map; /* the mapping holding mem */
    size_t map_len;
} yomi_table;

/* mb megabytes in bytes, or 0 when that does not fit a size_t. */
size_t yomi_table_mb(size_t mb);
/* A table of floor(bytes / bucket_bytes) buckets (bucket_bytes a multiple of 8).
 * False (and t left empty) when that is 0 buckets or the memory is refused. */
bool yomi_table_init(yomi_table *t, size_t bytes, size_t bucket_bytes, unsigned flags);
/* A table of exactly nbuckets buckets (>= 1). */
bool yomi_table_init_buckets(yomi_table *t, uint64_t nbuckets, size_t bucket_bytes, unsigned flags);
void yomi_table_free(yomi_table *t);
/* Empties every bucket and starts the generations and counters again. */
void yomi_table_clear(yomi_table *t);
/* Bytes the buckets take (0 for an empty table). */
static inline size_t yomi_table_bytes(const yomi_table *t) {
    return t->mem ? (size_t)t->nbuckets * t->bucket_bytes : 0;
}
/* Starts a new search: entries of older generations become preferred victims. */
static inline void yomi_table_new_search(yomi_table *t) { t->gen++; }

/* Bucket number of a key: the mask at a power-of-two count, else the high word of
 * key * nbuckets. */
static inline uint64_t yomi_table_index(const yomi_table *t, uint64_t key) {
    if (t->pow2) return key & t->mask;
    __extension__ typedef unsigned __int128 u128;
    return (uint64_t)(((u128)key * t->nbuckets) >> 64);
}
static inline void *yomi_table_bucket(const yomi_table *t, uint64_t key) {
    return t->mem + yomi_table_index(t, key) * t->bucket_bytes;
}

/* The replacement priority shared by the bound layouts (yomi_tt, rv_tt): the deeper
 * entry is kept, and an entry of an older search counts as 256 plies shallower. */
static inline int yomi_table_keep(unsigned depth, uint8_t entry_age, uint8_t age) {
    return (int)depth + (entry_age == age ? 256 : 0);
}

/* ---- the bound layout (Go reading) ----
 * An entry holds the full 64-bit key, a 32-bit check from a second, independent key
 * (both compared, see above), 16 bits of game data and an 8-bit depth for
 * replacement; four fill a 64-byte bucket. */
typedef struct yomi_tt_entry {
    uint64_t key;
    uint32_t check;
    uint16_t data;
    uint8_t depth;
    uint8_t age;
} yomi_tt_entry;

enum { YOMI_TT_WAYS = 4 };

typedef struct yomi_tt {
    yomi_table t;
} yomi_tt;

/* A table of exactly `mb` megabytes (floor(mb MB / 64) buckets). False (and tt left
 * empty) when mb is 0 or memory is refused. */
bool yomi_tt_init(yomi_tt *tt, size_t mb);
static inline void yomi_tt_free(yomi_tt *tt) { yomi_table_free(&tt->t); }
static inline void yomi_tt_clear(yomi_tt *tt) { yomi_table_clear(&tt->t); }
static inline size_t yomi_tt_bytes(const yomi_tt *tt) { return yomi_table_bytes(&tt->t); }
static inline void yomi_tt_new_search(yomi_tt *tt) { yomi_table_new_search(&tt->t); }

/* Entry for (key, check), or NULL. A bucket holds a key at most once (see
 * yomi_tt_store), so an entry with the key and another check is a miss. */
static inline yomi_tt_entry *yomi_tt_probe(yomi_tt *tt, uint64_t key, uint32_t check) {
    if (!tt->t.mem) return 0;
    yomi_tt_entry *b = (yomi_tt_entry *)tt->t.mem + (yomi_table_index(&tt->t, key) << 2);
    for (int i = 0; i < YOMI_TT_WAYS; i++)
        if (b[i].key == key) return b[i].check == check ? &b[i] : 0;
    return 0;
}

/* Stores (key, check, data) with replacement priority `depth`: the entry with the
 * same key is overwritten (whatever its check), else an empty entry, else the one
 * yomi_table_keep ranks lowest. */
void yomi_tt_store(yomi_tt *tt, uint64_t key, uint32_t check, uint16_t data, uint8_t depth);

#endif
