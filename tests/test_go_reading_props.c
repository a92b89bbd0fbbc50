/* The general reader is never weaker than the ladder reader (go_ladder.h) on a
 * string the ladder reader captures: for every string with one or two
 * liberties, on seeded random positions (random legal play on 9x9, 13x13 and
 * 19x19, so there are ataris, kos and last moves of every kind) and on every
 * position GNU Go's reading.tst loads,
 *     go_ladder_attack works outright  =>  go_attack works outright, and
 *     after go_attack's move, go_defend (the owner to move) fails;
 * a ladder capture through a ko => go_attack works at least through the same
 * kind of ko. The ladder reader is the oracle here: a search restricted to
 * ataris against extensions and captures, checked on its own against a brute
 * force in test_go_ladder.c. A failure prints the position and the string. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "yomi/go_board.h"
#include "yomi/go_ladder.h"
#include "yomi/go_reading.h"
#include "yomi/go_sgf.h"
#include "testutil.h"

static uint64_t rng_state = 20261124;
static int rnd(int n) { return (int)(yomi_splitmix64(&rng_state) % (uint64_t)n); }

/* How good a result is for the side asked about (UNKNOWN lowest). */
static int rank(yomi_result r) {
    switch (r) {
    case YOMI_WIN: return 3;
    case YOMI_KO_WIN: return 2;
    case YOMI_KO_LOSS: return 1;
    case YOMI_LOSS: return 0;
    default: return -1;
    }
}

typedef struct stats {
    long strings, ladders, ko_ladders, contradicted, failures;
} stats;

static void report(const go_board *b, go_point s, const char *what, const char *where) {
    char v[8];
    go_vertex_format(b, s, v, sizeof v);
    fprintf(stderr, "%s: string %s (%s to be captured): %s\n", where, v,
            go_board_at(b, s) == GO_BLACK ? "black" : "white", what);
    go_board_print(b, stderr);
    /* The same position as GTP commands (every string keeps a liberty, so
     * the order of the stones does not matter), for yomi go gtp. */
    int n = go_board_size(b);
    fprintf(stderr, "boardsize %d\nclear_board\n", n);
    for (int row = 0; row < n; row++)
        for (int col = 0; col < n; col++) {
            go_color c = go_board_at(b, go_pt(col, row));
            if (c != GO_BLACK && c != GO_WHITE) continue;
            go_vertex_format(b, go_pt(col, row), v, sizeof v);
            fprintf(stderr, "play %s %s\n", c == GO_BLACK ? "black" : "white", v);
        }
    go_point last = go_board_last_move(b);
    if (last != GO_NO_POINT && last != GO_PASS) {
        go_vertex_format(b, last, v, sizeof v);
        fprintf(stderr, "# last move %s %s\n", go_board_last_color(b) == GO_BLACK ? "black" : "white", v);
    }
}

/* go_defend on the string at s after col plays m: the owner's result. When m
 * captured it at once: YOMI_LOSS, or YOMI_KO_LOSS when the capture was a ko
 * (the owner retakes after a threat); YOMI_UNKNOWN when the owner could take
 * back at once by a capture (a snapback: read it as a whole) or m is not
 * legal. */
static yomi_result defend_after(go_reader *r, go_board *b, go_point s, go_color col, go_point m,
                                go_point *dm) {
    *dm = GO_NO_POINT;
    if (m == GO_NO_POINT || go_board_play(b, col, m) != GO_OK) return YOMI_UNKNOWN;
    yomi_result dr;
    if (go_board_at(b, s) == go_other(col)) {
        dr = go_defend(r, b, s, dm);
    } else if (go_board_ko(b) == s) {
        dr = YOMI_KO_LOSS;
    } else {
        dr = YOMI_LOSS;
        GO_FOR_NEIGHBORS(s, q) {
            if (go_board_at(b, q) == col && go_string_libs(b, q) == 1) dr = YOMI_UNKNOWN;
        }
    }
    go_board_undo(b);
    return dr;
}

static void fail(const go_board *b, go_point s, const char *where, stats *st, const char *fmt, ...);

/* Every string of b with one or two liberties, each asked once. The ladder
 * reader's defender only extends and captures, so its capture is a proof only
 * within that: the reader's own go_defend after the ladder's first move says
 * what that move is worth (a counter-atari or a ko may save the string), and
 * go_attack must find at least that much (max over moves). And the move
 * go_attack answers must hold: go_defend after it fails. */
static void check_board(go_reader *r, go_board *b, const char *where, stats *st) {
    static bool seen[GO_MAX_POINTS];
    memset(seen, 0, sizeof seen);
    int n = go_board_size(b);
    for (int row = 0; row < n; row++)
        for (int col = 0; col < n; col++) {
            go_point s = go_pt(col, row);
            go_color c = go_board_at(b, s);
            if ((c != GO_BLACK && c != GO_WHITE) || seen[go_string_id(b, s)]) continue;
            seen[go_string_id(b, s)] = true;
            if (go_string_libs(b, s) > 2) continue;
            st->strings++;
            go_color att = go_other(c);
            go_point lm = GO_NO_POINT, am = GO_NO_POINT, dm;
            yomi_result lr = go_ladder_attack(b, s, &lm, NULL);
            if (rank(lr) < 1) continue;
            if (lr == YOMI_WIN) st->ladders++;
            else st->ko_ladders++;
            char lv[8], av[8], dv[8];
            go_vertex_format(b, lm, lv, sizeof lv);
            /* What the ladder's move is worth to the reader itself. */
            yomi_result dr = defend_after(r, b, s, att, lm, &dm);
            if (dr == YOMI_UNKNOWN) continue;
            int worth = 3 - rank(dr);
            if (lr == YOMI_WIN && dr != YOMI_LOSS) st->contradicted++;
            yomi_result ar = go_attack(r, b, s, &am);
            go_vertex_format(b, am, av, sizeof av);
            go_vertex_format(b, dm, dv, sizeof dv);
            if (rank(ar) < worth) {
                fail(b, s, where, st, "ladder_attack %d %s, after %s defend %d %s, but attack %d %s", rank(lr), lv,
                     lv, rank(dr), dv, rank(ar), av);
                continue;
            }
            if (ar != YOMI_WIN || am == GO_NO_POINT) continue;
            /* The attack's move: the owner, to move, cannot save the string. */
            yomi_result da = defend_after(r, b, s, att, am, &dm);
            go_vertex_format(b, dm, dv, sizeof dv);
            if (da != YOMI_LOSS) fail(b, s, where, st, "attack 1 %s, but after %s defend %d %s", av, av, rank(da), dv);
        }
}

static void fail(const go_board *b, go_point s, const char *where, stats *st, const char *fmt, ...) {
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    report(b, s, msg, where);
    st->failures++;
    CHECK_MSG(false, "%s: %s", where, msg);
}

/* A position from random legal play (no eye filling is avoided: strings in
 * atari are common). */
static void random_position(go_board *b, int size, int moves) {
    go_board_clear(b, size);
    go_color col = GO_BLACK;
    for (int m = 0; m < moves; m++) {
        for (int tries = 0; tries < 20; tries++) {
            go_point p = go_pt(rnd(size), rnd(size));
            if (go_board_at(b, p) == GO_EMPTY && go_board_play(b, col, p) == GO_OK) break;
        }
        col = go_other(col);
    }
}

static void check_random(go_reader *r, int positions, stats *st) {
    static const int sizes[3] = {9, 13, 19};
    go_board *b = go_board_new(19);
    for (int i = 0; i < positions; i++) {
        int size = sizes[i % 3];
        random_position(b, size, size * size / 4 + rnd(size * size / 2));
        char where[64];
        snprintf(where, sizeof where, "random position %d (%dx%d)", i, size, size);
        check_board(r, b, where, st);
    }
    go_board_free(b);
}

/* Every position reading.tst loads (its games, at the move it names). */
static void check_suite(go_reader *r, const char *data, stats *st) {
    const char *tst = t_data_path(data, "go/gnugo-regress/reading.tst");
    FILE *f = tst ? fopen(tst, "r") : NULL;
    CHECK_MSG(f != NULL, "test data not found: %s", tst ? tst : "go/gnugo-regress/reading.tst");
    if (!f) return;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", tst);
    *strrchr(dir, '/') = 0;
    char line[1024];
    int loaded = 0;
    while (fgets(line, sizeof line, f)) {
        char rel[512];
        int mv = 0;
        if (sscanf(line, "loadsgf %511s %d", rel, &mv) < 1) continue;
        char path[1600];
        snprintf(path, sizeof path, "%s/%s", dir, rel);
        yomi_error err;
        sgf_collection *c = sgf_parse_file(path, &err);
        CHECK_MSG(c != NULL, "cannot read %s", path);
        if (!c) continue;
        int size = sgf_board_size(c->games[0], &err);
        go_board *b = size > 0 ? go_board_new(size) : NULL;
        if (b && sgf_replay(c->games[0], b, mv, NULL, &err) >= 0) {
            snprintf(path, sizeof path, "%s %d", rel, mv);
            check_board(r, b, path, st);
            loaded++;
        }
        go_board_free(b);
        sgf_free(c);
    }
    fclose(f);
    CHECK_MSG(loaded >= 150, "only %d positions of reading.tst loaded", loaded);
}

int main(int argc, char **argv) {
    const char *data = argc > 1 ? argv[1] : NULL;
    go_reader *r = go_reader_new(NULL);
    stats st = {0};
    int positions = t_sanitized() ? 60 : 600;
    check_random(r, positions, &st);
    printf("random: %d positions, %ld strings of 1-2 liberties, %ld ladder captures, %ld through a ko, %ld where the "
           "reader saves the string after the ladder's move, %ld failures\n",
           positions, st.strings, st.ladders, st.ko_ladders, st.contradicted, st.failures);
    CHECK_MSG(st.ladders >= positions, "only %ld ladder captures in %d positions", st.ladders, positions);
    stats su = {0};
    check_suite(r, data, &su);
    printf("reading.tst positions: %ld strings of 1-2 liberties, %ld ladder captures, %ld through a ko, %ld where the reader "
           "saves the string after the ladder's move, %ld failures\n",
           su.strings, su.ladders, su.ko_ladders, su.contradicted, su.failures);
    go_reader_free(r);
    return t_summary("go_reading_props");
}
