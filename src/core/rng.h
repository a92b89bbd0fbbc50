/* Deterministic pseudo-random numbers (splitmix64) for Zobrist keys and tests. */
#ifndef YOMI_CORE_RNG_H
#define YOMI_CORE_RNG_H

#include <stdint.h>

static inline uint64_t yomi_splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Fills keys[0..n) with distinct non-zero values derived from seed. */
void yomi_zobrist_fill(uint64_t *keys, int n, uint64_t seed);

#endif
