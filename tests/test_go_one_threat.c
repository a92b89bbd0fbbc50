/* go_tsumego_opts.one_threat (owl's question "does one ko threat win this
 * ko?") against an independent brute force: plain minimax over every region
 * point and passes with ko threats counted (a banned simple-ko retake is
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

typedef struct thr_bf {
    go_board *b;
    const bool *region;
    go_point target;
    go_color att, def;
    int thr[3]; /* threats left by colour */
    uint64_t path[256];
    int depth;
    uint64_t nodes, max_nodes;
} thr_bf;

static uint64_t thr_key(const thr_bf *s, go_color to_move, bool last_pass) {
    const go_board *b = s->b;
    uint64_t ko = b->ko != GO_NO_POINT ? (uint64_t)b->ko * 31 + (uint64_t)b->ko_color : 0;
    return go_board_hash(b) ^ (ko * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)to_move * 0xc2b2ae3d27d4eb4fULL) ^
        (last_pass ? 0x165667b19e3779f9ULL : 0) ^ ((uint64_t)s->thr[GO_BLACK] << 40) ^
        ((uint64_t)s->thr[GO_WHITE] << 44);
}

/* 1 when the attacker wins with c to move (0 also past the node cap). */
static int thr_solve(thr_bf *s, go_color c, bool last_pass) {
    if (++s->nodes > s->max_nodes) return 0;
    bool att = c == s->att;
    int n = go_board_size(s->b);
    for (int i = 0; i <= n * n; i++) {
        go_point m = i < n * n ? go_pt(i % n, i / n) : GO_PASS;
        if (m != GO_PASS && (!s->region[m] || go_board_at(s->b, m) != GO_EMPTY)) continue;
        int r;
        if (m == GO_PASS && last_pass) {
            r = 0;
        } else {
            /* A retake the simple-ko rule bans costs the mover a threat. */
            go_point ko = s->b->ko;
            go_color kc = s->b->ko_color;
            bool spent = m != GO_PASS && ko == m && kc == c && s->thr[c] > 0;
            if (spent) {
                s->b->ko = GO_NO_POINT;
                s->b->ko_color = GO_EMPTY;
            }
            if (go_board_play(s->b, c, m) != GO_OK) {
                s->b->ko = ko;
                s->b->ko_color = kc;
                continue;
            }
            s->thr[c] -= spent;
            if (go_board_at(s->b, s->target) != s->def) {
                r = 1;
            } else {
                uint64_t k = thr_key(s, go_other(c), m == GO_PASS);
                bool rep = false;
                for (int j = 0; j <= s->depth && !rep; j++) rep = s->path[j] == k;
                if (rep || s->depth >= 250) {
                    r = 0;
                } else {
                    s->path[++s->depth] = k;
                    r = thr_solve(s, go_other(c), m == GO_PASS);
                    s->depth--;
                }
            }
            go_board_undo(s->b);
            s->thr[c] += spent;
            s->b->ko = ko;
            s->b->ko_color = kc;
        }
        if (att == (r == 1)) return r;
    }
    return att ? 0 : 1;
}

/* Does to_play win with one threat for `one` (GO_EMPTY: none)? 1 yes, 0 no,
 * -1 past the node cap. */
static int brute(go_problem *p, go_color to_play, go_color one) {
    thr_bf s;
    memset(&s, 0, sizeof s);
    s.b = p->board;
    s.region = p->region;
    s.target = p->target;
    s.att = p->attacker;
    s.def = go_other(p->attacker);
    s.max_nodes = 300000;
    if (one != GO_EMPTY) s.thr[one] = 1;
    s.path[0] = thr_key(&s, to_play, false);
    int r = thr_solve(&s, to_play, false);
    if (s.nodes > s.max_nodes) return -1;
    return (r == 1) == (to_play == p->attacker);
}

static void test_one_threat(void) {
    uint64_t st = 0x7b1e7ULL;
    int compared = 0, changed = 0, tries = 0, max = t_sanitized() ? 20 : 60, want_changed = t_sanitized() ? 1 : 3;
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
            go_tsumego_opts o;
            memset(&o, 0, sizeof o);
            o.fixed_master = true;
            o.ko_master = GO_EMPTY;
            o.one_threat = k ? go_other(to_play) : to_play;
            o.disable = GO_TS_NO_DISTANCE; /* the brute force plays every region point */
            o.lim.hash_mb = 4;
            go_tsumego_answer a;
            go_tsumego_solve(p, &o, &a);
            int want = k ? theirs : mine;
            CHECK_MSG(a.result == (want ? YOMI_WIN : YOMI_LOSS),
                      "one threat for %s: brute force %s, yomi %s (target %s, %s to play)",
                      k ? "the opponent" : "the mover", want ? "win" : "loss", go_tsumego_result_name(a.result),
                      tv, to_play == GO_BLACK ? "black" : "white");
        }
        changed += mine != none || theirs != none;
        compared++;
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr, "one threat: %d positions compared, %d where a threat changes the answer (%d drawn)\n",
            compared, changed, tries);
    CHECK_MSG(compared >= max, "only %d random positions compared", compared);
    CHECK_MSG(changed >= want_changed, "only %d sampled positions where one ko threat changes the answer", changed);
}

int main(void) {
    test_one_threat();
    return t_summary("test_go_one_threat");
}
