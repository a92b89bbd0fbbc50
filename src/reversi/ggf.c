/* GGF game records (see ggf.h). */
#include "reversi/ggf.h"

#include <ctype.h>
#include <string.h>

#include "core/error.h"
#include "reversi/bitboard.h"

/* Square characters of BO: '*' (or X) black, 'O' white, '-' (or '.') empty. */
static int bo_square(char c) {
    switch (c) {
    case '*':
    case 'X':
    case 'x':
    case 'B':
    case 'b': return 1;
    case 'O':
    case 'o':
    case 'W':
    case 'w': return 2;
    case '-':
    case '.': return 0;
    default: return -1;
    }
}

/* BO[8 <64 squares> <side>], the value at v[0..n) starting at byte off. */
static int parse_bo(const char *v, size_t n, size_t off, long line, rv_pos *pos, yomi_error *err) {
    size_t i = 0;
    while (i < n && isspace((unsigned char)v[i])) i++;
    if (i >= n || v[i] != '8' || (i + 1 < n && !isspace((unsigned char)v[i + 1])))
        return yomi_fail(err, line, (long)(off + i) + 1, "BO: board size must be 8");
    i++;
    uint64_t black = 0, white = 0;
    for (int sq = 0; sq < 64; sq++) {
        while (i < n && isspace((unsigned char)v[i])) i++;
        if (i >= n) return yomi_fail(err, line, (long)(off + i) + 1, "BO: expected 64 squares, found %d", sq);
        int k = bo_square(v[i]);
        if (k < 0)
            return yomi_fail(err, line, (long)(off + i) + 1, "BO: unknown square character at square %d",
                             sq + 1);
        if (k == 1) black |= 1ULL << sq;
        if (k == 2) white |= 1ULL << sq;
        i++;
    }
    while (i < n && isspace((unsigned char)v[i])) i++;
    if (i >= n) return yomi_fail(err, line, (long)(off + i) + 1, "BO: missing side to move (* or O)");
    int side = bo_square(v[i]);
    if (side <= 0) return yomi_fail(err, line, (long)(off + i) + 1, "BO: side to move must be * or O");
    i++;
    while (i < n && isspace((unsigned char)v[i])) i++;
    if (i < n) return yomi_fail(err, line, (long)(off + i) + 1, "BO: unexpected text after the side to move");
    pos->black_to_move = side == 1;
    pos->P = side == 1 ? black : white;
    pos->O = side == 1 ? white : black;
    return 0;
}

int rv_ggf_parse(const char *text, size_t len, long line, rv_ggf_game *g, yomi_error *err) {
    memset(g, 0, sizeof *g);
    rv_pos_start(&g->start);
    if (len > RV_GGF_MAX_BYTES)
        return yomi_fail(err, line, RV_GGF_MAX_BYTES + 1, "game: longer than the %d-byte limit",
                         RV_GGF_MAX_BYTES);
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i])) i++;
    if (i + 1 >= len || text[i] != '(' || text[i + 1] != ';')
        return yomi_fail(err, line, (long)i + 1, "game: expected '(;' at the start");
    i += 2;
    /* Properties first (BO among them), then moves; both are ID[value]. */
    bool have_moves = false, closed = false;
    rv_pos pos = g->start;
    while (i < len) {
        char c = text[i];
        if (isspace((unsigned char)c)) {
            i++;
            continue;
        }
        if (c == ';') {
            if (i + 1 < len && text[i + 1] == ')') {
                closed = true;
                i += 2;
                break;
            }
            i++;
            continue;
        }
        if (c == ')') {
            closed = true;
            i++;
            break;
        }
        if (!isupper((unsigned char)c))
            return yomi_fail(err, line, (long)i + 1, "game: expected a property name, found '%c'",
                             isprint((unsigned char)c) ? c : '?');
        size_t id0 = i;
        while (i < len && isupper((unsigned char)text[i])) i++;
        size_t idn = i - id0;
        if (i >= len || text[i] != '[')
            return yomi_fail(err, line, (long)i + 1, "game: property %.*s without a '[' value",
                             (int)(idn > 8 ? 8 : idn), text + id0);
        size_t v0 = ++i;
        while (i < len && text[i] != ']') i++;
        if (i >= len) return yomi_fail(err, line, (long)v0, "game: unclosed '[' value");
        size_t vn = i - v0;
        i++; /* past ']' */
        const char *v = text + v0;
        if (idn == 2 && !strncmp(text + id0, "BO", 2)) {
            if (have_moves) return yomi_fail(err, line, (long)id0 + 1, "BO: after the first move");
            if (parse_bo(v, vn, v0, line, &g->start, err) < 0) return -1;
            pos = g->start;
        } else if (idn == 1 && (text[id0] == 'B' || text[id0] == 'W')) {
            have_moves = true;
            size_t mn = 0;
            while (mn < vn && v[mn] != '/') mn++;
            while (mn > 0 && isspace((unsigned char)v[mn - 1])) mn--;
            size_t s = 0;
            while (s < mn && isspace((unsigned char)v[s])) s++;
            int x = rv_move_parse(v + s, mn - s);
            if (x < 0)
                return yomi_fail(err, line, (long)v0 + 1, "move %d: '%.*s' is not a square or PA",
                                 g->n_moves + 1, (int)(mn - s > 8 ? 8 : mn - s), v + s);
            bool black = text[id0] == 'B';
            /* A record may leave out a forced pass: insert it. */
            if (black != pos.black_to_move && x != RV_PASS && g->n_moves < RV_GGF_MAX_MOVES &&
                rv_pos_play(&pos, RV_PASS))
                g->moves[g->n_moves++] = RV_PASS;
            if (black != pos.black_to_move)
                return yomi_fail(err, line, (long)id0 + 1, "move %d: %s is not to move", g->n_moves + 1,
                                 black ? "black" : "white");
            if (g->n_moves >= RV_GGF_MAX_MOVES)
                return yomi_fail(err, line, (long)id0 + 1, "game: more than %d moves", RV_GGF_MAX_MOVES);
            if (!rv_pos_play(&pos, x))
                return yomi_fail(err, line, (long)v0 + 1, "move %d: %.*s is illegal", g->n_moves + 1,
                                 (int)(mn - s), v + s);
            g->moves[g->n_moves++] = x;
        }
        /* Other properties (GM, PC, DT, PB, PW, RE, TI, TY, ...) are not needed. */
    }
    if (!closed) return yomi_fail(err, line, (long)i + 1, "game: missing the closing ')'");
    g->end = pos;
    return 0;
}
