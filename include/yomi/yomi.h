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

/* What a search proved. UNKNOWN means a limit stopped it: never a guess. */
typedef enum yomi_result {
    YOMI_UNKNOWN = 0,
    YOMI_WIN,
    YOMI_KO_WIN,
    YOMI_KO_LOSS,
    YOMI_SEKI,
    YOMI_LOSS,
    YOMI_DRAW
} yomi_result;

const char *yomi_result_name(yomi_result r);

/* A search's state, passed to a progress callback about once a second. */
typedef struct yomi_progress {
    const char *what;            /* which search: "reversi", "go reading", ... */
    double seconds;              /* since the search started */
    uint64_t nodes;
    int depth;                   /* current iteration depth, 0 when the search has none */
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
    size_t hash_mb;              /* transposition table size; 0 = the game's default */
    atomic_int *cancel;          /* set to non-zero from anywhere to stop */
    yomi_progress_fn progress;   /* called about once a second; NULL = silent */
    void *progress_user;         /* passed to progress */
} yomi_limits;

#define YOMI_DEFAULT_HASH_MB 64

/* Where and why input was rejected. line/column are 1-based, 0 when unknown. */
typedef struct yomi_error {
    char msg[256];
    long line;
    long column;
} yomi_error;

#endif
