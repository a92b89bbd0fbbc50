/* The value scale shared by the Go readers (ladder, attack/defend). A value is for
 * the side to move at a node; a parent's value for a move is V_WIN minus the
 * child's, so ko results swap sides correctly. V_UNK: a limit stopped the reading. */
#ifndef YOMI_GO_VALUE_H
#define YOMI_GO_VALUE_H

#include "yomi/yomi.h"

enum { V_UNK = -1, V_LOSS = 0, V_KOLOSS = 1, V_KOWIN = 2, V_WIN = 3 };

/* The mover's value of a move whose child has value `child`. how >= 2: the move
 * was a ko retake that needed a ko threat first, so it wins at best as a ko loss
 * (the opponent could have answered the threat elsewhere). */
static inline int go_value_of_move(int child, int how) {
    if (child == V_UNK) return V_UNK;
    int v = V_WIN - child;
    if (how >= 2 && v > V_KOLOSS) v = V_KOLOSS;
    return v;
}

static inline yomi_result go_value_result(int v) {
    switch (v) {
    case V_WIN: return YOMI_WIN;
    case V_KOWIN: return YOMI_KO_WIN;
    case V_KOLOSS: return YOMI_KO_LOSS;
    case V_LOSS: return YOMI_LOSS;
    default: return YOMI_UNKNOWN;
    }
}

#endif
