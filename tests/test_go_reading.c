/* Attack/defend reading (src/go/reading.c) on hand-built positions whose answers
 * are textbook facts: net (geta), snapback, throw-in, shortage of liberties,
 * connect-and-die, a ladder with and without a ladder breaker, a simple ko (also
 * with the retake forbidden by the last move: ko-master rules), a defence
 * through a self-atari connection (attack what presses on the string it would
 * join), a race won by capturing the cutting stones (also with the ply bounds
 * moved so that the deeper generators answer at the root), and three positions
 * from GNU Go's reading.tst: a counter-attack through a ko capture, a defence
 * through the race next door, a ko on the target's liberty that starts deep
 * in the line; and an attack through a ko answered by the ko capture itself;
 * also from reading.tst: the race next door read deep (ply bounds moved down),
 * a race won by waiting (the attacker saves its own string after a pass) and a
 * capture that shortens a race deep in a line; a dead string pinned to the
 * edge that liberties alone would count as escaped; a net in front of a
 * first-line liberty with the ply bounds moved down; a string in a race saved
 * by a capture next to it or by a counter-atari, and a race against a target
 * with four liberties won by filling the outside liberties of the string it
 * races; a ladder whose last capture would be a ko, a ko that one threat
 * must settle and a ko on a liberty of a string in a race, deep in the line;
 * a ko the opponent cannot keep (no move needed) and, from reading.tst, a
 * waiting move that the defender need not answer; the race next door from a
 * three-liberty string, won by a throw-in.
 * Each fact is checked by an independent solver that knows nothing of the
 * reader's move generators:
 *  - bf_captures: every legal move of both sides (the defender may pass) to a
 *    fixed depth, on small crowded boards (optionally with one point the
 *    defender may not play: a ko the attacker has won; or with ko threats
 *    without end for the defender);
 *  - bf_ladder: the ladder alone (ataris against extensions and captures).
 * Also: the board is restored, node limits give YOMI_UNKNOWN and never a claim,
 * and answers do not depend on what the reader read before. Basis
 * (go_reader_last_basis): a ladder read out says proved, a string that lives
 * only by GNU Go's escape rule says heuristic (also when the answer comes from
 * the table), a stopped reading unknown; and on seeded random 5x5 positions
 * every proved outright answer agrees with bf_captures. */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "yomi/go_board.h"
#include "yomi/go_reading.h"
#include "go_testutil.h"
#include "testutil.h"

/* The node limit the CLI gives each question (the library has none). */
static const yomi_limits cli_lim = {.max_nodes = GO_READ_DEFAULT_MAX_NODES};

static void print_board(const go_board *b) { go_board_print(b, stderr); }

/* ---- Independent solvers ---- */

static uint64_t bf_nodes;
/* A point the defender may not play (a ko the attacker has won): none unless set. */
static go_point bf_forbid = GO_NO_POINT;

/* Can the attacker capture the string at t within d plies, every legal move of
 * both sides tried, the defender also passing? (The simple-ko rule is the
 * board's: no ko threats.) With a zone, only its points are tried: evidence,
 * not proof, on bigger boards. */
/* With bf_threats > 0 the defender has that many ko threats (BF_ENDLESS: no
 * end of them): it may retake a ko the simple-ko rule forbids after a threat
 * the attacker answers (a pass pair), and a target taken by a ko capture is
 * not captured while it may retake it. The attacker has none. */
#define BF_ENDLESS 1000
static int bf_threats;

/* The defender's move at p, through a threat where only the simple-ko rule
 * forbids it (with bf_threats): the moves played (to undo), 0 if none. */
static int bf_def_play(go_board *b, go_color def, go_point p) {
    int rc = go_board_play(b, def, p);
    if (rc == GO_OK) return 1;
    if (rc != GO_ILLEGAL_KO || bf_threats <= 0) return 0;
    go_board_play(b, def, GO_PASS);
    go_board_play(b, go_other(def), GO_PASS);
    if (go_board_play(b, def, p) == GO_OK) {
        bf_threats--;
        return 3;
    }
    go_board_undo(b);
    go_board_undo(b);
    return 0;
}

static bool bf_captures(go_board *b, go_point t, go_color def, bool att, int d, const bool *zone) {
    bool gone = go_board_at(b, t) != def;
    if (gone && (att || bf_threats <= 0 || go_board_ko(b) != t)) return true;
    if (d == 0) return false;
    go_color me = att ? go_other(def) : def;
    GO_FOR_POINTS(b, p) {
        if ((zone && !zone[p] && p != t) || (!att && p == bf_forbid)) continue;
        int played = att ? go_board_play(b, me, p) == GO_OK : bf_def_play(b, def, p);
        if (!played) continue;
        bf_nodes++;
        bool r = bf_captures(b, t, def, !att, d - 1, zone);
        for (int i = 0; i < played; i++) go_board_undo(b);
        if (played == 3) bf_threats++;
        if (att && r) return true;
        if (!att && !r) return false;
    }
    if (gone) return true; /* the retake failed */
    if (att) return false;
    go_board_play(b, me, GO_PASS);
    bool r = bf_captures(b, t, def, true, d - 1, zone);
    go_board_undo(b);
    return r;
}

/* Points within distance `near` of the string at t (for the zone-limited
 * brute force on bigger boards). */
/* Whether m is one of the n vertices in names (the moves a test accepts). */
static bool move_is_one_of(const go_board *b, go_point m, const char *const *names, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (m == go_vertex_parse(b, names[i])) return true;
    return false;
}

static void make_zone(const go_board *b, go_point t, int near, bool *zone) {
    memset(zone, 0, GO_MAX_POINTS * sizeof *zone);
    go_point st[GO_MAX_POINTS];
    int n = go_string_stones(b, t, st, GO_MAX_POINTS);
    GO_FOR_POINTS(b, p) {
        for (int i = 0; i < n; i++) {
            int dc = abs(go_col(p) - go_col(st[i])), dr = abs(go_row(p) - go_row(st[i]));
            if (dc + dr <= near) zone[p] = true;
        }
    }
}

/* Marks the named points in zone (a brute force's playing area). */
static void zone_add(const go_board *b, const char *const *pts, size_t n, bool *zone) {
    for (size_t i = 0; i < n; i++) zone[go_vertex_parse(b, pts[i])] = true;
}

/* The ladder alone: the attacker (to move when att) may only play a liberty of
 * the target that leaves it in atari; the target's owner may extend at its
 * liberty or capture an adjacent string in atari. Three liberties escape. */
static bool bf_ladder(go_board *b, go_point t, go_color def, bool att, int d) {
    if (go_board_at(b, t) != def) return true;
    int n = go_string_libs(b, t);
    if (n >= 3 || d == 0) return false;
    go_point libs[2];
    go_string_liberties(b, t, libs, 2);
    if (att) {
        for (int i = 0; i < n; i++) {
            if (go_board_play(b, go_other(def), libs[i]) != GO_OK) continue;
            bool r =
                go_board_at(b, t) != def || (go_string_libs(b, t) == 1 && bf_ladder(b, t, def, false, d - 1));
            go_board_undo(b);
            if (r) return true;
        }
        return false;
    }
    if (n == 2) return false; /* the owner is to move with two liberties: not a ladder step */
    go_point cand[16];
    int nc = 0;
    cand[nc++] = libs[0];
    go_point nb[16];
    int nn = go_string_neighbors(b, t, 1, nb, 16);
    for (int i = 0; i < nn && nc < 16; i++) go_string_liberties(b, nb[i], &cand[nc++], 1);
    for (int i = 0; i < nc; i++) {
        if (go_board_play(b, def, cand[i]) != GO_OK) continue;
        bool r = bf_ladder(b, t, def, true, d - 1);
        go_board_undo(b);
        if (!r) return false;
    }
    return true;
}

/* ---- Cases ---- */

typedef struct reading_case {
    const char *name;
    int size;
    const char *rows[9];
    const char *target;
    yomi_result attack, defend; /* the facts; YOMI_UNKNOWN = not asserted */
    const char *attack_move; /* the one working attack, or NULL */
    const char *defend_move; /* the one working defence, or NULL */
    int bf_depth; /* full brute force depth (0: none) */
} reading_case;

static const reading_case cases[] = {
    /* Snapback: the white string has two liberties, F6 and F5. Black throws in at
     * F6; White takes at F5 and is left with the one liberty F6, where Black takes
     * all five stones back. (White to move cannot escape either.) */
    {"snapback",
     6,
     {". . . X O .", ". . . X O .", ". . . X O O", ". . . X X X", ". . . . . .", ". . . . . ."},
     "E6",
     YOMI_WIN,
     YOMI_LOSS,
     NULL,
     NULL,
     5},
    /* Net (geta): the white string at D6 cannot be caught by either atari, but
     * B5, which touches none of its stones, closes both ways out. White to move
     * gets out (B5 among others). */
    {"net",
     6,
     {"X . O O O X", ". . X O O X", ". X O O X X", ". . X . X O", "O X O X . .", "O . . X O X"},
     "D6",
     YOMI_WIN,
     YOMI_WIN,
     "B5",
     NULL,
     7},
    /* Throw-in: Black F3 is a self-atari inside White's shape; taking it costs
     * White the liberty that mattered. F3 is the only attack, and White saves
     * the string only by playing there first. */
    {"throw-in",
     6,
     {"X . . X O .", "O . X X O O", "X X . X X O", "X O X X O .", "X . O X O X", ". X O X O ."},
     "E2",
     YOMI_WIN,
     YOMI_WIN,
     "F3",
     "F3",
     7},
    /* Shortage of liberties: the white string along the first line cannot
     * escape; White to move cannot save it either. */
    {"shortage",
     6,
     {"X . X O X O", "X . X . X .", "X . O O X X", "X . X X X O", "X X O O . .", "O O O O O O"},
     "C1",
     YOMI_WIN,
     YOMI_LOSS,
     NULL,
     NULL,
     7},
    /* A simple ko: Black C4 can be taken only as a ko (White B4; Black may retake
     * at C4 after a ko threat): the attack works through a ko the attacker takes
     * first, and Black to move connects at B4. Both moves are the only ones. */
    {"simple ko",
     5,
     {". X O O .", "X . X O .", ". X O . .", "X X O . .", ". X O . ."},
     "C4",
     YOMI_KO_WIN,
     YOMI_WIN,
     "B4",
     "B4",
     5},
    /* A ko Black can never win: the black string has the eye A5 and D5, where
     * White takes E5 as a ko; after Black retakes, filling D5 is a self-atari.
     * White's attack is that ko (taken first); Black to move has no move that
     * helps (D5 is a self-atari), and its pass does not stop the ko (White
     * then takes it first): as in GNU Go, a defender who must answer and
     * cannot is captured. */
    {"unwinnable ko",
     5,
     {". X X . X", "X X X X O", "O O O O O", ". . . . .", ". . . . ."},
     "B5",
     YOMI_KO_WIN,
     YOMI_LOSS,
     "D5",
     NULL,
     0},
    /* Backfilling through a self-atari connection: White F1 has the liberties
     * E1 and F2, and both are self-ataris (E1 joins D1, which has no other
     * liberty; F2 joins E2 into one liberty). Black E3-F3, pressing on E2,
     * has two liberties: White's only defence is the atari at F4, after
     * which Black cannot fill F2 and taking D1 at E1 no longer threatens
     * anything. Black to move takes D1 at E1 as a ko (then F2 captures). */
    {"self-atari connection",
     6,
     {". O . O . O", "O O O O O O", "O O O O O .", "O X X O X X", ". X X X O .", ". X X O . O"},
     "F1",
     YOMI_KO_WIN,
     YOMI_WIN,
     NULL,
     "F4",
     8},
    /* A race won by capturing the cutting stones: White's two-point eye
     * (A1, B1) dies to Black's throw-in, but White to move ataris Black
     * D1-D2, which cannot extend (E1 and E2 are both self-ataris for
     * Black), and takes it in time. Both ataris defend; Black to move
     * throws in at A1 or B1 (White cannot capture D1-D2 in time). */
    {"capture the cutting stones",
     7,
     {". X . X O . O", "X X X X O O O", "X X X X O . O", "X X X X O O O", "X X X O O . O", "O O O X . O O",
      ". . O X . O ."},
     "C2",
     YOMI_WIN,
     YOMI_WIN,
     NULL,
     NULL,
     8},
    /* A string with five liberties needs no defence and cannot be attacked. */
    {"safe",
     5,
     {". . . . .", ". . . . .", ". . X . .", ". . . . .", ". . . . ."},
     "C3",
     YOMI_LOSS,
     YOMI_WIN,
     NULL,
     NULL,
     0},
};

static void check_case(go_reader *r, const reading_case *rc) {
    int failed_before = t_failed;
    go_board *b = gt_board_from_rows(rc->size, rc->rows);
    CHECK_MSG(b != NULL, "%s: bad board", rc->name);
    if (!b) return;
    go_point t = go_vertex_parse(b, rc->target);
    go_color def = go_board_at(b, t);
    CHECK_MSG(def == GO_BLACK || def == GO_WHITE, "%s: no stone at the target", rc->name);
    /* The brute force is cheap on these crowded boards (about 200,000 nodes for
     * all cases), even under sanitizers. */
    int depth = rc->bf_depth;
    uint64_t h = go_board_hash(b);

    /* The facts, by brute force (a capture within the depth is a proof). */
    if (depth > 0) {
        if (rc->attack == YOMI_WIN)
            CHECK_MSG(bf_captures(b, t, def, true, depth, NULL), "%s: brute force finds no capture",
                      rc->name);
        if (rc->defend == YOMI_LOSS)
            CHECK_MSG(bf_captures(b, t, def, false, depth + 1, NULL), "%s: brute force finds a defence",
                      rc->name);
        if (rc->defend == YOMI_WIN)
            CHECK_MSG(!bf_captures(b, t, def, false, depth + 1, NULL), "%s: brute force captures anyway",
                      rc->name);
        if (rc->attack == YOMI_KO_WIN && rc->attack_move) {
            /* Under the simple-ko rule alone (no ko threats on the board) the
             * attacker's ko capture wins; and it is a ko capture. */
            CHECK_MSG(bf_captures(b, t, def, true, depth, NULL), "%s: brute force finds no capture",
                      rc->name);
            CHECK(go_board_play(b, go_other(def), go_vertex_parse(b, rc->attack_move)) == GO_OK);
            CHECK_MSG(go_board_ko(b) == t, "%s: the attack is not a ko capture", rc->name);
            go_board_undo(b);
        }
    }

    go_point m = GO_NO_POINT;
    yomi_result a = go_attack(r, b, t, &m);
    if (rc->attack != YOMI_UNKNOWN)
        CHECK_MSG(a == rc->attack, "%s: attack %s, want %s", rc->name, yomi_result_name(a),
                  yomi_result_name(rc->attack));
    if (rc->attack_move && a != YOMI_LOSS)
        CHECK_MSG(m == go_vertex_parse(b, rc->attack_move), "%s: attack move", rc->name);
    if (a == YOMI_WIN && depth > 0) {
        /* The reader's move must capture by brute force too. */
        CHECK_MSG(go_board_play(b, go_other(def), m) == GO_OK, "%s: attack move illegal", rc->name);
        CHECK_MSG(bf_captures(b, t, def, false, depth, NULL), "%s: the attack move does not capture",
                  rc->name);
        go_board_undo(b);
    }
    CHECK_MSG(go_board_hash(b) == h, "%s: board not restored by attack", rc->name);

    m = GO_NO_POINT;
    yomi_result d = go_defend(r, b, t, &m);
    if (rc->defend != YOMI_UNKNOWN)
        CHECK_MSG(d == rc->defend, "%s: defend %s, want %s", rc->name, yomi_result_name(d),
                  yomi_result_name(rc->defend));
    if (rc->defend_move && d != YOMI_LOSS)
        CHECK_MSG(m == go_vertex_parse(b, rc->defend_move), "%s: defend move", rc->name);
    if (d == YOMI_WIN && m != GO_NO_POINT && depth > 0) {
        /* The reader's defence must hold against every attack the brute force
         * tries. */
        CHECK_MSG(go_board_play(b, def, m) == GO_OK, "%s: defence move illegal", rc->name);
        CHECK_MSG(!bf_captures(b, t, def, true, depth, NULL), "%s: the defence move fails", rc->name);
        go_board_undo(b);
    }
    CHECK_MSG(go_board_hash(b) == h && go_board_check(b), "%s: board not restored by defend", rc->name);
    if (t_failed != failed_before) print_board(b);
    go_board_free(b);
}

/* A ladder on an open 9x9 board: it works, and a white stone on its path breaks
 * it. The ladder-only solver is the independent check of both. */
static void test_ladder_breaker(go_reader *r) {
    static const char *rows[9] = {
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . X O . . . . .", ". . X O X . . . .",
        ". . . X . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    go_board *b = gt_board_from_rows(9, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "D5");
    CHECK_EQ_INT(go_string_libs(b, t), 2);
    CHECK_MSG(bf_ladder(b, t, GO_WHITE, true, 40), "ladder: the ladder solver says it escapes");
    go_point m;
    yomi_result a = go_attack(r, b, t, &m);
    CHECK_MSG(a == YOMI_WIN, "ladder: attack %s", yomi_result_name(a));
    /* The ladder's first atari is from above (D6): from the side White gets out. */
    CHECK_EQ_INT(m, go_vertex_parse(b, "D6"));
    yomi_result d = go_defend(r, b, t, &m);
    CHECK_MSG(d == YOMI_WIN, "ladder: defend %s", yomi_result_name(d));

    /* The breaker on the ladder's diagonal. */
    CHECK(go_board_setup(b, go_vertex_parse(b, "G8"), GO_WHITE));
    CHECK_MSG(!bf_ladder(b, t, GO_WHITE, true, 40), "ladder: the ladder solver says captured");
    a = go_attack(r, b, t, &m);
    CHECK_MSG(a == YOMI_LOSS, "ladder with breaker: attack %s", yomi_result_name(a));
    /* Evidence that no other attack works: nothing near the string captures it
     * within a few plies. */
    static bool zone[GO_MAX_POINTS];
    make_zone(b, t, 2, zone);
    int depth = t_sanitized() ? 3 : 5;
    CHECK_MSG(!bf_captures(b, t, GO_WHITE, true, depth, zone), "ladder with breaker: a capture nearby");
    go_board_free(b);
}

/* Node limits: whatever the budget, an answer is either UNKNOWN or the answer
 * of the full reading (a limit never turns into a claim), and the board is
 * restored. */
static void test_limits(void) {
    static const uint64_t budgets[] = {1, 2, 3, 5, 8, 13, 30, 100};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        go_board *b = gt_board_from_rows(cases[i].size, cases[i].rows);
        if (!b) continue;
        go_point t = go_vertex_parse(b, cases[i].target);
        uint64_t h = go_board_hash(b);
        go_reader *full = go_reader_new(&cli_lim);
        go_point m;
        yomi_result a = go_attack(full, b, t, &m), d = go_defend(full, b, t, &m);
        go_reader_free(full);
        int unknown = 0;
        for (size_t k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
            yomi_limits lim;
            memset(&lim, 0, sizeof lim);
            lim.max_nodes = budgets[k];
            go_reader *r = go_reader_new(&lim);
            if (!r) continue;
            yomi_result a2 = go_attack(r, b, t, &m);
            CHECK_MSG(a2 == YOMI_UNKNOWN || a2 == a, "%s, %llu nodes: attack %s, fully read %s",
                      cases[i].name, (unsigned long long)budgets[k], yomi_result_name(a2),
                      yomi_result_name(a));
            if (a2 == YOMI_UNKNOWN) CHECK_EQ_INT(m, GO_NO_POINT);
            yomi_result d2 = go_defend(r, b, t, &m);
            CHECK_MSG(d2 == YOMI_UNKNOWN || d2 == d, "%s, %llu nodes: defend %s, fully read %s",
                      cases[i].name, (unsigned long long)budgets[k], yomi_result_name(d2),
                      yomi_result_name(d));
            unknown += (a2 == YOMI_UNKNOWN) + (d2 == YOMI_UNKNOWN);
            CHECK(go_board_hash(b) == h);
            go_reader_free(r);
        }
        /* One node is never enough for the questions that need reading. */
        if (cases[i].attack != YOMI_LOSS) CHECK_MSG(unknown > 0, "%s: no limit was ever hit", cases[i].name);
        go_board_free(b);
    }
}

/* Ko with history: in the simple-ko position White has just taken at B4, so
 * Black may not retake at C4 at once. Attacking B4 then works only after a ko
 * threat (KO_LOSS, GNU Go's code 3: Black's retake makes Black ko master, and
 * White may not take that ko back); White to move connects at C4. The ko point
 * on the board is restored. */
static void test_ko_history(go_reader *r) {
    const reading_case *ko = NULL;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (!strcmp(cases[i].name, "simple ko")) ko = &cases[i];
    CHECK(ko != NULL);
    if (!ko) return;
    go_board *b = gt_board_from_rows(ko->size, ko->rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point b4 = go_vertex_parse(b, "B4"), c4 = go_vertex_parse(b, "C4");
    CHECK(go_board_play(b, GO_WHITE, b4) == GO_OK);
    CHECK(go_board_ko(b) == c4);
    uint64_t h = go_board_hash(b);
    go_point m = GO_NO_POINT;
    yomi_result a = go_attack(r, b, b4, &m);
    CHECK_MSG(a == YOMI_KO_LOSS, "ko history: attack %s, want ko_loss", yomi_result_name(a));
    CHECK_MSG(m == c4, "ko history: attack move");
    CHECK(go_board_hash(b) == h && go_board_ko(b) == c4);
    m = GO_NO_POINT;
    yomi_result d = go_defend(r, b, b4, &m);
    CHECK_MSG(d == YOMI_WIN, "ko history: defend %s, want win", yomi_result_name(d));
    CHECK_MSG(m == c4, "ko history: defend move");
    CHECK(go_board_hash(b) == h && go_board_ko(b) == c4 && go_board_check(b));
    go_board_free(b);
}

/* The deeper move generators, checked at the root: GTP decrease_depths moves
 * every ply bound down, so that what the reader does only below the first
 * plies (an atari on a two-liberty neighbour only when a ladder read says it
 * captures; attacks on the strings pressing on a friendly string that the
 * target can join only through a self-atari) is what it does here. The
 * defence must still be found, and hold by brute force. */
static void test_deep_generators(void) {
    static const struct {
        const char *name;
        int offset;
    } deep[] = {{"self-atari connection", -4}, {"capture the cutting stones", -6}};
    for (size_t k = 0; k < sizeof deep / sizeof deep[0]; k++) {
        const reading_case *rc = NULL;
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
            if (!strcmp(cases[i].name, deep[k].name)) rc = &cases[i];
        CHECK(rc != NULL);
        if (!rc) continue;
        go_board *b = gt_board_from_rows(rc->size, rc->rows);
        CHECK(b != NULL);
        if (!b) continue;
        go_reader *r = go_reader_new(&cli_lim);
        go_reader_set_depth_offset(r, deep[k].offset);
        go_point t = go_vertex_parse(b, rc->target), m = GO_NO_POINT;
        go_color def = go_board_at(b, t);
        yomi_result d = go_defend(r, b, t, &m);
        CHECK_MSG(d == YOMI_WIN, "%s, depth offset %d: defend %s", rc->name, deep[k].offset,
                  yomi_result_name(d));
        if (d == YOMI_WIN) {
            if (rc->defend_move)
                CHECK_MSG(m == go_vertex_parse(b, rc->defend_move), "%s: defend move", rc->name);
            CHECK_MSG(go_board_play(b, def, m) == GO_OK, "%s: defence move illegal", rc->name);
            CHECK_MSG(!bf_captures(b, t, def, true, rc->bf_depth, NULL),
                      "%s, depth offset %d: the defence fails", rc->name, deep[k].offset);
            go_board_undo(b);
        }
        go_reader_free(r);
        go_board_free(b);
    }
}

/* A counter-attack through a ko (GNU Go's reading.tst:184 after Black A16 and
 * White B13): the black string around the white corner is left with two
 * liberties (A18, B12) in a race it loses, unless it takes D11, the white
 * stone in atari next to it, at E11. That capture is a ko (E11 is a single
 * stone with one liberty, D11), so the attack works through a ko the attacker
 * takes first. Brute force over the points of the fight, with E11 played:
 * White cannot save C19 within five plies (the same search from the position
 * found no other first move of Black that captures within nine; GNU Go's
 * answer for the position before A16 is a ko, started at A16).
 * The same for White A19 (GNU Go's reading.tst:185 asks it before A16): it has
 * no black neighbour, and its liberty B19 joins the corner string, so its fate
 * is that race's: the attack is the same ko capture, and brute force finds no
 * defence of A19 within seven plies after E11. */
static void test_counter_ko_capture(void) {
    static const char *rows[19] = {
        "O . O X X . . . . . . . . . . . . . .", ". O O O X X . . . . . . . . . . . . .",
        "X O O X O . . . . X . . . . . X . . .", "X X O X X X X . . X . . . . . X . . .",
        "X X O X . O X . . . . . . . . . . . .", "X X X O O O X . . . . . . . . . . . .",
        "X O X X X O X X . X . . . . . . . . .", "X . X X O O . O X . . . . . . . . . .",
        "O X X O . O . O X . . . . . . . . . .", "O O X X O O X X . X . . X . . X X . .",
        ". . O X O O O . X . . . X . . . . . .", "O O O O X X . . . . . . . . X . . . .",
        ". X . O . . O . . X . . . . X . . . .", ". X . . O . . X . . X O . X O . O O .",
        ". . . . . X X . . . . . . X O . . X .", ". . X X . . . . . X . . . . O X . . .",
        ". . . . . . . . . X . . . . . X . . .", ". . . . . . . . . . . . . . . . . . .",
        ". . . . . . . . . . . . . . . . . . .",
    };
    go_board *b = gt_board_from_rows(19, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "C19"), e11 = go_vertex_parse(b, "E11"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result a = go_attack(r, b, t, &m);
    CHECK_MSG(a == YOMI_KO_WIN, "counter ko capture: attack %s, want ko-win", yomi_result_name(a));
    CHECK_MSG(m == e11, "counter ko capture: attack move");
    go_point a19 = go_vertex_parse(b, "A19");
    a = go_attack(r, b, a19, &m);
    CHECK_MSG(a == YOMI_KO_WIN, "counter ko capture: attack A19 %s, want ko-win", yomi_result_name(a));
    CHECK_MSG(m == e11, "counter ko capture: attack move against A19");
    go_reader_free(r);
    static bool zone[GO_MAX_POINTS];
    memset(zone, 0, sizeof zone);
    static const char *pts[] = {"A19", "B19", "F19", "A18", "G18", "F17", "E15", "B12", "D11", "E11"};
    zone_add(b, pts, sizeof pts / sizeof pts[0], zone);
    CHECK(go_board_play(b, GO_BLACK, e11) == GO_OK);
    CHECK_MSG(go_board_ko(b) == go_vertex_parse(b, "D11"), "counter ko capture: E11 is not a ko capture");
    CHECK_MSG(bf_captures(b, t, GO_WHITE, false, 5, zone), "counter ko capture: brute force finds a defence");
    CHECK_MSG(bf_captures(b, a19, GO_WHITE, false, 7, zone), "counter ko capture: brute force defends A19");
    go_board_undo(b);
    go_board_free(b);
}

/* A defence through the race next door (GNU Go's reading.tst:187): White A19
 * has no black neighbour; its liberties join the white corner string, which
 * has two liberties in a race against the black string around it (three
 * liberties, more once it takes White D11, in atari next to it). The
 * defences are saving D11 (E11) and the self-atari approaches on the black
 * string's liberties (B13, B12). Brute force over the corner and D11/E11,
 * from the reader's defence: Black cannot capture A19 within eight plies (the
 * same search with a transposition table finds no capture within sixteen
 * after E11, and finds that A18 and B19 lose). */
static void test_race_next_door(void) {
    static const char *rows[19] = {
        "O . O X X . . . . . . . . . . . . . .", ". O O O X X . . . . . . . . . . . . .",
        "X O O X O . . . . X . . . . . X . . .", ". X O X X X X . . X . . . . . X . . .",
        "X X O X . O X . . . . . . . . . . . .", "X X X O O O X . . . . . . . . . . . .",
        "X . X X X O X X . X . . . . . . . . .", "X . X X O O . O X . . . . . . . . . .",
        "O X X O . O . O X . . . . . . . . . .", "O O X X O O X X . X . . X . . X X . .",
        ". . O X O O O . X . . . X . . . . . .", "O O O O X X . . . . . . . . X . . . .",
        ". X . O . . O . . X . . . . X . . . .", ". X . . O . . X . . X O . X O . O O .",
        ". . . . . X X . . . . . . X O . . X .", ". . X X . . . . . X . . . . O X . . .",
        ". . . . . . . . . X . . . . . X . . .", ". . . . . . . . . . . . . . . . . . .",
        ". . . . . . . . . . . . . . . . . . .",
    };
    go_board *b = gt_board_from_rows(19, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "A19"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result d = go_defend(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(d == YOMI_WIN, "race next door: defend %s, want win", yomi_result_name(d));
    static const char *pts[] = {"B19", "A18", "A16", "B13", "B12", "D11", "E11"};
    static bool zone[GO_MAX_POINTS];
    memset(zone, 0, sizeof zone);
    /* The corner's points, also those of stones a capture would empty. */
    for (int col = 0; col < 3; col++)
        for (int row = 0; row < 8; row++) zone[go_pt(col, row)] = true;
    zone_add(b, pts, sizeof pts / sizeof pts[0], zone);
    if (d == YOMI_WIN) {
        static const char *const good[] = {"E11", "B13", "B12"};
        bool known = move_is_one_of(b, m, good, sizeof good / sizeof good[0]);
        CHECK_MSG(known, "race next door: defence move");
        CHECK(go_board_play(b, GO_WHITE, m) == GO_OK);
        CHECK_MSG(!bf_captures(b, t, GO_WHITE, true, 8, zone), "race next door: brute force captures");
        go_board_undo(b);
    }
    /* The same race read deep (every ply bound moved down by four, as if the
     * position came up in the middle of a line): the target cannot extend
     * (both liberties of A19 and of the corner string are self-ataris), so the
     * self-atari approaches on the liberties of the black strings it races
     * (B13, B12) and saving D11 must still be candidates, for A19 and for the
     * corner string C19 alike; a pass does not do (an earlier reader answered
     * PASS here). */
    static const char *deep[] = {"A19", "C19"};
    for (size_t k = 0; k < sizeof deep / sizeof deep[0]; k++) {
        go_point dt = go_vertex_parse(b, deep[k]), dm = GO_NO_POINT;
        go_reader *dr = go_reader_new(&cli_lim);
        go_reader_set_depth_offset(dr, -4);
        yomi_result dd = go_defend(dr, b, dt, &dm);
        go_reader_free(dr);
        CHECK_MSG(dd == YOMI_WIN, "race next door, depth offset -4: defend %s %s, want win", deep[k],
                  yomi_result_name(dd));
        static const char *const good[] = {"E11", "B13", "B12"};
        bool known = move_is_one_of(b, dm, good, sizeof good / sizeof good[0]);
        CHECK_MSG(known, "race next door, depth offset -4: defend %s move", deep[k]);
        if (known) {
            CHECK(go_board_play(b, GO_WHITE, dm) == GO_OK);
            CHECK_MSG(!bf_captures(b, dt, GO_WHITE, true, 8, zone),
                      "race next door, depth offset -4: brute force captures %s", deep[k]);
            go_board_undo(b);
        }
    }
    go_board_free(b);
}

/* A race won by waiting (GNU Go's reading.tst:113): White H5 (liberties H4,
 * J3) shares both liberties with the white strings G3-G4-H3 next to it; the
 * black stone J2 (liberties H2, J3) has cut off White H1-J1 (in atari at H2).
 * Only H2 defends (it takes J2's liberty and saves H1-J1). After White G2,
 * Black takes H1-J1 at H2; White's throw-in at H1 is taken at J1, and then
 * Black, with two liberties (H1, J3) against White's two shared ones, need
 * not hurry: after a white pass it connects at H1 (not a liberty of the
 * target: the attacker saves its own string that shares a liberty with the
 * target) and fills J3 and H4. An earlier reader let the attacker only fill
 * liberties after a deep pass and answered G2. Brute force over the points
 * near the target: after H2 Black cannot capture within eleven plies; after
 * G2 Black captures within nine. */
static void test_wait_in_race(void) {
    static const char *rows[9] = {
        "X O O . X . O O .", "X O . O . O . O X", "X X O O X O O X X",
        "X X X O X O X X X", "O O X X X X X O O", "O . O X . X O . O",
        ". O O X . X O O .", "X . . X . X . . X", ". O X X . X X O O",
    };
    go_board *b = gt_board_from_rows(9, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "H5"), h2 = go_vertex_parse(b, "H2"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result d = go_defend(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(d == YOMI_WIN, "wait in race: defend %s, want win", yomi_result_name(d));
    CHECK_MSG(m == h2, "wait in race: defend move");
    static bool zone[GO_MAX_POINTS];
    make_zone(b, t, 4, zone);
    CHECK(go_board_play(b, GO_WHITE, h2) == GO_OK);
    CHECK_MSG(!bf_captures(b, t, GO_WHITE, true, 11, zone), "wait in race: brute force captures after H2");
    go_board_undo(b);
    CHECK(go_board_play(b, GO_WHITE, go_vertex_parse(b, "G2")) == GO_OK);
    CHECK_MSG(bf_captures(b, t, GO_WHITE, true, 9, zone),
              "wait in race: brute force finds no capture after G2");
    go_board_undo(b);
    go_board_free(b);
}

/* A capture that shortens a race, deep in a line (GNU Go's reading.tst:173,
 * after Black A2, White B1, Black C7, White C5, Black A5, White A6 (taking
 * A5), Black A7, White A1, Black C1 (taking A1-B1), White A1): the black
 * corner string B2 has two liberties (B1, A3) and an eye; the white string
 * around it has three (A3, B4, A5), and A5 would be a self-atari for Black
 * but for the white stone A6 in atari that it takes (as a ko). Read with every
 * ply bound moved down by ten (as deep in a line), where only neighbours with
 * two liberties are shortened, that capture must still be a candidate. Brute
 * force over the corner: after A5 White cannot capture within ten plies; A5 is
 * the only black move that holds that long (taking A1 at B1 does not). */
static void test_deep_race_capture(void) {
    static const char *rows[19] = {
        ". . . . . . . . X O . . . O O X . . .", ". O X X . . . . X O . . . O X . X . .",
        ". . O X X X X X X O . O . O X . . . .", ". O O X O O O O X X O O . O O X . . .",
        ". X O X O O X X X . X O . O X X . . .", ". X X O O . O O X . . X O O O X X X .",
        ". . X O . O O X . . X X X . X . X O .", ". . X O O X X X X X O O X X . X . X .",
        ". . X X X . X O O X X O O X X X X X X", ". . . X X . X X O X X X O X O X O O O",
        ". . . X . . X O O O O X O O O O O O .", ". . . O X X O O X X O O O O X O X . .",
        ". X . X X X X X O . . . . X X X X . O", ". X O O X X O O O . . O . O O . . . .",
        ". O . O X O O O . . . . . . . . O . .", "O . O X O O X . . . . . . . . . . . .",
        ". O O X X O . X . O . . O . . O . . .", ". X X X X O . . . . . . . . . . . . .",
        ". . . X O O . . . . . . . . . . . . .",
    };
    go_board *b = gt_board_from_rows(19, rows);
    CHECK(b != NULL);
    if (!b) return;
    /* The zone: points near the corner string before the line, and the
     * points of the fight above it. */
    static bool zone[GO_MAX_POINTS];
    make_zone(b, go_vertex_parse(b, "B2"), 3, zone);
    static const char *more[] = {"C7", "C8", "A5", "A6", "A7", "A8", "B4"};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) zone[go_vertex_parse(b, more[i])] = true;
    static const char *line[] = {"A2", "B1", "C7", "C5", "A5", "A6", "A7", "A1", "C1", "A1"};
    int played = 0;
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
        bool ok = go_board_play(b, i % 2 ? GO_WHITE : GO_BLACK, go_vertex_parse(b, line[i])) == GO_OK;
        CHECK_MSG(ok, "deep race capture: %s illegal", line[i]);
        if (!ok) break;
        played++;
    }
    go_point t = go_vertex_parse(b, "B2"), a5 = go_vertex_parse(b, "A5"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    go_reader_set_depth_offset(r, -10);
    yomi_result d = go_defend(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(d == YOMI_WIN || d == YOMI_KO_WIN, "deep race capture: defend %s, want a win",
              yomi_result_name(d));
    CHECK_MSG(m == a5, "deep race capture: defend move");
    CHECK(go_board_play(b, GO_BLACK, a5) == GO_OK);
    CHECK_MSG(!bf_captures(b, t, GO_BLACK, true, 10, zone),
              "deep race capture: brute force captures after A5");
    go_board_undo(b);
    CHECK(go_board_play(b, GO_BLACK, go_vertex_parse(b, "B1")) == GO_OK);
    CHECK_MSG(bf_captures(b, t, GO_BLACK, true, 10, zone), "deep race capture: B1 holds by brute force");
    go_board_undo(b);
    for (int i = 0; i < played; i++) go_board_undo(b);
    go_board_free(b);
}

/* The target's own ko, deep in the line (GNU Go's reading.tst:207): the black
 * string A6 (liberties B4, C4) and the black string below it (B4, C4, C2, C1)
 * face the white corner stones A3 (in atari at A2), B2 and A1. White's attack
 * (B4, C4 or C1) leads to the ko at A2/A3 on the string's liberty: Black takes
 * it first (A2), so White kills only after a ko threat (KO_LOSS, GNU Go's code
 * 3). The ko's first retake comes later than the general ko depth. Brute force
 * over the corner's points: without ko threats White cannot capture within
 * seven plies; once White has retaken at A3 (after a threat, a pass pair here)
 * and won the ko (Black may not retake at A2), Black cannot save A6 within
 * seven plies. */
static void test_own_ko_deep(void) {
    static const char *rows[9] = {
        ". . . O X . X . .", ". O . O X X . . .", "O . . O X O X X .",
        "X O O X X O O X X", "X X X O O O . O O", "X . . X X O O X .",
        "O X X X O . O O X", ". O . X O O . . .", "O . . X X O . . .",
    };
    go_board *b = gt_board_from_rows(9, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "A6"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result a = go_attack(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(a == YOMI_KO_LOSS, "own ko deep: attack %s, want ko-loss", yomi_result_name(a));
    static const char *const good[] = {"B4", "C4", "C1"};
    bool known = move_is_one_of(b, m, good, sizeof good / sizeof good[0]);
    CHECK_MSG(known, "own ko deep: attack move");
    static bool zone[GO_MAX_POINTS];
    memset(zone, 0, sizeof zone);
    static const char *pts[] = {"A1", "A2", "A3", "B1", "B2", "C1", "C2", "B4", "C4"};
    zone_add(b, pts, sizeof pts / sizeof pts[0], zone);
    CHECK_MSG(!bf_captures(b, t, GO_BLACK, true, 7, zone),
              "own ko deep: brute force captures without a threat");
    if (known) {
        CHECK(go_board_play(b, GO_WHITE, m) == GO_OK);
        CHECK(go_board_play(b, GO_BLACK, go_vertex_parse(b, "A2")) == GO_OK);
        CHECK_MSG(go_board_ko(b) != GO_NO_POINT, "own ko deep: A2 is not a ko capture");
        CHECK(go_board_play(b, GO_WHITE, GO_PASS) == GO_OK);
        CHECK(go_board_play(b, GO_BLACK, GO_PASS) == GO_OK);
        CHECK(go_board_play(b, GO_WHITE, go_vertex_parse(b, "A3")) == GO_OK);
        bf_forbid = go_vertex_parse(b, "A2");
        CHECK_MSG(bf_captures(b, t, GO_BLACK, false, 7, zone),
                  "own ko deep: brute force saves A6 after the retake");
        bf_forbid = GO_NO_POINT;
        for (int i = 0; i < 5; i++) go_board_undo(b);
    }
    go_board_free(b);
}

/* The ko capture first: White's attack on Black E1 (one liberty, F1) works
 * only through a ko. F1 takes E1 at once, as a ko (Black may retake at E1
 * after a ko threat); the approach G4 (which leaves Black F1 short of
 * liberties) also kills through a ko White takes first, but the answer is the
 * move that takes the ko, as in GNU Go. Brute force: without ko threats Black
 * to move cannot save E1 within five plies (the defence needs a threat). */
static void test_ko_capture_first(void) {
    static const char *rows[7] = {
        "O X X X O O O", ". . O X . X X", ". X X O X . .", ". X . . X . .",
        "X . . . O X O", "X X . . O X X", "O O . O X . X",
    };
    go_board *b = gt_board_from_rows(7, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "E1"), f1 = go_vertex_parse(b, "F1"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result a = go_attack(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(a == YOMI_KO_WIN, "ko capture first: attack %s, want ko-win", yomi_result_name(a));
    CHECK_MSG(m == f1, "ko capture first: attack move");
    CHECK_MSG(bf_captures(b, t, GO_BLACK, false, 5, NULL), "ko capture first: brute force finds a defence");
    /* F1 takes E1 as a ko: after a ko threat (a pass pair) Black retakes. */
    CHECK(go_board_play(b, GO_WHITE, f1) == GO_OK);
    CHECK_MSG(go_board_at(b, t) == GO_EMPTY && go_board_ko(b) == t,
              "ko capture first: F1 is not a ko capture");
    CHECK(go_board_play(b, GO_BLACK, GO_PASS) == GO_OK);
    CHECK(go_board_play(b, GO_WHITE, GO_PASS) == GO_OK);
    CHECK_MSG(go_board_play(b, GO_BLACK, t) == GO_OK, "ko capture first: Black cannot retake");
    for (int i = 0; i < 4; i++) go_board_undo(b);
    go_board_free(b);
}

/* Answers do not depend on the questions read before (a fresh reader agrees
 * with one that has read every case). */
static void test_fresh_agrees(go_reader *used) {
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        go_board *b = gt_board_from_rows(cases[i].size, cases[i].rows);
        if (!b) continue;
        go_point t = go_vertex_parse(b, cases[i].target);
        go_reader *fresh = go_reader_new(&cli_lim);
        go_point m1, m2;
        yomi_result a1 = go_attack(used, b, t, &m1), a2 = go_attack(fresh, b, t, &m2);
        CHECK_MSG(a1 == a2, "%s: attack %s after other questions, %s fresh", cases[i].name,
                  yomi_result_name(a1), yomi_result_name(a2));
        go_reader_free(fresh);
        go_board_free(b);
    }
}

/* A string pinned to the edge is not escaped by its liberty count: the black
 * string A2-C2 has four liberties (A1, B1, C1, D2), all on the first two
 * lines, yet is dead (D2 gains nothing, and A1-C1 holds one eye at most).
 * Read with every ply bound moved down by eight, where four liberties count
 * as escaped from the root on, an edge string still has to be read: White
 * captures, Black cannot defend. Brute force over the whole board (every
 * legal move, the defender also passing): White captures within seven plies
 * when White moves first, within eight when Black does. */
static void test_edge_not_escaped(void) {
    static const char *rows[5] = {
        ". O . O .", "O O O O O", "O O O O O", "X X X . O", ". . . O O",
    };
    go_board *b = gt_board_from_rows(5, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "A2"), m = GO_NO_POINT;
    CHECK(go_string_libs(b, t) == 4);
    go_reader *r = go_reader_new(&cli_lim);
    go_reader_set_depth_offset(r, -8);
    yomi_result a = go_attack(r, b, t, &m);
    CHECK_MSG(a == YOMI_WIN, "edge not escaped: attack %s, want a win", yomi_result_name(a));
    yomi_result d = go_defend(r, b, t, &m);
    CHECK_MSG(d == YOMI_LOSS, "edge not escaped: defend %s, want a loss", yomi_result_name(d));
    go_reader_free(r);
    CHECK_MSG(bf_captures(b, t, GO_BLACK, true, 7, NULL), "edge not escaped: brute force attack");
    CHECK_MSG(bf_captures(b, t, GO_BLACK, false, 8, NULL), "edge not escaped: brute force defence");
    go_board_free(b);
}

/* A net in front of a liberty on the first line: the black string A5-A6 has
 * three liberties (A7, A4, B5); White B4, next to A4 and B5, nets it. With
 * every ply bound moved down by six (nets around three-liberty strings are
 * then off even at the root) the attacker still tries the points next to a
 * first-line liberty: the hane that stops a crawl along the edge, read a few
 * plies deeper than other nets (reading.tst:63 needs it at ply 7). Brute
 * force over the whole board (every legal move, the defender also passing):
 * White captures within seven plies moving first, and within six after B4;
 * Black moving first saves it for eight plies. */
static void test_edge_net(void) {
    static const char *rows[7] = {
        ". O X . O O O", "X O O X X . X", "X . O O O . .", ". . . . . X .",
        ". O X . X O .", "X X X X . . X", "X . X X . . O",
    };
    go_board *b = gt_board_from_rows(7, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "A5"), b4 = go_vertex_parse(b, "B4"), m = GO_NO_POINT;
    CHECK(go_string_libs(b, t) == 3);
    go_reader *r = go_reader_new(&cli_lim);
    go_reader_set_depth_offset(r, -6);
    yomi_result a = go_attack(r, b, t, &m);
    CHECK_MSG(a == YOMI_WIN && m == b4, "edge net: attack %s, want a win at B4", yomi_result_name(a));
    go_reader_free(r);
    CHECK_MSG(bf_captures(b, t, GO_BLACK, true, 7, NULL), "edge net: brute force attack");
    CHECK_MSG(!bf_captures(b, t, GO_BLACK, false, 8, NULL), "edge net: brute force defence");
    CHECK(go_board_play(b, GO_WHITE, b4) == GO_OK);
    CHECK_MSG(bf_captures(b, t, GO_BLACK, false, 6, NULL), "edge net: B4 fails by brute force");
    go_board_undo(b);
    go_board_free(b);
}

/* Saving a string in a race by a capture next to it (GNU Go's reading.tst:155):
 * the black string G9 (liberties H8, J8) and the white string around it
 * (G7-J7, the same two liberties) are in seki. White J3 ataris the black
 * string G6 that presses on that white string; Black saves it by taking the
 * white stone F6 (in atari) at E6, which gives G6 two eyes (F6, J5), and the
 * seki stands. An earlier reader saved only by extending and answered J3.
 * Brute force over columns E to J: White moving first cannot capture G9
 * within eleven plies; after J3, with E6 forbidden to Black, White captures
 * within six. */
static void test_race_capture_saves(void) {
    static const char *rows[9] = {
        ". . X . X O X X X", ". . X . X O O . .", ". . X X X X O O O",
        ". . . X . O X X X", ". . . X X X O X .", ". . . X O O O X X",
        ". . . X O . O O .", ". . . X O O . O O", ". . . X O . . . .",
    };
    go_board *b = gt_board_from_rows(9, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "G9"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result a = go_attack(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(a == YOMI_LOSS, "race capture saves: attack %s, want loss", yomi_result_name(a));
    static bool zone[GO_MAX_POINTS];
    memset(zone, 0, sizeof zone);
    for (int col = 4; col < 9; col++)
        for (int row = 0; row < 9; row++) zone[go_pt(col, row)] = true;
    CHECK_MSG(!bf_captures(b, t, GO_BLACK, true, 11, zone), "race capture saves: brute force captures");
    CHECK(go_board_play(b, GO_WHITE, go_vertex_parse(b, "J3")) == GO_OK);
    bf_forbid = go_vertex_parse(b, "E6");
    CHECK_MSG(bf_captures(b, t, GO_BLACK, false, 6, zone), "race capture saves: J3 fails without E6");
    bf_forbid = GO_NO_POINT;
    go_board_undo(b);
    go_board_free(b);
}

/* A race where the target has four liberties (GNU Go's reading.tst:232): the
 * white string A12 has an eye (A11) and three liberties (A13, B13, C13)
 * shared with the black string A14-E14-D13, whose other liberties (B15, C15,
 * D15, E15) lie inside White's wall. White must fill those first; with the
 * shared liberties filled last, Black runs out first. An earlier reader read
 * races only against targets with three liberties or fewer, never filled the
 * outside liberties and answered that A12 dies. Brute force over the fight's
 * points (the liberties of both strings and the stones a capture would
 * free): after any of B15-E15 Black cannot capture A12 within seventeen
 * plies; if White passes, Black captures within seven. */
static void test_race_outside_libs(void) {
    static const char *rows[19] = {
        ". O . . . O . . . . . . . . . . . . .", "O O . . . O . . . . . . . . . . . . .",
        ". O . . . O . . . . . . . . . . . . .", "O O O O O O O O O O O O O O O O O O O",
        "O . . . . O . . . . . . . . . X X X X", "X X X X X O X X X X X X X X X X . . .",
        ". . . X O X X . . . . . . . . X . . .", "O O O O O X . . . . . . . . . X . . .",
        ". O X X O X . . . . . . . . . X . . .", "O O O X X X . . . . . . . . . X . . .",
        "X O X X . X X . . . . . . . . X . . .", "X X X X O O X X . . . . . . . X . . .",
        ". X . X O . O X X X X X X . . X . . .", "X X X X O O O O O O O O X X X X . . .",
        "X . O O X . O . O X X X O . X . X . .", "X . O . X . O O O O X . O . X X X . .",
        "X . O . X . O . . . X . O . . . X . .", "X X O . X . O . X X X . O O O . X X X",
        "X X O . X . O X X . X . O . O . X . .",
    };
    go_board *b = gt_board_from_rows(19, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "A12"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result d = go_defend(r, b, t, &m);
    go_reader_free(r);
    static const char *const good[] = {"B15", "C15", "D15", "E15"};
    bool known = move_is_one_of(b, m, good, sizeof good / sizeof good[0]);
    CHECK_MSG(d == YOMI_WIN && known, "race outside liberties: defend %s, want a win on B15-E15",
              yomi_result_name(d));
    static bool zone[GO_MAX_POINTS];
    memset(zone, 0, sizeof zone);
    static const char *pts[] = {"B15", "C15", "D15", "E15", "A13", "B13", "C13",
                                "A11", "A14", "B14", "C14", "D14", "E14", "D13"};
    zone_add(b, pts, sizeof pts / sizeof pts[0], zone);
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        CHECK(go_board_play(b, GO_WHITE, go_vertex_parse(b, good[i])) == GO_OK);
        CHECK_MSG(!bf_captures(b, t, GO_WHITE, true, 17, zone),
                  "race outside liberties: brute force captures after %s", good[i]);
        go_board_undo(b);
    }
    CHECK_MSG(bf_captures(b, t, GO_WHITE, true, 7, zone),
              "race outside liberties: brute force spares A12 after a pass");
    go_board_free(b);
}

/* A counter-atari that saves a string in a race (GNU Go's reading.tst:176):
 * the white string B1 (liberties A1, C1, D1) races the black string A2-D5
 * (A1, A4); Black A4 ataris the white stones B4-B5, whose extension at A5
 * would only put them back in atari. White answers by putting the black
 * stone B6 next to them in atari (A6, or B7): the capture of B4-B5 then
 * costs Black its own stones. An earlier reader only extended or captured to
 * save B4-B5 and answered that A4 kills. Brute force over the fight's points:
 * Black moving first cannot capture B1 within thirteen plies; after A4 and
 * A6 not within fourteen; after A4 and C1 (a plain move) Black captures
 * within ten. */
static void test_race_counter_atari(void) {
    static const char *rows[19] = {
        ". . . . . . . . . O X . . . . . . . .", ". . . O . . . . . O X . O O . . . . .",
        ". . . O O O O O . O X X O X X . . . .", ". . . O . . . . O O X X X . X X . . .",
        "O O O . . O . O X X X X . X . . . . .", "O X X O O . O O O O O O X O . . X . .",
        "O X . X O O . O X O O X X X X X . . .", "X X X X X O O O X X O X X O O O X . .",
        ". . . X O X X O O X X O O O O X X X .", ". X X O O O X X O X O O O O . O O X X",
        "X X O . O X X . X X O O X O . O X X O", "X O O . O O X . X X O X X X O O X O O",
        "O . . . . . O X X O X . X O . . O O .", ". X O O . . O X . . X . X O O O X O .",
        ". O X X O O O X . . . X O O X O X O .", ". O X O X O O X X . . . X X X O X O O",
        "X X X O X X X . X . . . . . . X X X O", "X O O O O X . X O X . . . . . . . X O",
        ". O . . O X . . . . . . . . . . . X X",
    };
    go_board *b = gt_board_from_rows(19, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "B1"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result a = go_attack(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(a == YOMI_LOSS, "race counter-atari: attack %s, want loss", yomi_result_name(a));
    static bool zone[GO_MAX_POINTS];
    memset(zone, 0, sizeof zone);
    static const char *pts[] = {"A1", "C1", "D1", "A4", "A5", "A6", "A7", "B4", "B5",
                                "B6", "B7", "C7", "G1", "G2", "H1", "H3", "J1"};
    zone_add(b, pts, sizeof pts / sizeof pts[0], zone);
    CHECK_MSG(!bf_captures(b, t, GO_WHITE, true, 13, zone), "race counter-atari: brute force captures");
    CHECK(go_board_play(b, GO_BLACK, go_vertex_parse(b, "A4")) == GO_OK);
    CHECK(go_board_play(b, GO_WHITE, go_vertex_parse(b, "A6")) == GO_OK);
    CHECK_MSG(!bf_captures(b, t, GO_WHITE, true, 14, zone),
              "race counter-atari: brute force captures after A6");
    go_board_undo(b);
    CHECK(go_board_play(b, GO_WHITE, go_vertex_parse(b, "C1")) == GO_OK);
    CHECK_MSG(bf_captures(b, t, GO_WHITE, true, 10, zone), "race counter-atari: C1 holds by brute force");
    go_board_undo(b);
    go_board_undo(b);
    go_board_free(b);
}

/* A ko attack: the reader's attack on the string at target is a ko the
 * attacker takes first (KO_WIN) with move; by brute force over zone, after
 * move the attacker captures within plain plies when the defender has no ko
 * threats, and captures nothing within threat plies (attacker first) when the
 * defender has threats without end. */
typedef struct ko_attack_case {
    const char *name;
    int size;
    const char *const *rows;
    const char *target, *move;
    int depth_offset; /* moves the reader's ply bounds */
    const char *const *zone;
    size_t nzone;
    int plain, threat;
} ko_attack_case;

static void check_ko_attack(const ko_attack_case *kc) {
    go_board *b = gt_board_from_rows(kc->size, kc->rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, kc->target), mv = go_vertex_parse(b, kc->move), m = GO_NO_POINT;
    go_color def = go_board_at(b, t);
    go_reader *r = go_reader_new(&cli_lim);
    go_reader_set_depth_offset(r, kc->depth_offset);
    yomi_result a = go_attack(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(a == YOMI_KO_WIN, "%s: attack %s, want ko-win", kc->name, yomi_result_name(a));
    CHECK_MSG(m == mv, "%s: attack move", kc->name);
    static bool zone[GO_MAX_POINTS];
    memset(zone, 0, sizeof zone);
    zone_add(b, kc->zone, kc->nzone, zone);
    CHECK(go_board_play(b, go_other(def), mv) == GO_OK);
    CHECK_MSG(bf_captures(b, t, def, false, kc->plain, zone), "%s: brute force, %s does not capture",
              kc->name, kc->move);
    go_board_undo(b);
    bf_threats = BF_ENDLESS;
    CHECK_MSG(!bf_captures(b, t, def, true, kc->threat, zone), "%s: brute force captures with threats",
              kc->name);
    bf_threats = 0;
    go_board_free(b);
}

/* A ladder that ends in a ko (GNU Go's reading.tst:135): Black A6 ataris the
 * white stone A7 (liberties A6, A8). After White takes A6 back with A5, the
 * ladder reader sees Black's atari at A8 capture A7 (White's extension at A6
 * dies), but White need not extend: taking A7 at A6 is then a ko capture,
 * which White retakes after a ko threat. So Black's attack works only through
 * a ko that Black takes first. Brute force over the corner's points: without
 * ko threats Black A6 captures within nine plies; when White has ko threats
 * without end Black captures nothing within nine plies. */
static void test_ladder_into_ko(void) {
    static const char *rows[9] = {
        ". . . . . . . . .", ". . . . . X . . X", "O X X X X O X X X",
        ". O . O O O O O X", ". O O X . O X X X", "X X X O O . O O O",
        ". X X X O . . . .", ". X X O O . . . .", ". . O . . . . . .",
    };
    static const char *const zone[] = {"A5", "A6", "A8", "A9", "B8", "B9",
                                       "C8", "C9", "D9", "C6", "E5", "D5"};
    const ko_attack_case kc = {
        "ladder into ko", 9, rows, "A7", "A6", 0, zone, sizeof zone / sizeof zone[0], 8, 9};
    check_ko_attack(&kc);
}

/* A ko that must be settled, not only won (GNU Go's reading.tst:225): the
 * black corner (A4) lives only through the ko at C1/D1 and the race against
 * the white stones E1-E3. Every saving move needs a ko threat, but A2
 * (taking A1) leaves the ko open: after Black's retake White waits, retakes,
 * and Black needs a second threat. F3 or F1, in the race, need only one. Under
 * the ko master rules a ko once retaken can never be retaken, so both look the
 * same: the answer is checked again with one threat for Black. Brute force over
 * the corner's points: without ko threats White captures after F3 within
 * eight plies; with one threat for Black it does not after F3 or F1, and does
 * after A2. */
static void test_one_threat(void) {
    static const char *rows[9] = {
        ". . O . . . . . .", ". . O . . . . . .", ". . O . . . . . .",
        ". . O . . . . . .", "O O O . . . . . .", "X X O X X X X X X",
        "X X O X O . X . .", ". X X O O X X . .", "O X . X O . X . .",
    };
    go_board *b = gt_board_from_rows(9, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "A4"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result d = go_defend(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(d == YOMI_KO_LOSS, "one threat: defend %s, want ko-loss", yomi_result_name(d));
    static const char *const good[] = {"F3", "F1"};
    CHECK_MSG(move_is_one_of(b, m, good, 2), "one threat: defence move");
    static bool zone[GO_MAX_POINTS];
    memset(zone, 0, sizeof zone);
    static const char *pts[] = {"A2", "C1", "F1", "F3", "F2", "D1", "A1", "D2", "E1", "E2", "E3",
                                "G1", "H1", "H2", "H3", "F5", "E5", "D5", "D6", "D7", "D3", "G2"};
    zone_add(b, pts, sizeof pts / sizeof pts[0], zone);
    static const char *const moves[] = {"F3", "F1", "A2"};
    for (int i = 0; i < 3; i++) {
        CHECK(go_board_play(b, GO_BLACK, go_vertex_parse(b, moves[i])) == GO_OK);
        if (i == 0)
            CHECK_MSG(bf_captures(b, t, GO_BLACK, true, 8, zone),
                      "one threat: brute force, F3 saves without threats");
        bf_threats = 1;
        bool cap = bf_captures(b, t, GO_BLACK, true, 8, zone);
        bf_threats = 0;
        CHECK_MSG(cap == (i == 2), "one threat: brute force, %s with one threat", moves[i]);
        go_board_undo(b);
    }
    go_board_free(b);
}

/* A ko on a liberty of the target, deep in a race (GNU Go's reading.tst:37,
 * four moves on): the black string J14 (liberties M3, M1 after White N4) races
 * the white string M9. White N4 ataris the black stone N3; White M3 then fills
 * the target's liberty taking N3 as a ko, and Black's retake at N3 gives the
 * liberty back. That retake comes deeper than the general ko depth (every ply
 * bound moved down by three here, as the root question needs it four plies
 * deeper), so the target's own kos must include a ko on a stone that stands on
 * one of its liberties. Brute force over the fight's points: without ko
 * threats White N4 captures within seven plies; with ko threats without end
 * for Black, White captures nothing within nine. */
static void test_ko_on_liberty(void) {
    static const char *rows[19] = {
        ". . O X X X . . . . . . . . . . . . .", ". . O O O X . . . . . . . . . . . . .",
        ". . . O X X X X X . X X X . . . X X .", ". . O X X . X O . X . O O X . X X O .",
        ". O O O O X O . O X X X X . X . X X X", ". X . . . O O O X O O O O X . X O O X",
        ". X O O X X O X X X O . . O . O . . O", "O X X X X O O O O X O O O O . O . O .",
        ". O . . . X . . O X O X O . . . . O .", "O X X X X O O . O X X X O O . X X X O",
        ". O O O O O X . O O X O X X . X O O .", ". . O X O X X . O X X O . . . . . . .",
        ". X X X O X . . O X X O O . . . . . .", ". . . X O X . . O X O O . O O . O . .",
        ". . X . X O O O O X X O O X X O . . .", ". . . X X X O O O X X X . X X X O . .",
        ". . X O O O X O . O X . X O O X O . O", ". . . . X X X O . O X X O . . X X O .",
        ". . . . . . X X O O X . . . . . . X .",
    };
    static const char *const zone[] = {"M3", "N4", "M1", "N1", "O1", "O2",
                                       "P2", "P1", "N3", "N8", "O7", "N6"};
    const ko_attack_case kc = {
        "ko on liberty", 19, rows, "J14", "N4", -3, zone, sizeof zone / sizeof zone[0], 6, 9};
    check_ko_attack(&kc);
}

/* No move needed: Black has just retaken the ko at E5 (White may not take
 * back at D5 now), but Black cannot keep it: D5 and A5 are self-ataris for
 * Black, so whatever Black plays next, White takes D5 legally, first. The
 * attack works through a ko White takes first (KO_WIN) with no move now;
 * taking back at D5 after a ko threat (KO_LOSS) is worse. Brute force over
 * the whole board: after a White pass, Black to move cannot save B5 within
 * five plies without ko threats; and it is a ko: after a pass pair White's
 * D5 takes E5 as a ko with B5 in atari. */
static void test_ko_no_move(void) {
    static const char *rows[5] = {
        ". X X O .", "X X X X O", "O O O O O", ". . . . .", ". . . . .",
    };
    go_board *b = gt_board_from_rows(5, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "B5"), d5 = go_vertex_parse(b, "D5"), e5 = go_vertex_parse(b, "E5");
    CHECK(go_board_play(b, GO_BLACK, e5) == GO_OK);
    CHECK_MSG(go_board_ko(b) == d5 && go_board_check_move(b, GO_WHITE, d5) == GO_ILLEGAL_KO,
              "ko no move: E5 is not a ko capture");
    go_point m = d5;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result a = go_attack(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(a == YOMI_KO_WIN, "ko no move: attack %s, want ko-win", yomi_result_name(a));
    CHECK_MSG(m == GO_NO_POINT, "ko no move: attack move, want none");
    CHECK(go_board_play(b, GO_WHITE, GO_PASS) == GO_OK);
    CHECK_MSG(bf_captures(b, t, GO_BLACK, false, 5, NULL), "ko no move: brute force finds a defence");
    CHECK(go_board_play(b, GO_BLACK, GO_PASS) == GO_OK);
    CHECK(go_board_play(b, GO_WHITE, d5) == GO_OK);
    CHECK_MSG(go_board_ko(b) == e5 && go_string_libs(b, t) == 1, "ko no move: D5 is not a ko capture");
    for (int i = 0; i < 4; i++) go_board_undo(b);
    go_board_free(b);
}

/* A waiting move is no attack (GNU Go's reading.tst:229-230): the black
 * string E9 (liberties A7, D9) is safe unless White starts the ko at A7,
 * which Black takes first at A8 (also taking A9-B8's last liberty but B9).
 * White's quiet moves (B4, say) do not change that: Black need not answer
 * them (its pass leaves White the same ko, Black first), so White's attack
 * works only after a ko threat (KO_LOSS), and Black's defence needs no move
 * and holds through the ko it takes first (KO_WIN). Brute force over the
 * empty points within two of the string, no ko threats: White moving first
 * cannot capture within six plies, nor after a Black pass; with one threat
 * (a pass pair after A7 A8) White's retake at A7 kills (Black may not take
 * back at A8). */
static void test_waiting_move(void) {
    static const char *rows[9] = {
        "O . O . X O O . .", ". O X X X X O . .", ". X X X O O O . .",
        "X X O O O O . O .", "X O O X O X X O X", "O . O X O O X X .",
        ". O X X X X X . .", ". O X . . . . . .", ". O X . . . . . .",
    };
    go_board *b = gt_board_from_rows(9, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "E9"), a7 = go_vertex_parse(b, "A7"), a8 = go_vertex_parse(b, "A8");
    go_point m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result a = go_attack(r, b, t, &m);
    CHECK_MSG(a == YOMI_KO_LOSS, "waiting move: attack %s, want ko-loss", yomi_result_name(a));
    m = a8;
    yomi_result d = go_defend(r, b, t, &m);
    CHECK_MSG(d == YOMI_KO_WIN, "waiting move: defend %s, want ko-win", yomi_result_name(d));
    CHECK_MSG(m == GO_NO_POINT, "waiting move: defend move, want none");
    go_reader_free(r);
    static bool zone[GO_MAX_POINTS];
    make_zone(b, t, 2, zone);
    CHECK_MSG(!bf_captures(b, t, GO_BLACK, true, 6, zone), "waiting move: brute force captures");
    CHECK(go_board_play(b, GO_BLACK, GO_PASS) == GO_OK);
    CHECK_MSG(!bf_captures(b, t, GO_BLACK, true, 6, zone), "waiting move: brute force captures after a pass");
    go_board_undo(b);
    CHECK(go_board_play(b, GO_WHITE, a7) == GO_OK);
    CHECK(go_board_play(b, GO_BLACK, a8) == GO_OK);
    CHECK_MSG(go_board_ko(b) == a7, "waiting move: A8 is not a ko capture");
    CHECK(go_board_play(b, GO_WHITE, GO_PASS) == GO_OK);
    CHECK(go_board_play(b, GO_BLACK, GO_PASS) == GO_OK);
    CHECK(go_board_play(b, GO_WHITE, a7) == GO_OK);
    bf_forbid = a8;
    CHECK_MSG(bf_captures(b, t, GO_BLACK, false, 6, zone),
              "waiting move: brute force saves E9 after the retake");
    bf_forbid = GO_NO_POINT;
    for (int i = 0; i < 5; i++) go_board_undo(b);
    go_board_free(b);
}

/* The race next door from a three-liberty string (GNU Go's reading.tst:228):
 * the black string F6 (liberties G5, J1) races the white string below it
 * (F2, D1, J1), which Black's capture of F3 at F2 (a ko) would shorten.
 * White's way is to capture what presses on that string: the black corner
 * string A4 (liberties A9, A8) is in atari after A8 or A9 (a self-atari, a
 * throw-in: taking it leaves the corner in atari), and taking it gives the
 * white string the air to win the race outright. Brute force over the
 * fight's points (no ko threats): White to move captures F6 within nine
 * plies, and Black cannot save it within eight after the reader's move. */
static void test_race_next_door3(void) {
    static const char *rows[9] = {
        ". X O . . . . . .", ". X O . X . . . .", "X X O O O O O O O",
        "X O O . O X X X O", "X X O O X X . X O", "X O X X X X X X O",
        "O O O O X O X X O", "X X X O O . O X X", ". . X . O O O O .",
    };
    go_board *b = gt_board_from_rows(9, rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "F6"), m = GO_NO_POINT;
    go_reader *r = go_reader_new(&cli_lim);
    yomi_result a = go_attack(r, b, t, &m);
    go_reader_free(r);
    CHECK_MSG(a == YOMI_WIN, "race next door 3: attack %s, want a win", yomi_result_name(a));
    static const char *const good[] = {"A9", "A8"};
    bool known = move_is_one_of(b, m, good, 2);
    CHECK_MSG(known, "race next door 3: attack move");
    static bool zone[GO_MAX_POINTS];
    memset(zone, 0, sizeof zone);
    static const char *pts[] = {"G5", "J1", "F2", "F3", "D1", "A1", "B1", "D6", "A9", "A8"};
    zone_add(b, pts, sizeof pts / sizeof pts[0], zone);
    CHECK_MSG(bf_captures(b, t, GO_BLACK, true, 9, zone), "race next door 3: brute force finds no capture");
    if (known) {
        CHECK(go_board_play(b, GO_WHITE, m) == GO_OK);
        CHECK_MSG(bf_captures(b, t, GO_BLACK, false, 8, zone),
                  "race next door 3: the move fails by brute force");
        go_board_undo(b);
    }
    go_board_free(b);
}

/* ---- Basis ---- */

static const char *basis_name(yomi_basis x) { return yomi_basis_name(x); }

/* Examples: the ladder without a breaker is read out (proved); a lone stone
 * on an empty board is safe only because the escape rule counts five
 * liberties as escaped (heuristic), and stays so when the same reader answers
 * again from its table; a reading stopped by a limit or the cancel flag says
 * unknown. */
static void test_basis_examples(void) {
    static const char *ladder_rows[9] = {
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . X O . . . . .", ". . X O X . . . .",
        ". . . X . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    go_board *b = gt_board_from_rows(9, ladder_rows);
    CHECK(b != NULL);
    if (!b) return;
    go_point t = go_vertex_parse(b, "D5"), m;
    go_reader *r = go_reader_new(&cli_lim);
    CHECK_EQ_INT(go_reader_last_basis(r), YOMI_BASIS_UNKNOWN); /* nothing asked yet */
    CHECK_EQ_INT(go_attack(r, b, t, &m), YOMI_WIN);
    CHECK_MSG(go_reader_last_basis(r) == YOMI_BASIS_PROVED, "ladder: attack basis %s",
              basis_name(go_reader_last_basis(r)));
    /* A limit: unknown, never a basis of a claim. */
    yomi_limits one = {.max_nodes = 1};
    go_reader *lr = go_reader_new(&one);
    CHECK_EQ_INT(go_attack(lr, b, t, &m), YOMI_UNKNOWN);
    CHECK_EQ_INT(go_reader_last_basis(lr), YOMI_BASIS_UNKNOWN);
    go_reader_free(lr);
    /* A clock past its limit: the reader looks at it only every 4096 nodes,
     * but the ladder reads inside the question look at it on their first
     * node, and stop the question (this reading is far shorter than 4096). */
    lr = go_reader_new(&cli_lim);
    CHECK_EQ_INT(go_attack(lr, b, t, &m), YOMI_WIN);
    CHECK(go_reader_nodes(lr) < 4096);
    go_reader_free(lr);
    yomi_limits clock = {.max_seconds = 1e-12};
    lr = go_reader_new(&clock);
    CHECK_EQ_INT(go_attack(lr, b, t, &m), YOMI_UNKNOWN);
    CHECK_EQ_INT(go_reader_last_basis(lr), YOMI_BASIS_UNKNOWN);
    /* ...at once: the first ladder read (the root's) stops the question. */
    CHECK_MSG(go_reader_nodes(lr) < 16, "the clock stopped the question after %llu nodes",
              (unsigned long long)go_reader_nodes(lr));
    go_reader_free(lr);
    atomic_int cancel = 1;
    yomi_limits cancelled = {.cancel = &cancel};
    lr = go_reader_new(&cancelled);
    CHECK_EQ_INT(go_attack(lr, b, t, &m), YOMI_UNKNOWN);
    CHECK_EQ_INT(go_reader_last_basis(lr), YOMI_BASIS_UNKNOWN);
    go_reader_free(lr);
    go_board_free(b);

    b = go_board_new(9);
    CHECK(b != NULL);
    if (!b) {
        go_reader_free(r);
        return;
    }
    t = go_vertex_parse(b, "E5");
    CHECK(go_board_setup(b, t, GO_WHITE));
    for (int k = 0; k < 2; k++) { /* the second time from the table */
        CHECK_EQ_INT(go_attack(r, b, t, &m), YOMI_LOSS);
        CHECK_MSG(go_reader_last_basis(r) == YOMI_BASIS_HEURISTIC, "lone stone (%d): attack basis %s", k,
                  basis_name(go_reader_last_basis(r)));
        CHECK_EQ_INT(go_defend(r, b, t, &m), YOMI_WIN);
        CHECK_MSG(go_reader_last_basis(r) == YOMI_BASIS_HEURISTIC, "lone stone (%d): defend basis %s", k,
                  basis_name(go_reader_last_basis(r)));
    }
    go_reader_free(r);
    go_board_free(b);
}

/* Every proved outright answer on seeded random 5x5 positions (random legal
 * play, so strings short of liberties, eyes and kos of every kind), for every
 * string, agrees with the brute force: an attack that works captures (found
 * within 7 plies, else within 9, 11 or 13: some captures on 5x5 are long), one
 * that fails finds no capture within 7 plies; a defence that works leaves no
 * capture within 7 plies, one that fails leaves one whatever the defender does
 * (within 7..13 plies). A proved capture the brute force cannot confirm within
 * 13 plies fails. Ko results are not compared (the brute force has no ko
 * threats). In release: 491 proved answers, 825 heuristic ones. */
static void test_basis_brute_force(void) {
    uint64_t seed = 20261124;
    int positions = t_sanitized() ? 15 : 80;
    enum { DEPTH = 7, DEPTH_MAX = 13 };
    long proved = 0, heuristic = 0, compared = 0;
    go_reader *r = go_reader_new(&cli_lim);
    CHECK(r != NULL);
    if (!r) return;
    for (int k = 0; k < positions; k++) {
        go_board *b = go_board_new(5);
        if (!b) break;
        go_color c = GO_BLACK;
        for (int mv = 0; mv < 16; mv++) {
            go_point legal[GO_MAX_POINTS];
            int n = 0;
            GO_FOR_POINTS(b, p) {
                if (go_board_at(b, p) == GO_EMPTY && go_board_check_move(b, c, p) == GO_OK) legal[n++] = p;
            }
            if (!n) break;
            go_board_play(b, c, legal[yomi_splitmix64(&seed) % (uint64_t)n]);
            c = go_other(c);
        }
        uint64_t h = go_board_hash(b);
        bool seen[GO_MAX_POINTS] = {false};
        GO_FOR_POINTS(b, t) {
            go_color def = go_board_at(b, t);
            if ((def != GO_BLACK && def != GO_WHITE) || seen[go_string_id(b, t)]) continue;
            seen[go_string_id(b, t)] = true;
            for (int q = 0; q < 2; q++) {
                bool attack = q == 0;
                go_point m;
                yomi_result res = attack ? go_attack(r, b, t, &m) : go_defend(r, b, t, &m);
                yomi_basis basis = go_reader_last_basis(r);
                CHECK(go_board_hash(b) == h);
                CHECK_MSG(res != YOMI_UNKNOWN || basis == YOMI_BASIS_UNKNOWN,
                          "an unknown answer with a basis");
                CHECK_MSG(res == YOMI_UNKNOWN || basis != YOMI_BASIS_UNKNOWN, "an answer without a basis");
                heuristic += basis == YOMI_BASIS_HEURISTIC;
                if (basis != YOMI_BASIS_PROVED) continue;
                proved++;
                if (res != YOMI_WIN && res != YOMI_LOSS) continue;
                compared++;
                /* Attack works / defence fails: the string is captured. */
                bool captured = attack == (res == YOMI_WIN);
                bool bf = bf_captures(b, t, def, attack, DEPTH, NULL);
                int dd = DEPTH;
                while (bf != captured && captured && dd < DEPTH_MAX) {
                    dd += 2;
                    bf = bf_captures(b, t, def, attack, dd, NULL);
                }
                if (bf != captured) {
                    char v[8];
                    go_vertex_format(b, t, v, sizeof v);
                    CHECK_MSG(false, "random 5x5 #%d, %s at %s: %s proved %s, brute force (depth %d) says %s",
                              k, def == GO_BLACK ? "black" : "white", v, attack ? "attack" : "defend",
                              yomi_result_name(res), DEPTH, bf ? "captured" : "not captured");
                    print_board(b);
                }
            }
        }
        go_board_free(b);
    }
    go_reader_free(r);
    printf("basis: %ld proved (%ld outright, compared with brute force), %ld heuristic\n", proved, compared,
           heuristic);
    CHECK_MSG(compared >= positions, "too few proved answers to compare (%ld)", compared);
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    go_reader *r = go_reader_new(&cli_lim);
    CHECK(r != NULL);
    if (!r) return t_summary("test_go_reading");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) check_case(r, &cases[i]);
    test_ladder_breaker(r);
    test_ko_history(r);
    test_deep_generators();
    test_counter_ko_capture();
    test_race_next_door();
    test_wait_in_race();
    test_deep_race_capture();
    test_own_ko_deep();
    test_ko_capture_first();
    test_edge_not_escaped();
    test_edge_net();
    test_race_capture_saves();
    test_race_outside_libs();
    test_race_counter_atari();
    test_ladder_into_ko();
    test_one_threat();
    test_ko_on_liberty();
    test_ko_no_move();
    test_waiting_move();
    test_race_next_door3();
    test_fresh_agrees(r);
    go_reader_free(r);
    test_limits();
    test_basis_examples();
    test_basis_brute_force();
    printf("brute force: %llu nodes\n", (unsigned long long)bf_nodes);
    return t_summary("test_go_reading");
}
