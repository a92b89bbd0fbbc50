/* GTP v2 engine for Go (a protocol layer: it parses and prints, the library thinks): parses command lines and prints replies. The reading
 * itself (attack, defend, ladders, move choice) lives in the library; this
 * module only maps GTP commands onto it.
 *
 * The same engine runs the interactive protocol (gtp_run) and, line by line,
 * the GNU Go regression runner (gtp_handle_line). */
#ifndef YOMI_PROTO_GTP_H
#define YOMI_PROTO_GTP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "yomi/yomi.h"

/* Longest command line accepted (bytes, without the newline); a longer line gets
 * an error reply naming the limit as soon as the limit is passed, and the rest of
 * it is skipped. loadsgf reads at most SGF_MAX_BYTES (yomi/go_sgf.h). */
#define GTP_MAX_LINE 4096

typedef struct gtp_engine gtp_engine;

/* One reply. text is owned by the engine and valid until the next call. */
typedef struct gtp_reply {
    bool ok; /* '=' or '?' */
    bool has_id;
    long id;
    const char *text; /* without the leading "=id " and without the blank line */
    bool unknown; /* a reading limit stopped the search: the answer is not proven */
    bool quit; /* the command was quit */
} gtp_reply;

/* lim: limits for every reading command (copied); NULL = none. */
gtp_engine *gtp_new(const yomi_limits *lim);
void gtp_free(gtp_engine *g);

/* text != NULL: every loadsgf reads this SGF text (len bytes, kept by the caller),
 * whatever the path, and no file is opened: for sessions from untrusted input,
 * such as the fuzzer's. NULL: loadsgf opens files again (the default). */
void gtp_set_sgf_text(gtp_engine *g, const char *text, size_t len);

/* Folder that relative loadsgf paths are resolved against (NULL = current folder). */
void gtp_set_base_dir(gtp_engine *g, const char *dir);

/* Handles one raw input line (comments, ids, control characters as GTP 3.1 says).
 * Returns false when the line holds no command (empty or comment only): no reply. */
bool gtp_handle_line(gtp_engine *g, const char *line, gtp_reply *r);

/* GNU Go's code of a reading result: 0 fails, 1 works, 2 works through a ko
 * the mover takes first, 3 works only after a ko threat; -1 for unknown (a
 * limit stopped the search: no code is proven). */
int gtp_result_code(yomi_result r);

/* Writes r in protocol form: "=id text" or "?id text", then a blank line. */
void gtp_print_reply(const gtp_reply *r, FILE *out);

/* on: each attack/defend starts from a reader that forgot earlier questions
 * (its table and move-ordering history), so answers do not depend on them. */
void gtp_set_fresh(gtp_engine *g, bool on);

/* Nodes searched by reading commands since gtp_new. */
uint64_t gtp_nodes(const gtp_engine *g);

/* Reads commands from in until quit or end of input, replying on out.
 * A line longer than GTP_MAX_LINE is answered with an error at once. Returns 0. */
int gtp_run(gtp_engine *g, FILE *in, FILE *out);

#endif
