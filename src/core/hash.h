/* Deterministic pseudo-random numbers and 64-bit hashing: splitmix64 for
 * Zobrist keys and tests, and its finaliser as the one 64-bit mixer every
 * module uses to salt hash keys. */
#ifndef YOMI_CORE_HASH_H
#define YOMI_CORE_HASH_H

#include <stdint.h>

#define YOMI_GOLDEN64 0x9e3779b97f4a7c15ULL

/* splitmix64's output function alone: a bijection of 64-bit values in which
 * every output bit depends on every input bit (the finaliser keys are built with). */
static inline uint64_t yomi_fmix64(uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Mixes x into a 64-bit value whose bits all depend on every bit of x:
 * splitmix64's output function applied to x + the golden-ratio step (so
 * yomi_mix64(s) is the value yomi_splitmix64 returns from state s). */
static inline uint64_t yomi_mix64(uint64_t x) { return yomi_fmix64(x + YOMI_GOLDEN64); }

static inline uint64_t yomi_splitmix64(uint64_t *state) {
    uint64_t s = *state;
    *state += YOMI_GOLDEN64;
    return yomi_mix64(s);
}

/* Fills keys[0..n) with distinct non-zero values derived from seed. */
void yomi_zobrist_fill(uint64_t *keys, int n, uint64_t seed);

#endif
