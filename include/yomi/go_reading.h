/* Attack/defend reading of one string, answering as GNU Go's `attack` and
 * `defend` do: a string is captured or saved, maybe only through a ko. Ko-aware
 * results, a transposition table, node limits (a limit gives YOMI_UNKNOWN,
 * never a guess).
 *
 * What counts as escaped follows GNU Go's reading: five liberties at any ply,
 * four after ply 7, three after ply 16 (GTP increase_depths moves these by
 * one); a string whose liberties all lie on the first two lines (crawling
 * along the edge) only four after ply 12, three after ply 26. Capturing a
 * string that the defender retakes at once (a ko, a snapback) is not yet a
 * capture. Attacker moves: the string's liberties, second-order
 * liberties (nets; deeper, the hane in front of a first-line liberty), strings it would join (near the root also ataris on them
 * and the approach moves that make such ataris safe), backfilling, saving
 * attacker strings short of liberties and attacking what threatens them (taking
 * it even as a ko; at the root also for three-liberty strings, and by a
 * throw-in on a two-liberty threat), near the root also those around a weak
 * string the target would join. Defender moves: its liberties, captures and ataris of
 * adjacent enemy strings (races; near the root, or where the target cannot
 * extend, also self-atari throw-ins; near the root counter-ataris from a string
 * in atari; deeper, a liberty of a three-liberty neighbour where my stone would
 * capture something), backfilling where filling an enemy
 * liberty would be a self-atari, saving my other strings in atari that the race
 * opponent would take for liberties, backfilling for friendly strings it would
 * join and attacking what presses on them (also by saving my strings in atari
 * next to it, by self-atari approach moves near the root or where the target
 * cannot extend; at any ply where every liberty is a self-atari: the
 * connection needs that first), every point
 * near it close to the root, and passing. Away from the root an atari on a
 * two-liberty neighbour is read only when the ladder reader says it captures
 * (a chase the opponent runs out of saves nothing). Both sides also answer the
 * opponent's last move near the root (its stone if weak, my strings it
 * shortened, the points next to it) and retake kos. Ko: a ko-master scheme
 * after GNU Go's (see src/go/reading_ko.c); a forbidden ko is retaken (after a ko
 * threat) up to ply 5, the target's own ko (taking or retaking the target, a
 * capture on one of its liberties) up to ply 9; as in GNU Go the defender's
 * pass only shows that the attacker's move did nothing (or nothing more than
 * a ko the defender then takes first already does; at the root both sides
 * may pass: no move is needed) (deeper than ply 3 the
 * attacker then fills the target's liberties or saves its strings of one or
 * two liberties that share one with it). The ladder reader (go_ladder.h) answers
 * ladder questions below the first two plies (near the root the full reading
 * sees more: counter-ataris, captures that make a capture a snapback; there a
 * ladder capture is only the first move tried). For a target of one or two
 * liberties an attack is checked against the defence question after its move
 * (read from ply 0, where the candidate sets are widest): an outright capture
 * stands only where go_defend would fail there, and where the ladder captures
 * and go_defend fails after the ladder's first move the attack works. Among
 * candidates of equal merit the order does not depend on the board's
 * orientation (see src/go/reading_moves.c, tie_key). */
#ifndef YOMI_GO_READING_H
#define YOMI_GO_READING_H

#include <stdint.h>

#include "yomi/go_board.h"
#include "yomi/yomi.h"

typedef struct go_reader go_reader; /* owns a transposition table, limits, stats */

/* The node limit the CLI (yomi go read, regress) and GTP give each question
 * unless the user sets --max-nodes. Chosen on reading.tst (224/235 in 2026-11:
 * every case it answers right is read well inside it); not a rule of the game,
 * and the library imposes none (see src/go/reading_tuning.h for the rest). */
#define GO_READ_DEFAULT_MAX_NODES 150000u

/* lim may be NULL (no limits). lim->max_nodes is the node limit of each
 * question (0 = none: the library sets no default; the CLI and GTP give
 * GO_READ_DEFAULT_MAX_NODES), lim->max_seconds and lim->cancel stop a question
 * (the ladder reads inside it included) with YOMI_UNKNOWN. lim->hash_mb is the
 * table size, exactly (0 = 2 MB: one question's tree is small and a bigger table
 * only misses the cache more). */
go_reader *go_reader_new(const yomi_limits *lim);
void go_reader_free(go_reader *r);
/* GTP increase_depths / decrease_depths: the total offset (each step moves every
 * ply bound of the reading by one). */
void go_reader_set_depth_offset(go_reader *r, int delta);

/* Attack / defend the string at str; the side asked about is to move.
 * YOMI_WIN: works; YOMI_KO_WIN: works through a ko that side takes first (GNU Go
 * code 2); YOMI_KO_LOSS: works only after a ko threat (code 3); YOMI_LOSS: fails;
 * YOMI_UNKNOWN: a limit stopped the reading. *move (may be NULL) gets the move
 * that works (GO_NO_POINT if none or none is needed: a string that cannot be
 * attacked at all is defended without a move, as is one whose attacker can
 * only wait, and a ko the defender took but cannot keep is attacked without
 * one); among equals, a win that avoids
 * a ko capture, and a ko win (YOMI_KO_WIN) that is the ko capture itself. The
 * board is restored. */
yomi_result go_attack(go_reader *r, go_board *b, go_point str, go_point *move);
yomi_result go_defend(go_reader *r, go_board *b, go_point str, go_point *move);

/* On what the last answer of go_attack / go_defend rests:
 * YOMI_BASIS_PROVED: read out within the reader's candidate moves (a capture
 * or a life by reading); YOMI_BASIS_HEURISTIC: somewhere in the tree (or in a
 * table entry it reused) GNU Go's escape rule decided a node: a string with
 * enough liberties for the ply (five at any ply, four after ply 7, three after
 * ply 16, later on the edge) counted as escaped without reading on;
 * YOMI_BASIS_UNKNOWN: a limit stopped the reading (the result is UNKNOWN) or
 * there was no question (no stone). */
yomi_basis go_reader_last_basis(const go_reader *r);

/* Nodes (moves played) since the reader was made. */
uint64_t go_reader_nodes(const go_reader *r);

/* Forgets what earlier questions taught the reader (its table, move-ordering
 * history, killers and ladder answers), so the next answer does not depend on
 * them: the same as a new reader, without the allocation. */
void go_reader_forget(go_reader *r);

#endif
