/* libFuzzer target: arbitrary bytes as SGF. Parsing must never crash; every game
 * that parses is replayed (whole, and stopped before a move chosen from the input)
 * with the board invariants checked, and written back: the text must parse to an
 * equal tree. */
#include "yomi/go_sgf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    yomi_error e;
    sgf_collection *c = sgf_parse((const char *)data, size, &e);
    if (!c) return 0;
    static go_board *b;
    if (!b) b = go_board_new(19);
    for (int g = 0; g < c->ngames && g < 8; g++) {
        go_board_set_superko(b, size & 1);
        go_color to_move;
        if (sgf_replay(c->games[g], b, 0, &to_move, &e) >= 0 && !go_board_check(b)) abort();
        int stop = size ? data[size - 1] % 16 : 0;
        if (sgf_replay(c->games[g], b, stop, NULL, &e) >= 0 && !go_board_check(b)) abort();
        /* Undo everything that was played: the board must stay consistent. */
        while (go_board_undo(b)) {}
        if (!go_board_check(b)) abort();
    }
    size_t len;
    char *text = sgf_write(c, &len);
    if (text) {
        sgf_collection *d = sgf_parse(text, len, &e);
        if (!d || d->ngames != c->ngames) abort();
        for (int g = 0; g < c->ngames; g++)
            if (!sgf_tree_equal(c->games[g], d->games[g])) abort();
        sgf_free(d);
        free(text);
    }
    sgf_free(c);
    return 0;
}
