/* yomi: command-line entry point. Dispatches to one subcommand per game. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "yomi/yomi.h"

void cli_progress_line(const yomi_progress *p, void *user) {
    (void)user;
    fprintf(stderr, "[%s] %.1fs nodes %llu (%.2f M/s) depth %d\n", p->what, p->seconds,
            (unsigned long long)p->nodes, p->seconds > 0 ? (double)p->nodes / p->seconds / 1e6 : 0.0,
            p->depth);
}

static void usage(FILE *o) {
    fputs("usage: yomi <command> [options]\n"
          "\n"
          "yomi reads board-game positions to the end and proves what it finds.\n"
          "\n"
          "commands:\n"
          "  reversi   Othello/Reversi: perft, exact endgame solving, midgame search\n"
          "  go        Go: GTP engine, ladder and attack/defend reading\n"
          "  clobber   Linear Clobber: outcome classes, winning moves, subgame database\n"
          "  bench     deterministic benchmarks (node counts, time, nodes/s)\n"
          "\n"
          "  yomi <command> --help   options of one command\n"
          "  yomi --version          version\n"
          "\n"
          "exit codes: 0 success, 1 some searches failed or hit a limit, 2 bad input\n",
          o);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return CLI_BAD_INPUT;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
        printf("yomi %s\n", YOMI_VERSION);
        return CLI_OK;
    }
    if (!strcmp(cmd, "reversi") || !strcmp(cmd, "othello")) return cli_reversi_main(argc - 1, argv + 1);
    if (!strcmp(cmd, "go")) return cli_go_main(argc - 1, argv + 1);
    if (!strcmp(cmd, "clobber")) return cli_clobber_main(argc - 1, argv + 1);
    if (!strcmp(cmd, "bench")) return cli_bench_main(argc - 1, argv + 1);
    fprintf(stderr, "yomi: unknown command '%s' (try 'yomi --help')\n", cmd);
    return CLI_BAD_INPUT;
}
