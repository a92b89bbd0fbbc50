/* The memo brute force (tests/go_ld_brute.h, ld_bf_first_moves_memo) against the
 * plain one, and the errata's claims (data/go/sanderland/ERRATA.md) re-checked with
 * it: for each listed problem whose region is small, the brute force's winning first
 * moves in the position `go solve` searches (the loaded problem: target, side to
 * play, frame and region) are exactly the ones the errata states. */
#include <stdio.h>
#include <string.h>

#include "go_ld_brute.h"
#include "testutil.h"
#include "yomi/go_tsumego.h"

static uint64_t rng_state = 0x5eed1234ULL;

/* Random small problems: the memo version's winners equal the plain minimax's, with
 * and without `clean` (seki a loss), for either side to play. */
static void test_memo_vs_plain(void) {
    int compared = 0, tries = 0, max = t_sanitized() ? 15 : 80, differ = 0, retro = 0;
    uint64_t plain_nodes = 0, memo_nodes = 0;
    go_board *b = go_board_new(5);
    while (compared < max && tries < 400000) {
        tries++;
        char tv[8];
        go_color to_play;
        go_problem *p = ld_random_problem(b, &rng_state, 7, &to_play, tv);
        if (!p) continue;
        bool clean = compared & 1;
        bool w1[GO_MAX_POINTS], w2[GO_MAX_POINTS];
        uint64_t n1 = 0, n2 = 0;
        int r1 = ld_bf_first_moves(p, to_play, 300000, clean, w1, &n1);
        if (r1 < 0) {
            go_problem_free(p);
            continue;
        }
        int r2 = ld_bf_first_moves_memo(p, to_play, 300000, clean, 16, NULL, w2, &n2);
        bool w3[GO_MAX_POINTS];
        int64_t n3 = 0;
        int r3 = ld_retro_first_moves(p, to_play, 100000, clean, w3, &n3);
        bool same = r1 == r2 && (r3 == -1 || r1 == r3);
        GO_FOR_POINTS(p->board, q) same &= !p->region[q] || (w1[q] == w2[q] && (r3 == -1 || w1[q] == w3[q]));
        retro += r3 >= 0;
        CHECK_MSG(same, "memo: plain %d winners, memo %d, retrograde %d (target %s, %s to play, clean %d)",
                  r1, r2, r3, tv, to_play == GO_BLACK ? "black" : "white", clean);
        if (!same) {
            go_board_print(p->board, stderr);
            differ++;
        }
        plain_nodes += n1;
        memo_nodes += n2;
        compared++;
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr,
            "memo vs plain: %d problems (%d with the retrograde), %d differ; nodes plain %llu, memo %llu\n",
            compared, retro, differ, (unsigned long long)plain_nodes, (unsigned long long)memo_nodes);
    CHECK_MSG(compared == max, "only %d random problems compared", compared);
    CHECK_MSG(retro >= max / 3, "only %d problems compared with the retrograde analysis", retro);
}

int main(int argc, char **argv) {
    const char *data = argc > 1 ? argv[1] : NULL;
    (void)data;
    test_memo_vs_plain();
    return t_summary("test_go_ld_errata");
}
