/* libFuzzer target: arbitrary bytes as an NBoard session (set game with GGF,
 * moves, hints, go). The engine must answer and never crash or hang; a GGF
 * game that parses must end in a position whose discs and side are sane.
 * Small search settings keep each input fast. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "proto/nboard.h"
#include "reversi/ggf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    /* The GGF reader on the raw bytes. */
    rv_ggf_game g;
    yomi_error err = {{0}, 0, 0};
    if (rv_ggf_parse((const char *)data, size, 1, &g, &err) == 0) {
        if ((g.end.P & g.end.O) || g.n_moves < 0 || g.n_moves > RV_GGF_MAX_MOVES) abort();
    } else if (err.column < 1 || (size_t)err.column > size + 1) {
        abort();
    }
    /* The protocol loop on the same bytes. */
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in) return 0;
    FILE *out = fopen("/dev/null", "w");
    if (!out) {
        fclose(in);
        return 0;
    }
    nboard_settings set = {.hash_mb = 1, .solve_empties = 10, .max_depth = 3, .log = NULL};
    nboard_engine *e = nboard_new(&set);
    if (e) {
        nboard_run(e, in, out);
        nboard_free(e);
    }
    fclose(in);
    fclose(out);
    return 0;
}
