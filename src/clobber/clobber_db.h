/* Building the Linear Clobber database (yomi clobber db build), on one process
 * or split over several: each rank solves every nranks-th run of a length, then
 * `exchange` merges the ranks' entries (an OR over bytes: unsolved entries are 0)
 * before the next length starts, so every rank holds the same bytes. */
#ifndef YOMI_CLOBBER_DB_H
#define YOMI_CLOBBER_DB_H

#include <stdint.h>

#include "yomi/clobber.h"

#define CLOB_DB_VERSION 4

typedef struct clob_db_build_opts {
    int max_len;
    int link_len; /* links for runs up to this length (0: max_len) */
    int dom_len; /* dominated moves for runs up to this length (0: link_len) */
    size_t hash_mb;
    int rank, nranks;
    /* Merges n bytes across ranks in place (NULL on one process). */
    void (*exchange)(uint8_t *bytes, uint64_t n, void *ctx);
    void *ctx;
    /* Called after each run length (what "clobber db", depth = the length done,
     * nodes = representatives so far); NULL = silent. The library never prints. */
    yomi_progress_fn progress;
    void *progress_user;
} clob_db_build_opts;

/* Builds the whole file image (header and entries) into *out (malloc'ed). */
int clob_db_build(const clob_db_build_opts *o, uint8_t **out, uint64_t *out_len, yomi_error *err);

/* Lets the solver read classes and links of runs up to max_len (not owned). */
void clob_solver_use_db(clob_solver *s, const uint8_t *cls, const uint8_t *link, const uint8_t *dom,
                        const int8_t *bnd, int max_len);

#endif
