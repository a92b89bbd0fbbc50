/* Reversi test helpers: seeded random play. */
#ifndef YOMI_RV_TESTUTIL_H
#define YOMI_RV_TESTUTIL_H

#include <stdbool.h>

#include "core/hash.h"
#include "reversi/bitboard.h"

/* Plays one uniformly random legal move of P, or passes; then swaps sides.
 * Returns false when P had to pass. */
static inline bool rvt_random_move(uint64_t *P, uint64_t *O, uint64_t *seed) {
    uint64_t m = rv_moves(*P, *O), t;
    if (m) {
        int k = (int)(yomi_splitmix64(seed) % (uint64_t)rv_popcount(m));
        while (k--) m = rv_clear_first(m);
        int x = rv_first(m);
        uint64_t f = rv_flips(*P, *O, x);
        *P ^= f | (1ULL << x);
        *O ^= f;
    }
    t = *P;
    *P = *O;
    *O = t;
    return m != 0;
}

/* Random game from the start until `empties` squares are left (or the game ends). */
static inline void rvt_random_playout(uint64_t *P, uint64_t *O, uint64_t *seed, int empties) {
    *P = (1ULL << 28) | (1ULL << 35);
    *O = (1ULL << 27) | (1ULL << 36);
    int passes = 0;
    while (passes < 2 && 64 - rv_popcount(*P | *O) > empties)
        passes = rvt_random_move(P, O, seed) ? 0 : passes + 1;
}

#endif
