/* Go test helpers: boards from ASCII rows. */
#ifndef YOMI_GO_TESTUTIL_H
#define YOMI_GO_TESTUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hash.h"
#include "yomi/go_board.h"

/* One row, top rows first: '.' empty, 'X' black, 'O' white; blanks, ')' and '('
 * separate points (Pachi marks the last move with ')'); '#' or a newline ends it.
 * strict: a stone that cannot be placed (no liberty yet) is an error; otherwise it
 * is skipped, to be placed on a later pass. */
static inline bool gt_parse_row(go_board *b, int size, int row, const char *line, bool strict) {
    int col = 0;
    for (const char *s = line; *s && *s != '\n' && *s != '#'; s++) {
        char ch = *s;
        if (ch == ' ' || ch == ')' || ch == '(' || ch == '\t' || ch == '\r') continue;
        if (col >= size || (ch != '.' && ch != 'X' && ch != 'O')) return false;
        go_point p = go_pt(col++, row);
        go_color c = ch == 'X' ? GO_BLACK : ch == 'O' ? GO_WHITE : GO_EMPTY;
        if (c != GO_EMPTY && go_board_at(b, p) != c && !go_board_setup(b, p, c) && strict) return false;
    }
    return col == size;
}

/* A board from `size` rows. Stones are placed in two passes so that a stone whose
 * liberties come from a later row is not refused. NULL when a row is malformed. */
static inline go_board *gt_board_from_rows(int size, const char *const *rows) {
    go_board *b = go_board_new(size);
    if (!b) return NULL;
    for (int pass = 0; pass < 2; pass++)
        for (int r = 0; r < size; r++)
            if (!gt_parse_row(b, size, r, rows[r], pass == 1)) {
                go_board_free(b);
                return NULL;
            }
    return b;
}

/* A position from random legal play on a cleared board: `moves` turns, colours
 * alternating from black, each trying up to 20 random points (*rng: a splitmix64
 * state). No eye filling is avoided, so strings in atari are common. */
static inline void gt_random_position(go_board *b, int size, int moves, uint64_t *rng) {
    go_board_clear(b, size);
    go_color col = GO_BLACK;
    for (int m = 0; m < moves; m++) {
        for (int tries = 0; tries < 20; tries++) {
            int y = (int)(yomi_splitmix64(rng) % (uint64_t)size); /* row drawn first, as the tests */
            int x = (int)(yomi_splitmix64(rng) % (uint64_t)size); /* that pin cases were built with */
            go_point p = go_pt(x, y);
            if (go_board_at(b, p) == GO_EMPTY && go_board_play(b, col, p) == GO_OK) break;
        }
        col = go_other(col);
    }
}

#endif
