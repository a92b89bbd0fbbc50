/* The ladder reader as the attack/defend reader calls it: inside a question
 * whose limits and clock it shares. Not public API. */
#ifndef YOMI_GO_LADDER_INTERNAL_H
#define YOMI_GO_LADDER_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "yomi/go_board.h"
#include "yomi/yomi.h"

/* One ladder question (att_first: the attacker to move, else the target's
 * owner) with a node limit of its own (0 = none) and, when lim is not NULL,
 * lim's time limit counted from start (yomi_now() seconds) and its cancel
 * flag; lim's max_nodes is not used. *halted (may be NULL) tells whether time
 * or the cancel flag stopped it (the caller's question must stop too); a
 * stop by the node limit alone leaves it false. */
yomi_result go_ladder_read_within(go_board *b, go_point str, bool att_first, uint64_t limit,
                                  const yomi_limits *lim, double start, go_point *move, uint64_t *nodes,
                                  bool *halted);

/* The control test's hook (this thread): ANDs the ladder table's keys and the
 * line's repetition keys with key, and their second-key checks with check.
 * go_ladder_set_key_masks(~0ULL, ~0U) is the default. */
void go_ladder_set_key_masks(uint64_t key, uint32_t check);

#endif
