/* yomi: exact reading of board-game positions.
 * Shared public definitions: version, result codes, search limits. */
#ifndef YOMI_YOMI_H
#define YOMI_YOMI_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#ifndef YOMI_VERSION
#define YOMI_VERSION "0.1.0"
#endif

/* What a search found, for the side it was asked about. UNKNOWN means a limit
 * stopped it: never a guess. SCORE: an exact score (yomi_answer.score). The
 * CLASS_ values are combinatorial outcome classes (Clobber): Left wins, Right
 * wins, the player to move wins (N), the player to move loses (P). */
typedef enum yomi_result {
    YOMI_UNKNOWN = 0,
    YOMI_WIN,
    YOMI_KO_WIN,
    YOMI_KO_LOSS,
    YOMI_SEKI,
    YOMI_LOSS,
    YOMI_DRAW,
    YOMI_SCORE,
    YOMI_CLASS_L,
    YOMI_CLASS_R,
    YOMI_CLASS_N,
    YOMI_CLASS_P
} yomi_result;

const char *yomi_result_name(yomi_result r);

/* On what an answer rests. PROVED: a complete search or a proven rule. HEURISTIC:
 * the search leaned on a rule that is not a proof (e.g. GNU Go's "a string with
 * five liberties has escaped"). UNKNOWN: a limit stopped the search. */
typedef enum yomi_basis { YOMI_BASIS_UNKNOWN = 0, YOMI_BASIS_PROVED, YOMI_BASIS_HEURISTIC } yomi_basis;

const char *yomi_basis_name(yomi_basis b); /* "unknown", "proved", "heuristic" */

#define YOMI_MAX_LINE 128
#define YOMI_NO_MOVE (-1)

/* The answer every solver gives: what was found, on what basis, the move that
 * achieves it (a game's own move number: a Reversi square, a Go point, a Clobber
 * move), the principal line, and the work it took. */
typedef struct yomi_answer {
    yomi_result outcome;
    yomi_basis basis;
    int score; /* outcome SCORE (and Reversi's -1/0/+1 for WLD) */
    int move; /* YOMI_NO_MOVE when there is none */
    int line[YOMI_MAX_LINE];
    int line_len;
    uint64_t nodes;
    double seconds;
} yomi_answer;

/* A search's state, passed to a progress callback about once a second. */
typedef struct yomi_progress {
    const char *what; /* which search: "reversi", "go reading", ... */
    double seconds; /* since the search started */
    uint64_t nodes;
    int depth; /* current iteration depth, 0 when the search has none */
} yomi_progress;

/* Progress callback: the library never prints by itself; a caller that wants a
 * progress line (the CLI's --progress) installs one. */
typedef void (*yomi_progress_fn)(const yomi_progress *p, void *user);

/* Limits a caller puts on one search. Zero means "no limit", in every game.
 * max_nodes is exact: the search stops when its node count reaches it (Reversi
 * counts the leaves of its last few plies in bulk, so it may finish the small
 * subtree under way, at most a few thousand nodes more). */
typedef struct yomi_limits {
    double max_seconds;
    uint64_t max_nodes;
    size_t hash_mb; /* transposition table size in MB, exact in every game (the
                       table holds less than one bucket under it); 0 = the game's default */
    atomic_int *cancel; /* set to non-zero from anywhere to stop */
    yomi_progress_fn progress; /* called about once a second; NULL = silent */
    void *progress_user; /* passed to progress */
} yomi_limits;

#define YOMI_DEFAULT_HASH_MB 64

/* Where and why input was rejected. line/column are 1-based, 0 when unknown. */
typedef struct yomi_error {
    char msg[256];
    long line;
    long column;
} yomi_error;

#endif
