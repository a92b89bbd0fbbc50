/* Go board: hand-built positions with known liberties, captures, snapback, ko,
 * suicide and superko; random playouts checked against brute force after every
 * make and undo. */
#include "yomi/go_board.h"
#include "go_testutil.h"
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

static go_point V(const go_board *b, const char *s) { return go_vertex_parse(b, s); }

static void test_vertices(void) {
    go_board *b = go_board_new(19);
    CHECK_EQ_INT(V(b, "A19"), go_pt(0, 0));
    CHECK_EQ_INT(V(b, "T1"), go_pt(18, 18));
    CHECK_EQ_INT(V(b, "J10"), go_pt(8, 9));
    CHECK_EQ_INT(V(b, "j10"), go_pt(8, 9));
    CHECK_EQ_INT(V(b, "pass"), GO_PASS);
    CHECK_EQ_INT(V(b, "PASS"), GO_PASS);
    CHECK_EQ_INT(V(b, "I5"), GO_NO_POINT);
    CHECK_EQ_INT(V(b, "U5"), GO_NO_POINT);
    CHECK_EQ_INT(V(b, "A20"), GO_NO_POINT);
    CHECK_EQ_INT(V(b, "A0"), GO_NO_POINT);
    CHECK_EQ_INT(V(b, "A"), GO_NO_POINT);
    CHECK_EQ_INT(V(b, "A1x"), GO_NO_POINT);
    CHECK_EQ_INT(V(b, ""), GO_NO_POINT);
    char buf[8];
    go_vertex_format(b, go_pt(8, 9), buf, sizeof buf);
    CHECK(strcmp(buf, "J10") == 0);
    go_vertex_format(b, GO_PASS, buf, sizeof buf);
    CHECK(strcmp(buf, "pass") == 0);
    go_board_clear(b, 25);
    CHECK_EQ_INT(V(b, "Z25"), go_pt(24, 0));
    go_board_free(b);
    CHECK(go_board_new(1) == NULL);
    CHECK(go_board_new(26) == NULL);
    go_board *t = go_board_new(2);
    CHECK(t != NULL);
    CHECK(go_board_check(t));
    go_board_free(t);
}

static void test_liberties(void) {
    static const char *const rows[] = {
        "X........", ".........", "....XX...", "....X.O..", ".........",
        ".........", "..O......", "..OX.....", "X.......O",
    };
    go_board *b = gt_board_from_rows(9, rows);
    CHECK(go_board_check(b));
    CHECK_EQ_INT(go_string_libs(b, V(b, "A9")), 2); /* corner */
    CHECK_EQ_INT(go_string_libs(b, V(b, "A1")), 2);
    CHECK_EQ_INT(go_string_libs(b, V(b, "J1")), 2);
    /* E7 F7 E6: an L of three in the open: 7 liberties. */
    CHECK_EQ_INT(go_string_libs(b, V(b, "E7")), 7);
    CHECK_EQ_INT(go_string_size(b, V(b, "E6")), 3);
    CHECK_EQ_INT(go_string_id(b, V(b, "E6")), go_string_id(b, V(b, "F7")));
    /* G6 touches nothing: 4 liberties, F6 shared with the black L. */
    CHECK_EQ_INT(go_string_libs(b, V(b, "G6")), 4);
    CHECK(go_string_has_lib(b, V(b, "G6"), V(b, "F6")));
    CHECK(go_string_has_lib(b, V(b, "E7"), V(b, "F6")));
    CHECK(!go_string_has_lib(b, V(b, "E7"), V(b, "G6")));
    /* C3 C2 white (5 libs: C4 B3 D3 B2 C1), D2 black (D3 E2 D1). */
    CHECK_EQ_INT(go_string_libs(b, V(b, "C3")), 5);
    CHECK_EQ_INT(go_string_libs(b, V(b, "D2")), 3);
    go_point libs[16];
    int n = go_string_liberties(b, V(b, "D2"), libs, 16);
    CHECK_EQ_INT(n, 3);
    int found = 0;
    for (int i = 0; i < n; i++)
        found += libs[i] == V(b, "D3") || libs[i] == V(b, "E2") || libs[i] == V(b, "D1");
    CHECK_EQ_INT(found, 3);
    go_point nb[8];
    CHECK_EQ_INT(go_string_neighbors(b, V(b, "D2"), 0, nb, 8), 1);
    CHECK_EQ_INT(nb[0], go_string_id(b, V(b, "C2")));
    CHECK_EQ_INT(go_string_neighbors(b, V(b, "D2"), 4, nb, 8), 0);
    /* Playing D3 for black: D3 joins D2: libs D4 E3 C... count by hand:
     * D2 {E2 D1} + D3 {D4 E3} (C3 white) = 4. */
    CHECK_EQ_INT(go_board_libs_after(b, GO_BLACK, V(b, "D3"), 0), 4);
    CHECK_EQ_INT(go_board_libs_after(b, GO_BLACK, V(b, "D3"), 2), 2);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, V(b, "D3")), GO_OK);
    CHECK_EQ_INT(go_string_libs(b, V(b, "D2")), 4);
    CHECK_EQ_INT(go_string_libs(b, V(b, "C2")), 4);
    /* F6 joins the L and touches G6: libs of the L grow by F5 only... by hand:
     * E7:D7 E8; F7:F8 G7; E6:D6 E5; F6:F5 -> 7; G6 loses F6 -> 3. */
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, V(b, "F6")), GO_OK);
    CHECK_EQ_INT(go_string_libs(b, V(b, "E7")), 7);
    CHECK_EQ_INT(go_string_size(b, V(b, "E7")), 4);
    CHECK_EQ_INT(go_string_libs(b, V(b, "G6")), 3);
    CHECK(go_board_check(b));
    CHECK(go_board_undo(b));
    CHECK(go_board_undo(b));
    CHECK(go_board_check(b));
    CHECK_EQ_INT(go_string_libs(b, V(b, "G6")), 4);
    CHECK_EQ_INT(go_string_libs(b, V(b, "D2")), 3);
    CHECK(!go_board_undo(b));
    /* String queries on empty or outside points answer nothing. */
    CHECK_EQ_INT(go_string_libs(b, V(b, "E5")), 0);
    CHECK_EQ_INT(go_string_id(b, V(b, "E5")), GO_NO_POINT);
    CHECK_EQ_INT(go_string_stones(b, V(b, "E5"), libs, 16), 0);
    CHECK_EQ_INT(go_string_neighbors(b, GO_PASS, 0, libs, 16), 0);
    CHECK(!go_string_has_lib(b, -7, V(b, "E5")));
    go_board_free(b);
}

static void test_capture_and_snapback(void) {
    /* White D5 in atari; black E5 captures it. */
    static const char *const rows[] = {
        ".........", ".........", ".........", "...X.....", "..XO.....",
        "...X.....", ".........", ".........", ".........",
    };
    go_board *b = gt_board_from_rows(9, rows);
    uint64_t h0 = go_board_hash(b);
    CHECK_EQ_INT(go_string_libs(b, V(b, "D5")), 1);
    CHECK_EQ_INT(go_board_libs_after(b, GO_BLACK, V(b, "E5"), 0), 4);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, V(b, "E5")), GO_OK);
    CHECK_EQ_INT(go_board_last_captured(b), 1);
    CHECK_EQ_INT(go_board_captures(b, GO_BLACK), 1);
    CHECK_EQ_INT(go_board_at(b, V(b, "D5")), GO_EMPTY);
    CHECK_EQ_INT(go_string_libs(b, V(b, "D6")), 4);
    CHECK_EQ_INT(go_string_libs(b, V(b, "E5")), 4);
    CHECK(go_board_check(b));
    CHECK(go_board_undo(b));
    CHECK_EQ_INT(go_board_hash(b), h0);
    CHECK_EQ_INT(go_board_captures(b, GO_BLACK), 0);
    CHECK_EQ_INT(go_string_libs(b, V(b, "D5")), 1);
    CHECK(go_board_check(b));
    go_board_free(b);

    /* Snapback. Black A2 B2 C2 C1 has liberties A1 B1; white throws in at B1 (atari),
     * black takes with A1 and is left with one liberty at B1, which white retakes,
     * capturing five stones (not a ko: the capturing string is large). */
    static const char *const snap[] = {
        ".....", ".....", "OOOO.", "XXXO.", "..XO.",
    };
    b = gt_board_from_rows(5, snap);
    CHECK(go_board_check(b));
    CHECK_EQ_INT(go_string_libs(b, V(b, "A2")), 2);
    CHECK_EQ_INT(go_string_libs(b, V(b, "A3")), 7);
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, V(b, "B1")), GO_OK);
    CHECK_EQ_INT(go_string_libs(b, V(b, "B1")), 1);
    CHECK_EQ_INT(go_string_libs(b, V(b, "A2")), 1);
    CHECK_EQ_INT(go_board_libs_after(b, GO_BLACK, V(b, "A1"), 0), 1);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, V(b, "A1")), GO_OK);
    CHECK_EQ_INT(go_board_last_captured(b), 1);
    CHECK_EQ_INT(go_string_libs(b, V(b, "A1")), 1);
    CHECK_EQ_INT(go_string_size(b, V(b, "A1")), 5);
    CHECK_EQ_INT(go_board_ko(b), GO_NO_POINT);
    CHECK_EQ_INT(go_board_libs_after(b, GO_WHITE, V(b, "B1"), 0), 3);
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, V(b, "B1")), GO_OK);
    CHECK_EQ_INT(go_board_last_captured(b), 5);
    CHECK_EQ_INT(go_board_captures(b, GO_WHITE), 5);
    CHECK_EQ_INT(go_board_captures(b, GO_BLACK), 1);
    CHECK_EQ_INT(go_string_libs(b, V(b, "B1")), 3);
    CHECK_EQ_INT(go_string_libs(b, V(b, "A3")), 11); /* 7 + A2 B2 C2 C1 */
    CHECK(go_board_check(b));
    for (int i = 0; i < 3; i++) CHECK(go_board_undo(b));
    CHECK(go_board_check(b));
    CHECK_EQ_INT(go_string_libs(b, V(b, "A2")), 2);
    CHECK_EQ_INT(go_board_captures(b, GO_WHITE), 0);
    go_board_free(b);
}

static void test_ko(void) {
    static const char *const rows[] = {
        ".....", ".XO..", "X.XO.", ".XO..", ".....",
    };
    go_board *b = gt_board_from_rows(5, rows);
    /* White B3 captures C3 and starts a ko; black may not retake at C3 at once. */
    go_point b3 = V(b, "B3"), c3 = V(b, "C3");
    uint64_t h0 = go_board_hash(b);
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, b3), GO_OK);
    CHECK_EQ_INT(go_board_last_captured(b), 1);
    CHECK_EQ_INT(go_board_ko(b), c3);
    CHECK_EQ_INT(go_board_check_move(b, GO_BLACK, c3), GO_ILLEGAL_KO);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, c3), GO_ILLEGAL_KO);
    CHECK(go_board_check(b));
    /* The same position reached another way (no capture just now) allows the take:
     * the history, not the position, decides (seed 002, ko). */
    go_board *same =
        gt_board_from_rows(5, (const char *const[]){".....", ".XO..", "XO.O.", ".XO..", "....."});
    CHECK_EQ_INT(go_board_hash(same), go_board_hash(b));
    CHECK_EQ_INT(go_board_check_move(same, GO_BLACK, c3), GO_OK);
    go_board_free(same);
    /* After a ko threat exchange black may retake. */
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, V(b, "E5")), GO_OK);
    CHECK_EQ_INT(go_board_ko(b), GO_NO_POINT);
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, V(b, "E1")), GO_OK);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, c3), GO_OK);
    CHECK_EQ_INT(go_board_ko(b), b3);
    CHECK_EQ_INT(go_board_check_move(b, GO_WHITE, b3), GO_ILLEGAL_KO);
    /* Undo restores the ko state. */
    CHECK(go_board_undo(b));
    CHECK(go_board_undo(b));
    CHECK(go_board_undo(b));
    CHECK_EQ_INT(go_board_ko(b), c3);
    CHECK(go_board_undo(b));
    CHECK_EQ_INT(go_board_hash(b), h0);
    CHECK_EQ_INT(go_board_ko(b), GO_NO_POINT);
    CHECK(go_board_check(b));

    /* Positional superko: take the ko, both pass, retake -> the position before the
     * first take repeats. Legal under simple ko, illegal under superko. */
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, b3), GO_OK);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, GO_PASS), GO_OK);
    CHECK_EQ_INT(go_board_ko(b), GO_NO_POINT);
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, GO_PASS), GO_OK);
    CHECK_EQ_INT(go_board_check_move(b, GO_BLACK, c3), GO_OK);
    go_board_set_superko(b, true);
    CHECK_EQ_INT(go_board_check_move(b, GO_BLACK, c3), GO_ILLEGAL_SUPERKO);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, c3), GO_ILLEGAL_SUPERKO);
    CHECK_EQ_INT(go_board_moves(b), 3);
    CHECK(go_board_check(b));
    go_board_set_superko(b, false);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, c3), GO_OK);
    CHECK_EQ_INT(go_board_hash(b), h0);
    go_board_free(b);
}

static void test_suicide(void) {
    static const char *const rows[] = {
        ".X...", "X....", ".....", "OOO..", "XX.O.",
    };
    go_board *b = gt_board_from_rows(5, rows);
    CHECK_EQ_INT(go_board_check_move(b, GO_WHITE, V(b, "A5")), GO_ILLEGAL_SUICIDE);
    CHECK_EQ_INT(go_board_check_move(b, GO_BLACK, V(b, "A5")), GO_OK);
    /* Black C1 would leave A1 B1 C1 with no liberty: multi-stone suicide. */
    CHECK_EQ_INT(go_board_check_move(b, GO_BLACK, V(b, "C1")), GO_ILLEGAL_SUICIDE);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, V(b, "C1")), GO_ILLEGAL_SUICIDE);
    CHECK_EQ_INT(go_board_moves(b), 0);
    /* White C1 captures A1 B1 instead. */
    CHECK_EQ_INT(go_board_libs_after(b, GO_WHITE, V(b, "C1"), 0), 7);
    CHECK_EQ_INT(go_board_check_move(b, GO_WHITE, V(b, "C1")), GO_OK);
    CHECK_EQ_INT(go_board_check_move(b, GO_BLACK, V(b, "B2")), GO_ILLEGAL_OCCUPIED);
    CHECK_EQ_INT(go_board_check_move(b, GO_BLACK, go_pt(5, 0)), GO_ILLEGAL_OFFBOARD);
    CHECK_EQ_INT(go_board_check_move(b, GO_BLACK, -3), GO_ILLEGAL_OFFBOARD);
    CHECK_EQ_INT(go_board_check_move(b, GO_BLACK, 100000), GO_ILLEGAL_OFFBOARD);
    go_board_set_suicide_allowed(b, true);
    uint64_t h0 = go_board_hash(b);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, V(b, "C1")), GO_OK);
    CHECK_EQ_INT(go_board_last_captured(b), 3);
    CHECK_EQ_INT(go_board_captures(b, GO_WHITE), 3);
    CHECK_EQ_INT(go_board_at(b, V(b, "A1")), GO_EMPTY);
    CHECK_EQ_INT(go_string_libs(b, V(b, "A2")), 7);
    CHECK(go_board_check(b));
    CHECK(go_board_undo(b));
    CHECK_EQ_INT(go_board_hash(b), h0);
    CHECK_EQ_INT(go_board_captures(b, GO_WHITE), 0);
    CHECK(go_board_check(b));
    /* Setup refuses a stone that would have no liberty. */
    CHECK(!go_board_setup(b, V(b, "A5"), GO_WHITE));
    CHECK(go_board_setup(b, V(b, "A5"), GO_BLACK));
    CHECK(go_board_setup(b, V(b, "A5"), GO_EMPTY));
    CHECK_EQ_INT(go_board_hash(b), h0);
    CHECK(go_board_check(b));
    go_board_free(b);
}

static void test_history_and_copy(void) {
    go_board *b = go_board_new(9);
    CHECK_EQ_INT(go_board_last_move(b), GO_NO_POINT);
    CHECK_EQ_INT(go_board_last_color(b), GO_EMPTY);
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, V(b, "E5")), GO_OK);
    CHECK_EQ_INT(go_board_last_move(b), V(b, "E5"));
    CHECK_EQ_INT(go_board_last_color(b), GO_BLACK);
    uint64_t h = go_board_hash(b);
    CHECK(h != 0);
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, GO_PASS), GO_OK);
    CHECK_EQ_INT(go_board_hash(b), h);
    CHECK_EQ_INT(go_board_last_move(b), GO_PASS);
    CHECK_EQ_INT(go_board_play(b, GO_EMPTY, V(b, "A1")), GO_ILLEGAL_OFFBOARD);
    int n = go_board_moves(b);
    while (go_board_moves(b) < GO_MAX_HISTORY) go_board_play(b, GO_BLACK, GO_PASS);
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, V(b, "A1")), GO_ILLEGAL_HISTORY);
    CHECK_EQ_INT(go_board_check_move(b, GO_WHITE, V(b, "A1")), GO_ILLEGAL_HISTORY);
    CHECK(!go_board_is_legal(b, GO_WHITE, GO_PASS));
    while (go_board_moves(b) > n) go_board_undo(b);
    CHECK(go_board_is_legal(b, GO_WHITE, V(b, "A1")));
    /* A copy is independent of the original. */
    go_board *c = go_board_new(5);
    go_board_copy(c, b);
    CHECK_EQ_INT(go_board_size(c), 9);
    CHECK_EQ_INT(go_board_play(c, GO_WHITE, V(c, "E4")), GO_OK);
    CHECK(go_board_hash(c) != go_board_hash(b));
    CHECK_EQ_INT(go_string_libs(b, V(b, "E5")), 4);
    CHECK_EQ_INT(go_string_libs(c, V(c, "E5")), 3);
    CHECK(go_board_check(b) && go_board_check(c));
    /* Clearing keeps the rule settings. */
    go_board_set_superko(c, true);
    go_board_clear(c, 9);
    CHECK(c->superko);
    CHECK_EQ_INT(go_board_moves(c), 0);
    CHECK_EQ_INT(go_board_hash(c), 0);
    go_board_free(c);
    /* Enemy neighbours filtered by liberties. */
    static const char *const rows[] = {
        "XO...", "XO...", ".XO..", "..X..", ".....",
    };
    go_board_free(b);
    b = gt_board_from_rows(5, rows);
    go_point nb[8];
    CHECK_EQ_INT(go_string_neighbors(b, V(b, "B5"), 0, nb, 8), 2); /* A5-A4, B3 */
    CHECK_EQ_INT(go_string_neighbors(b, V(b, "B5"), 1, nb, 8), 1); /* A5-A4 has 1, B3 2 */
    CHECK_EQ_INT(nb[0], go_string_id(b, V(b, "A4")));
    CHECK_EQ_INT(go_string_neighbors(b, V(b, "B3"), 0, nb, 1), 1); /* max respected */
    go_point st[4];
    CHECK_EQ_INT(go_string_stones(b, V(b, "A5"), st, 4), 2);
    CHECK_EQ_INT(go_string_stones(b, V(b, "A5"), st, 1), 1);
    go_board_free(b);
}

/* Liberties of p's string by brute force: flood fill, count distinct empties. */
static int brute_libs(const go_board *b, go_point p, unsigned char *is_lib) {
    static const int d[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    unsigned char seen[GO_MAX_POINTS];
    memset(seen, 0, sizeof seen);
    memset(is_lib, 0, GO_MAX_POINTS);
    go_point st[GO_MAX_POINTS];
    int sp = 0, n = 0;
    go_color c = go_board_at(b, p);
    st[sp++] = p;
    seen[p] = 1;
    while (sp) {
        go_point q = st[--sp];
        for (int i = 0; i < 4; i++) {
            go_point x = q + d[i];
            if (go_board_at(b, x) == c && !seen[x]) {
                seen[x] = 1;
                st[sp++] = x;
            } else if (go_board_at(b, x) == GO_EMPTY && !is_lib[x]) {
                is_lib[x] = 1;
                n++;
            }
        }
    }
    return n;
}

static bool libs_match(const go_board *b) {
    unsigned char is_lib[GO_MAX_POINTS];
    go_point out[GO_MAX_POINTS];
    GO_FOR_POINTS(b, p) {
        if (go_board_at(b, p) == GO_EMPTY) continue;
        int n = brute_libs(b, p, is_lib);
        if (go_string_libs(b, p) != n) return false;
        int k = go_string_liberties(b, p, out, GO_MAX_POINTS);
        if (k != n) return false;
        for (int i = 0; i < k; i++)
            if (!is_lib[out[i]]) return false;
    }
    return true;
}

static uint64_t rng_state = 12345;
static unsigned rnd(unsigned n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* Random playouts: after every make and undo the board passes go_board_check (which
 * recomputes both hashes from the stones), the incremental liberties equal brute
 * force, undo restores both hashes, and
 * check_move / libs_after agree with what play does. */
static void test_random(int size, int games, bool superko, bool suicide) {
    go_board *b = go_board_new(size);
    go_board *copy = go_board_new(size);
    go_board_set_superko(b, superko);
    go_board_set_suicide_allowed(b, suicide);
    int bad_check = 0, bad_libs = 0, bad_hash = 0, bad_legal = 0, bad_after = 0, bad_copy = 0;
    long plays = 0;
    for (int g = 0; g < games; g++) {
        go_board_clear(b, size);
        go_color c = GO_BLACK;
        int limit = size * size * 3;
        for (int m = 0; m < limit && go_board_moves(b) < GO_MAX_HISTORY - 1; m++) {
            go_point p = GO_PASS;
            for (int tries = 0; tries < 20; tries++) {
                go_point q = go_pt((int)rnd((unsigned)size), (int)rnd((unsigned)size));
                int expect = go_board_check_move(b, c, q);
                int after = go_board_at(b, q) == GO_EMPTY ? go_board_libs_after(b, c, q, 0) : -1;
                uint64_t h = go_board_hash(b), h2 = go_board_hash2(b);
                int r = go_board_play(b, c, q);
                if (r != expect) bad_legal++;
                if (r != GO_OK) {
                    if (go_board_hash(b) != h || go_board_hash2(b) != h2) bad_hash++;
                    continue;
                }
                plays++;
                bool suicided = go_board_at(b, q) == GO_EMPTY;
                if (!suicided && go_string_libs(b, q) != after) bad_after++;
                if (suicided && after != 0) bad_after++;
                if (!go_board_check(b)) bad_check++;
                if (!libs_match(b)) bad_libs++;
                /* Undo and replay: the hash must come back exactly. */
                go_board_undo(b);
                if (go_board_hash(b) != h || go_board_hash2(b) != h2 || !go_board_check(b)) bad_hash++;
                if (!libs_match(b)) bad_libs++;
                go_board_play(b, c, q);
                p = q;
                break;
            }
            if (p == GO_PASS) go_board_play(b, c, GO_PASS);
            c = go_other(c);
            if (m % 97 == 0) {
                go_board_copy(copy, b);
                if (go_board_hash(copy) != go_board_hash(b) || go_board_hash2(copy) != go_board_hash2(b) ||
                    !go_board_check(copy) || go_board_moves(copy) != go_board_moves(b))
                    bad_copy++;
            }
        }
        /* Unwind everything: each undo keeps the board consistent. */
        while (go_board_moves(b) > 0) {
            go_board_undo(b);
            if (go_board_moves(b) % 16 == 0 && !go_board_check(b)) bad_check++;
        }
        if (go_board_hash(b) != 0 || go_board_hash2(b) != 0 || !go_board_check(b)) bad_hash++;
        /* The copy can be unwound independently. */
        while (go_board_undo(copy)) {}
        if (go_board_hash(copy) != 0 || !go_board_check(copy)) bad_copy++;
    }
    CHECK_MSG(plays > games * size, "playouts too short (%ld plays)", plays);
    CHECK_EQ_INT(bad_check, 0);
    CHECK_EQ_INT(bad_libs, 0);
    CHECK_EQ_INT(bad_hash, 0);
    CHECK_EQ_INT(bad_legal, 0);
    CHECK_EQ_INT(bad_after, 0);
    CHECK_EQ_INT(bad_copy, 0);
    go_board_free(b);
    go_board_free(copy);
}

/* Setup stones (SGF AB/AW/AE) between moves, as a record or a fuzzer gives them:
 * a refused setup (it would leave a string without liberties) must leave the
 * board exactly as it was, its undo history included; an accepted one makes the
 * position the new root. After every step go_board_check holds and the liberties
 * match brute force; unwinding gives back each recorded hash. Most setups go to
 * empty points without an empty neighbour, where many are refused. */
static void test_setup_between_moves(int size, int games) {
    go_board *b = go_board_new(size);
    static uint64_t hashes[GO_MAX_HISTORY + 1];
    long refused = 0, accepted = 0, undone = 0;
    int bad_check = 0, bad_libs = 0, bad_refused = 0, bad_root = 0, bad_unwind = 0;
    for (int g = 0; g < games; g++) {
        go_board_clear(b, size);
        hashes[0] = go_board_hash(b);
        go_color c = GO_BLACK;
        int steps = size * size * 2;
        for (int m = 0; m < steps && go_board_moves(b) < GO_MAX_HISTORY - 1; m++) {
            go_point q = go_pt((int)rnd((unsigned)size), (int)rnd((unsigned)size));
            if (rnd(8) == 0) {
                /* Mostly points without an empty neighbour, where setups get refused. */
                for (int tries = 0; tries < 30; tries++) {
                    bool closed = go_board_at(b, q) == GO_EMPTY;
                    GO_FOR_NEIGHBORS(q, nb) {
                        if (go_board_at(b, nb) == GO_EMPTY) closed = false;
                    }
                    if (closed) break;
                    q = go_pt((int)rnd((unsigned)size), (int)rnd((unsigned)size));
                }
                go_color sc = (go_color)rnd(3); /* GO_EMPTY, GO_BLACK or GO_WHITE */
                uint64_t h = go_board_hash(b);
                int nm = go_board_moves(b);
                go_color was = go_board_at(b, q);
                if (go_board_setup(b, q, sc)) {
                    accepted++;
                    if (was != sc && go_board_moves(b) != 0) bad_root++;
                } else {
                    refused++;
                    if (go_board_hash(b) != h || go_board_moves(b) != nm || go_board_at(b, q) != was)
                        bad_refused++;
                }
            } else {
                if (go_board_play(b, c, q) != GO_OK) go_board_play(b, c, GO_PASS);
                c = go_other(c);
            }
            hashes[go_board_moves(b)] = go_board_hash(b);
            if (!go_board_check(b)) bad_check++;
            if (!libs_match(b)) bad_libs++;
        }
        while (go_board_undo(b)) {
            undone++;
            if (!go_board_check(b) || go_board_hash(b) != hashes[go_board_moves(b)]) bad_unwind++;
        }
    }
    printf("setups %dx%d: %d games, %ld refused, %ld accepted, %ld undos checked\n", size, size, games,
           refused, accepted, undone);
    CHECK_MSG(refused >= games / 2 && accepted >= games && undone >= 5L * games,
              "too few cases: %ld refused, %ld accepted, %ld undone", refused, accepted, undone);
    CHECK_EQ_INT(bad_check, 0);
    CHECK_EQ_INT(bad_libs, 0);
    CHECK_EQ_INT(bad_refused, 0);
    CHECK_EQ_INT(bad_root, 0);
    CHECK_EQ_INT(bad_unwind, 0);
    go_board_free(b);
}

/* The fuzzer's record (;SZ[9]AW[gh][di][hi][ei]W[fi];AB[gi]) move by move: black
 * G1 has no liberty among white G2, F1, H1, so it is refused, and W F1 must
 * still undo cleanly (it joined D1-E1 into one string). */
static void test_setup_refused_after_merge(void) {
    go_board *b = go_board_new(9);
    static const char *const white[] = {"G2", "D1", "H1", "E1"};
    for (int i = 0; i < 4; i++) CHECK(go_board_setup(b, V(b, white[i]), GO_WHITE));
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, V(b, "F1")), GO_OK);
    CHECK_EQ_INT(go_string_size(b, V(b, "D1")), 3);
    uint64_t h = go_board_hash(b);
    CHECK(!go_board_setup(b, V(b, "G1"), GO_BLACK));
    CHECK(go_board_check(b));
    CHECK_EQ_INT(go_board_at(b, V(b, "G1")), GO_EMPTY);
    CHECK_EQ_INT(go_board_moves(b), 1);
    CHECK(go_board_hash(b) == h);
    CHECK(go_board_undo(b));
    CHECK_MSG(go_board_check(b), "the board is inconsistent after undoing W F1");
    CHECK_EQ_INT(go_string_size(b, V(b, "D1")), 2);
    CHECK_EQ_INT(go_board_at(b, V(b, "F1")), GO_EMPTY);
    go_board_free(b);
}

/* ---- A naive reference: positions as plain arrays, rules applied by flood fill,
 * simple ko as "recreates the position before the opponent's last move", superko as
 * "recreates any earlier position". Slow, obvious, independent of board.c. ---- */

typedef struct naive {
    int n;
    go_color c[GO_MAX_POINTS];
} naive;

static void naive_clear(naive *g, int n) {
    g->n = n;
    for (int p = 0; p < GO_MAX_POINTS; p++) {
        int r = p / GO_STRIDE - 1, col = p % GO_STRIDE - 1;
        g->c[p] = r >= 0 && r < n && col >= 0 && col < n ? GO_EMPTY : GO_BORDER;
    }
}

/* Marks p's string in mark and returns whether it has a liberty. */
static bool naive_alive(const naive *g, go_point p, unsigned char *mark) {
    static const int d[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    go_point st[GO_MAX_POINTS];
    int sp = 0;
    bool lib = false;
    memset(mark, 0, GO_MAX_POINTS);
    st[sp++] = p;
    mark[p] = 1;
    while (sp) {
        go_point q = st[--sp];
        for (int i = 0; i < 4; i++) {
            go_point x = q + d[i];
            if (g->c[x] == GO_EMPTY) lib = true;
            if (g->c[x] == g->c[p] && !mark[x]) {
                mark[x] = 1;
                st[sp++] = x;
            }
        }
    }
    return lib;
}

/* Plays c at p into out (captures, then suicide check). Returns GO_OK,
 * GO_ILLEGAL_OCCUPIED or GO_ILLEGAL_SUICIDE; removed[k] counts stones of colour k
 * taken off. */
static int naive_play(const naive *g, go_color c, go_point p, bool suicide_ok, naive *out, int removed[3]) {
    static const int d[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    unsigned char mark[GO_MAX_POINTS];
    *out = *g;
    removed[0] = removed[1] = removed[2] = 0;
    if (g->c[p] != GO_EMPTY) return GO_ILLEGAL_OCCUPIED;
    out->c[p] = c;
    for (int i = 0; i < 4; i++) {
        go_point x = p + d[i];
        if (out->c[x] == go_other(c) && !naive_alive(out, x, mark)) {
            for (int q = 0; q < GO_MAX_POINTS; q++)
                if (mark[q]) {
                    out->c[q] = GO_EMPTY;
                    removed[go_other(c)]++;
                }
        }
    }
    if (!naive_alive(out, p, mark)) {
        if (!suicide_ok) return GO_ILLEGAL_SUICIDE;
        for (int q = 0; q < GO_MAX_POINTS; q++)
            if (mark[q]) {
                out->c[q] = GO_EMPTY;
                removed[c]++;
            }
    }
    return GO_OK;
}

static int total_kos, total_superkos;

/* Random games played on both: legality verdicts, positions, capture counts and
 * "same position <=> same hash" must agree at every move. */
static void test_against_naive(int size, int games, bool superko, bool suicide) {
    go_board *b = go_board_new(size);
    go_board_set_superko(b, superko);
    go_board_set_suicide_allowed(b, suicide);
    int limit = size * size * 3;
    naive *hist = malloc((size_t)(limit + 1) * sizeof *hist);
    int bad_verdict = 0, bad_pos = 0, bad_caps = 0, collisions = 0, kos = 0, sks = 0;
    for (int g = 0; g < games; g++) {
        go_board_clear(b, size);
        naive_clear(&hist[0], size);
        int nh = 1, caps[3] = {0, 0, 0};
        go_color c = GO_BLACK;
        go_point retake = GO_NO_POINT; /* a point where one stone was just captured */
        int retake_age = 0;
        for (int m = 0; m < limit; m++) {
            go_point p = rnd(12) == 0 ? GO_PASS : go_pt((int)rnd((unsigned)size), (int)rnd((unsigned)size));
            /* Aim at fresh single captures so kos and their cycles actually arise. */
            if (retake != GO_NO_POINT && retake_age++ < 4 && rnd(2) == 0) p = retake;
            naive next;
            int removed[3] = {0, 0, 0}, want;
            if (p == GO_PASS) {
                next = hist[nh - 1];
                want = GO_OK;
            } else {
                want = naive_play(&hist[nh - 1], c, p, suicide, &next, removed);
                /* A single-stone recapture that undoes the opponent's last move. */
                if (want == GO_OK && nh >= 2 && memcmp(&next, &hist[nh - 2], sizeof next) == 0 &&
                    removed[go_other(c)] == 1 && removed[c] == 0)
                    want = GO_ILLEGAL_KO;
                if (want == GO_OK && superko)
                    for (int i = 0; i < nh; i++)
                        if (memcmp(&next, &hist[i], sizeof next) == 0) want = GO_ILLEGAL_SUPERKO;
            }
            int got = go_board_play(b, c, p);
            if (got != want) {
                bad_verdict++;
                if (bad_verdict < 4) {
                    fprintf(stderr, "verdict %d, naive %d for %c at %d:\n", got, want,
                            c == GO_BLACK ? 'X' : 'O', p);
                    go_board_print(b, stderr);
                }
            }
            kos += want == GO_ILLEGAL_KO;
            sks += want == GO_ILLEGAL_SUPERKO;
            if (want == GO_OK) {
                if (got != GO_OK) break;
                caps[c] += removed[go_other(c)];
                caps[go_other(c)] += removed[c];
                if (removed[go_other(c)] == 1) {
                    for (go_point q = 0; q < GO_MAX_POINTS; q++)
                        if (hist[nh - 1].c[q] == go_other(c) && next.c[q] == GO_EMPTY) retake = q;
                    retake_age = 0;
                }
                hist[nh++] = next;
                for (go_point q = 0; q < GO_MAX_POINTS; q++)
                    if (go_board_at(b, q) != next.c[q]) {
                        bad_pos++;
                        break;
                    }
                if (go_board_captures(b, GO_BLACK) != caps[GO_BLACK] ||
                    go_board_captures(b, GO_WHITE) != caps[GO_WHITE])
                    bad_caps++;
                c = go_other(c);
            } else if (got == GO_OK) {
                go_board_undo(b);
            }
            if (nh > limit) break;
        }
        /* Walk back: equal positions must have equal hashes, different ones not. */
        for (int i = nh - 1; i >= 1; i--) {
            uint64_t h = go_board_hash(b);
            go_board_undo(b);
            bool same_prev = memcmp(&hist[i - 1], &hist[i], sizeof hist[i]) == 0;
            if (same_prev != (go_board_hash(b) == h)) collisions++;
        }
    }
    printf("naive %dx%d%s%s: %d games, %d ko and %d superko refusals compared\n", size, size,
           superko ? " superko" : "", suicide ? " suicide" : "", games, kos, sks);
    CHECK_EQ_INT(bad_verdict, 0);
    CHECK_EQ_INT(bad_pos, 0);
    CHECK_EQ_INT(bad_caps, 0);
    CHECK_EQ_INT(collisions, 0);
    total_kos += kos;
    total_superkos += sks;
    free(hist);
    go_board_free(b);
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    test_vertices();
    test_liberties();
    test_capture_and_snapback();
    test_ko();
    test_suicide();
    test_history_and_copy();
    int k = t_sanitized() ? 1 : 4;
    test_random(5, 10 * k, false, false);
    test_random(7, 5 * k, true, false);
    test_random(9, 3 * k, false, true);
    test_random(19, k, false, false);
    test_random(2, 20 * k, true, true);
    test_setup_refused_after_merge();
    test_setup_between_moves(5, 200 * k);
    test_setup_between_moves(9, 40 * k);
    test_setup_between_moves(19, 4 * k);
    test_against_naive(4, 50 * k, true, false);
    test_against_naive(5, 50 * k, false, false);
    test_against_naive(5, 20 * k, true, true);
    test_against_naive(9, 5 * k, false, false);
    test_against_naive(19, k, true, false);
    /* The comparisons must have met both kinds of refusal, or they prove little. */
    CHECK(total_kos > 0);
    CHECK(total_superkos > 0);
    return t_summary("test_go_board");
}
