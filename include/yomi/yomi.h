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

/* Limits a caller puts on one search. Zero means "no limit". */
typedef struct yomi_limits {
    double max_seconds;
    uint64_t max_nodes;
    size_t hash_mb;              /* transposition table size; 0 = default (64) */
    atomic_int *cancel;          /* set to non-zero from anywhere to stop */
    int progress;                /* print a progress line on stderr every second */
} yomi_limits;

#define YOMI_DEFAULT_HASH_MB 64

/* Where and why input was rejected. line/column are 1-based, 0 when unknown. */
typedef struct yomi_error {
    char msg[256];
    long line;
    long column;
} yomi_error;

#endif
