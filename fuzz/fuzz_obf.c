/* libFuzzer target: OBF files (many lines, comments, annotations). Positions with
 * few empties are also solved, so the solver meets arbitrary legal-looking boards. */
#include <stdint.h>
#include <stdlib.h>

#include "reversi/bitboard.h"
#include "reversi/obf.h"
#include "yomi/reversi.h"

static rv_solver *solver;

static int visit(const rv_obf_entry *e, void *ctx) {
    (void)ctx;
    if (!e->ok) {
        if (e->err.line != e->line || e->err.column < 1) abort();
        return 0;
    }
    if (e->n_answers < 0 || e->n_answers > 64) abort();
    if (64 - rv_popcount(e->pos.P | e->pos.O) <= 8) {
        rv_result r;
        rv_solve(solver, &e->pos, &r);
        if (!r.known || r.score < -64 || r.score > 64) abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!solver) {
        rv_options opt;
        rv_options_default(&opt);
        opt.lim.hash_mb = 1;
        solver = rv_solver_new(&opt);
    }
    rv_obf_scan((const char *)data, size, visit, NULL);
    return 0;
}
