/* Move ordering for life-and-death search (seed 000, "Moves ordering"): every
 * candidate gets a few properties (stones captured, liberties after the move,
 * ataris given, the target's liberties taken, eye points, ...) and the list is
 * sorted by a score over them: a hand-set linear score, or a learned logistic
 * scorer whose weights live in order_weights.h (trained by tools/ts_train). */
#ifndef YOMI_GO_ORDER_H
#define YOMI_GO_ORDER_H

#include <stdbool.h>

#include "yomi/go_board.h"

enum {
    ORD_CAPTURE = 0, /* stones captured (capped at 4) */
    ORD_LIBS_AFTER, /* liberties of the new stone's string (capped at 6) */
    ORD_SELF_ATARI, /* 1 liberty after the move */
    ORD_ATARI, /* enemy strings put in atari */
    ORD_TARGET_LIB, /* a liberty of the target */
    ORD_TARGET_NEAR, /* next to a liberty of the target (second-order liberty) */
    ORD_OWN_EYE, /* all neighbours mine: filling my own eye point */
    ORD_ENEMY_EYE, /* all neighbours the opponent's: an eye point I take away */
    ORD_SAVE, /* my string in atari next to it gains liberties */
    ORD_NEAR_LAST, /* within distance 2 of the last move */
    ORD_EDGE, /* on the first line */
    ORD_PASS,
    ORD_ATTACKER, /* the mover is the attacker */
    ORD_NFEAT
};

typedef struct ord_ctx {
    go_color att;
    go_point target; /* a stone of the target (GO_NO_POINT when captured) */
    unsigned disable; /* GO_TS_NO_ORDER, GO_TS_NO_LEARNED */
} ord_ctx;

/* Properties of c playing m (m empty point, or GO_PASS) on b, into f[ORD_NFEAT]. */
void ord_features(const go_board *b, const ord_ctx *ctx, go_color c, go_point m, float *f);
/* Score of a move from its properties: higher is tried first. */
float ord_score(const ord_ctx *ctx, const float *f);
/* Sorts moves[0..n) in place, best first. */
void ord_sort(const go_board *b, const ord_ctx *ctx, go_color c, go_point *moves, int n);

#endif
