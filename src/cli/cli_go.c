/* `yomi go`: placeholder until the Go board lands. */
#include <stdio.h>

#include "cli/cli.h"

int cli_go_main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fputs("yomi go: not built yet\n", stderr);
    return CLI_BAD_INPUT;
}
