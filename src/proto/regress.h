/* GNU Go regression files (.tst) run in-process through the GTP engine. */
#ifndef YOMI_PROTO_REGRESS_H
#define YOMI_PROTO_REGRESS_H

#include <stdbool.h>
#include <stdio.h>

#include "yomi/yomi.h"

/* Input caps: a .tst line of at most 4096 bytes (GTP_MAX_LINE), a file of at most
 * 16 MiB (GNU Go's largest suites are ~100 KB). A longer line is a failure naming
 * the limit; a longer file stops there and counts as unreadable (exit 2). */
#define REGRESS_MAX_LINE 4096
#define REGRESS_MAX_FILE (16L << 20)

typedef struct regress_opts {
    long min_pass; /* < 0: success means no failure; else success iff passed >= min_pass */
    bool verbose; /* print every case, not only the failing ones */
    yomi_limits lim; /* limits for each reading command */
    bool fresh; /* each reading forgets the earlier ones (gtp_set_fresh) */
} regress_opts;

/* Runs each file ("FILE.tst", or "FILE.tst:1-3,15" for some tests only) and
 * prints failing cases and a summary on out. Returns the process exit code:
 * 0 success, 1 failures, 2 a file could not be read (missing, a directory, past
 * REGRESS_MAX_FILE). */
int regress_run(int nfiles, char **files, const regress_opts *opts, FILE *out);

#endif
