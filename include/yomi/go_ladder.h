/* Ladder reading (seed 001): a search restricted to ataris for the attacker and
 * to extensions and captures for the target, plus the geometric trace that
 * decides simple ladders without playing a move.
 *
 * Targets are strings with one or two liberties. The target escapes when it
 * reaches three liberties. Attacker candidates: the target's liberties, each of
 * which must leave it in atari. Target candidates: its liberty and the moves
 * that capture an adjacent enemy string in atari. A capture the target's owner
 * can answer by retaking at once (a ko, a snapback) is read on. Ko: a side may
 * retake a ko that the simple-ko rule forbids once per line, as if after a ko
 * threat that was answered; results through such retakes are ko results. A line
 * that repeats a position (double and triple ko) is an escape. Each search keeps
 * a small per-thread table of the positions it has read (transpositions). */
#ifndef YOMI_GO_LADDER_H
#define YOMI_GO_LADDER_H

#include <stdbool.h>
#include <stdint.h>

#include "yomi/go_board.h"
#include "yomi/yomi.h"

/* Can the attacker (colour opposite to the string at str), to move, capture the
 * string by a ladder? YOMI_WIN (captured), YOMI_KO_WIN (captured through a ko
 * the attacker takes first), YOMI_KO_LOSS (captured only after a ko threat),
 * YOMI_LOSS (escapes), YOMI_UNKNOWN (node limit). A string with three or more
 * liberties is not a ladder target: YOMI_LOSS. *move gets the attacker's first
 * move (GO_NO_POINT if none); nodes (may be NULL) gets the moves played.
 * The board is restored. */
yomi_result go_ladder_attack(go_board *b, go_point str, go_point *move, uint64_t *nodes);

/* The string at str is in atari and its owner is to move: can it escape the
 * ladder? Results from the owner's side: YOMI_WIN (escapes), YOMI_KO_WIN,
 * YOMI_KO_LOSS, YOMI_LOSS (captured), YOMI_UNKNOWN. A string with two or more
 * liberties is not in atari (and no stone at str is nothing to capture):
 * YOMI_WIN with no move. This is the question Pachi's `ladder COLOR VERTEX 1`
 * test cases ask (1 = YOMI_LOSS here). */
yomi_result go_ladder_defend(go_board *b, go_point str, go_point *move, uint64_t *nodes);

/* The same with a node limit of their own (0 = none), for callers that read
 * ladders inside a larger search. */
yomi_result go_ladder_attack_limited(go_board *b, go_point str, uint64_t limit, go_point *move,
                                     uint64_t *nodes);
yomi_result go_ladder_defend_limited(go_board *b, go_point str, uint64_t limit, go_point *move,
                                     uint64_t *nodes);

/* The same with the caller's limits (lim may be NULL: none): lim->max_nodes
 * is exact (0 = no limit; go_ladder_set_node_limit does not apply), and the
 * search obeys lim->max_seconds and lim->cancel (looked at on its first node
 * and every 1024 nodes). A search a limit stopped answers YOMI_UNKNOWN. */
yomi_result go_ladder_attack_lim(go_board *b, go_point str, const yomi_limits *lim, go_point *move,
                                 uint64_t *nodes);
yomi_result go_ladder_defend_lim(go_board *b, go_point str, const yomi_limits *lim, go_point *move,
                                 uint64_t *nodes);

/* The default node limit the CLI (yomi go ladder) gives ladder searches, the
 * same as go_ladder_set_node_limit's default. */
#define GO_LADDER_DEFAULT_MAX_NODES 200000u

/* The geometric trace (seed 001's four conditions and five situations), with
 * the attacker to move: 1 = captured (DEAD), 0 = escapes, -1 = the trace does not
 * apply (the caller must search). Wherever it answers 0 or 1, go_ladder_attack
 * answers YOMI_LOSS or YOMI_WIN. Never modifies the board. */
int go_ladder_trace(const go_board *b, go_point str);

/* The ladder's principal line from the current position (attacker to move if
 * the target has two liberties, the target's owner if it has one) into out[]:
 * each side's best move in turn until the ladder ends. Returns the count. */
int go_ladder_line(go_board *b, go_point str, go_point *out, int max);

/* The search asks the trace first wherever a ladder position has two liberties
 * (on by default). Off only to test the trace against the search. The setting
 * belongs to the calling thread. */
void go_ladder_use_trace(bool on);

/* Node limit of one ladder search (0 = none); default 200000. The setting
 * belongs to the calling thread. */
void go_ladder_set_node_limit(uint64_t n);

#endif
