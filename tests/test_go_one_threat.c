/* go_tsumego_opts.one_threat (owl's question "does one ko threat win this
 * ko?") and go_tsumego_opts.threats (go solve --threats B,W) against an independent brute force: go_ld_brute.h's minimax over every
 * region point and passes with ko threats counted (a banned simple-ko retake is
 * allowed by spending one of the mover's threats; capture of the target wins
 * for the attacker; two passes in a row or a repeated position on the line
 * win for the defender, since no side has unlimited threats). Random small
 * enclosed problems; one threat given to the side to play, then to the
 * other side. Positions are drawn until the sample holds a few where the
 * threat changes the answer (else the test fails saying so). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "go_ld_brute.h"
#include "testutil.h"
#include "yomi/go_tsumego.h"

/* Does to_play win with thr[c] threats for each colour c? 1 yes, 0 no, -1 past the
 * node cap. */
static int brute_thr(go_problem *p, go_color to_play, const int *thr) {
    ld_bf s = {p->board, p->region, p->target, p->attacker, go_other(p->attacker), {0}, 0,
               0,        300000,    false,     {0}};
    memcpy(s.thr, thr, sizeof s.thr);
    s.path[0] = ld_bf_key(&s, to_play, false);
    int r = ld_bf_solve(&s, to_play, false);
    if (s.nodes > s.max_nodes) return -1;
    return (r == 1) == (to_play == p->attacker);
}

/* Does to_play win with one threat for `one` (GO_EMPTY: none)? */
static int brute(go_problem *p, go_color to_play, go_color one) {
    int thr[3] = {0};
    if (one != GO_EMPTY) thr[one] = 1;
    return brute_thr(p, to_play, thr);
}

/* yomi's answer to one question with no ko master, every region point searched (as
 * the brute force plays them): `one` (GO_EMPTY: nobody) has a threat through
 * go_tsumego_opts.one_threat, and each colour c thr[c] through .threats (NULL: none). */
static yomi_result solve_fixed(go_problem *p, go_color one, const int *thr) {
    go_tsumego_opts o;
    memset(&o, 0, sizeof o);
    o.fixed_master = true;
    o.ko_master = GO_EMPTY;
    o.one_threat = one;
    if (thr) memcpy(o.threats, thr, sizeof o.threats);
    o.disable = GO_TS_NO_DISTANCE;
    o.lim.hash_mb = 4;
    go_tsumego_answer a;
    go_tsumego_solve(p, &o, &a);
    return a.result;
}

static void test_one_threat(void) {
    uint64_t st = 0x7b1e7ULL;
    int compared = 0, changed = 0, tries = 0, max = t_sanitized() ? 20 : 60,
        want_changed = t_sanitized() ? 1 : 3;
    go_board *b = go_board_new(5);
    while ((compared < max || changed < want_changed) && compared < 2000 && tries < 400000) {
        tries++;
        char tv[8];
        go_color to_play;
        go_problem *p = ld_random_problem(b, &st, 6, &to_play, tv);
        if (!p) continue;
        int none = brute(p, to_play, GO_EMPTY);
        int mine = none < 0 ? -1 : brute(p, to_play, to_play);
        int theirs = mine < 0 ? -1 : brute(p, to_play, go_other(to_play));
        if (theirs < 0) {
            go_problem_free(p);
            continue;
        }
        for (int k = 0; k < 2; k++) {
            yomi_result r = solve_fixed(p, k ? go_other(to_play) : to_play, NULL);
            int want = k ? theirs : mine;
            CHECK_MSG(r == (want ? YOMI_WIN : YOMI_LOSS),
                      "one threat for %s: brute force %s, yomi %s (target %s, %s to play)",
                      k ? "the opponent" : "the mover", want ? "win" : "loss", go_tsumego_result_name(r), tv,
                      to_play == GO_BLACK ? "black" : "white");
        }
        changed += mine != none || theirs != none;
        compared++;
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr, "one threat: %d positions compared, %d where a threat changes the answer (%d drawn)\n",
            compared, changed, tries);
    CHECK_MSG(compared >= max, "only %d random positions compared", compared);
    CHECK_MSG(changed >= want_changed, "only %d sampled positions where one ko threat changes the answer",
              changed);
}

/* go_tsumego_opts.threats (`go solve --threats B,W`): counts of 0..2 for each side
 * against the brute force with the same counts; the sample must hold a position where
 * a second threat changes the answer (rare: 1 in 564 with another seed). */
static void test_threat_counts(void) {
    static const int counts[][2] = {{0, 0}, {1, 0}, {0, 1}, {2, 0}, {0, 2}, {2, 1}, {1, 2}};
    enum { NC = sizeof counts / sizeof counts[0] };
    uint64_t st = 5; /* its first position is one where a second threat matters */
    int compared = 0, second = 0, tries = 0, max = t_sanitized() ? 10 : 40, want_second = 1;
    go_board *b = go_board_new(5);
    while ((compared < max || second < want_second) && compared < 2000 && tries < 400000) {
        tries++;
        char tv[8];
        go_color to_play;
        go_problem *p = ld_random_problem(b, &st, 6, &to_play, tv);
        if (!p) continue;
        int want[NC];
        bool ok = true;
        for (int k = 0; k < NC && ok; k++) {
            int thr[3] = {0, counts[k][0], counts[k][1]};
            want[k] = brute_thr(p, to_play, thr);
            ok = want[k] >= 0;
        }
        if (!ok) {
            go_problem_free(p);
            continue;
        }
        for (int k = 0; k < NC; k++) {
            int thr[3] = {0, counts[k][0], counts[k][1]};
            yomi_result r = solve_fixed(p, GO_EMPTY, thr);
            CHECK_MSG(r == (want[k] ? YOMI_WIN : YOMI_LOSS),
                      "threats B %d W %d: brute force %s, yomi %s (target %s, %s to play)", counts[k][0],
                      counts[k][1], want[k] ? "win" : "loss", go_tsumego_result_name(r), tv,
                      to_play == GO_BLACK ? "black" : "white");
        }
        /* A second threat for the same side changes the answer: (2,0) vs (1,0), (0,2) vs (0,1). */
        second += want[3] != want[1] || want[4] != want[2];
        compared++;
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr,
            "threat counts: %d positions compared, %d where a second threat changes the answer (%d drawn)\n",
            compared, second, tries);
    CHECK_MSG(compared >= max, "only %d random positions compared", compared);
    CHECK_MSG(second >= want_second, "no sampled position where a second ko threat changes the answer");
}

int main(void) {
    test_one_threat();
    test_threat_counts();
    return t_summary("test_go_one_threat");
}
