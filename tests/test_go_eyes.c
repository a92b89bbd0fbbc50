/* Static life-and-death knowledge against brute force on small boards:
 * - Benson: on random 4x4 and 5x5 positions, no string go_benson marks alive can be
 *   captured by any sequence of opponent moves while its owner passes (exhaustive
 *   search over every reachable position); known live shapes (one string, two-headed
 *   dragon, many strings sharing eyes) are found.
 * - The diagonal rule of go_eye_kind against ring connectivity computed by flood fill
 *   for every colouring of the diagonals (centre, edge, corner).
 * - Eye points and tiger's mouths on hand positions (the atari exception of seed 002).
 * - go_is_seki: a false seki (the throw-in that leaves a bulky five) is refused and
 *   go_life_status proves the kill (true sekis are checked by test_go_eyeshape).
 * - go_area_score against the Tromp-Taylor reachability definition on random boards.
 * - go_life_status on hand positions (Benson life, a straight three with either side to
 *   move, an open outside giving UNKNOWN).
 * - The static answers are functions of the position: the same random position built
 *   in two stone orders (so its strings link their stones differently) gets the same
 *   go_life_status_max and go_benson_possible answers, with the eye-space cache cleared
 *   and warm; and the life-and-death search gives the same plays and answers on Cho
 *   problems with its static cache and without it (GO_TS_NO_SCACHE). */
#include "go/eyes.h"
#include "go_testutil.h"
#include "yomi/go_tsumego.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint32_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

static go_point V(const go_board *b, const char *s) { return go_vertex_parse(b, s); }

/* Exact key of a board of at most 5x5: two bits a point. */
static uint64_t board_key(const go_board *b) {
    uint64_t k = 0;
    int i = 0;
    GO_FOR_POINTS(b, p) { k |= (uint64_t)go_at(b, p) << (2 * i++); }
    return k;
}

/* ---- Benson ---- */

typedef struct {
    uint64_t *keys;
    uint8_t *val; /* 1 = capture possible, 2 = not */
    size_t cap, n;
} memo;

static int memo_get(memo *m, uint64_t k) {
    size_t h = (size_t)((k * 0x9e3779b97f4a7c15ULL) >> 20) & (m->cap - 1);
    while (m->val[h]) {
        if (m->keys[h] == k) return m->val[h];
        h = (h + 1) & (m->cap - 1);
    }
    return 0;
}

static void memo_put(memo *m, uint64_t k, int v) {
    size_t h = (size_t)((k * 0x9e3779b97f4a7c15ULL) >> 20) & (m->cap - 1);
    while (m->val[h] && m->keys[h] != k) h = (h + 1) & (m->cap - 1);
    if (!m->val[h]) m->n++;
    m->keys[h] = k;
    m->val[h] = (uint8_t)v;
}

static long benson_nodes;

/* Can colour `by` capture the stone at target by playing any moves in a row (the owner
 * always passes)? Exhaustive over reachable positions with a memo of exact keys. */
static bool can_capture(go_board *b, go_color by, go_point target, memo *m) {
    if (go_board_at(b, target) == GO_EMPTY) return true;
    uint64_t k = board_key(b);
    int v = memo_get(m, k);
    if (v) return v == 1;
    if (m->n * 2 > m->cap) return false; /* the caller checks the memo did not fill */
    benson_nodes++;
    bool found = false;
    GO_FOR_POINTS(b, p) {
        if (found) break;
        if (go_at(b, p) != GO_EMPTY) continue;
        /* The owner passes between the opponent's moves, so no ko ban ever applies. */
        go_board_play(b, go_other(by), GO_PASS);
        if (go_board_play(b, by, p) == GO_OK) {
            found = can_capture(b, by, target, m);
            go_board_undo(b);
        }
        go_board_undo(b);
    }
    memo_put(m, k, found ? 1 : 2);
    return found;
}

static void random_board(go_board *b, int size, int pc, int po) {
    go_board_clear(b, size);
    for (int tries = 0; tries < 2; tries++) GO_FOR_POINTS(b, p) {
            int r = (int)(rnd() % 100);
            go_color c = r < pc ? GO_BLACK : r < pc + po ? GO_WHITE : GO_EMPTY;
            if (c != GO_EMPTY && go_at(b, p) == GO_EMPTY) go_board_setup(b, p, c);
        }
}

/* go_benson_alive_all (the strings the seeds depend on only) against go_benson on the
 * whole board: the same answer for every string and for pairs of strings. */
static void test_benson_local(void) {
    go_board *b = go_board_new(9);
    int boards = t_sanitized() ? 300 : 3000;
    long alive_seen = 0, compared = 0;
    for (int i = 0; i < boards; i++) {
        int size = 5 + (int)(i % 5);
        random_board(b, size, 35 + (int)(rnd() % 30), 5 + (int)(rnd() % 25));
        for (int ci = 0; ci < 2; ci++) {
            go_color c = ci ? GO_WHITE : GO_BLACK;
            uint8_t alive[GO_MAX_POINTS];
            go_benson(b, c, alive, NULL);
            go_point prev = GO_NO_POINT;
            GO_FOR_POINTS(b, p) {
                if (go_at(b, p) != c || go_string_id(b, p) != p) continue;
                bool a = go_benson_alive_all(b, &p, 1);
                CHECK_MSG(a == (alive[p] != 0), "local Benson differs (board %d)", i);
                CHECK_MSG(go_benson_alive(b, p) == (alive[p] != 0), "go_benson_alive differs (board %d)", i);
                alive_seen += a;
                compared++;
                if (prev != GO_NO_POINT) {
                    go_point two[2] = {prev, p};
                    CHECK(go_benson_alive_all(b, two, 2) == (alive[prev] && alive[p]));
                }
                prev = p;
            }
        }
    }
    CHECK_MSG(alive_seen > 100, "too few alive strings compared (%ld of %ld)", alive_seen, compared);
    go_board_free(b);
}

static void test_benson_brute(void) {
    go_board *b = go_board_new(5);
    memo m;
    m.cap = 1u << 20;
    m.keys = malloc(m.cap * sizeof *m.keys);
    m.val = malloc(m.cap);
    int boards = t_sanitized() ? 300 : 3000;
    long alive_strings = 0, alive_checked = 0, boards_with_life = 0;
    for (int i = 0; i < boards; i++) {
        int size = i % 3 == 0 ? 4 : 5;
        random_board(b, size, 45 + (int)(rnd() % 20), 5 + (int)(rnd() % 15));
        for (int ci = 0; ci < 2; ci++) {
            go_color c = ci ? GO_WHITE : GO_BLACK;
            uint8_t alive[GO_MAX_POINTS], region[GO_MAX_POINTS];
            if (go_benson(b, c, alive, region) == 0) continue;
            boards_with_life++;
            GO_FOR_POINTS(b, p) {
                if (!alive[p] || go_string_id(b, p) != p) continue;
                alive_strings++;
                memset(m.val, 0, m.cap);
                m.n = 0;
                bool cap = can_capture(b, go_other(c), p, &m);
                CHECK_MSG(m.n * 2 <= m.cap, "memo full");
                CHECK_MSG(!cap, "Benson-alive string captured (board %d)", i);
                if (cap) go_board_print(b, stderr);
                alive_checked++;
                /* The vital regions: the opponent never gets a stone there to survive
                 * -- at least, every such point is empty or an opponent stone now. */
            }
            /* Region points belong to c: none is a c stone. */
            GO_FOR_POINTS(b, p) {
                if (region[p]) CHECK(go_at(b, p) != c);
            }
        }
    }
    printf("benson: %d boards, %ld with unconditional life, %ld alive strings checked uncapturable "
           "(%ld search nodes)\n",
           boards, boards_with_life, alive_checked, benson_nodes);
    CHECK(alive_checked >= (t_sanitized() ? 20 : 200));
    free(m.keys);
    free(m.val);
    go_board_free(b);
}

static go_board *rows_board(int size, const char *const *rows) {
    go_board *b = gt_board_from_rows(size, rows);
    CHECK_MSG(b != NULL, "bad test board");
    return b;
}

static void test_benson_known(void) {
    /* One string, two eyes in the corner. */
    static const char *const one[] = {
        ". X . X .", "X X X X X", ". . . . .", ". O O O .", ". . . . .",
    };
    go_board *b = rows_board(5, one);
    CHECK(go_benson_alive(b, V(b, "A4")));
    CHECK(!go_benson_alive(b, V(b, "B2")));
    uint8_t alive[GO_MAX_POINTS], region[GO_MAX_POINTS];
    CHECK_EQ_INT(go_benson(b, GO_BLACK, alive, region), 7);
    CHECK(region[V(b, "A5")] && region[V(b, "C5")] && region[V(b, "E5")]);
    CHECK(!region[V(b, "A3")]);
    go_board_free(b);
    /* Many strings sharing eyes (seed 002, 多块活棋): B5 and D5 are single stones whose
     * only eyes are shared with the big string; every one is alive. */
    static const char *const many[] = {
        ". X . X .", "X . X . X", "X X X X X", ". . . . .", ". . O . .",
    };
    b = rows_board(5, many);
    CHECK(go_benson_alive(b, V(b, "B5")));
    CHECK(go_benson_alive(b, V(b, "D5")));
    CHECK(go_benson_alive(b, V(b, "A3")));
    go_board_free(b);
    /* One eye only: not alive. A single eye plus a false eye: not alive. */
    static const char *const dead[] = {
        ". X O . .", "X X O . .", "O O O . .", ". . . . .", ". . . . .",
    };
    b = rows_board(5, dead);
    CHECK(!go_benson_alive(b, V(b, "A4")));
    CHECK(!go_benson_alive(b, V(b, "C4")));
    go_board_free(b);
}

/* ---- Diagonal rule ---- */

/* Are the on-board orthogonal neighbours of p connected through c's stones of the
 * ring of eight around p (flood fill)? */
static bool ring_connected(const go_board *b, go_point p, go_color c, const go_color *fill_empty) {
    static const int ring[8] = {-GO_STRIDE, -GO_STRIDE + 1, 1,  GO_STRIDE + 1,
                                GO_STRIDE,  GO_STRIDE - 1,  -1, -GO_STRIDE - 1};
    bool own[8];
    for (int i = 0; i < 8; i++) {
        go_color k = go_board_at(b, p + ring[i]);
        if (k == GO_EMPTY) k = *fill_empty;
        own[i] = k == c;
    }
    /* Walk the ring: neighbours (even indices) on the board must all lie in one run of
     * consecutive own points. */
    int label[8], nl = 0;
    for (int i = 0; i < 8; i++) label[i] = -1;
    for (int i = 0; i < 8; i++) {
        if (!own[i] || label[i] >= 0) continue;
        int l = nl++;
        for (int j = i; own[j] && label[j] < 0; j = (j + 1) % 8) label[j] = l;
        for (int j = (i + 7) % 8; own[j] && label[j] < 0; j = (j + 7) % 8) label[j] = l;
    }
    int seen = -1;
    for (int i = 0; i < 8; i += 2) {
        if (go_board_at(b, p + ring[i]) == GO_BORDER) continue;
        if (seen < 0)
            seen = label[i];
        else if (label[i] != seen)
            return false;
    }
    return true;
}

static void test_eye_kind(void) {
    go_board *b = go_board_new(7);
    /* Centre (D4), edge (D1) and corner (A1). */
    const char *where[3] = {"D4", "D1", "A1"};
    int counts[4] = {0, 0, 0, 0}, checked = 0;
    for (int w = 0; w < 3; w++) {
        go_point p = V(b, where[w]);
        static const int diag[4] = {-GO_STRIDE - 1, -GO_STRIDE + 1, GO_STRIDE - 1, GO_STRIDE + 1};
        go_point dpts[4];
        int nd = 0;
        go_board_clear(b, 7);
        for (int d = 0; d < 4; d++)
            if (go_board_at(b, p + diag[d]) == GO_EMPTY) dpts[nd++] = p + diag[d];
        int total = 1;
        for (int i = 0; i < nd; i++) total *= 3;
        for (int code = 0; code < total; code++) {
            go_board_clear(b, 7);
            GO_FOR_NEIGHBORS(p, n) {
                if (go_board_at(b, n) == GO_EMPTY) go_board_setup(b, n, GO_BLACK);
            }
            int c = code;
            for (int i = 0; i < nd; i++, c /= 3)
                if (c % 3) go_board_setup(b, dpts[i], c % 3 == 1 ? GO_BLACK : GO_WHITE);
            go_color black = GO_BLACK, white = GO_WHITE;
            bool best = ring_connected(b, p, GO_BLACK, &black); /* black gets the empties */
            bool worst = ring_connected(b, p, GO_BLACK, &white); /* white gets them */
            int want = worst ? GO_EYE_TRUE : best ? GO_EYE_HALF : GO_EYE_FALSE;
            int got = go_eye_kind(b, p, GO_BLACK);
            CHECK_MSG(got == want, "eye kind at %s, diagonals %d: got %d want %d", where[w], code, got, want);
            counts[got]++;
            checked++;
        }
    }
    printf("eye kinds: %d diagonal colourings checked (%d true, %d false, %d half)\n", checked,
           counts[GO_EYE_TRUE], counts[GO_EYE_FALSE], counts[GO_EYE_HALF]);
    CHECK_EQ_INT(checked, 81 + 9 + 3);
    go_board_free(b);
}

static void test_eye_points(void) {
    static const char *const rows[] = {
        ". X . X . .", "X X X X . .", ". . . X . .", ". . X . X .", ". X . X . .", "X . X . . .",
    };
    go_board *b = rows_board(6, rows);
    CHECK(go_is_eye_point(b, V(b, "A6"), GO_BLACK)); /* corner */
    CHECK(!go_is_eye_point(b, V(b, "A6"), GO_WHITE));
    CHECK(go_is_eye_point(b, V(b, "C6"), GO_BLACK)); /* edge */
    CHECK(go_is_eye_point(b, V(b, "D3"), GO_BLACK)); /* centre, four strings */
    CHECK(go_is_eye_point(b, V(b, "B1"), GO_BLACK)); /* edge, three strings */
    CHECK(go_is_eye_point(b, V(b, "C2"), GO_BLACK));
    CHECK(!go_is_eye_point(b, V(b, "E4"), GO_BLACK)); /* empty neighbours */
    CHECK(!go_is_eye_point(b, V(b, "B6"), GO_BLACK)); /* occupied */
    CHECK_EQ_INT(go_eye_kind(b, V(b, "A6"), GO_BLACK), GO_EYE_TRUE); /* one string */
    CHECK_EQ_INT(go_eye_kind(b, V(b, "D3"), GO_BLACK), GO_EYE_HALF); /* four empty diagonals */
    CHECK_EQ_INT(go_eye_kind(b, V(b, "E4"), GO_BLACK), GO_EYE_NONE);
    /* Tiger's mouths: A2 is closed by A1 and B2 and open at A3. */
    CHECK_EQ_INT(go_tiger_mouth(b, V(b, "A2"), GO_BLACK), V(b, "A3"));
    CHECK_EQ_INT(go_tiger_mouth(b, V(b, "E4"), GO_BLACK), GO_NO_POINT); /* two open */
    CHECK_EQ_INT(go_tiger_mouth(b, V(b, "D3"), GO_BLACK), GO_NO_POINT); /* an eye, not a mouth */
    CHECK_EQ_INT(go_tiger_mouth(b, V(b, "A2"), GO_WHITE), GO_NO_POINT);
    /* A white stone in the mouth is in atari. */
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, V(b, "A2")), GO_OK);
    CHECK_EQ_INT(go_string_libs(b, V(b, "A2")), 1);
    go_board_free(b);
    /* Seed 002: an eye point whose surrounding string is in atari can be played (it
     * captures), so it is no eye point (nor a tiger's mouth). */
    static const char *const atari[] = {
        ". X O . .", "X O . . .", "O . . . .", ". . . . .", ". . . . .",
    };
    b = rows_board(5, atari);
    CHECK(!go_is_eye_point(b, V(b, "A5"), GO_BLACK));
    CHECK(go_board_is_legal(b, GO_WHITE, V(b, "A5")));
    go_board_free(b);
}

/* ---- Seki ---- */

static void test_seki(void) {
    /* Two shared liberties and no eyes looks like seki, but black's throw-in at B4
     * (or C4) makes white capture five stones into a bulky five whose vital point black
     * then takes: the white ring is dead, black to move. go_is_seki must not claim
     * seki; go_life_status proves the death; the searches confirm both. */
    static const char *const ring[] = {
        "O . . O",
        "O X X O",
        "O X X O",
        "O O O O",
    };
    go_board *b = rows_board(4, ring);
    CHECK(!go_is_seki(b, V(b, "A4"), V(b, "B3")));
    CHECK_EQ_INT(go_life_status(b, V(b, "A4"), GO_BLACK, NULL, NULL), GO_LIFE_DEAD);
    {
        /* In a game that keeps to a region (the tsumego search's), the death stands only
         * when the region holds every liberty and eye-space point: without B4 black
         * could never fill that liberty, without B3 never play there again after a
         * capture (el10 at 2M plays: the same plays). */
        bool region[GO_MAX_POINTS];
        GO_FOR_POINTS(b, q) { region[q] = true; }
        CHECK_EQ_INT(go_life_status_in(b, V(b, "A4"), GO_BLACK, GO_ES_MAX, region, NULL, NULL), GO_LIFE_DEAD);
        region[V(b, "B4")] = false;
        CHECK_EQ_INT(go_life_status_in(b, V(b, "A4"), GO_BLACK, GO_ES_MAX, region, NULL, NULL),
                     GO_LIFE_UNKNOWN);
        region[V(b, "B4")] = true;
        region[V(b, "B3")] = false;
        CHECK_EQ_INT(go_life_status_in(b, V(b, "A4"), GO_BLACK, GO_ES_MAX, region, NULL, NULL),
                     GO_LIFE_UNKNOWN);
    }
    /* After the throw-in and the capture, the space is a bulky five, black to move. */
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, V(b, "B4")), GO_OK);
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, V(b, "C4")), GO_OK);
    CHECK_EQ_INT(go_board_last_captured(b), 5);
    {
        go_es_region r;
        go_point pts[GO_ES_MAX];
        CHECK(go_es_from_board(b, V(b, "A4"), V(b, "B3"), GO_BLACK, &r, pts));
        go_es_status st;
        CHECK(go_es_classify(&r, &st));
        CHECK_EQ_INT(r.n, 5);
        CHECK_EQ_INT(st.status, GO_SHAPE_UNSETTLED);
        /* The only killing point: B3, the one next to three others. */
        CHECK_EQ_INT(__builtin_popcount(st.kill), 1);
        CHECK(st.kill && pts[__builtin_ctz(st.kill)] == V(b, "B3"));
    }
    go_board_free(b);
}

/* ---- Area scoring ---- */

static void test_area_score(void) {
    go_board *b = go_board_new(5);
    for (int i = 0; i < 2000; i++) {
        random_board(b, 3 + i % 3, 25, 25);
        /* Tromp-Taylor: an empty point counts for c when it reaches c and not the other
         * colour, "reach" computed by relaxation to a fixed point. */
        uint8_t reach[GO_MAX_POINTS];
        memset(reach, 0, sizeof reach);
        for (bool ch = true; ch;) {
            ch = false;
            GO_FOR_POINTS(b, p) {
                if (go_at(b, p) != GO_EMPTY) continue;
                uint8_t r = reach[p];
                GO_FOR_NEIGHBORS(p, n) {
                    go_color k = go_at(b, n);
                    if (k == GO_BLACK || k == GO_WHITE)
                        r |= (uint8_t)k;
                    else if (k == GO_EMPTY)
                        r |= reach[n];
                }
                if (r != reach[p]) {
                    reach[p] = r;
                    ch = true;
                }
            }
        }
        int area[3] = {0, 0, 0};
        GO_FOR_POINTS(b, p) {
            go_color k = go_at(b, p);
            if (k != GO_EMPTY)
                area[k]++;
            else if (reach[p] == GO_BLACK || reach[p] == GO_WHITE)
                area[reach[p]]++;
        }
        int bl, wh;
        int d = go_area_score(b, &bl, &wh);
        CHECK_EQ_INT(bl, area[GO_BLACK]);
        CHECK_EQ_INT(wh, area[GO_WHITE]);
        CHECK_EQ_INT(d, bl - wh);
    }
    go_board_free(b);
}

/* ---- go_life_status ---- */

static void test_life_status(void) {
    /* A straight three (B6 C6 D6) walled by black, white alive around it. */
    static const char *const three[] = {
        "X X X X X O .", "X . . . X O O", "X X X X X O .", "O O O O O O O",
        ". O . O . O .", "O O O O O O O", "O . O . O . O",
    };
    go_board *b = rows_board(7, three);
    go_point mv[GO_ES_MAX + 2];
    int nm = -1;
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_BLACK, mv, &nm), GO_LIFE_ALIVE);
    CHECK_EQ_INT(nm, 1);
    CHECK_EQ_INT(mv[0], V(b, "C6"));
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_WHITE, mv, &nm), GO_LIFE_DEAD);
    CHECK_EQ_INT(nm, 1);
    CHECK_EQ_INT(mv[0], V(b, "C6"));
    CHECK_EQ_INT(go_life_status(b, V(b, "F7"), GO_BLACK, NULL, NULL), GO_LIFE_ALIVE); /* Benson */
    /* After black C6: alive whoever moves (two eyes: Benson). */
    CHECK_EQ_INT(go_board_play(b, GO_BLACK, V(b, "C6")), GO_OK);
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_WHITE, NULL, NULL), GO_LIFE_ALIVE);
    CHECK(go_benson_alive(b, V(b, "A7")));
    go_board_undo(b);
    /* After white C6: dead whoever moves. */
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, V(b, "C6")), GO_OK);
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_BLACK, NULL, NULL), GO_LIFE_DEAD);
    go_board_free(b);

    /* The same eye with the white wall not yet alive (no eyes for white): Benson alone
     * cannot close the wall, so without the race rule death is not claimed; with it,
     * the wall's 10 liberties away from the black string outlast the few moves white
     * needs to kill a straight three (black could never capture the wall first). */
    static const char *const open[] = {
        "X X X X X O .", "X . . . X O .", "X X X X X O .", "O O O O O O .",
        ". . . . . . .", ". . . . . . .", ". . . . . . .",
    };
    b = rows_board(7, open);
    CHECK_EQ_INT(go_life_status_race(b, V(b, "A7"), GO_WHITE, GO_ES_MAX, -1, NULL, NULL, NULL),
                 GO_LIFE_UNKNOWN);
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_WHITE, NULL, NULL), GO_LIFE_DEAD);
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_BLACK, NULL, NULL), GO_LIFE_ALIVE);
    go_board_free(b);

    /* A bulky five with outer liberties and an open outside: black to move lives at the
     * vital point; white to move is UNKNOWN (black might escape). */
    static const char *const bulky[] = {
        ". . . . . . .", ". X X X X . .", ". X . . X X .", ". X . . . X .",
        ". X X X X X .", ". . . . . . .", ". . . . . . .",
    };
    b = rows_board(7, bulky);
    CHECK_EQ_INT(go_life_status(b, V(b, "B6"), GO_BLACK, mv, &nm), GO_LIFE_ALIVE);
    bool vital = false;
    for (int i = 0; i < nm; i++) vital |= mv[i] == V(b, "D4");
    CHECK(vital);
    CHECK_EQ_INT(go_life_status(b, V(b, "B6"), GO_WHITE, NULL, NULL), GO_LIFE_UNKNOWN);
    go_board_free(b);

    /* One eye (F7) and a flower five touching the edge (C7 B6 C6 D6 C5). Alone, the
     * flower counts F7 as an outer liberty white may fill, and white to move kills it
     * at C6; solved as one game with the eye, black lives whoever starts (white can
     * never fill F7, so a stone on C6 is eventually captured). Benson does not see it
     * (C6 is no liberty). */
    static const char *const two[] = {
        "X X . X X . X", "X . . . X X X", "X X . X X O O", "O X X X O O .",
        "O O O O O . O", ". O . O O O O", "O O O O . O .",
    };
    b = rows_board(7, two);
    CHECK(!go_benson_alive(b, V(b, "A7")));
    CHECK(go_benson_alive(b, V(b, "A4")));
    {
        go_es_region r;
        go_point pts[GO_ES_MAX];
        CHECK(go_es_from_board(b, V(b, "A7"), V(b, "C6"), GO_WHITE, &r, pts));
        CHECK_EQ_INT(r.n, 5);
        CHECK_EQ_INT(r.outer, 1);
        go_es_status st;
        CHECK(go_es_classify(&r, &st));
        CHECK_EQ_INT(st.status, GO_SHAPE_UNSETTLED);
    }
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_WHITE, NULL, NULL), GO_LIFE_ALIVE);
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_BLACK, NULL, NULL), GO_LIFE_ALIVE);
    CHECK_EQ_INT(go_board_play(b, GO_WHITE, V(b, "C6")), GO_OK);
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_BLACK, NULL, NULL), GO_LIFE_ALIVE);
    go_board_free(b);
    static const char *const two_pt[] = {
        "X X X X X X O", "X . . X X X O", "X X X X X X O", "O O O O O O O",
        ". O . O . O .", "O O O O O O O", "O . O . O . O",
    };
    b = rows_board(7, two_pt);
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_BLACK, NULL, NULL), GO_LIFE_DEAD);
    CHECK_EQ_INT(go_life_status(b, V(b, "A7"), GO_WHITE, NULL, NULL), GO_LIFE_DEAD);
    CHECK_EQ_INT(go_life_status(b, V(b, "G7"), GO_BLACK, NULL, NULL), GO_LIFE_ALIVE);
    go_board_free(b);
}

/* ---- Symmetry and colour swap ----
 * Benson, go_life_status (with its moves) and go_area_score give the same answers on a
 * board turned by any of the eight symmetries with the colours swapped. */
static go_point sym_pt(go_point p, int t, int size) {
    int x = go_col(p), y = go_row(p);
    if (t & 1) x = size - 1 - x;
    if (t & 2) y = size - 1 - y;
    if (t & 4) {
        int z = x;
        x = y;
        y = z;
    }
    return go_pt(x, y);
}

static void test_symmetry(void) {
    go_board *b = go_board_new(6), *s = go_board_new(6);
    int boards = t_sanitized() ? 100 : 1500;
    long statuses = 0, definite = 0, moves_checked = 0;
    for (int i = 0; i < boards; i++) {
        int size = 4 + i % 3;
        random_board(b, size, 40, 25);
        int t = (int)(rnd() % 8);
        go_board_clear(s, size);
        for (int pass = 0; pass < 2; pass++) GO_FOR_POINTS(b, p) {
                go_color k = go_at(b, p);
                if (k != GO_EMPTY && go_board_at(s, sym_pt(p, t, size)) == GO_EMPTY)
                    go_board_setup(s, sym_pt(p, t, size), go_other(k));
            }
        bool same_pos = true;
        GO_FOR_POINTS(b, p) {
            go_color k = go_at(b, p);
            same_pos &= go_board_at(s, sym_pt(p, t, size)) == (k == GO_EMPTY ? GO_EMPTY : go_other(k));
        }
        CHECK(same_pos);
        if (!same_pos) continue;
        for (int ci = 0; ci < 2; ci++) {
            go_color c = ci ? GO_WHITE : GO_BLACK;
            uint8_t a1[GO_MAX_POINTS], r1[GO_MAX_POINTS], a2[GO_MAX_POINTS], r2[GO_MAX_POINTS];
            go_benson(b, c, a1, r1);
            go_benson(s, go_other(c), a2, r2);
            bool same = true;
            GO_FOR_POINTS(b, p) {
                same &= a1[p] == a2[sym_pt(p, t, size)] && r1[p] == r2[sym_pt(p, t, size)];
            }
            CHECK_MSG(same, "Benson differs under symmetry %d and colour swap", t);
        }
        int bl1, wh1, bl2, wh2;
        go_area_score(b, &bl1, &wh1);
        go_area_score(s, &bl2, &wh2);
        CHECK(bl1 == wh2 && wh1 == bl2);
        GO_FOR_POINTS(b, p) {
            if (go_at(b, p) == GO_EMPTY || go_string_id(b, p) != p) continue;
            for (int tm = 0; tm < 2; tm++) {
                go_color to = tm ? GO_WHITE : GO_BLACK;
                go_point m1[GO_ES_MAX + 2], m2[GO_ES_MAX + 2];
                int n1 = 0, n2 = 0;
                int l1 = go_life_status(b, p, to, m1, &n1);
                int l2 = go_life_status(s, sym_pt(p, t, size), go_other(to), m2, &n2);
                CHECK_MSG(l1 == l2, "go_life_status differs under symmetry %d and colour swap", t);
                /* Every winning move reported is sound: after it, with the other side
                 * to move, the string's status is the same or unknown, never the
                 * opposite. (Which moves are listed depends on the eye space that
                 * proved it, so the lists themselves may differ under symmetry.) */
                for (int x = 0; x < n1; x++) {
                    if (m1[x] == GO_PASS || go_board_play(b, to, m1[x]) != GO_OK) continue;
                    int after = go_board_at(b, p) == GO_EMPTY
                        ? GO_LIFE_DEAD
                        : go_life_status(b, p, go_other(to), NULL, NULL);
                    CHECK_MSG(after == l1 || after == GO_LIFE_UNKNOWN, "a reported winning move loses");
                    go_board_undo(b);
                    moves_checked++;
                }
                (void)n2;
                (void)m2;
                statuses++;
                definite += l1 != GO_LIFE_UNKNOWN;
            }
        }
    }
    printf("symmetry and colour swap: %d boards, %ld statuses (%ld proven) identical; %ld reported winning "
           "moves "
           "sound\n",
           boards, statuses, definite, moves_checked);
    CHECK(definite > 100);
    go_board_free(b);
    go_board_free(s);
}

/* The regions around the string at v, flooded whole (points that are not its stones):
 * the smallest one's size, and how many are vital (each empty point a liberty of it). */
static void regions_oracle(const go_board *b, go_point v, int *smallest, int *vital_regions) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    go_color c = go_at(b, v);
    int sid = go_string_id(b, v);
    bool seen[GO_MAX_POINTS] = {false}, seen_c[GO_MAX_POINTS] = {false};
    *smallest = GO_MAX_POINTS;
    *vital_regions = 0;
    GO_FOR_POINTS(b, p) {
        if (go_at(b, p) != c || go_string_id(b, p) != sid) continue;
        for (int d = 0; d < 4; d++) {
            go_point q = p + dirs[d];
            go_color k = go_at(b, q);
            /* The space: every point but the string's own stones. */
            if (k != GO_BORDER && !(k == c && go_string_id(b, q) == sid) && !seen[q]) {
                go_point st[GO_MAX_POINTS];
                int n = 0, sp = 0;
                st[sp++] = q;
                seen[q] = true;
                while (sp) {
                    go_point x = st[--sp];
                    n++;
                    for (int e = 0; e < 4; e++) {
                        go_point y = x + dirs[e];
                        go_color ky = go_at(b, y);
                        if (ky == GO_BORDER || seen[y] || (ky == c && go_string_id(b, y) == sid)) continue;
                        seen[y] = true;
                        st[sp++] = y;
                    }
                }
                if (n < *smallest) *smallest = n;
            }
            /* Benson's regions: maximal sets of points that are not c's. */
            if (k != GO_BORDER && k != c && !seen_c[q]) {
                go_point st[GO_MAX_POINTS];
                int sp = 0;
                bool ok = true;
                st[sp++] = q;
                seen_c[q] = true;
                while (sp) {
                    go_point x = st[--sp];
                    if (go_at(b, x) == GO_EMPTY) {
                        bool lib = false;
                        for (int e = 0; e < 4; e++) {
                            go_point y = x + dirs[e];
                            lib |= go_at(b, y) == c && go_string_id(b, y) == sid;
                        }
                        ok &= lib;
                    }
                    for (int e = 0; e < 4; e++) {
                        go_point y = x + dirs[e];
                        go_color ky = go_at(b, y);
                        if (ky == GO_BORDER || ky == c || seen_c[y]) continue;
                        seen_c[y] = true;
                        st[sp++] = y;
                    }
                }
                *vital_regions += ok;
            }
        }
    }
}

/* ---- Static answers depend on the position alone ----
 * A cached answer (the eye-space cache here, the search's static cache in tsumego.c)
 * is right only if computing it again gives the same: nothing may depend on the order
 * of a string's stones, which follows the moves that built the position. */
static void test_order_independent(void) {
    go_board *b = go_board_new(7), *s = go_board_new(7);
    int boards = t_sanitized() ? 150 : 2000;
    long compared = 0, definite = 0, possible = 0, small = 0;
    for (int i = 0; i < boards; i++) {
        int size = 5 + i % 3;
        random_board(b, size, 42, 30);
        /* The same stones placed in a shuffled order, passes until each one fits. */
        go_point pts[GO_MAX_POINTS];
        int n = 0;
        GO_FOR_POINTS(b, p) {
            if (go_at(b, p) != GO_EMPTY) pts[n++] = p;
        }
        for (int j = n - 1; j > 0; j--) {
            int k = (int)(rnd() % (uint32_t)(j + 1));
            go_point t = pts[j];
            pts[j] = pts[k];
            pts[k] = t;
        }
        go_board_clear(s, size);
        for (int pass = 0; pass < 4; pass++)
            for (int j = 0; j < n; j++)
                if (go_board_at(s, pts[j]) == GO_EMPTY) go_board_setup(s, pts[j], go_at(b, pts[j]));
        bool same_pos = true;
        GO_FOR_POINTS(b, p) { same_pos &= go_board_at(s, p) == go_at(b, p); }
        CHECK(same_pos);
        if (!same_pos) continue;
        GO_FOR_POINTS(b, p) {
            if (go_at(b, p) == GO_EMPTY || go_string_id(b, p) != p) continue;
            bool p1 = go_benson_possible(b, p), p2 = go_benson_possible(s, p);
            int smallest, vital;
            regions_oracle(b, p, &smallest, &vital);
            CHECK_MSG(p1 == (vital >= 2) && p2 == p1,
                      "go_benson_possible: %d and %d, %d vital regions (board %d)", p1, p2, vital, i);
            possible += p1;
            for (int mx = 1; mx <= GO_ES_MAX; mx += 3) {
                bool s1 = go_small_space(b, p, mx), s2 = go_small_space(s, p, mx);
                CHECK_MSG(s1 == (smallest <= mx) && s2 == s1,
                          "go_small_space(%d): %d and %d, smallest space %d (board %d)", mx, s1, s2, smallest,
                          i);
                small += s1;
            }
            for (int tm = 0; tm < 2; tm++) {
                go_color to = tm ? GO_WHITE : GO_BLACK;
                for (int mp = 4; mp <= 6; mp += 2) {
                    go_es_cache_clear();
                    int fresh = go_life_status_max(b, p, to, mp, NULL, NULL);
                    int warm = go_life_status_max(b, p, to, mp, NULL, NULL);
                    int other = go_life_status_max(s, p, to, mp, NULL, NULL);
                    go_es_cache_clear();
                    int other_fresh = go_life_status_max(s, p, to, mp, NULL, NULL);
                    CHECK_MSG(fresh == warm && fresh == other && fresh == other_fresh,
                              "go_life_status_max differs: %d fresh, %d cached, %d and %d in another stone "
                              "order (board %d)",
                              fresh, warm, other, other_fresh, i);
                    /* The fused form: go_small_space's answer (against the oracle) and
                     * go_life_status_max's when it holds. */
                    bool sm;
                    int fused = go_life_status_small(b, p, to, mp, GO_LIFE_RACE_MARGIN, NULL, &sm);
                    CHECK_MSG(sm == (smallest <= GO_ES_MAX) && fused == (sm ? fresh : GO_LIFE_UNKNOWN),
                              "go_life_status_small: %d (small %d), smallest space %d, go_life_status_max %d "
                              "(board %d)",
                              fused, sm, smallest, fresh, i);
                    compared++;
                    definite += fresh != GO_LIFE_UNKNOWN;
                }
            }
        }
    }
    printf(
        "stone order and cache: %d boards, %ld statuses (%ld proven) identical; %ld Benson candidates, %ld "
        "small spaces as flooded whole\n",
        boards, compared, definite, possible, small);
    CHECK(definite > 100);
    go_board_free(b);
    go_board_free(s);
}

/* The search with and without its static cache: the same plays and answers. */
static void test_search_static_cache(const char *data) {
    char path[1024];
    int solved = 0, problems = 0;
    uint64_t nodes = 0;
    int every = t_sanitized() ? 150 : 45;
    for (int k = 1; k <= 900; k += every) {
        snprintf(path, sizeof path, "%s/go/sanderland/cho-elementary/Prob%04d.json", data, k);
        go_tsumego_answer *a[2];
        for (int c = 0; c < 2; c++) {
            a[c] = calloc(1, sizeof *a[c]);
            yomi_error err;
            memset(&err, 0, sizeof err);
            go_problem *p = go_problem_load(path, NULL, &err);
            CHECK_MSG(p != NULL, "cannot load %s", path);
            if (!p) {
                free(a[0]);
                if (c) free(a[1]);
                return;
            }
            go_tsumego_opts o;
            memset(&o, 0, sizeof o);
            o.lim.max_nodes = t_sanitized() ? 20000 : 60000;
            o.all_moves = true;
            o.disable = c ? GO_TS_NO_SCACHE : 0;
            go_tsumego_solve(p, &o, a[c]);
            go_problem_free(p);
        }
        problems++;
        CHECK_MSG(
            a[0]->result == a[1]->result && a[0]->nodes == a[1]->nodes && a[0]->nmoves == a[1]->nmoves,
            "%s: with the static cache %s in %llu plays (%d moves), without %s in %llu plays (%d moves)",
            path, go_tsumego_result_name(a[0]->result), (unsigned long long)a[0]->nodes, a[0]->nmoves,
            go_tsumego_result_name(a[1]->result), (unsigned long long)a[1]->nodes, a[1]->nmoves);
        for (int j = 0; j < a[0]->nmoves && j < a[1]->nmoves; j++) CHECK(a[0]->moves[j] == a[1]->moves[j]);
        solved += a[0]->result != YOMI_UNKNOWN;
        nodes += a[0]->nodes;
        free(a[0]);
        free(a[1]);
    }
    printf("search with and without the static cache: %d Cho problems (%d answered), %llu plays each way\n",
           problems, solved, (unsigned long long)nodes);
    CHECK(solved >= problems / 2);
}

int main(int argc, char **argv) {
    CHECK_MSG(argc >= 2, "usage: test_go_eyes DATA_DIR");
    test_benson_known();
    test_benson_brute();
    test_benson_local();
    test_eye_kind();
    test_eye_points();
    test_seki();
    test_area_score();
    test_life_status();
    test_symmetry();
    test_order_independent();
    if (argc >= 2) test_search_static_cache(argv[1]);
    return t_summary("test_go_eyes");
}
