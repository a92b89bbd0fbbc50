/* GNU Go regression files (.tst) run in-process through the GTP engine. */
#ifndef YOMI_CLI_REGRESS_H
#define YOMI_CLI_REGRESS_H

#include <stdbool.h>
#include <stdio.h>

#include "yomi/yomi.h"

typedef struct regress_opts {
    long min_pass;       /* < 0: success means no failure; else success iff passed >= min_pass */
    bool verbose;        /* print every case, not only the failing ones */
    yomi_limits lim;     /* limits for each reading command */
    bool fresh;          /* each reading forgets the earlier ones (gtp_set_fresh) */
} regress_opts;

/* Runs each file ("FILE.tst", or "FILE.tst:1-3,15" for some tests only) and
 * prints failing cases and a summary on out. Returns the process exit code:
 * 0 success, 1 failures, 2 a file could not be read. */
int regress_run(int nfiles, char **files, const regress_opts *opts, FILE *out);

#endif
