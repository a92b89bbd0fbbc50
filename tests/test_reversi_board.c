/* Move generation, flips, perft and stability checked against independent oracles:
 * a naive square-by-square reference, the published perft table, and exhaustive play. */
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "reversi/bitboard.h"
#include "reversi/ggf.h"
#include "rv_testutil.h"
#include "testutil.h"
#include "yomi/reversi.h"

/* Reference flips: walk each of the 8 directions square by square. */
static uint64_t ref_flips(uint64_t P, uint64_t O, int x) {
    if (((P | O) >> x) & 1) return 0;
    static const int dc[8] = {1, 1, 0, -1, -1, -1, 0, 1}, dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    uint64_t all = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t f = 0;
        int c = x % 8 + dc[d], r = x / 8 + dr[d];
        while (c >= 0 && c < 8 && r >= 0 && r < 8 && (O >> (r * 8 + c) & 1)) {
            f |= 1ULL << (r * 8 + c);
            c += dc[d];
            r += dr[d];
        }
        if (c >= 0 && c < 8 && r >= 0 && r < 8 && (P >> (r * 8 + c) & 1)) all |= f;
    }
    return all;
}

static uint64_t ref_moves(uint64_t P, uint64_t O) {
    uint64_t m = 0;
    for (int x = 0; x < 64; x++)
        if (ref_flips(P, O, x)) m |= 1ULL << x;
    return m;
}

static void test_random_positions(void) {
    uint64_t seed = 12345;
    int games = t_sanitized() ? 200 : 3000, mismatches = 0;
    for (int g = 0; g < games; g++) {
        uint64_t P = (1ULL << 28) | (1ULL << 35), O = (1ULL << 27) | (1ULL << 36);
        int passes = 0;
        while (passes < 2) {
            uint64_t m = rv_moves(P, O);
            if (m != ref_moves(P, O)) mismatches++;
            /* rv_flips is defined on empty squares only. */
            for (int x = 0; x < 64; x++)
                if (!((P | O) >> x & 1) &&
                    (rv_flips(P, O, x) != ref_flips(P, O, x) ||
                     rv_flips_portable(P, O, x) != ref_flips(P, O, x)))
                    mismatches++;
            passes = rvt_random_move(&P, &O, &seed) ? 0 : passes + 1;
        }
    }
    CHECK_MSG(mismatches == 0, "moves/flips differ from the reference %d times", mismatches);
}

static void test_perft(const char *data) {
    const char *path = t_data_path(data, "reversi/othello_perft.tsv");
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f) {
        CHECK_MSG(0, "test data not found: %s", path ? path : "reversi/othello_perft.tsv (no data dir)");
        return;
    }
    int max_depth = t_sanitized() ? 8 : 10, checked = 0;
    char line[512];
    rv_pos start;
    rv_pos_start(&start);
    while (fgets(line, sizeof line, f)) {
        int depth;
        unsigned long long leaves;
        if (line[0] == '#' || sscanf(line, "%d %llu", &depth, &leaves) != 2) continue;
        if (depth > max_depth) continue;
        CHECK_MSG(rv_perft(&start, depth) == leaves, "perft %d != %llu", depth, leaves);
        checked++;
    }
    fclose(f);
    CHECK_MSG(checked == max_depth, "perft table rows read: %d", checked);
}

/* Exhaustive check of rv_stable: over every continuation of a position with few
 * empties, no disc reported stable ever changes colour. */
static bool stays(uint64_t P, uint64_t O, uint64_t sp, uint64_t so, bool passed) {
    if ((P & sp) != sp || (O & so) != so) return false;
    uint64_t m = rv_moves(P, O);
    if (!m) return passed ? true : stays(O, P, so, sp, true);
    for (; m; m = rv_clear_first(m)) {
        int x = rv_first(m);
        uint64_t f = rv_flips(P, O, x);
        if (!stays(O ^ f, P ^ f ^ (1ULL << x), so, sp, false)) return false;
    }
    return true;
}

static void test_stability(void) {
    uint64_t seed = 777;
    int positions = t_sanitized() ? 30 : 300, with_stable = 0, wrong = 0;
    for (int i = 0; i < positions; i++) {
        uint64_t P, O;
        rvt_random_playout(&P, &O, &seed, 7);
        uint64_t sp = rv_stable(P, O), so = rv_stable(O, P);
        if (sp | so) with_stable++;
        if (!stays(P, O, sp, so, false)) wrong++;
    }
    CHECK_MSG(wrong == 0, "%d positions where a 'stable' disc was flipped", wrong);
    CHECK_MSG(with_stable > positions / 4, "too few positions with stable discs (%d)", with_stable);
}

static void test_parse(void) {
    rv_pos pos;
    yomi_error err;
    const char *ok = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;";
    CHECK(rv_parse_board(ok, strlen(ok), 1, &pos, &err) == 0);
    CHECK(pos.black_to_move);
    CHECK_EQ_INT(rv_popcount(pos.P | pos.O), 50);
    char buf[80];
    rv_format_board(&pos, buf);
    CHECK(strncmp(buf, ok, 66) == 0);
    /* Equivalent spellings. */
    const char *alt = "..**.**..ooo**.o.ooo**o*.o*o*o**o***o***..*o*o**.***ooo..ooooo.. b";
    rv_pos pos2;
    CHECK(rv_parse_board(alt, strlen(alt), 1, &pos2, &err) == 0);
    /* Short board: error points at the end. */
    CHECK(rv_parse_board("XXXX X", 6, 7, &pos, &err) == -1);
    CHECK_EQ_INT(err.line, 7);
    /* Unknown character at column 5. */
    char bad[80];
    memcpy(bad, ok, 67);
    bad[4] = 'Z';
    CHECK(rv_parse_board(bad, 66, 3, &pos, &err) == -1);
    CHECK_EQ_INT(err.column, 5);
    CHECK(strstr(err.msg, "'Z'") != NULL);
    /* Missing side. */
    CHECK(rv_parse_board(ok, 64, 1, &pos, &err) == -1);
    CHECK(strstr(err.msg, "side to move") != NULL);
    CHECK_EQ_INT(err.column, 65);
    /* Unknown side. */
    memcpy(bad, ok, 67);
    bad[65] = 'Q';
    CHECK(rv_parse_board(bad, 66, 1, &pos, &err) == -1);
    CHECK(strstr(err.msg, "side to move") != NULL);
    CHECK_EQ_INT(err.column, 66);
    /* 65 squares. */
    char longer[80];
    memcpy(longer, ok, 64);
    strcpy(longer + 64, "- X");
    CHECK(rv_parse_board(longer, strlen(longer), 1, &pos, &err) == -1);
    CHECK_EQ_INT(rv_square_parse("a1"), 0);
    CHECK_EQ_INT(rv_square_parse("h8"), 63);
    CHECK_EQ_INT(rv_square_parse("i1"), -1);
}

/* GGF records (NBoard's "set game"): moves replayed with legality checks, a
 * forced pass the record leaves out is inserted, and errors name the move and
 * the byte. The facts are counted by hand on the board. */
static void test_ggf(void) {
    const char *start = "---------------------------O*------*O---------------------------";
    char text[400];
    rv_ggf_game g;
    yomi_error err = {{0}, 0, 0};
    snprintf(text, sizeof text, "(;GM[Othello]PC[t]BO[8 %s *]B[F5]W[D6/-1.5/0.3]B[C3//1]W[d3]B[C4];)", start);
    CHECK(rv_ggf_parse(text, strlen(text), 1, &g, &err) == 0);
    CHECK_EQ_INT(g.n_moves, 5);
    rv_pos p;
    rv_pos_start(&p);
    CHECK(g.start.P == p.P && g.start.O == p.O && g.start.black_to_move);
    static const char *line[] = {"f5", "d6", "c3", "d3", "c4"};
    for (int i = 0; i < 5; i++) CHECK(rv_pos_play(&p, rv_square_parse(line[i])));
    CHECK(g.end.P == p.P && g.end.O == p.O && !g.end.black_to_move);
    /* Four discs at the start and one per move. */
    CHECK_EQ_INT(rv_popcount(g.end.P | g.end.O), 9);

    /* a1 white, b1 black, black to move: black has no move, white has c1. The
     * record gives W[C1] without black's pass. */
    char bo[65];
    memset(bo, '-', 64);
    bo[64] = 0;
    bo[0] = 'O';
    bo[1] = '*';
    snprintf(text, sizeof text, "(;GM[Othello]BO[8 %s *]W[C1];)", bo);
    CHECK(rv_ggf_parse(text, strlen(text), 1, &g, &err) == 0);
    CHECK_EQ_INT(g.n_moves, 2);
    CHECK_EQ_INT(g.moves[0], RV_PASS);
    CHECK(g.end.black_to_move && g.end.P == 0 && g.end.O == 0x7ULL);

    /* Black moving twice when it has a move: the second move is named. */
    snprintf(text, sizeof text, "(;GM[Othello]BO[8 %s *]B[F5]B[D6];)", start);
    CHECK(rv_ggf_parse(text, strlen(text), 1, &g, &err) < 0);
    CHECK_MSG(strstr(err.msg, "move 2: black is not to move") != NULL, "ggf: %s", err.msg);
    /* An illegal square: named, with the byte of its value. */
    snprintf(text, sizeof text, "(;GM[Othello]BO[8 %s *]B[A1];)", start);
    CHECK(rv_ggf_parse(text, strlen(text), 1, &g, &err) < 0);
    CHECK_MSG(strstr(err.msg, "move 1: A1 is illegal") != NULL, "ggf: %s", err.msg);
    CHECK_EQ_INT(err.column, (long)(strstr(text, "B[A1]") - text) + 3);
    /* A bad square character in BO. */
    snprintf(text, sizeof text, "(;BO[8 ---?%s *];)", start + 4);
    CHECK(rv_ggf_parse(text, strlen(text), 1, &g, &err) < 0);
    CHECK_MSG(strstr(err.msg, "BO: unknown square character at square 4") != NULL, "ggf: %s", err.msg);
    CHECK_EQ_INT(err.column, 11);
    /* Unclosed game. */
    snprintf(text, sizeof text, "(;BO[8 %s *]B[F5]", start);
    CHECK(rv_ggf_parse(text, strlen(text), 1, &g, &err) < 0);
    CHECK_MSG(strstr(err.msg, "missing the closing") != NULL, "ggf: %s", err.msg);
}

int main(int argc, char **argv) {
    rv_bitboard_init(); /* this test calls rv_flips itself */
    test_random_positions();
    test_perft(argc > 1 ? argv[1] : NULL);
    test_stability();
    test_parse();
    test_ggf();
    return t_summary("test_reversi_board");
}
