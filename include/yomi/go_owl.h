/* Life and death of a dragon in a whole-board position (GNU Go's "owl"
 * questions: owl_attack, owl_defend, dragon_status).
 *
 * The dragon is the string at the vertex asked about with the friendly strings
 * tied to it (two shared liberties, or a diagonal step with both crossing
 * points empty). The question is cut out of the board: a region around the
 * dragon (the empty points within a few steps of it, closed pockets of a few
 * empty points just beyond, the enemy strings short of liberties next to it
 * and their liberties, small friendly strings next to it) is kept as it
 * stands; everything outside becomes a frame. Where the region opens onto
 * open space (off the first line, no enemy stone next to it, leading on to
 * more such points) or touches a large friendly string, the frame is a living
 * group of the dragon's colour: reaching it is the escape rule (connecting
 * out, or running into open space, counts as life). Elsewhere the frame is a
 * living wall of the attacker's colour. The framed problem is then read by the
 * tsumego solver (go_tsumego.h, df-pn with ko tiers): with half the node
 * limit at distance bound 3, then, if that stops at the limit, at bound 2.
 *
 * The answers are heuristic, never proofs about the game: the region, the
 * dragon and the escape rule are judgements. A limit that stops the reading
 * gives YOMI_UNKNOWN. */
#ifndef YOMI_GO_OWL_H
#define YOMI_GO_OWL_H

#include <stdbool.h>
#include <stdint.h>

#include "yomi/go_board.h"
#include "yomi/yomi.h"

#define GO_OWL_MAX_WINS 32

typedef struct go_owl_answer {
    yomi_result result; /* for the side to move: the attacker (attack) or the defender (defend) */
    yomi_basis basis; /* YOMI_BASIS_HEURISTIC, or UNKNOWN when a limit stopped it */
    go_point move; /* the move that works; GO_PASS when none is needed; GO_NO_POINT on a loss */
    uint64_t nodes; /* moves played by the search */
    int nregion; /* points of the region that was read */
    bool too_large; /* the region is too large to read (the result is YOMI_UNKNOWN) */
    /* The winning first moves found, the search's own first (dragon_status
     * asks for all of them; owl_attack / owl_defend stop at one). */
    int nwins;
    go_point wins[GO_OWL_MAX_WINS];
} go_owl_answer;

/* lim may be NULL (no limit: the library sets none; the CLI and GTP give the
 * reading commands' --max-nodes). lim->hash_mb is the table size (0 = 4 MB).
 * str must hold a stone. The board is left as it was.
 * attack: the dragon's opponent moves first and wants it captured; defend:
 * the dragon's owner moves first and wants it to live. Result codes as
 * go_reading.h: YOMI_WIN works, YOMI_KO_WIN works through a ko the mover
 * takes first (GNU Go 2), YOMI_KO_LOSS only after a ko threat (3), YOMI_LOSS
 * fails, YOMI_UNKNOWN a limit stopped the reading. The first reading gives
 * nobody ko threats; a loss there that wins when the mover has every threat
 * is YOMI_KO_LOSS (that move shown) when one threat wins it too, else
 * YOMI_LOSS (a ko that needs more threats); a win is read again with every threat on
 * the opponent's side and, if it still wins, that reading's move is shown;
 * if it loses, a defence answers YOMI_KO_WIN (an attack stays YOMI_WIN: see
 * README, calling attacks 2 scored less). */
void go_owl_attack(const go_board *b, go_point str, const yomi_limits *lim, go_owl_answer *out);
void go_owl_defend(const go_board *b, go_point str, const yomi_limits *lim, go_owl_answer *out);

typedef enum go_owl_status {
    GO_OWL_UNKNOWN = 0, /* a limit stopped one of the questions */
    GO_OWL_ALIVE, /* no attack works */
    GO_OWL_DEAD, /* an attack works and no defence does */
    GO_OWL_CRITICAL /* whoever moves first wins: attack->move and defend->move */
} go_owl_status;

/* GNU Go's dragon_status: the attack question, then (unless alive) the
 * defence question. These two ask the solver for every winning first move
 * (wins[]) and show the one in most contact with the dragon (its stones next
 * to the move count two, diagonal ones one; ties: the search's own move).
 * When critical, a point in both lists is shown for both (the vital point);
 * else, when the defence's move also kills (checked with one more question),
 * it is the attack shown. defend is filled only when the attack works. */
go_owl_status go_owl_dragon_status(const go_board *b, go_point str, const yomi_limits *lim,
                                   go_owl_answer *attack, go_owl_answer *defend);

/* The dragon's stones (the strings the questions read as one), at most max. */
int go_owl_dragon(const go_board *b, go_point str, go_point *out, int max);

#endif
