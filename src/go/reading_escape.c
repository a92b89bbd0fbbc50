/* GNU Go's escape rule: a target with enough liberties for the ply counts as
 * saved without reading on (see reading_tuning.h for the thresholds). A
 * heuristic of GNU Go's reading, not a proof: every time the rule says
 * "escaped" the reader's heur flag is set, and the answer's basis becomes
 * YOMI_BASIS_HEURISTIC. */
#include "go/reading_internal.h"

/* Is p on the first two lines? */
static bool near_edge(const go_board *b, go_point p) {
    int c = go_col(p), w = go_row(p), hi = go_board_size(b) - 2;
    return c <= 1 || w <= 1 || c >= hi || w >= hi;
}

/* The escape rule for a target with n liberties at this ply: 1 escaped, 0 not
 * yet, -1 escaped only if one of its liberties lies off the first two lines
 * (with three or four liberties, see EDGE4_PLY). */
static int escape_rule(const go_reader *r, int n, int ply) {
    int o = r->depth_offset;
    if (n >= SAFE_LIBS) return 1;
    if (n < 3 || ply <= (n == 4 ? FOURLIB_PLY : THREELIB_PLY) + o) return 0;
    if (ply > (n == 4 ? EDGE4_PLY : EDGE3_PLY) + o) return 1;
    return -1;
}

/* Has the target, now on the board with n liberties, escaped at this ply? */
bool rd_escaped(go_reader *r, int n, int ply) {
    int e = escape_rule(r, n, ply);
    if (e > 0) r->heur = true; /* the rule, not reading, decides the node */
    if (e >= 0) return e;
    go_point l[4];
    go_string_liberties(r->b, r->str, l, 4);
    for (int i = 0; i < n; i++)
        if (!near_edge(r->b, l[i])) return r->heur = true;
    return false;
}

/* Would the defender's move at p (legal, la >= 2 liberties after it) leave
 * the target escaped at this ply? Where the edge matters, only when one of
 * p's empty neighbours, a liberty after the move, lies off the first two
 * lines (else the move is read). */
bool rd_escapes_by(go_reader *r, go_point p, int la, int ply) {
    int e = escape_rule(r, la, ply);
    if (e > 0) r->heur = true; /* the rule, not reading, decides the node */
    if (e >= 0) return e;
    GO_FOR_NEIGHBORS(p, q) {
        if (go_board_at(r->b, q) == GO_EMPTY && !near_edge(r->b, q)) return r->heur = true;
    }
    return false;
}
