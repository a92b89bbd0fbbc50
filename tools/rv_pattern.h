/* A trained pattern evaluator for Reversi: features, weights layout, evaluation.
 *
 * Tools only: it lost to the library's hand-made rv_evaluate() as the endgame
 * solver's ordering evaluator. Fitted on 35,809 exact-labelled positions (2,019
 * games solved at 18-22 empties, 25 minutes on two cores), it predicts exact scores
 * far better (held-out rmse at 19+ empties: 5.6 discs with lambda 2, 6.7 with 8,
 * against 12.4 for the hand-made evaluator best scaled), yet FFO #20-#39 took 490 M
 * nodes with it (lambda 8) against 336 M (411 M when used only from 22 empties up;
 * #38 alone 223 M against 92 M), while
 * #40-#44 took 371 M against 395 M (a variant weighing fastest-first more). The
 * hand-made weights were tuned by node counts and weigh mobility more than a
 * least-squares fit does; a fit of the hand-made evaluator's own terms to exact
 * scores also orders worse (411 M). Kept to be retried with far more data or an
 * ordering-aware objective. Evaluation in 1/8 disc for the side to move, like
 * rv_evaluate(). */
#ifndef YOMI_TOOLS_RV_PATTERN_H
#define YOMI_TOOLS_RV_PATTERN_H

#include <stdint.h>

/* Pattern types. Each has a canonical square set (mask); its instances are the
 * images of that set under the board's symmetries, read in the canonical order. */
enum {
    RV_PAT_EDGE2X,   /* a1..h1 + b2, g2 (10 squares) */
    RV_PAT_C3X3,     /* a1..c3 corner block (9) */
    RV_PAT_ROW2,     /* a2..h2 (8) */
    RV_PAT_ROW3,
    RV_PAT_ROW4,
    RV_PAT_DIAG8,    /* a1..h8 (8) */
    RV_PAT_DIAG7,    /* b1..h7 (7) */
    RV_PAT_DIAG6,
    RV_PAT_DIAG5,
    RV_PAT_DIAG4,    /* e1..h4 (4) */
    RV_N_PATTERNS
};
#define RV_N_INSTANCES 38    /* pattern instances on one board */
/* Scalars: bias, moves of P, moves of O, potential mobility of P, of O, and the
 * hand-made evaluator's terms as differences P - O: corners, X-squares next to an
 * empty corner, stable discs (counted only once a corner is taken). */
#define RV_N_SCALARS 8
#define RV_N_PHASES 3

extern const uint64_t rv_pattern_mask[RV_N_PATTERNS];
extern const int rv_pattern_size[RV_N_PATTERNS];      /* squares */
extern const int rv_pattern_offset[RV_N_PATTERNS];    /* into the full weight vector */
#define RV_N_PATTERN_WEIGHTS 108216  /* sum of 3^size over the types */

/* Phase of a position by its number of empties. */
static inline int rv_eval_phase(int empties) { return empties <= 12 ? 0 : empties <= 18 ? 1 : 2; }

/* The features of (P, O): idx[i] indexes the full weight vector (offset of the
 * instance's type + ternary code, square j of the canonical order is digit j:
 * 0 empty, 1 P, 2 O); scalars[] as listed for RV_N_SCALARS. */
void rv_eval_features(uint64_t P, uint64_t O, uint32_t *idx, int *scalars);

/* Slow reference: the same features square by square (for the tests). */
void rv_eval_features_reference(uint64_t P, uint64_t O, uint32_t *idx, int *scalars);

/* Fills the tables from the canonical weights rv_train writes: for each phase, for
 * each type in order, one weight per configuration that is the smallest of its class
 * under the type's own symmetries; then RV_N_SCALARS scalar weights; units 1/32 disc.
 * Returns -1 (and leaves the evaluator on rv_evaluate) when len is wrong. */
int rv_pattern_load(const int16_t *table, int len);

/* Builds the symmetry tables (idempotent; the other functions need it first). */
void rv_pattern_init(void);

/* The trained evaluation of (P, O) for P, in 1/8 disc, within -512..512. */
int rv_pattern_evaluate(uint64_t P, uint64_t O);

/* The smallest ternary code of a configuration's class under the symmetries that
 * map the type's square set onto itself. */
uint32_t rv_pattern_canonical(int type, uint32_t code);

#endif
