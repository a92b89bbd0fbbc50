/* NBoard protocol engine for Othello (the protocol of the NBoard GUI): reads
 * one command per line and answers on out. Commands: nboard, set depth,
 * set game (GGF), move, hint, go, ping, learn, quit; others are ignored, as the
 * protocol asks. Positions with at most solve_empties empties are solved
 * exactly (the eval is the proven final disc difference); higher up the
 * answer is a midgame search to the set depth (an evaluation, not a proof). */
#ifndef YOMI_PROTO_NBOARD_H
#define YOMI_PROTO_NBOARD_H

#include <stddef.h>
#include <stdio.h>

/* Longest command line accepted (bytes, NULs included); a longer one is dropped
 * with a message naming the limit as soon as the limit is passed. */
#define NBOARD_MAX_LINE 8192
/* Lines read ahead by nboard_run_threaded while the engine is busy; past this the
 * input thread waits, so input that never ends cannot fill the memory. */
#define NBOARD_MAX_QUEUE 1024

typedef struct nboard_settings {
    size_t hash_mb; /* exact solver's table; 0 = default */
    int solve_empties; /* exact from this many empties down */
    int max_depth; /* "set depth" is clamped to 1..max_depth */
    double max_seconds; /* an exact solve stopped after this long (0 = no limit)
                            gives way to the midgame search, labelled as such */
    FILE *log; /* messages about bad input; NULL = none */
} nboard_settings;

void nboard_settings_default(nboard_settings *s);

typedef struct nboard_engine nboard_engine;

nboard_engine *nboard_new(const nboard_settings *s);
void nboard_free(nboard_engine *e);

/* Handles one command line (without its newline). Returns 0, or 1 after quit. */
int nboard_handle_line(nboard_engine *e, const char *line, FILE *out);

/* Reads commands from in until quit or end of input, one after the other (a
 * search runs to its end before the next line is read). Returns 0. */
int nboard_run(nboard_engine *e, FILE *in, FILE *out);

/* The same, with in read by a second thread: a line that arrives while a
 * search runs (NBoard sends "ping" before the position changes) stops the
 * search, whose answer is then dropped, and is handled at once. Returns 0. */
int nboard_run_threaded(nboard_engine *e, FILE *in, FILE *out);

#endif
