/* The public headers alone: this file is built with include/ and nothing from
 * src/ on its include path, so it fails to build when a public header leans
 * on a private one. It checks a few facts through the public API only:
 * Othello perft from the start (4, 12, 56, 244, 1396 leaves), the exact score
 * of a finished game (a disc count), a Go stone in atari captured at its last
 * liberty (reader and ladder reader), and an SGF record replayed onto a board. */
#include <stdio.h>
#include <string.h>

#include "yomi/go.h"
#include "yomi/reversi.h"
#include "yomi/yomi.h"

static int failed;

#define EXPECT(cond)                                                                                         \
    do {                                                                                                     \
        if (!(cond)) {                                                                                       \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                  \
            failed++;                                                                                        \
        }                                                                                                    \
    } while (0)

static void reversi_facts(void) {
    static const unsigned long long perft[] = {4, 12, 56, 244, 1396};
    rv_pos start;
    rv_pos_start(&start);
    for (int d = 1; d <= 5; d++) EXPECT(rv_perft(&start, d) == perft[d - 1]);

    /* A finished game: 40 black discs, 24 white; no empties, so the score for
     * black to move is the difference. */
    char board[80];
    memset(board, 'X', 40);
    memset(board + 40, 'O', 24);
    strcpy(board + 64, " X");
    rv_pos pos;
    yomi_error err;
    EXPECT(rv_parse_board(board, strlen(board), 1, &pos, &err) == 0);
    rv_options opt;
    rv_options_default(&opt);
    opt.lim.hash_mb = 1;
    rv_solver *s = rv_solver_new(&opt);
    EXPECT(s != NULL);
    if (!s) return;
    rv_result res;
    rv_solve(s, &pos, &res);
    EXPECT(res.known && res.kind == RV_EXACT && res.score == 16 && res.move == RV_NOMOVE);
    rv_solver_free(s);
}

static void go_facts(void) {
    go_board *b = go_board_new(9);
    EXPECT(b != NULL);
    if (!b) return;
    /* Black A1 next to White B1: one liberty, A2. */
    go_point a1 = go_vertex_parse(b, "A1"), b1 = go_vertex_parse(b, "B1"), a2 = go_vertex_parse(b, "A2");
    EXPECT(go_board_play(b, GO_BLACK, a1) == GO_OK);
    EXPECT(go_board_play(b, GO_WHITE, b1) == GO_OK);
    EXPECT(go_string_libs(b, a1) == 1);
    go_reader *r = go_reader_new(NULL);
    EXPECT(r != NULL);
    if (r) {
        go_point m = GO_NO_POINT;
        EXPECT(go_attack(r, b, a1, &m) == YOMI_WIN && m == a2);
        go_reader_free(r);
    }
    go_point m = GO_NO_POINT;
    uint64_t nodes = 0;
    EXPECT(go_ladder_attack(b, a1, &m, &nodes) == YOMI_WIN && m == a2);
    EXPECT(go_board_play(b, GO_WHITE, a2) == GO_OK && go_board_at(b, a1) == GO_EMPTY);
    go_board_free(b);

    /* SGF: two moves on 9x9; 'ee' is the centre E5, 'ec' is E7. */
    static const char rec[] = "(;GM[1]FF[4]SZ[9];B[ee];W[ec])";
    yomi_error err;
    sgf_collection *c = sgf_parse(rec, sizeof rec - 1, &err);
    EXPECT(c != NULL && c->ngames == 1);
    if (!c) return;
    go_board *g = go_board_new(19);
    go_color next = GO_EMPTY;
    EXPECT(g != NULL && sgf_replay(c->games[0], g, 0, &next, &err) == 2);
    if (g) {
        EXPECT(go_board_size(g) == 9 && next == GO_BLACK);
        EXPECT(go_board_at(g, go_vertex_parse(g, "E5")) == GO_BLACK);
        EXPECT(go_board_at(g, go_vertex_parse(g, "E7")) == GO_WHITE);
        go_board_free(g);
    }
    sgf_free(c);
}

int main(void) {
    reversi_facts();
    go_facts();
    printf("public_api: %s\n", failed ? "FAILED" : "ok");
    return failed ? 1 : 0;
}
