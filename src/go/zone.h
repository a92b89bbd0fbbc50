/* Move generators for life-and-death search (seed 000).
 *
 * Fixed zone: the problem's region, chosen before the search.
 * Distance-based: at every node, each point gets a distance from the target
 * string: the target 0, its liberties 1, a neighbour of a point at d gets
 * d + 1; a friendly (defender) string next to a point at d shares d, so the
 * distance jumps along connected stones; an enemy string with K liberties next
 * to a point at d gives its liberties d + K (breaking through a wall costs its
 * liberties). Moves with d < limit (4) inside the region are generated. */
#ifndef YOMI_GO_ZONE_H
#define YOMI_GO_ZONE_H

#include <stdbool.h>

#include "yomi/go_board.h"

#define ZONE_FAR 1000

/* Distances from the target string over the region's points into dist[]
 * (ZONE_FAR where unreached). */
void zone_distance(const go_board *b, const bool *region, go_point target, int *dist);

/* As zone_distance where the distance is below limit; every other point gets limit or
 * more (ZONE_FAR where unreached). Cheaper: the generator keeps only the moves below
 * its limit. */
void zone_distance_below(const go_board *b, const bool *region, go_point target, int limit, int *dist);

/* The blocking prune (seed 000): drops from moves[0..n) (to_move's moves, dist
 * from zone_distance on b, or from zone_distance_below with a limit above every
 * move's distance: a block is closer than its move, so no other distance is read)
 * each move m at distance 2 or more that the opponent
 * can block: a legal opponent stone closer to the target than m and within two
 * steps of it after which m's distance is limit or more. Moves that capture
 * and the pass are kept. Returns the new count; b is restored. */
int zone_block_prune(go_board *b, const bool *region, go_point target, go_color to_move, int limit,
                     const int *dist, go_point *moves, int n);

#endif
