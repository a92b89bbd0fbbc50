/* Stable discs and the simple evaluator. */
#include "reversi/bitboard.h"
#include "yomi/reversi.h"

/* Masks of every diagonal, written out so that nothing needs initialising:
 * diag9[c - r + 7] holds the squares (c, r) of one a1-h8 direction (+9) line,
 * diag7[c + r] those of one h1-a8 direction (+7) line (c, r = column, row 0..7). */
static const uint64_t diag9[15] = {
    0x0100000000000000ULL, 0x0201000000000000ULL, 0x0402010000000000ULL, 0x0804020100000000ULL,
    0x1008040201000000ULL, 0x2010080402010000ULL, 0x4020100804020100ULL, 0x8040201008040201ULL,
    0x0080402010080402ULL, 0x0000804020100804ULL, 0x0000008040201008ULL, 0x0000000080402010ULL,
    0x0000000000804020ULL, 0x0000000000008040ULL, 0x0000000000000080ULL,
};
static const uint64_t diag7[15] = {
    0x0000000000000001ULL, 0x0000000000000102ULL, 0x0000000000010204ULL, 0x0000000001020408ULL,
    0x0000000102040810ULL, 0x0000010204081020ULL, 0x0001020408102040ULL, 0x0102040810204080ULL,
    0x0204081020408000ULL, 0x0408102040800000ULL, 0x0810204080000000ULL, 0x1020408000000000ULL,
    0x2040800000000000ULL, 0x4080000000000000ULL, 0x8000000000000000ULL,
};

/* Squares whose whole line in each direction is filled. */
static void full_lines(uint64_t filled, uint64_t *h, uint64_t *v, uint64_t *d7, uint64_t *d9) {
    uint64_t fh = filled & (filled >> 1) & (filled >> 2) & (filled >> 3);
    fh = fh & (fh >> 4) & 0x0101010101010101ULL; /* bit at column a when the row is full */
    *h = fh * 0xff;
    uint64_t fv = filled & (filled >> 8);
    fv &= fv >> 16;
    fv &= fv >> 32;
    *v = (fv & 0xff) * 0x0101010101010101ULL;
    uint64_t a = 0, b = 0;
    for (int i = 0; i < 15; i++) {
        if ((filled & diag7[i]) == diag7[i]) a |= diag7[i];
        if ((filled & diag9[i]) == diag9[i]) b |= diag9[i];
    }
    *d7 = a;
    *d9 = b;
}

/* A disc is stable when, along each of the four axes, its line is full, or it touches
 * the edge, or one of its two neighbours on that axis is a stable disc of the same colour.
 * Iterated to a fixed point; the result is a subset of the truly stable discs. */
uint64_t rv_stable(uint64_t P, uint64_t O) {
    uint64_t h, v, d7, d9;
    full_lines(P | O, &h, &v, &d7, &d9);
    const uint64_t edge_h = 0x8181818181818181ULL, edge_v = 0xff000000000000ffULL;
    const uint64_t edge = edge_h | edge_v;
    h |= edge_h;
    v |= edge_v;
    d7 |= edge;
    d9 |= edge;
    uint64_t stable = P & h & v & d7 & d9, old;
    if (!stable) return 0;
    do {
        old = stable;
        uint64_t sh = ((stable << 1) & RV_NOT_A) | ((stable >> 1) & RV_NOT_H);
        uint64_t sv = (stable << 8) | (stable >> 8);
        uint64_t s7 = ((stable << 7) & RV_NOT_H) | ((stable >> 7) & RV_NOT_A);
        uint64_t s9 = ((stable << 9) & RV_NOT_A) | ((stable >> 9) & RV_NOT_H);
        stable |= P & (sh | h) & (sv | v) & (s7 | d7) & (s9 | d9);
    } while (stable != old);
    return stable;
}

int rv_evaluate(uint64_t P, uint64_t O) {
    const uint64_t corners = 0x8100000000000081ULL;
    /* X-squares (diagonal to a corner) hurt while their corner is empty. */
    const uint64_t empty = ~(P | O);
    uint64_t xsq = 0;
    if (empty & 1ULL) xsq |= 1ULL << 9;
    if (empty & (1ULL << 7)) xsq |= 1ULL << 14;
    if (empty & (1ULL << 56)) xsq |= 1ULL << 49;
    if (empty & (1ULL << 63)) xsq |= 1ULL << 54;
    int mob = rv_mobility(P, O) - rv_mobility(O, P);
    int pot = rv_popcount(rv_neighbours(O) & empty) - rv_popcount(rv_neighbours(P) & empty);
    int cor = rv_popcount(P & corners) - rv_popcount(O & corners);
    int xs = rv_popcount(P & xsq) - rv_popcount(O & xsq);
    int st = 0;
    if ((P | O) & corners) st = rv_popcount(rv_stable(P, O)) - rv_popcount(rv_stable(O, P));
    return 12 * mob + 4 * pot + 60 * cor - 30 * xs + 16 * st;
}
