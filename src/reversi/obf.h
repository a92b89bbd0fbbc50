/* Reading positions from OBF text: one Edax board string per line, ';'-separated
 * annotations ("; G8:+18; H1:+12;"), '%' comment lines, blank lines skipped. */
#ifndef YOMI_REVERSI_OBF_H
#define YOMI_REVERSI_OBF_H

#include <stddef.h>

#include "yomi/reversi.h"

/* Input caps, so that endless input ends with an error: a file or stream of at
 * most 16 MiB (about 200,000 positions), a position line of at most 4096 bytes
 * (a board is 66 bytes, its annotations a few hundred). */
#define RV_MAX_FILE_BYTES (16L << 20)
#define RV_OBF_MAX_LINE 4096

typedef struct rv_obf_entry {
    long line; /* 1-based line in the text */
    rv_pos pos;
    int n_answers; /* annotated moves with scores, best first */
    int answer_move[64];
    int answer_score[64];
    bool ok; /* false: err says why the line was rejected */
    yomi_error err;
} rv_obf_entry;

/* Callback per position line (valid or not). Return non-zero to stop. */
typedef int (*rv_obf_fn)(const rv_obf_entry *e, void *ctx);

/* Walks every position line of text[0..len). A line longer than RV_OBF_MAX_LINE is
 * passed as a rejected entry naming the limit. Returns the number of position lines. */
long rv_obf_scan(const char *text, size_t len, rv_obf_fn fn, void *ctx);

/* Reads a whole file ("-" = stdin) into a NUL-terminated buffer. NULL on error with
 * errno set: EISDIR for a directory, EFBIG for input longer than RV_MAX_FILE_BYTES
 * (reading stops one byte past the cap, so an endless stream ends at once). */
char *rv_read_file(const char *path, size_t *len);

#endif
