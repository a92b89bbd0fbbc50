/* Ladder search, ladder trace and attack/defend reading.
 * - Pachi's ladder unit tests (pachi-ladder/ladder.t, ladder_any.t), parsed here;
 * - the trace against the search on generated positions where the trace applies;
 * - hand-built reading positions (net, snapback, throw-in, shortage of liberties)
 *   whose answers are textbook facts. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "yomi/go_board.h"
#include "yomi/go_ladder.h"
#include "yomi/go_reading.h"
#include "go_testutil.h"
#include "testutil.h"

/* The node limit the CLI gives each question (the library has none). */
static const yomi_limits cli_lim = {.max_nodes = GO_READ_DEFAULT_MAX_NODES};

/* Pachi's "ko VERTEX": the stone at VERTEX has just taken a ko, so the opponent
 * may not retake at once. Rebuilt by putting back the taken stone and replaying
 * the capture. */
static bool set_ko(go_board *b, go_point p) {
    go_color c = go_board_at(b, p);
    if (c != GO_BLACK && c != GO_WHITE) return false;
    GO_FOR_NEIGHBORS(p, q) {
        if (go_board_at(b, q) != GO_EMPTY) continue;
        bool eye = true;
        GO_FOR_NEIGHBORS(q, r) {
            if (r != p && go_board_at(b, r) != c && go_board_at(b, r) != GO_BORDER) eye = false;
        }
        if (!eye) continue;
        go_board_setup(b, p, GO_EMPTY);
        if (!go_board_setup(b, q, go_other(c))) return false;
        return go_board_play(b, c, p) == GO_OK && go_board_ko(b) == q;
    }
    return false;
}

static int pachi_cases, pachi_passed;

static void run_pachi_file(const char *path) {
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (!f) return;
    char line[512], title[600] = "";
    go_board *b = NULL;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '%') {
            snprintf(title, sizeof title, "%s", line);
            title[strcspn(title, "\n")] = 0;
            continue;
        }
        int size;
        if (sscanf(line, "boardsize %d", &size) == 1) {
            if (b) go_board_free(b);
            b = go_board_new(size);
            int r = 0;
            while (r < size && fgets(line, sizeof line, f)) {
                if (line[0] == '\n') continue;
                CHECK_MSG(gt_parse_row(b, size, r, line, true), "%s: bad row %s", title, line);
                r++;
            }
            continue;
        }
        char vtx[16], col[8];
        if (b && sscanf(line, "ko %15s", vtx) == 1) {
            CHECK_MSG(set_ko(b, go_vertex_parse(b, vtx)), "%s: ko %s", title, vtx);
            continue;
        }
        const char *s = line[0] == '!' ? line + 1 : line;
        int expect;
        if (b &&
            (sscanf(s, "ladder %7s %15s %d", col, vtx, &expect) == 3 ||
             sscanf(s, "ladder_any %7s %15s %d", col, vtx, &expect) == 3)) {
            go_point p = go_vertex_parse(b, vtx);
            go_color c = col[0] == 'b' ? GO_BLACK : GO_WHITE;
            CHECK_MSG(go_board_at(b, p) == c, "%s: no %s stone at %s", title, col, vtx);
            uint64_t h = go_board_hash(b), nodes = 0;
            go_point m;
            yomi_result r = go_ladder_defend(b, p, &m, &nodes);
            int got = r == YOMI_LOSS;
            pachi_cases++;
            pachi_passed += got == expect;
            CHECK_MSG(got == expect, "%s: %s %s expected %d, got %s", title, col, vtx, expect,
                      yomi_result_name(r));
            if (got != expect) go_board_print(b, stderr);
            CHECK(go_board_hash(b) == h && go_board_check(b));
        }
    }
    fclose(f);
    if (b) go_board_free(b);
}

/* ---- Trace against search on generated positions ---- */

static uint64_t rng_state = 20261121;
static int rnd(int n) { return (int)(yomi_splitmix64(&rng_state) % (uint64_t)n); }

/* A ladder start: a target stone with attacker stones behind it, its two
 * liberties diagonal, the wall beside the second, then random stones. */
static void make_ladder_position(go_board *b, go_point *target) {
    int size = 7 + rnd(13);
    go_board_clear(b, size);
    static const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int xi = rnd(4), yi = (xi < 2 ? 2 : 0) + rnd(2);
    int xc = dirs[xi][0], xr = dirs[xi][1], yc = dirs[yi][0], yr = dirs[yi][1];
    int c0 = 1 + rnd(size - 2), r0 = 1 + rnd(size - 2);
    go_color def = rnd(2) ? GO_BLACK : GO_WHITE, att = go_other(def);
    go_point h = go_pt(c0, r0);
    go_board_setup(b, h, def);
    go_board_setup(b, go_pt(c0 - xc, r0 - xr), att);
    go_board_setup(b, go_pt(c0 - yc, r0 - yr), att);
    int wc = c0 + yc - xc, wr = r0 + yr - xr;
    if (wc >= 0 && wr >= 0 && wc < size && wr < size) go_board_setup(b, go_pt(wc, wr), att);
    int nstones = rnd(size * size / 6 + 1);
    for (int i = 0; i < nstones; i++) {
        go_point p = go_pt(rnd(size), rnd(size));
        if (go_board_at(b, p) != GO_EMPTY) continue;
        go_board_setup(b, p, rnd(2) ? GO_BLACK : GO_WHITE);
    }
    *target = h;
}

static void test_trace_vs_search(void) {
    go_ladder_use_trace(false);
    go_board *b = go_board_new(19);
    int applied = 0, dead = 0, tries = t_sanitized() ? 10000 : 100000;
    for (int i = 0; i < tries; i++) {
        go_point t;
        make_ladder_position(b, &t);
        if (go_board_at(b, t) == GO_EMPTY) continue;
        int tr = go_ladder_trace(b, t);
        if (tr < 0) continue;
        applied++;
        dead += tr;
        uint64_t h = go_board_hash(b);
        yomi_result r = go_ladder_attack(b, t, NULL, NULL);
        int s = r == YOMI_WIN ? 1 : r == YOMI_LOSS ? 0 : -1;
        CHECK_MSG(s == tr, "trace %d, search %s", tr, yomi_result_name(r));
        if (s != tr) {
            char v[8];
            go_vertex_format(b, t, v, sizeof v);
            fprintf(stderr, "target %s\n", v);
            go_board_print(b, stderr);
        }
        CHECK(go_board_hash(b) == h);
    }
    printf("trace applied to %d of %d generated positions (%d dead)\n", applied, tries, dead);
    CHECK(applied > tries / 2);
    CHECK(dead > 0 && dead < applied);
    go_board_free(b);
    go_ladder_use_trace(true);
}

/* The seed's own example: the trace applies and the ladder works. */
static void test_seed_example(void) {
    static const char *const rows[] = {
        ". . . . . . . . .", ". . X X . . . . .", ". X O O . . . . .",
        ". . X . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    go_board *b = gt_board_from_rows(9, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "D7");
    CHECK_EQ_INT(go_ladder_trace(b, t), 1);
    go_point m;
    CHECK_EQ_INT(go_ladder_attack(b, t, &m, NULL), YOMI_WIN);
    CHECK_EQ_INT(m, go_vertex_parse(b, "E7"));
    go_point line[64];
    int n = go_ladder_line(b, t, line, 64);
    CHECK(n > 6);
    CHECK_EQ_INT(line[0], go_vertex_parse(b, "E7"));
    CHECK_EQ_INT(line[1], go_vertex_parse(b, "D6"));
    /* Stones the trace reads too (the line is E7 D6 D5 E6 F6 E5 ...): black
     * stones beside the atari stones F6, G5 (at G6) and D5 (at C5) join them and
     * the ladder still works; a white stone at D5, right ahead of the first
     * extension, gives it three liberties. */
    static const struct {
        const char *vertex;
        go_color color;
        int dead;
    } beside[] = {{"G6", GO_BLACK, 1}, {"C5", GO_BLACK, 1}, {"D5", GO_WHITE, 0}};
    for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
        go_point p = go_vertex_parse(b, beside[i].vertex);
        CHECK(go_board_setup(b, p, beside[i].color));
        CHECK_MSG(go_ladder_trace(b, t) == beside[i].dead, "trace with %s", beside[i].vertex);
        go_ladder_use_trace(false);
        CHECK_EQ_INT(go_ladder_attack(b, t, NULL, NULL), beside[i].dead ? YOMI_WIN : YOMI_LOSS);
        go_ladder_use_trace(true);
        go_board_setup(b, p, GO_EMPTY);
    }
    /* A white stone on the ladder's path breaks it (situation 3). */
    go_board_setup(b, go_vertex_parse(b, "G4"), GO_WHITE);
    CHECK_EQ_INT(go_ladder_trace(b, t), 0);
    CHECK_EQ_INT(go_ladder_attack(b, t, NULL, NULL), YOMI_LOSS);
    go_board_free(b);
}

/* Limits (go_ladder_attack_lim / go_ladder_defend_lim): the seed's example
 * read by the search (trace off, so that it plays moves). No limits answer as
 * go_ladder_attack, with the same nodes; a node limit of one, the cancel flag
 * or a clock already past its limit answer YOMI_UNKNOWN with no move, never
 * a result. */
static void test_limits(void) {
    static const char *const rows[] = {
        ". . . . . . . . .", ". . X X . . . . .", ". X O O . . . . .",
        ". . X . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    go_board *b = gt_board_from_rows(9, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "D7"), m;
    uint64_t h = go_board_hash(b), n0 = 0, n1 = 0;
    go_ladder_use_trace(false);
    CHECK_EQ_INT(go_ladder_attack(b, t, &m, &n0), YOMI_WIN);
    CHECK(n0 > 1);
    CHECK_EQ_INT(go_ladder_attack_lim(b, t, NULL, &m, &n1), YOMI_WIN);
    CHECK_EQ_INT(n1, n0);
    yomi_limits lim = {0};
    CHECK_EQ_INT(go_ladder_attack_lim(b, t, &lim, &m, &n1), YOMI_WIN); /* 0: no limit */
    CHECK_EQ_INT(m, go_vertex_parse(b, "E7"));
    lim.max_nodes = 1;
    CHECK_EQ_INT(go_ladder_attack_lim(b, t, &lim, &m, NULL), YOMI_UNKNOWN);
    CHECK_EQ_INT(m, GO_NO_POINT);
    lim.max_nodes = 0;
    atomic_int cancel = 1;
    lim.cancel = &cancel;
    CHECK_EQ_INT(go_ladder_attack_lim(b, t, &lim, &m, NULL), YOMI_UNKNOWN);
    CHECK_EQ_INT(m, GO_NO_POINT);
    atomic_store(&cancel, 0);
    CHECK_EQ_INT(go_ladder_attack_lim(b, t, &lim, &m, NULL), YOMI_WIN);
    lim.cancel = NULL;
    lim.max_seconds = 1e-12; /* past before the first node is read */
    CHECK_EQ_INT(go_ladder_attack_lim(b, t, &lim, &m, NULL), YOMI_UNKNOWN);
    /* The defence question: White D7 in atari after E7 cannot escape. */
    CHECK(go_board_play(b, GO_BLACK, go_vertex_parse(b, "E7")) == GO_OK);
    lim.max_seconds = 0;
    CHECK_EQ_INT(go_ladder_defend_lim(b, t, &lim, &m, NULL), YOMI_LOSS);
    lim.max_nodes = 1;
    CHECK_EQ_INT(go_ladder_defend_lim(b, t, &lim, &m, NULL), YOMI_UNKNOWN);
    go_board_undo(b);
    CHECK(go_board_hash(b) == h);
    go_ladder_use_trace(true);
    go_board_free(b);
}

/* ---- Hand-built reading positions ---- */

/* Brute force: can the attacker capture the string at t within d plies, every
 * legal move tried (the defender may also pass)? The independent check of the
 * answers below. */
static bool bf_captures(go_board *b, go_point t, go_color def, bool att, int d) {
    if (go_board_at(b, t) != def) return true;
    if (d == 0) return false;
    go_color me = att ? go_other(def) : def;
    GO_FOR_POINTS(b, p) {
        if (go_board_play(b, me, p) != GO_OK) continue;
        bool r = bf_captures(b, t, def, !att, d - 1);
        go_board_undo(b);
        if (att && r) return true;
        if (!att && !r) return false;
    }
    if (att) return false;
    go_board_play(b, me, GO_PASS);
    bool r = bf_captures(b, t, def, true, d - 1);
    go_board_undo(b);
    return r;
}

typedef struct reading_case {
    const char *name;
    const char *rows[6];
    const char *target;
    /* Textbook answers, confirmed by brute force where a capture proves them;
     * YOMI_UNKNOWN = not checked (a shallow brute force cannot prove a string
     * safe). */
    yomi_result attack, defend;
    const char *attack_move; /* the tesuji (NULL: any capturing move) */
} reading_case;

static const reading_case reading_cases[] = {
    /* B1 is a snapback: White takes at C1 and Black retakes all five stones. */
    {"snapback",
     {". . . . . .", ". . . . . .", ". . . . . .", "X X X . . .", "O O O X . .", "O . . X . ."},
     "A2",
     YOMI_WIN,
     YOMI_LOSS,
     NULL},
    /* E5 is a net: it does not touch the white stones, yet both ways out (E6 and
     * C3) are then dead ends; no liberty move captures. */
    {"net",
     {"X O O O . X", "X O O X . .", "X X O O X .", "O X . X . .", ". . X O X O", "X O X . . O"},
     "C6",
     YOMI_WIN,
     YOMI_UNKNOWN,
     "E5"},
    /* A3 throws a stone in: the two white liberties shrink to one. */
    {"throw-in",
     {". O X . . X", "O O X X . O", "O X X . X X", ". O X X O X", "X O X O . X", ". O X O X ."},
     "B2",
     YOMI_WIN,
     YOMI_UNKNOWN,
     "A3"},
    /* Shortage of liberties: both White liberties are self-ataris, so White cannot
     * connect out even with the move. */
    {"shortage",
     {"O X O X . X", ". X . X . X", "X X O O . X", "O X X X . X", ". . O O X X", "O O O O O O"},
     "D1",
     YOMI_WIN,
     YOMI_LOSS,
     NULL},
};

static void test_reading_cases(void) {
    go_reader *r = go_reader_new(&cli_lim);
    CHECK(r != NULL);
    if (!r) return;
    for (size_t i = 0; i < sizeof reading_cases / sizeof reading_cases[0]; i++) {
        const reading_case *rc = &reading_cases[i];
        go_board *b = gt_board_from_rows(6, rc->rows);
        CHECK_MSG(b != NULL, "%s: bad board", rc->name);
        if (!b) continue;
        go_point t = go_vertex_parse(b, rc->target);
        go_color def = go_board_at(b, t);
        /* The facts themselves, by brute force. */
        CHECK_MSG(bf_captures(b, t, def, true, 7) == (rc->attack == YOMI_WIN), "%s: brute-force attack",
                  rc->name);
        if (rc->defend == YOMI_LOSS)
            CHECK_MSG(bf_captures(b, t, def, false, 8), "%s: brute-force defence", rc->name);
        uint64_t h = go_board_hash(b);
        go_point m;
        yomi_result a = go_attack(r, b, t, &m);
        CHECK_MSG(a == rc->attack, "%s: attack %s", rc->name, yomi_result_name(a));
        if (rc->attack_move) CHECK_MSG(m == go_vertex_parse(b, rc->attack_move), "%s: attack move", rc->name);
        if (a == YOMI_WIN && !rc->attack_move) {
            /* Any move the reader gives must capture by brute force too. */
            CHECK(go_board_play(b, go_other(def), m) == GO_OK);
            CHECK_MSG(bf_captures(b, t, def, false, 8), "%s: attack move %d fails", rc->name, m);
            go_board_undo(b);
        }
        yomi_result d = go_defend(r, b, t, &m);
        if (rc->defend != YOMI_UNKNOWN)
            CHECK_MSG(d == rc->defend, "%s: defend %s", rc->name, yomi_result_name(d));
        CHECK(go_board_hash(b) == h && go_board_check(b));
        go_board_free(b);
    }
    go_reader_free(r);
}

int main(int argc, char **argv) {
    const char *data = argc > 1 ? argv[1] : NULL;
    test_seed_example();
    test_limits();
    CHECK_MSG(data != NULL, "no data folder given (argv[1])");
    if (data) {
        run_pachi_file(t_data_path(data, "go/pachi-ladder/ladder.t"));
        int ladder_t = pachi_passed, ladder_n = pachi_cases;
        printf("pachi ladder.t: %d of %d\n", ladder_t, ladder_n);
        CHECK_EQ_INT(ladder_n, 26);
        run_pachi_file(t_data_path(data, "go/pachi-ladder/ladder_any.t"));
        printf("pachi ladder_any.t: %d of %d\n", pachi_passed - ladder_t, pachi_cases - ladder_n);
    }
    test_reading_cases();
    test_trace_vs_search();
    return t_summary("test_go_ladder");
}
