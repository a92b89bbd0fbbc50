/* The race rule of go_life_status (eyeshape.c): DEAD behind enemy strings that are
 * not Benson-alive but have more liberties away from the target than the defender
 * has moves before the eye-space kill. Checked on whole small boards against the
 * plain minimax of go_ld_brute.h with every empty point of the board playable (the
 * defender may attack the walls anywhere, pass or fight kos; capture wins for the
 * attacker, two passes or a repetition for the defender).
 *
 * Random 5x5 and 6x6 positions (stones set up at random, then up to two random moves
 * so that some have a ko ban), every white string a target, both sides to move. Every
 * DEAD answer with the sound margin (GO_LIFE_RACE_MARGIN) must be a brute-force kill;
 * the answers with margin 0 (one liberty of slack removed) must include at least one
 * that the brute force refutes, which shows the margin is needed and that the test
 * reaches the cases it is about. argv[2] = "full" draws ten times more positions. */
#include "go_ld_brute.h"
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

static uint64_t st = 0x5eed7ace12345ULL;

static bool all_region[GO_MAX_POINTS];

/* Random stones on b (size 5 or 6) with no string left without a liberty, then up to
 * two random legal moves. False when the position is unusable. */
static bool random_position(go_board *b, int size) {
    go_board_clear(b, size);
    unsigned pb = 35 + ld_rnd(&st, 15), pw = 30 + ld_rnd(&st, 10); /* black walls dominate */
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++) {
            unsigned x = ld_rnd(&st, 100);
            go_color k = x < pb ? GO_BLACK : x < pb + pw ? GO_WHITE : GO_EMPTY;
            if (k) go_board_setup(b, go_pt(c, r), k);
        }
    GO_FOR_POINTS(b, q) {
        go_color k = go_board_at(b, q);
        if ((k == GO_BLACK || k == GO_WHITE) && go_string_libs(b, q) == 0) return false;
    }
    int extra = (int)ld_rnd(&st, 3);
    for (int i = 0; i < extra; i++) {
        go_color c = ld_rnd(&st, 2) ? GO_BLACK : GO_WHITE;
        go_point m = go_pt((int)ld_rnd(&st, (unsigned)size), (int)ld_rnd(&st, (unsigned)size));
        if (go_board_at(b, m) == GO_EMPTY) (void)go_board_play(b, c, m);
    }
    return true;
}

/* Random play on an empty board (no move into a one-point eye of the mover) until at
 * most 6..9 empty points are left: groups with eyes and walls short of liberties. */
static bool random_game(go_board *b, int size) {
    go_board_clear(b, size);
    int stop = 6 + (int)ld_rnd(&st, 4);
    go_color c = ld_rnd(&st, 2) ? GO_BLACK : GO_WHITE;
    for (int moves = 0; moves < 200; moves++) {
        go_point cand[GO_MAX_POINTS];
        int n = 0, left = 0;
        GO_FOR_POINTS(b, q) {
            if (go_board_at(b, q) != GO_EMPTY) continue;
            left++;
            if (!go_is_eye_point(b, q, c)) cand[n++] = q;
        }
        if (left <= stop) return true;
        bool played = false;
        while (n > 0 && !played) {
            int i = (int)ld_rnd(&st, (unsigned)n);
            played = go_board_play(b, c, cand[i]) == GO_OK;
            cand[i] = cand[--n];
        }
        c = go_other(c);
    }
    return false;
}

static int empties(const go_board *b) {
    int n = 0;
    GO_FOR_POINTS(b, q) { n += go_board_at(b, q) == GO_EMPTY; }
    return n;
}

/* The brute force: 1 when black captures the string at t with c to move, 0 when
 * white keeps it, -1 past the node cap. */
static int brute(go_board *b, go_point t, go_color c, uint64_t cap) {
    ld_bf s = {b, all_region, t, GO_BLACK, GO_WHITE, {0}, 0, 0, cap, false, {0}};
    s.path[0] = ld_bf_key(&s, c, false);
    int r = ld_bf_solve(&s, c, false);
    return s.nodes > cap ? -1 : r;
}

/* A second, faster oracle for the kills: does black capture the string at t within
 * `depth` plies (every empty point and the pass playable, simple ko, two passes end
 * the game for white)? A memo of (position, ko ban, side, last pass) keeps the least
 * depth known to win and the greatest known to fail. A kill within a bound is a kill
 * in the game with repetitions counted for white: play each position's fastest win,
 * whose remaining depth falls at every ply, so no position comes back. */
#define MEMO (1 << 20)
static uint64_t m_key[MEMO];
static int8_t m_win[MEMO], m_fail[MEMO]; /* least winning depth, greatest failing one (-1: none) */
static uint64_t k_nodes, k_cap;

static int kill_within(go_board *b, go_point t, go_color c, bool last_pass, int depth) {
    if (depth == 0 || ++k_nodes > k_cap) return 0;
    uint64_t ko = (b->ko != GO_NO_POINT && b->ko_color == c) ? (uint64_t)b->ko : 0;
    uint64_t key = go_board_hash(b) ^ go_board_hash2(b) * 3 ^ ko * 0x9e3779b97f4a7c15ULL ^
        (uint64_t)c * 0xc2b2ae3d27d4eb4fULL ^ (last_pass ? 0x165667b19e3779f9ULL : 0);
    uint32_t h = (uint32_t)(key >> 40) & (MEMO - 1);
    if (m_key[h] == key) {
        if (m_win[h] >= 0 && m_win[h] <= depth) return 1;
        if (m_fail[h] >= depth) return 0;
    }
    bool att = c == GO_BLACK;
    int n = go_board_size(b), res = att ? 0 : 1;
    for (int i = 0; i <= n * n; i++) {
        go_point m = i < n * n ? go_pt(i % n, i / n) : GO_PASS;
        if (m != GO_PASS && go_board_at(b, m) != GO_EMPTY) continue;
        int r;
        if (m == GO_PASS && last_pass) {
            r = 0;
        } else {
            if (go_board_play(b, c, m) != GO_OK) continue;
            r = go_board_at(b, t) != GO_WHITE ? 1 : kill_within(b, t, go_other(c), m == GO_PASS, depth - 1);
            go_board_undo(b);
        }
        if (att == (r == 1)) {
            res = r;
            break;
        }
    }
    if (k_nodes > k_cap) return 0;
    if (m_key[h] != key) {
        m_key[h] = key;
        m_win[h] = -1;
        m_fail[h] = -1;
    }
    if (res && (m_win[h] < 0 || depth < m_win[h])) m_win[h] = (int8_t)depth;
    if (!res && depth > m_fail[h]) m_fail[h] = (int8_t)depth;
    return res;
}

/* 1 when kill_within finds the kill within 2, 4, .., 40 plies, 0 when not (not a
 * proof of life), -1 when it passed its node cap first. */
static int oracle_kill(go_board *b, go_point t, go_color c) {
    memset(m_key, 0, sizeof m_key);
    k_nodes = 0;
    k_cap = 1000000;
    for (int d = 2; d <= 40; d += 2) {
        if (kill_within(b, t, c, false, d)) return 1;
        if (k_nodes > k_cap) return -1;
    }
    return 0;
}

/* A hand-built case where one liberty of slack decides: white (O, to move) keeps its
 * corner string A3-B3-B4 with one eye at A4; the black wall C4-C3-C2-B2-A2 has one
 * liberty, A1, away from it. The eye-space game kills in one black move, so the
 * margin-0 rule says DEAD; but white takes A1 first and lives. */
static void test_margin_needed(void) {
    go_board *b = go_board_new(4);
    static const char *rows[4] = {".OXO", "OOXO", "XXXO", ".OOO"}; /* row 4 first */
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            if (rows[r][c] != '.')
                go_board_setup(b, go_pt(c, 3 - r), rows[r][c] == 'X' ? GO_BLACK : GO_WHITE);
    go_point t = go_pt(1, 3);
    int snd = go_life_status_race(b, t, GO_WHITE, GO_ES_MAX, GO_LIFE_RACE_MARGIN, NULL, NULL, NULL);
    int loose = go_life_status_race(b, t, GO_WHITE, GO_ES_MAX, GO_LIFE_RACE_MARGIN - 1, NULL, NULL, NULL);
    int bf = brute(b, t, GO_WHITE, 2000000);
    CHECK_MSG(bf == 0, "hand case: the plain minimax should have white live (%d)", bf);
    CHECK_MSG(snd != GO_LIFE_DEAD, "hand case: DEAD with the sound margin, but white lives");
    CHECK_MSG(loose == GO_LIFE_DEAD, "hand case: margin 0 should (wrongly) say DEAD here");
    /* Black to move kills at A4 at once: DEAD with the sound margin. */
    CHECK_EQ_INT(go_life_status_race(b, t, GO_BLACK, GO_ES_MAX, GO_LIFE_RACE_MARGIN, NULL, NULL, NULL),
                 GO_LIFE_DEAD);
    CHECK_EQ_INT(oracle_kill(b, t, GO_BLACK), 1);
    go_board_free(b);
}

int main(int argc, char **argv) {
    bool full = argc > 2 && strcmp(argv[2], "full") == 0;
    long draws = full ? 400000 : argc > 3 ? atol(argv[3]) : 12000;
    if (t_sanitized()) draws /= 8;
    for (int i = 0; i < GO_MAX_POINTS; i++) all_region[i] = true;
    test_margin_needed();
    go_board *b = go_board_new(6);
    long positions = 0, benson_dead = 0, race_dead = 0, race_ok = 0, loose_dead = 0, loose_refuted = 0,
         gave_up = 0;
    for (long dr = 0; dr < draws; dr++) {
        int size = 5 + (int)ld_rnd(&st, 2);
        if (!(dr % 2 ? random_game(b, size) : random_position(b, size)) || empties(b) > 8) continue;
        positions++;
        uint8_t seen[GO_MAX_POINTS];
        memset(seen, 0, sizeof seen);
        GO_FOR_POINTS(b, q) {
            if (go_board_at(b, q) != GO_WHITE || seen[go_head_fast(b, q)]) continue;
            seen[go_head_fast(b, q)] = 1;
            for (int side = 0; side < 2; side++) {
                go_color tm = side ? GO_BLACK : GO_WHITE;
                int old = go_life_status_race(b, q, tm, GO_ES_MAX, -1, NULL, NULL, NULL);
                int snd = go_life_status_race(b, q, tm, GO_ES_MAX, GO_LIFE_RACE_MARGIN, NULL, NULL, NULL);
                int loose =
                    go_life_status_race(b, q, tm, GO_ES_MAX, GO_LIFE_RACE_MARGIN - 1, NULL, NULL, NULL);
                /* The rule only adds deaths: a Benson-walled death stays, alive is untouched. */
                CHECK_MSG(old != GO_LIFE_DEAD || snd == GO_LIFE_DEAD, "race rule lost a Benson death");
                CHECK_MSG((old == GO_LIFE_ALIVE) == (snd == GO_LIFE_ALIVE),
                          "race rule changed an alive answer");
                if (loose != GO_LIFE_DEAD) continue;
                if (old == GO_LIFE_DEAD) {
                    benson_dead++;
                    continue;
                }
                if (snd == GO_LIFE_DEAD) {
                    int bf = oracle_kill(b, q, tm);
                    if (bf < 0) {
                        gave_up++;
                        continue;
                    }
                    race_dead++;
                    race_ok += bf == 1;
                    CHECK_MSG(bf == 1, "race DEAD but no kill within 40 plies (%s to move, target %d)",
                              tm == GO_BLACK ? "black" : "white", (int)q);
                    if (bf != 1) go_board_print(b, stderr);
                } else {
                    /* A refutation needs a proof that white lives: the plain minimax. */
                    int bf = brute(b, q, tm, 300000);
                    if (bf < 0) {
                        gave_up++;
                        continue;
                    }
                    loose_dead++;
                    loose_refuted += bf != 1;
                }
            }
        }
    }
    printf("race rule: %ld positions, %ld Benson-walled deaths; %ld race deaths, %ld confirmed by the "
           "kill search; margin %d adds %ld more DEAD answers, %ld of them refuted; plain minimax gave up on "
           "%ld\n",
           positions, benson_dead, race_dead, race_ok, GO_LIFE_RACE_MARGIN - 1, loose_dead, loose_refuted,
           gave_up);
    CHECK_MSG(race_dead >= (t_sanitized() ? 10 : 100), "too few race deaths checked (%ld)", race_dead);

    go_board_free(b);
    return t_summary("test_go_race");
}
