/* Reversi bitboards: square a1 = bit 0, b1 = bit 1, ..., h8 = bit 63 (index = row*8 + col).
 * A position is two side-relative boards: P (side to move) and O (opponent).
 * Everything here is static inline: it is the hot path of perft and the solvers. */
#ifndef YOMI_REVERSI_BITBOARD_H
#define YOMI_REVERSI_BITBOARD_H

#include <stdint.h>

#if defined(__BMI2__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#define RV_NOT_A 0xfefefefefefefefeULL /* every square but column a */
#define RV_NOT_H 0x7f7f7f7f7f7f7f7fULL /* every square but column h */
#define RV_INNER_COLS 0x7e7e7e7e7e7e7e7eULL

static inline int rv_popcount(uint64_t b) { return __builtin_popcountll(b); }
static inline int rv_first(uint64_t b) { return __builtin_ctzll(b); }
static inline uint64_t rv_clear_first(uint64_t b) { return b & (b - 1); }

/* Moves of one direction by repeated doubling: `m` is the opponent restricted so
 * that the shift does not wrap around the board; at most six discs can be flanked. */
static inline uint64_t rv_moves_shl(uint64_t P, uint64_t m, int s) {
    uint64_t f = m & (P << s);
    f |= m & (f << s);
    uint64_t pre = m & (m << s);
    f |= pre & (f << (2 * s));
    f |= pre & (f << (2 * s));
    return f << s;
}
static inline uint64_t rv_moves_shr(uint64_t P, uint64_t m, int s) {
    uint64_t f = m & (P >> s);
    f |= m & (f >> s);
    uint64_t pre = m & (m >> s);
    f |= pre & (f >> (2 * s));
    f |= pre & (f >> (2 * s));
    return f >> s;
}

/* Legal moves of P against O. */
static inline uint64_t rv_moves(uint64_t P, uint64_t O) {
    uint64_t m = O & RV_INNER_COLS;
    uint64_t mv = rv_moves_shl(P, m, 1) | rv_moves_shr(P, m, 1) | rv_moves_shl(P, O, 8) |
        rv_moves_shr(P, O, 8) | rv_moves_shl(P, m, 7) | rv_moves_shr(P, m, 7) | rv_moves_shl(P, m, 9) |
        rv_moves_shr(P, m, 9);
    return mv & ~(P | O);
}

/* Rays from each square: [sq][0..3] go towards higher indices (E, NW, N, NE
 * i.e. +1, +7, +8, +9), [sq][4..7] towards lower indices (-1, -7, -8, -9). */
extern _Alignas(32) uint64_t rv_ray[64][8];
/* Fills rv_ray once (pthread_once; cheap to call again). Every entry point that
 * reaches rv_flips calls it first: rv_solver_new, rv_solve, rv_perft, rv_pos_play;
 * code that calls rv_flips directly (tests, tools) calls it itself. */
void rv_bitboard_init(void);

/* Discs flipped when P plays at x, an empty square (0 when x is not a legal move).
 * Along an increasing ray the nearest non-opponent square is the ray's lowest such
 * bit; along a decreasing ray, its highest. The discs between x and that square flip
 * when the square is P's. */
static inline uint64_t rv_flips_portable(uint64_t P, uint64_t O, int x) {
    uint64_t flips = 0;
    const uint64_t *r = rv_ray[x];
    for (int d = 0; d < 4; d++) {
        uint64_t e = ~O & r[d];
        uint64_t t = e & (0 - e) & P;
        flips |= (t - (t != 0)) & r[d];
    }
    /* Bit 0 is a sentinel for an all-opponent ray: it is masked out unless on the ray. */
    for (int d = 4; d < 8; d++) {
        uint64_t e = (~O & r[d]) | 1;
        uint64_t t = (0x8000000000000000ULL >> __builtin_clzll(e)) & P & r[d];
        flips |= r[d] & (0 - (t << 1));
    }
    return flips;
}

#ifdef __AVX2__
/* The same, four rays per instruction: the highest bit of a decreasing ray is
 * isolated by smearing bits downwards (AVX2 has no 64-bit lzcnt). */
static inline uint64_t rv_flips(uint64_t P, uint64_t O, int x) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i PP = _mm256_set1_epi64x((long long)P), OO = _mm256_set1_epi64x((long long)O);
    const __m256i up = _mm256_load_si256((const __m256i *)&rv_ray[x][0]);
    const __m256i dn = _mm256_load_si256((const __m256i *)&rv_ray[x][4]);
    __m256i e = _mm256_andnot_si256(OO, up);
    __m256i t = _mm256_and_si256(_mm256_and_si256(e, _mm256_sub_epi64(zero, e)), PP);
    __m256i f = _mm256_andnot_si256(_mm256_cmpeq_epi64(t, zero), _mm256_sub_epi64(t, _mm256_set1_epi64x(1)));
    f = _mm256_and_si256(f, up);
    __m256i d = _mm256_andnot_si256(OO, dn);
    d = _mm256_or_si256(d, _mm256_srli_epi64(d, 1));
    d = _mm256_or_si256(d, _mm256_srli_epi64(d, 2));
    d = _mm256_or_si256(d, _mm256_srli_epi64(d, 4));
    d = _mm256_or_si256(d, _mm256_srli_epi64(d, 8));
    d = _mm256_or_si256(d, _mm256_srli_epi64(d, 16));
    d = _mm256_or_si256(d, _mm256_srli_epi64(d, 32));
    __m256i hb = _mm256_and_si256(_mm256_andnot_si256(_mm256_srli_epi64(d, 1), d), PP);
    f = _mm256_or_si256(f, _mm256_and_si256(dn, _mm256_sub_epi64(zero, _mm256_slli_epi64(hb, 1))));
    __m128i r = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));
    return (uint64_t)_mm_cvtsi128_si64(r) | (uint64_t)_mm_extract_epi64(r, 1);
}
#else
static inline uint64_t rv_flips(uint64_t P, uint64_t O, int x) { return rv_flips_portable(P, O, x); }
#endif

/* Squares adjacent to any disc of b (for potential mobility). */
static inline uint64_t rv_neighbours(uint64_t b) {
    uint64_t l = (b << 1) & RV_NOT_A, r = (b >> 1) & RV_NOT_H;
    uint64_t row = b | l | r;
    return (row | (row << 8) | (row >> 8)) & ~b;
}

/* Final score for the side to move when the game ends: disc difference,
 * the empties going to the winner. */
static inline int rv_final_score(uint64_t P, uint64_t O) {
    int p = rv_popcount(P), o = rv_popcount(O), e = 64 - p - o;
    int d = p - o;
    return d > 0 ? d + e : d < 0 ? d - e : 0;
}

/* Corners-aware mobility weight: corners count twice. */
static inline int rv_mobility(uint64_t P, uint64_t O) {
    uint64_t m = rv_moves(P, O);
    return rv_popcount(m) + rv_popcount(m & 0x8100000000000081ULL);
}

#endif
