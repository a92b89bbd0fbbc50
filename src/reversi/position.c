/* Positions: start position, board strings, square names, perft. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "reversi/bitboard.h"
#include "yomi/reversi.h"

void rv_pos_start(rv_pos *pos) {
    /* d5 and e4 black, d4 and e5 white; black moves first. */
    pos->P = (1ULL << 28) | (1ULL << 35);
    pos->O = (1ULL << 27) | (1ULL << 36);
    pos->black_to_move = true;
}

static int disc_kind(char c) {
    switch (c) {
    case 'X':
    case 'x':
    case '*':
    case 'b':
    case 'B': return 1;
    case 'O':
    case 'o':
    case 'w':
    case 'W':
    case '0': return 2;
    case '-':
    case '.':
    case '_': return 0;
    default: return -1;
    }
}

int rv_parse_board(const char *text, size_t len, long line, rv_pos *pos, yomi_error *err) {
    uint64_t black = 0, white = 0;
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t')) i++;
    int sq = 0;
    for (; sq < 64; sq++, i++) {
        if (i >= len || text[i] == '\n' || text[i] == '\r' || text[i] == ';' || text[i] == ' ' ||
            text[i] == '\t')
            return yomi_fail(err, line, (long)i + 1, "board: expected 64 squares, found %d", sq);
        int k = disc_kind(text[i]);
        if (k < 0) {
            unsigned char c = (unsigned char)text[i];
            if (isprint(c))
                return yomi_fail(err, line, (long)i + 1, "board: unknown square character '%c' at square %d",
                                 c, sq + 1);
            return yomi_fail(err, line, (long)i + 1,
                             "board: unknown square character (byte 0x%02x) at square %d", c, sq + 1);
        }
        if (k == 1) black |= 1ULL << sq;
        if (k == 2) white |= 1ULL << sq;
    }
    while (i < len && (text[i] == ' ' || text[i] == '\t')) i++;
    if (i >= len || text[i] == ';' || text[i] == '\n' || text[i] == '\r')
        return yomi_fail(err, line, (long)i + 1, "side to move: missing (expected X or O)");
    bool black_to_move;
    switch (text[i]) {
    case 'X':
    case 'x':
    case 'B':
    case 'b':
    case '*': black_to_move = true; break;
    case 'O':
    case 'o':
    case 'W':
    case 'w':
    case '0': black_to_move = false; break;
    default: {
        unsigned char c = (unsigned char)text[i];
        if (disc_kind((char)c) == 0 || isprint(c))
            return yomi_fail(err, line, (long)i + 1, "side to move: unknown '%c' (expected X or O)%s", c,
                             disc_kind((char)c) >= 0 ? "; is the board longer than 64 squares?" : "");
        return yomi_fail(err, line, (long)i + 1, "side to move: unknown byte 0x%02x", c);
    }
    }
    i++;
    /* The side must stand alone: "XO" would mean a 65th square. */
    if (i < len &&
        !(text[i] == ' ' || text[i] == '\t' || text[i] == ';' || text[i] == '\n' || text[i] == '\r'))
        return yomi_fail(err, line, (long)i + 1,
                         "board: text after the side to move (is the board longer than 64 squares?)");
    pos->black_to_move = black_to_move;
    pos->P = black_to_move ? black : white;
    pos->O = black_to_move ? white : black;
    return 0;
}

void rv_format_board(const rv_pos *pos, char *buf) {
    uint64_t black = pos->black_to_move ? pos->P : pos->O;
    uint64_t white = pos->black_to_move ? pos->O : pos->P;
    for (int sq = 0; sq < 64; sq++) buf[sq] = (black >> sq & 1) ? 'X' : (white >> sq & 1) ? 'O' : '-';
    buf[64] = ' ';
    buf[65] = pos->black_to_move ? 'X' : 'O';
    buf[66] = '\0';
}

const char *rv_square_name(int x, char *buf) {
    if (x >= 0 && x < 64) {
        buf[0] = (char)('a' + x % 8);
        buf[1] = (char)('1' + x / 8);
        buf[2] = '\0';
    } else if (x == RV_PASS) {
        strcpy(buf, "pass");
    } else {
        strcpy(buf, "--");
    }
    return buf;
}

int rv_square_parse(const char *s) {
    if (!s) return -1;
    if (!strcmp(s, "pass") || !strcmp(s, "PASS") || !strcmp(s, "PS") || !strcmp(s, "pa")) return RV_PASS;
    int c = tolower((unsigned char)s[0]), r = (unsigned char)s[1];
    if (c < 'a' || c > 'h' || r < '1' || r > '8' || s[2]) return -1;
    return (r - '1') * 8 + (c - 'a');
}

/* Leaf count below (P, O). `passed`: the previous ply was a pass. */
static uint64_t perft_rec(uint64_t P, uint64_t O, int depth, bool passed) {
    uint64_t moves = rv_moves(P, O);
    if (!moves) {
        if (passed) return 1; /* neither side can move: game over, a leaf */
        if (depth == 1) return 1;
        return perft_rec(O, P, depth - 1, true);
    }
    if (depth == 1) return (uint64_t)rv_popcount(moves);
    uint64_t n = 0;
    for (; moves; moves = rv_clear_first(moves)) {
        int x = rv_first(moves);
        uint64_t f = rv_flips(P, O, x);
        n += perft_rec(O ^ f, P ^ f ^ (1ULL << x), depth - 1, false);
    }
    return n;
}

uint64_t rv_perft(const rv_pos *pos, int depth) {
    if (depth <= 0) return 1;
    rv_bitboard_init();
    return perft_rec(pos->P, pos->O, depth, false);
}

bool rv_pos_play(rv_pos *pos, int x) {
    rv_bitboard_init();
    uint64_t moves = rv_moves(pos->P, pos->O);
    if (x == RV_PASS) {
        if (moves || !rv_moves(pos->O, pos->P)) return false;
    } else {
        if (x < 0 || x >= 64 || !(moves & (1ULL << x))) return false;
        uint64_t f = rv_flips(pos->P, pos->O, x);
        pos->P ^= f | (1ULL << x);
        pos->O ^= f;
    }
    uint64_t t = pos->P;
    pos->P = pos->O;
    pos->O = t;
    pos->black_to_move = !pos->black_to_move;
    return true;
}

int rv_move_parse(const char *s, size_t n) {
    if (n == 2 && tolower((unsigned char)s[0]) == 'p' && tolower((unsigned char)s[1]) == 'a') return RV_PASS;
    if (n == 4 && !strncmp(s, "pass", 4)) return RV_PASS;
    if (n != 2) return -1;
    char sq[3] = {s[0], s[1], 0};
    int x = rv_square_parse(sq); /* a square, case-insensitive */
    return x == RV_PASS ? -1 : x; /* its other pass spellings are not GGF's */
}
