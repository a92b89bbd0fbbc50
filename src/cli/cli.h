/* Subcommands of the `yomi` command line. Each returns the process exit code:
 * 0 success, 1 a search or some positions failed, 2 bad input or usage. */
#ifndef YOMI_CLI_H
#define YOMI_CLI_H

#include "yomi/yomi.h"

enum { CLI_OK = 0, CLI_FAILED = 1, CLI_BAD_INPUT = 2 };

int cli_reversi_main(int argc, char **argv);
int cli_go_main(int argc, char **argv);
int cli_clobber_main(int argc, char **argv);
int cli_bench_main(int argc, char **argv);
/* `yomi go solve` (check = false) and `yomi go check` (cli_go_solve.c). */
int cli_go_solve(int argc, char **argv, int check);

/* Progress callback for --progress: one line on stderr. */
void cli_progress_line(const yomi_progress *p, void *user);

#endif
