/* The general reader is never weaker than the ladder reader (go_ladder.h) on a
 * string the ladder reader captures, and its attacks hold. For every string
 * with one or two liberties, on seeded random positions (random legal play on
 * 9x9, 13x13 and 19x19, so there are ataris, kos and last moves of every
 * kind), on every position GNU Go's reading.tst loads and on Cho Chikun's
 * problems (each, and after the first move of its solution):
 *  - where go_ladder_attack captures (outright or through a ko) with move m,
 *    go_attack answers at least what m is worth by the reader's own
 *    go_defend after m (the ladder's defender only extends and captures, so
 *    its capture alone proves nothing: a counter-atari or a ko may save the
 *    string, and then the ladder is not the oracle);
 *  - where go_attack answers an outright capture with move a, go_defend (the
 *    owner to move) after a fails.
 * A move that captures the string as a ko, or into a snapback, is not compared
 * (its worth depends on the ko state of the line, which a new question does
 * not carry). An answer stopped by the node limit is asked again with twenty
 * times the budget and must then hold. A failure prints the position as a
 * board and as GTP commands. Before go_attack checked its answers (reading.c
 * attack_check) this found 44 failures, among them Cho elementary 445 after
 * B ba, where the attack answered 0 and the ladder captured.
 * Also: attack and defend answers do not depend on the board's orientation
 * (random positions against a random one of their seven other orientations;
 * reading.tst in all eight is tests/cli_go_symmetry.sh). */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "go/reading_internal.h"
#include "yomi/go_board.h"
#include "yomi/go_ladder.h"
#include "yomi/go_reading.h"
#include "yomi/go_sgf.h"
#include "go_testutil.h"
#include "testutil.h"

/* The node limit the CLI gives each question (the library has none). */
static const yomi_limits cli_lim = {.max_nodes = GO_READ_DEFAULT_MAX_NODES};

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
    long strings, ladders, ko_ladders, contradicted, limited, failures;
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

/* go_defend on the string at s after col plays m: the owner's result;
 * YOMI_LOSS when m captured it at once. YOMI_UNKNOWN (not compared) when m is
 * not legal, or captured the string as a ko, or the owner could take back at
 * once by a capture (a snapback: read it as a whole). */
static yomi_result defend_after(go_reader *r, go_board *b, go_point s, go_color col, go_point m,
                                go_point *dm) {
    *dm = GO_NO_POINT;
    if (m == GO_NO_POINT || go_board_play(b, col, m) != GO_OK) return YOMI_UNKNOWN;
    yomi_result dr;
    if (go_board_at(b, s) == go_other(col)) {
        dr = go_defend(r, b, s, dm);
    } else if (go_board_ko(b) == s) {
        /* Taken as a ko: what the retake is worth depends on the ko state of
         * the line (who is ko master), which a new question does not carry:
         * not compared. */
        dr = YOMI_UNKNOWN;
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

/* A reader with a budget twenty times the default, for questions the default
 * one stops on. */
static go_reader *big;
static go_reader *big_reader(void) {
    if (!big) {
        yomi_limits lim = {0};
        lim.max_nodes = 3000000;
        big = go_reader_new(&lim);
    }
    return big;
}

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
            if (lr == YOMI_WIN)
                st->ladders++;
            else
                st->ko_ladders++;
            char lv[8], av[8], dv[8];
            go_vertex_format(b, lm, lv, sizeof lv);
            /* What the ladder's move is worth to the reader itself. */
            yomi_result dr = defend_after(r, b, s, att, lm, &dm);
            if (dr == YOMI_UNKNOWN) continue;
            int worth = 3 - rank(dr);
            if (lr == YOMI_WIN && dr != YOMI_LOSS) st->contradicted++;
            yomi_result ar = go_attack(r, b, s, &am);
            if (ar == YOMI_UNKNOWN) {
                /* A limit is no wrong claim; with a budget big enough the
                 * reader must answer, and answer at least this. */
                st->limited++;
                ar = go_attack(big_reader(), b, s, &am);
            }
            go_vertex_format(b, am, av, sizeof av);
            go_vertex_format(b, dm, dv, sizeof dv);
            if (rank(ar) < worth) {
                fail(b, s, where, st, "ladder_attack %d %s, after %s defend %d %s, but attack %d %s",
                     rank(lr), lv, lv, rank(dr), dv, rank(ar), av);
                continue;
            }
            if (ar != YOMI_WIN || am == GO_NO_POINT) continue;
            /* The attack's move: the owner, to move, cannot save the string. */
            yomi_result da = defend_after(r, b, s, att, am, &dm);
            go_vertex_format(b, dm, dv, sizeof dv);
            if (da != YOMI_LOSS && da != YOMI_UNKNOWN)
                fail(b, s, where, st, "attack 1 %s, but after %s defend %d %s", av, av, rank(da), dv);
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

static void check_random(go_reader *r, int positions, stats *st) {
    static const int sizes[3] = {9, 13, 19};
    go_board *b = go_board_new(19);
    for (int i = 0; i < positions; i++) {
        int size = sizes[i % 3];
        gt_random_position(b, size, size * size / 4 + rnd(size * size / 2), &rng_state);
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

/* The stones of a JSON list "KEY": ["aa", "bb", ...] in text (Sanderland's
 * problem files), placed on b. False when a point is bad. */
static bool json_stones(go_board *b, const char *text, const char *key, go_color c) {
    const char *p = strstr(text, key);
    if (!p) return true;
    p = strchr(p, '[');
    const char *end = p ? strchr(p, ']') : NULL;
    if (!end) return false;
    int n = go_board_size(b);
    for (const char *q = strchr(p, '"'); q && q < end; q = strchr(q + 1, '"')) {
        const char *e = strchr(q + 1, '"');
        if (!e || e - q != 3) return false;
        int col = q[1] - 'a', row = q[2] - 'a';
        if (col < 0 || row < 0 || col >= n || row >= n) return false;
        go_board_setup(b, go_pt(col, row), c);
        q = e;
    }
    return true;
}

/* Cho Chikun's problems (data/go/sanderland): each position, and the position
 * after the first move of its solution (where the capture problems ask what
 * the reader should see). */
static void check_problems(go_reader *r, const char *data, const char *set, int count, int step, stats *st) {
    char rel[128];
    int loaded = 0;
    for (int i = 1; i <= count; i += step) {
        snprintf(rel, sizeof rel, "go/sanderland/%s/Prob%04d.json", set, i);
        const char *path = t_data_path(data, rel);
        FILE *f = path ? fopen(path, "r") : NULL;
        CHECK_MSG(f != NULL, "test data not found: %s", path ? path : rel);
        if (!f) return;
        char text[16384];
        size_t len = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[len] = 0;
        const char *sz = strstr(text, "\"SZ\"");
        int size = sz ? atoi(strchr(sz + 4, '"') + 1) : 19;
        go_board *b = go_board_new(size);
        bool ok = b && json_stones(b, text, "\"AB\"", GO_BLACK) && json_stones(b, text, "\"AW\"", GO_WHITE);
        CHECK_MSG(ok, "%s: bad position", path);
        if (ok) {
            char where[160];
            snprintf(where, sizeof where, "%s", rel);
            check_board(r, b, where, st);
            loaded++;
            /* After the first move of the solution. */
            const char *sol = strstr(text, "\"SOL\"");
            const char *mv = sol ? strstr(sol, "[[\"") : NULL;
            if (mv && (mv[3] == 'B' || mv[3] == 'W') && !strncmp(mv + 4, "\", \"", 4) && mv[10] == '"') {
                go_color c = mv[3] == 'B' ? GO_BLACK : GO_WHITE;
                go_point p = go_pt(mv[8] - 'a', mv[9] - 'a');
                if (go_board_on(b, p) && go_board_play(b, c, p) == GO_OK) {
                    snprintf(where, sizeof where, "%s after %c %c%c", rel, mv[3], mv[8], mv[9]);
                    check_board(r, b, where, st);
                }
            }
        }
        go_board_free(b);
    }
    CHECK_MSG(loaded > 0, "no problem of %s loaded", set);
}

/* Symmetry s of the point (col, row) on an n x n board: bit 2 transposes,
 * then bit 0 mirrors the columns and bit 1 the rows. */
static go_point sym_point(int s, int n, go_point p) {
    int c = go_col(p), w = go_row(p);
    if (s & 4) {
        int t = c;
        c = w;
        w = t;
    }
    if (s & 1) c = n - 1 - c;
    if (s & 2) w = n - 1 - w;
    return go_pt(c, w);
}

/* The stones of src (no history) on dst, turned by symmetry s. */
static void board_sym(const go_board *src, int s, go_board *dst) {
    int n = go_board_size(src);
    go_board_clear(dst, n);
    for (int pass = 0; pass < 2; pass++)
        for (int row = 0; row < n; row++)
            for (int col = 0; col < n; col++) {
                go_point p = go_pt(col, row), q = sym_point(s, n, p);
                go_color c = go_board_at(src, p);
                if ((c == GO_BLACK || c == GO_WHITE) && go_board_at(dst, q) != c) go_board_setup(dst, q, c);
            }
}

/* Answers do not depend on the board's orientation: on seeded random
 * positions (9x9 and 13x13, set up without history), every string of up to
 * three liberties is attacked and defended in the position and in a random
 * one of its seven other orientations, each question from a reader that
 * forgot the earlier ones; the results must be equal (an answer stopped by
 * the node limit is not compared, and counted). */
static void check_orientation(int positions) {
    rng_state = 20261125; /* its own sequence: the sanitizers' sample is a prefix */
    go_reader *r0 = go_reader_new(&cli_lim), *r1 = go_reader_new(&cli_lim);
    go_board *b = go_board_new(19), *b0 = go_board_new(19), *b1 = go_board_new(19);
    long asked = 0, limited = 0, differ = 0;
    for (int i = 0; i < positions; i++) {
        int size = i % 2 ? 13 : 9, s = 1 + rnd(7);
        gt_random_position(b, size, size * size / 4 + rnd(size * size / 2), &rng_state);
        board_sym(b, 0, b0);
        board_sym(b, s, b1);
        for (int row = 0; row < size; row++)
            for (int col = 0; col < size; col++) {
                go_point p = go_pt(col, row), q = sym_point(s, size, p);
                go_color c = go_board_at(b0, p);
                if ((c != GO_BLACK && c != GO_WHITE) || go_string_id(b0, p) != p || go_string_libs(b0, p) > 3)
                    continue;
                for (int def = 0; def < 2; def++) {
                    go_point m0, m1;
                    go_reader_forget(r0);
                    go_reader_forget(r1);
                    yomi_result v0 = def ? go_defend(r0, b0, p, &m0) : go_attack(r0, b0, p, &m0);
                    yomi_result v1 = def ? go_defend(r1, b1, q, &m1) : go_attack(r1, b1, q, &m1);
                    asked++;
                    if (v0 == YOMI_UNKNOWN || v1 == YOMI_UNKNOWN) {
                        limited++;
                        continue;
                    }
                    if (v0 == v1) continue;
                    differ++;
                    char where[96], v[8];
                    go_vertex_format(b0, p, v, sizeof v);
                    snprintf(where, sizeof where, "orientation test, position %d, symmetry %d", i, s);
                    fprintf(stderr, "%s: %s %s: %d here, %d turned\n", where, def ? "defend" : "attack", v,
                            rank(v0), rank(v1));
                    go_board_print(b0, stderr);
                    CHECK_MSG(false, "%s: %s %s differs", where, def ? "defend" : "attack", v);
                }
            }
    }
    printf("orientation: %d positions, %ld questions, %ld stopped by the node limit, %ld differ\n", positions,
           asked, limited, differ);
    CHECK_MSG(limited * 50 <= asked, "%ld of %ld questions stopped by the limit", limited, asked);
    go_board_free(b);
    go_board_free(b0);
    go_board_free(b1);
    go_reader_free(r0);
    go_reader_free(r1);
}

/* ---- The table changes no answer ----
 * A reading answer must not depend on what the transposition table holds:
 * the table may only save work. Before the node keys named the moves of the
 * line a node reads (reading.c line_word) and before a node whose conditional
 * ko retake went unread returned a bound that allows for it (reading_search.c
 * KO_SKIPPED), a value read along one move order answered the same position
 * reached along another, and an upper bound was taken for an exact value; the
 * answer then depended on which lines had been read first, and so on the
 * table's replacement (which depends on the board's Zobrist keys, hence on its
 * orientation). The cases below are the random positions where that showed
 * (a reader with its table and one without answered differently, or, seed 23
 * #16 on 13x13, the answer differed by the board's orientation); each must now
 * agree, and agree in all eight orientations and with the colours swapped.
 * Then a sweep over more random positions compares the two readers on every
 * string of up to three liberties. */

/* The position of (seed, i): random legal play, set up again without history. */
static void seeded_position(go_board *b, uint64_t seed, int i, int size) {
    rng_state = seed * 1000003 + (uint64_t)i;
    gt_random_position(b, size, size * size / 4 + rnd(size * size / 2), &rng_state);
}

/* The stones of src, turned by symmetry s (bit 3: colours swapped). */
static void board_sym_swap(const go_board *src, int s, go_board *dst) {
    int n = go_board_size(src);
    go_board_clear(dst, n);
    for (int row = 0; row < n; row++)
        for (int col = 0; col < n; col++) {
            go_point p = go_pt(col, row), q = sym_point(s & 7, n, p);
            go_color c = go_board_at(src, p);
            if (c == GO_BLACK || c == GO_WHITE) go_board_setup(dst, q, (s & 8) ? go_other(c) : c);
        }
}

static yomi_result ask(go_reader *r, go_board *b, go_point p, bool def) {
    go_point m;
    go_reader_forget(r);
    return def ? go_defend(r, b, p, &m) : go_attack(r, b, p, &m);
}

typedef struct pinned {
    uint64_t seed;
    int i, size;
    const char *vertex;
    bool def;
    const char *was; /* what the two readers answered before */
} pinned;

static void check_table_free(void) {
    static const pinned cases[] = {
        {1, 6, 9, "A7", false, "with the table 0 (loss), without 1 (ko loss)"},
        {1, 29, 9, "H1", false, "with the table 3 (win), without 2 (ko win)"},
        {2, 8, 13, "M1", false, "with the table 3 (win), without 0 (loss)"},
        {3, 17, 13, "N13", true, "with the table 0 (loss), without 1 (ko loss)"},
        {4, 16, 13, "N2", false, "with the table 2 (ko win), without 3 (win)"},
        {5, 8, 13, "B13", false, "with the table 3 (win), without 2 (ko win)"},
        {5, 18, 13, "A11", false, "with the table 2 (ko win), without 3 (win)"},
        /* The orientation case: 2 (ko win) in orientations 0, 1, 6, 7 (with
         * or without the colours swapped), 3 (win) in 2 to 5. */
        {23, 16, 13, "C11", false, "2 (ko win) or 3 (win) by orientation"},
    };
    go_reader *with = go_reader_new(&cli_lim), *without = go_reader_new(&cli_lim);
    yomi_tt_free(&without->tt); /* a reader without a table only reads more */
    go_board *b = go_board_new(19), *t = go_board_new(19);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const pinned *c = &cases[k];
        seeded_position(b, c->seed, c->i, c->size);
        board_sym_swap(b, 0, t);
        go_point p = go_vertex_parse(t, c->vertex);
        CHECK_MSG(go_board_on(t, p) && go_board_at(t, p) != GO_EMPTY, "pinned case %zu: no stone at %s", k,
                  c->vertex);
        if (!go_board_on(t, p) || go_board_at(t, p) == GO_EMPTY) continue;
        yomi_result v0 = ask(with, t, p, c->def);
        yomi_result v1 = ask(without, t, p, c->def);
        CHECK_MSG(v0 == v1 && v0 != YOMI_UNKNOWN,
                  "seed %llu position %d (%dx%d) %s %s: %d with the table, %d without (was: %s)",
                  (unsigned long long)c->seed, c->i, c->size, c->size, c->def ? "defend" : "attack",
                  c->vertex, rank(v0), rank(v1), c->was);
        for (int s = 1; s < 16; s++) {
            go_board *u = go_board_new(19);
            board_sym_swap(t, s, u);
            yomi_result vs = ask(with, u, sym_point(s & 7, c->size, p), c->def);
            CHECK_MSG(vs == v0, "seed %llu position %d %s %s: %d, but %d in orientation %d%s",
                      (unsigned long long)c->seed, c->i, c->def ? "defend" : "attack", c->vertex, rank(v0),
                      rank(vs), s & 7, s & 8 ? " with the colours swapped" : "");
            go_board_free(u);
        }
    }
    /* The sweep: every string of up to three liberties of more random
     * positions (9x9 and 13x13), with and without the table. */
    long asked = 0, limited = 0, differ = 0;
    int positions = t_sanitized() ? 2 : 24;
    for (int i = 0; i < positions; i++) {
        int size = i % 3 ? 13 : 9;
        seeded_position(b, 6 + (uint64_t)i / 8, i % 8, size);
        board_sym_swap(b, 0, t);
        for (int row = 0; row < size; row++)
            for (int col = 0; col < size; col++) {
                go_point p = go_pt(col, row);
                go_color c = go_board_at(t, p);
                if ((c != GO_BLACK && c != GO_WHITE) || go_string_id(t, p) != p || go_string_libs(t, p) > 3)
                    continue;
                for (int def = 0; def < 2; def++) {
                    yomi_result v0 = ask(with, t, p, def), v1 = ask(without, t, p, def);
                    asked++;
                    if (v0 == YOMI_UNKNOWN || v1 == YOMI_UNKNOWN) {
                        limited++;
                        continue;
                    }
                    if (v0 == v1) continue;
                    differ++;
                    char v[8];
                    go_vertex_format(t, p, v, sizeof v);
                    CHECK_MSG(false, "table sweep %d (%dx%d): %s %s: %d with the table, %d without", i, size,
                              size, def ? "defend" : "attack", v, rank(v0), rank(v1));
                    go_board_print(t, stderr);
                }
            }
    }
    printf(
        "table changes no answer: %zu pinned cases in 16 orientations; sweep of %d positions, %ld questions, "
        "%ld stopped by the node limit, %ld differ\n",
        sizeof cases / sizeof cases[0], positions, asked, limited, differ);
    CHECK_MSG(limited * 50 <= asked, "%ld of %ld questions stopped by the limit", limited, asked);
    go_board_free(b);
    go_board_free(t);
    go_reader_free(with);
    go_reader_free(without);
}

int main(int argc, char **argv) {
    const char *data = argc > 1 ? argv[1] : NULL;
    go_reader *r = go_reader_new(&cli_lim);
    stats st = {0};
    int positions = t_sanitized() ? 60 : 600;
    check_random(r, positions, &st);
    printf("random: %d positions, %ld strings of 1-2 liberties, %ld ladder captures, %ld through a ko, %ld "
           "where the "
           "reader saves the string after the ladder's move, %ld failures\n",
           positions, st.strings, st.ladders, st.ko_ladders, st.contradicted, st.failures);
    CHECK_MSG(st.ladders >= positions, "only %ld ladder captures in %d positions", st.ladders, positions);
    stats su = {0};
    check_suite(r, data, &su);
    printf("reading.tst positions: %ld strings of 1-2 liberties, %ld ladder captures, %ld through a ko, %ld "
           "where the reader "
           "saves the string after the ladder's move, %ld failures\n",
           su.strings, su.ladders, su.ko_ladders, su.contradicted, su.failures);
    stats sp = {0};
    int step = t_sanitized() ? 20 : 1;
    check_problems(r, data, "cho-elementary", 900, step, &sp);
    check_problems(r, data, "cho-intermediate", 861, step, &sp);
    printf(
        "Cho Chikun problems: %ld strings of 1-2 liberties, %ld ladder captures, %ld through a ko, %ld where "
        "the reader saves the string after the ladder's move, %ld failures\n",
        sp.strings, sp.ladders, sp.ko_ladders, sp.contradicted, sp.failures);
    printf("questions stopped by the default node limit (asked again with %d times the budget): %ld\n", 20,
           st.limited + su.limited + sp.limited);
    check_orientation(t_sanitized() ? 6 : 40);
    check_table_free();
    go_reader_free(r);
    go_reader_free(big);
    return t_summary("go_reading_props");
}
