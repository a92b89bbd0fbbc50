/* Symmetry and colour swap of the tsumego solver on a fixed sample of Cho
 * Chikun's elementary problems (argv[1]: the data folder).
 *
 * The sample: the first SAMPLE problems in file order (Prob0001, Prob0002, ...)
 * whose answer, as given, is decided within BASE_NODES plays with no first move
 * left undecided. Each is rebuilt from its stones in the eight board symmetries
 * and, in each, with the colours swapped (black stones white and the other side
 * to play), through the public API (go_problem_from_board, which guesses the
 * target and adds the frame). Every one of the sixteen must give the same result
 * for the side to play, the same basis and the same set of winning first moves,
 * transformed, and must aim at the transformed target's string. A transformed
 * problem gets the same plays: the listed moves depend on the budget (once the
 * full-region check confirms one winner, the unconfirmed ones are no longer
 * listed; Prob0021 with the depth-scaled numbers: five moves at 30k plays, E18
 * alone at 120k, in every symmetry). One still undecided counts as a difference. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yomi/go_board.h"
#include "yomi/go_tsumego.h"
#include "testutil.h"

#define SAMPLE 20
#define BASE_NODES 30000
#define MAX_SCAN 200

/* Symmetry s (0..7) of p: bit 2 transposes, then bit 0 mirrors the columns and
 * bit 1 the rows (the convention of test_go_symmetry.c). */
static go_point sym_point(go_point p, int size, int s) {
    if (p == GO_PASS || p == GO_NO_POINT) return p;
    int c = go_col(p), r = go_row(p);
    if (s & 4) {
        int t = c;
        c = r;
        r = t;
    }
    if (s & 1) c = size - 1 - c;
    if (s & 2) r = size - 1 - r;
    return go_pt(c, r);
}

/* The problem's stones under symmetry s, colours swapped when swap. */
static go_problem *transformed(const go_problem *p, int s, bool swap, yomi_error *err) {
    go_board *b = go_board_new(p->size);
    if (!b) return NULL;
    GO_FOR_POINTS(p->original, q) {
        go_color k = go_board_at(p->original, q);
        if (k != GO_EMPTY) go_board_setup(b, sym_point(q, p->size, s), swap ? go_other(k) : k);
    }
    go_problem *t = go_problem_from_board(b, swap ? go_other(p->to_play) : p->to_play, NULL, err);
    go_board_free(b);
    return t;
}

static bool same_moves(const go_tsumego_answer *a0, const go_tsumego_answer *a, int size, int s) {
    if (a0->nmoves != a->nmoves) return false;
    for (int k = 0; k < a0->nmoves; k++) {
        bool f = false;
        for (int j = 0; j < a->nmoves; j++) f |= a->moves[j] == sym_point(a0->moves[k], size, s);
        if (!f) return false;
    }
    return true;
}

static void moves_str(const go_problem *p, const go_tsumego_answer *a, char *out, size_t n) {
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < a->nmoves && k + 8 < n; i++) {
        char v[8];
        go_vertex_format(p->original, a->moves[i], v, sizeof v);
        k += (size_t)snprintf(out + k, n - k, "%s%s", i ? " " : "", v);
    }
}

int main(int argc, char **argv) {
    const char *dir = t_data_path(argc > 1 ? argv[1] : NULL, "go/sanderland/cho-elementary");
    CHECK_MSG(dir != NULL, "no data folder given (argv[1])");
    if (!dir) return t_summary("test_go_tsumego_symmetry");
    int want = t_sanitized() ? 4 : SAMPLE, taken = 0, differ = 0;
    for (int i = 1; i <= MAX_SCAN && taken < want; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/Prob%04d.json", dir, i);
        yomi_error err;
        go_problem *p0 = go_problem_load(path, NULL, &err);
        CHECK_MSG(p0 != NULL, "%s: %s", path, err.msg);
        if (!p0) continue;
        go_tsumego_opts o;
        memset(&o, 0, sizeof o);
        o.all_moves = true;
        o.lim.max_nodes = BASE_NODES;
        /* The reference: the stones as given, through the same constructor. */
        go_problem *p = transformed(p0, 0, false, &err);
        CHECK_MSG(p != NULL, "%s rebuilt: %s", path, err.msg);
        go_tsumego_answer a0;
        if (p) go_tsumego_solve(p, &o, &a0);
        if (!p || a0.result == YOMI_UNKNOWN || a0.nunknown) {
            go_problem_free(p);
            go_problem_free(p0);
            continue;
        }
        taken++;
        char m0[256], m1[256];
        moves_str(p, &a0, m0, sizeof m0);
        go_point tstones[GO_MAX_POINTS];
        int nt = go_string_stones(p->board, p->target, tstones, GO_MAX_POINTS);
        for (int v = 1; v < 16; v++) {
            int s = v & 7;
            bool swap = v >= 8;
            go_problem *q = transformed(p, s, swap, &err);
            CHECK_MSG(q != NULL, "%s symmetry %d%s: %s", path, s, swap ? " swapped" : "", err.msg);
            if (!q) continue;
            go_tsumego_answer a;
            go_tsumego_solve(q, &o, &a);
            bool on_target = false;
            for (int k = 0; k < nt; k++) on_target |= q->target == sym_point(tstones[k], p->size, s);
            bool same = a.result == a0.result && a.proved == a0.proved && same_moves(&a0, &a, p->size, s) &&
                on_target && q->live == p->live;
            moves_str(q, &a, m1, sizeof m1);
            CHECK_MSG(same, "%s symmetry %d%s: %s%s [%s] target %s vs identity %s [%s]", path, s,
                      swap ? " colours swapped" : "", go_tsumego_result_name(a.result),
                      a.nunknown ? " (undecided moves)" : "", m1, on_target ? "same" : "DIFFERENT",
                      go_tsumego_result_name(a0.result), m0);
            differ += !same;
            go_problem_free(q);
        }
        fprintf(stderr, "%s: %s [%s], 15 transforms checked\n", path + strlen(dir) + 1,
                go_tsumego_result_name(a0.result), m0);
        go_problem_free(p);
        go_problem_free(p0);
    }
    CHECK_MSG(taken == want, "only %d problems of the first %d decided within %d plays (want %d)", taken,
              MAX_SCAN, BASE_NODES, want);
    fprintf(stderr, "symmetry sample: %d problems x 15 transforms, %d differ\n", taken, differ);
    return t_summary("test_go_tsumego_symmetry");
}
