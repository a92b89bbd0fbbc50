/* Linear Clobber internals shared by the solver and the database: interned runs
 * (subgames), their Left moves, and the database's view of them. */
#ifndef YOMI_CLOBBER_INTERNAL_H
#define YOMI_CLOBBER_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/search.h"
#include "yomi/clobber.h"

/* Longest run kept in the database (index space 2^(len+1) entries). */
#define CLOB_DB_MAX_LEN 26
#define CLOB_MAX_RUNS (CLOB_MAX_LEN / 2 + 2)

/* A run: a maximal row of stones holding both colours, turned to its canonical end.
 * Cell i holds X when bit i of bits is set, else O. Run id 0 means "nothing". */
typedef struct clob_run {
    uint64_t bits[2];
    uint32_t neg; /* id of the colour-swapped run */
    uint32_t link; /* id of a shorter equal run (database), 0 when none */
    uint64_t dom; /* dominated Left moves (database): bit 2*from + (to > from) */
    int8_t lo[2], hi[2]; /* up-scale bounds (database): lo[s]*up + s*star <= run <= hi[s]*up + s*star */
    uint32_t moves; /* first Left move in the move arena; UINT32_MAX: not built */
    uint8_t len;
    uint8_t nmoves;
    uint8_t cls; /* clob_outcome, CLOB_OUT_UNKNOWN until known */
    uint8_t busy; /* its class is being solved: do not recurse into it */
    uint8_t changes; /* colour changes along the run = moves for each player */
} clob_run;

/* A Left move in a run: from, to are cells of the canonical run; a and b are the
 * two pieces left behind (0 for nothing). */
typedef struct clob_rmove {
    uint32_t a, b;
    uint8_t from, to, dominated, pad;
} clob_rmove;

/* The database, memory-mapped: for each run of length 2..max_len, indexed by
 * length and cell bits (both orientations), a class byte (clob_outcome) and a
 * link: 1 + the index of a shorter run equal to it (proved: their difference is a
 * P-position), 0 when none. Link words are little-endian. */
typedef struct clob_db {
    const uint8_t *map;
    size_t map_len;
    const uint8_t *cls;
    const uint8_t *link; /* 4 bytes per entry */
    const uint8_t *dom; /* 8 bytes per entry: dominated Left moves, bit 2*from + (to > from) */
    const int8_t *bnd; /* 4 bytes per entry: lo[0], lo[1], hi[0], hi[1] (CLOB_BND_NONE: none) */
    int max_len;
} clob_db; /* map == NULL with cls set: entries lent by the builder */

static inline uint64_t clob_db_dom(const clob_db *db, uint64_t i) {
    uint64_t v = 0;
    for (int k = 7; k >= 0; k--) v = v << 8 | db->dom[8 * i + (uint64_t)k];
    return v;
}

static inline uint32_t clob_db_link(const clob_db *db, uint64_t i) {
    const uint8_t *p = db->link + 4 * i;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#define CLOB_BND_NONE (-128)
/* Bounds are searched for within -CLOB_BND_RANGE..CLOB_BND_RANGE ups. */
#define CLOB_BND_RANGE 12

/* Index of a run of length len with cell bits `bits` (len <= CLOB_DB_MAX_LEN). */
static inline uint64_t clob_db_index(int len, uint64_t bits) { return ((1ULL << len) - 4) + bits; }
static inline uint64_t clob_db_entries(int max_len) { return (1ULL << (max_len + 1)) - 4; }

int clob_db_open(clob_db *db, const char *path, yomi_error *err);
void clob_db_close(clob_db *db);

/* Solver internals used by the database build. */
uint32_t clob_intern_cells(clob_solver *s, const uint8_t *cells, int n);
const clob_run *clob_run_get(const clob_solver *s, uint32_t id);
/* The class of one run, solved (no limit) when unknown. */
clob_outcome clob_run_class(clob_solver *s, uint32_t id);
/* Left to move in the sum of runs ids[0..n): 1 wins, 0 loses, -1 unknown. */
int clob_search_ids(clob_solver *s, const uint32_t *ids, int n);
/* The Left moves of run id (built on first use); returns their count. */
int clob_run_moves(clob_solver *s, uint32_t id, const clob_rmove **out);
/* Id of the run with these cell bits (X = 1), 0 when it has one colour. */
uint32_t clob_intern_bits(clob_solver *s, int len, uint64_t bits);
/* The transposition table: bytes it takes now, the bytes it may grow to (hash_mb's
 * exact size, less under one bucket) and its bucket size. */
void clob_solver_table_bytes(const clob_solver *s, size_t *now, size_t *limit, size_t *bucket);

#endif
