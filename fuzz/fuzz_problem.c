/* libFuzzer target: arbitrary bytes as a life-and-death problem file (Cho-style JSON,
 * or SGF with PL, MA and SQ), loaded as `yomi go solve` loads it. Loading must never
 * crash; a problem that loads keeps its promises: a side to move, a target stone of
 * the defender inside the region, nregion counting the region's empty points, and the
 * frame changing no point of the region. go_problem_load reads a path, so each input
 * goes to one scratch file first. */
#include "go/problem.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/yomi_fuzz_problem_XXXXXX");
        int fd = mkstemp(path);
        if (fd < 0) abort();
        close(fd);
    }
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    fclose(f);
    yomi_error err;
    go_problem *p = go_problem_load(path, NULL, &err);
    if (!p) {
        if (!err.msg[0]) abort(); /* a refusal says why */
        return 0;
    }
    if (p->to_play != GO_BLACK && p->to_play != GO_WHITE) abort();
    go_color def = go_board_at(p->board, p->target);
    if ((def != GO_BLACK && def != GO_WHITE) || def == p->attacker || !p->region[p->target]) abort();
    int empty = 0;
    GO_FOR_POINTS(p->board, q) {
        if (!p->region[q]) continue;
        if (go_board_at(p->board, q) == GO_EMPTY) empty++;
        if (go_board_at(p->board, q) != go_board_at(p->original, q)) abort();
    }
    if (empty != p->nregion) abort();
    go_problem_free(p);
    return 0;
}
