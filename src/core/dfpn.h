/* Depth-first proof-number search (df-pn) over a small game interface.
 *
 * Usage:
 *   1. Fill a dfpn_game with callbacks on your own context: key, key2 (an independent
 *      64-bit key; optionally an exact state encoding), generate, play, undo, evaluate.
 *   2. dfpn *s = dfpn_new(hash_mb);  one table per game (its rules must not change).
 *   3. dfpn_result r; dfpn_solve(s, &game, ctx, &limits, &r);
 *      r.result is YOMI_WIN (the OR side, the root's side to move unless is_or says
 *      otherwise, wins), YOMI_LOSS, or YOMI_UNKNOWN (a limit stopped it; never a guess).
 *   4. r.best_move is a proving first move; dfpn_pv() gives a line from the table.
 *   5. dfpn_analyse_root() checks EVERY root move with its own df-pn search and says
 *      which of them win (all correct first moves) under the same repetition rule.
 *   6. dfpn_free(s). The context is left as it was given (every play is undone).
 *
 * Game rules the search relies on:
 *   - key/key2/state describe the whole position: side to move, ko ban, anything that
 *     changes the legal moves or the result. generate, evaluate, is_or and estimate must
 *     depend on that position alone (not on the line that reached it), and the same
 *     position must always get the same OR/AND role (is_or, or depth parity from the root
 *     when is_or is NULL). Rules over the whole line (superko) belong in the key or in
 *     the repetition value, not in evaluate.
 *   - evaluate() answers WIN/LOSS (from the OR side's view) for positions it knows; a
 *     position with no moves that evaluate() leaves open is lost by the side to move
 *     (an OR node with no moves is a LOSS, an AND node with no moves a WIN).
 *   - A position that repeats one on the current path (root included) takes the value
 *     game->repetition: DFPN_LOSS by default (the OR side cannot win by repeating).
 *
 * Soundness (why a table entry cannot become a wrong proof):
 *   - An entry stores the full 64-bit key, the game's independent key2 and, when the game
 *     gives state_size > 0, the exact state bytes. A stored result is used only when all of
 *     them match, so a wrong proof needs a 128-bit double collision, or none at all with
 *     the exact state. The entry's bucket index comes from key alone; a weak key costs
 *     speed, never correctness.
 *   - Graph-history interaction: a proof or disproof whose tree ends in a repetition of a
 *     position above the node (path-dependent) never enters the main table. It carries the
 *     set of those ancestors; when there are at most 4 it goes to a small second table
 *     (one eighth of the memory) with their keys, and is reused only where every one of
 *     them is on the current path (so each repetition it used is still a repetition); with
 *     exact state bytes, or more ancestors, it lives only in the parent's frame. Results
 *     proved from terminal values (and repetitions inside their own subtree) go to the main
 *     table: with a fixed repetition value they are facts of the game graph (the node is
 *     or is not in the OR side's attractor of won terminals; the AND side's of lost ones
 *     when repetition wins for OR), so the root's value is exact (the tests check it
 *     against a brute force over simple paths and against a retrograde analysis).
 *   - Entries belong to one root: a new root starts a new table "variant" and entries of
 *     other variants are ignored. Every stored proof was then found with the root on the
 *     path, so best_move and the per-move answers of dfpn_analyse_root are exact for the
 *     path rule (playing back into the root is a repetition). dfpn_keep carries the final
 *     results of earlier roots over, under the conditions it states.
 *   - Limits: max_nodes counts game->play calls and is exact; a stopped search returns
 *     YOMI_UNKNOWN and stores nothing it has not proved. lim->progress is not used (the
 *     library never prints); lim->hash_mb is the caller's to pass to dfpn_new.
 *   - Cost: every expansion plays each child once to read its key and evaluate it. On
 *     cyclic games the search can re-prove path-dependent results many times; set a node
 *     or time limit. A table far too small for the problem thrashes (tests use 4 to 256
 *     entries on purpose). One solver per thread (dfpn_set_threads runs its own workers).
 */
#ifndef YOMI_CORE_DFPN_H
#define YOMI_CORE_DFPN_H

#include <stddef.h>
#include <stdint.h>
#include "yomi/yomi.h"

/* Value of a position from the OR (attacker) side's point of view. */
typedef enum dfpn_value {
    DFPN_OPEN = 0, /* not decided by evaluate(): search it */
    DFPN_WIN = 1, /* proven win for the OR side */
    DFPN_LOSS = 2 /* proven loss for the OR side */
} dfpn_value;

/* Proof and disproof numbers: DFPN_INF means proved (pn 0 / dn INF) or disproved. */
#define DFPN_INF UINT32_MAX

/* The game, as callbacks on an opaque context that holds the current position. */
typedef struct dfpn_game {
    /* Required. 64-bit hash of the whole position (side to move, ko ban...). */
    uint64_t (*key)(void *ctx);
    /* Required. A second hash, independent of key (e.g. Zobrist with another seed). */
    uint64_t (*key2)(void *ctx);
    /* Optional exact position check: state_size bytes written by state(); when set, table
     * entries and repetition checks compare these bytes too (no collision is possible). */
    size_t state_size;
    void (*state)(void *ctx, unsigned char *out);
    /* Required. Moves for the side to move, at most max_moves of them; returns the count.
     * Moves are any ints the game defines (a pass is just a move). The order is the move
     * ordering hint: ties between equal proof numbers go to the earlier move. */
    int (*generate)(void *ctx, int *moves, int max);
    void (*play)(void *ctx, int move); /* Required. */
    void (*undo)(void *ctx); /* Required. Undoes the last play. */
    /* Required. WIN/LOSS when the position is decided (terminal or known), else OPEN. */
    dfpn_value (*evaluate)(void *ctx);
    /* Optional. Non-zero when the OR side chooses the move here. NULL: the root is an OR
     * node and the roles alternate with depth. */
    int (*is_or)(void *ctx);
    /* Optional heuristic initialisation of a new open position's numbers (each >= 1). */
    void (*estimate)(void *ctx, int is_or, uint32_t *pn, uint32_t *dn);
    /* Optional. Non-zero: a new child's number that its parent chooses by (pn under an
     * OR parent, dn under an AND one; the child sums it over its own moves) is multiplied
     * by the parent's move count, a guess at the child's, and grows by the child's index
     * in the generated list. An unexpanded child then no longer looks cheaper than an
     * expanded sibling merely for having no moves counted yet (which makes the search
     * breadth-first), and the ordering hint counts beyond ties. Heuristic only: proofs
     * still come from terminal values. */
    int order_init;
    /* Optional. Non-zero: a node's moves start with the killer of its depth (the move
     * that decided the last node decided at that depth, a win for its side to move),
     * when it is among them: a reply that refutes one of the opponent's tries often
     * refutes its siblings. Move order only. */
    int killer;
    /* Optional, for dfpn_set_threads > 1: clone returns a copy of the context at its
     * current position (NULL: refused), which one worker thread then plays on alone, with
     * its own caches; clone_free(ctx, copy) releases it (and may merge what the copy
     * noted back into ctx). Both run on the thread that called dfpn_solve, before and
     * after the workers. Without clone, every search runs on one thread. */
    void *(*clone)(void *ctx);
    void (*clone_free)(void *ctx, void *copy);
    /* Optional: run on each worker thread as it ends (at dfpn_free, or when the thread
     * count changes), e.g. to free the game's thread-local caches. */
    void (*worker_exit)(void);
    int max_moves; /* upper bound on generate()'s count (required, > 0) */
    dfpn_value repetition; /* value of a repetition on the path; OPEN means DFPN_LOSS */
} dfpn_game;

typedef struct dfpn dfpn; /* the solver: its table and scratch stacks */

/* A solver whose tables take exactly hash_mb megabytes (0: YOMI_DEFAULT_HASH_MB), less
 * under one bucket: the kernel's allocator (core/tt.h) sizes them to the byte. A game with
 * exact state bytes keeps them inside that budget (its entries are larger, so fewer) and
 * gets the whole of it for the main table (it stores no path-dependent results). NULL
 * when out of memory. */
dfpn *dfpn_new(size_t hash_mb);
/* A solver with a table of exactly `entries` entries (rounded up to a bucket); for tests. */
dfpn *dfpn_new_entries(size_t entries);
void dfpn_free(dfpn *s);
/* Worker threads for dfpn_solve (1, the default: the search of one thread, whose node
 * counts are deterministic). With n > 1 and a game that gives clone, n workers run
 * df-pn from the same root on clones of the context, sharing both tables (each bucket
 * read and written whole under its lock, so an entry is never a mix of two stores) and
 * the limits (max_nodes counts the plays of all workers, exactly); a shared count of the
 * workers inside each position (by key) makes a worker choosing a child multiply that
 * child's selecting number by 1 + the others inside it, so the workers spread over
 * the tree (Kaneko 2010's virtual proof numbers). The first worker to decide the root
 * stops the others; its answer is exact as the single search's is, and node counts and
 * the first move found then vary from run to run. dfpn_analyse_root stays on one
 * thread. Values above 64 are taken as 64. */
void dfpn_set_threads(dfpn *s, int n);

/* Forgets every table entry (needed only when the game's rules change). */
void dfpn_clear(dfpn *s);
/* The same for the next dfpn_solve, without touching the table: the next root starts a
 * new variant, so no entry stored before can be found (as after dfpn_clear) and every
 * one counts as free space. O(1); dfpn_clear writes the whole table. */
void dfpn_forget(dfpn *s);
/* Like dfpn_forget, but the next root keeps the proved and disproved main-table results
 * of the questions asked since the last dfpn_forget or dfpn_clear (their open numbers and
 * the path-dependent table are dropped). With a fixed repetition value such a result is a
 * fact of the game graph (the attractor argument above), so it holds at any root of the
 * same game: the same callbacks answering the same for every position. The repetition
 * value must be the same too (a result may rest on a repetition inside its own subtree):
 * the next search checks it and keeps nothing when it differs. The root's value is then
 * exact; best_move and dfpn_analyse_root's per-move answers are exact under the path
 * rule only when the new root is not a position of any kept result's proof (a kept child
 * may be won through a line that returns to the new root, a repetition there): a caller
 * that cannot rule that out must use dfpn_forget before asking for first moves. */
void dfpn_keep(dfpn *s);

/* The proved value the table holds for the position in ctx (an entry of the current root,
 * or one kept by dfpn_keep), from the OR side's view; DFPN_OPEN when it holds none. Reads
 * the position through g's key, key2 and state, and nothing of a search in progress, so a
 * game's evaluate may call it (e.g. for a position that a proved one dominates). */
dfpn_value dfpn_lookup(dfpn *s, const dfpn_game *g, void *ctx);
/* Number of main-table entries (after rounding) for the game last searched (the layout
 * follows its state_size). */
size_t dfpn_table_entries(const dfpn *s);
/* Bytes both tables take now. */
size_t dfpn_table_bytes(const dfpn *s);
/* Bytes of one main-table bucket for a game with state_size bytes of exact state. */
size_t dfpn_table_bucket_bytes(size_t state_size);

typedef struct dfpn_result {
    yomi_result result; /* YOMI_WIN / YOMI_LOSS for the OR side, or YOMI_UNKNOWN */
    int best_move; /* WIN at an OR root / LOSS at an AND root: a move that wins for
                            the side to move (exact under the path rule); a lost root: the
                            move with the most work (longest resistance); -1: none */
    int has_move; /* 1 when best_move is meaningful */
    uint64_t nodes; /* game->play calls made */
    double seconds;
    uint32_t pn, dn; /* the root's numbers when the search stopped */
} dfpn_result;

/* Solves the position in ctx under lim (NULL: no limits; hash_mb is ignored here).
 * Returns 0, or -1 on a bad game description or out of memory (out->result UNKNOWN). */
int dfpn_solve(dfpn *s, const dfpn_game *g, void *ctx, const yomi_limits *lim, dfpn_result *out);

/* After dfpn_solve on the same root: a line of moves from the table, starting with the
 * deciding move (the winner's moves prove, the loser's moves resist longest by stored
 * work). Stops at a repetition, a terminal position or a missing entry. Returns its
 * length (<= max). */
int dfpn_pv(dfpn *s, const dfpn_game *g, void *ctx, int *moves, int max);

/* The best line so far, also after a stopped search (on the same root): from each
 * position the child with the smallest proof number where the OR side moves, the
 * smallest disproof number where the AND side moves (ties: the larger other number,
 * then the earlier move), as the table, the terminal values and the repetition rule
 * give them; children without an entry are passed over. Stops at a repetition, a
 * terminal position, a position with no known child, or max. A guide, not a proof,
 * unless the result was proved and every step was proved. Returns its length. */
int dfpn_pv_best(dfpn *s, const dfpn_game *g, void *ctx, int *moves, int max);

/* One root move's answer. */
typedef struct dfpn_move_result {
    int move;
    yomi_result result; /* value after this move, OR side's view; UNKNOWN if stopped */
    uint64_t nodes;
} dfpn_move_result;

/* Searches every root move separately (the root stays on the path, so returning to it
 * is a repetition). Fills out[0..n) in generation order and returns n (<= max), or -1
 * on error. lim bounds the whole analysis: moves left when a limit hits are UNKNOWN.
 * The moves that win for the side to move at the root are those with result YOMI_WIN
 * (OR root) or YOMI_LOSS (AND root). */
int dfpn_analyse_root(dfpn *s, const dfpn_game *g, void *ctx, const yomi_limits *lim, dfpn_move_result *out,
                      int max);

#endif
