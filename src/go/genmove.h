/* A legal, sensible move for the GTP genmove command. Not a playing engine:
 * it captures, saves strings in atari, avoids self-atari and never fills its
 * own true eye; otherwise it prefers the third and fourth lines and the area
 * around the last move. */
#ifndef YOMI_GO_GENMOVE_H
#define YOMI_GO_GENMOVE_H

#include "yomi/go_board.h"

/* The move for c on b, or GO_PASS when no sensible move is left. Deterministic:
 * ties are broken by a hash of the position and seed. b is not changed. */
go_point go_genmove(const go_board *b, go_color c, uint64_t seed);

/* True when p is an empty point whose neighbours are all c (or the edge) and
 * whose diagonals hold too few enemy stones to make it a false eye. */
bool go_is_true_eye(const go_board *b, go_color c, go_point p);

#endif
