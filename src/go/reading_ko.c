/* Ko for the attack/defend reader: who may take which ko, and the moves
 * that respect it. See reading_internal.h for the API. */
#include "go/reading_internal.h"

/* Ko: a ko master scheme in the spirit of GNU Go's reading. A ko capture the
 * simple-ko rule forbids may still be played after an answered ko threat (a
 * pass of the opponent stands for the exchange): a conditional ko capture,
 * worth at most KO_LOSS ("works after a ko threat"), so the side that took the
 * ko legally first ends with KO_WIN. Who may take which ko:
 *  - no ko master: legal ko captures are free, except that a legal ko capture
 *    right after another one (two kos, or a double ko) makes the state "weak":
 *    the next ko capture must then be nested in that ko (take the stone
 *    diagonally next to its point), and a move that takes no ko ends it. A
 *    conditional ko capture (up to KO_PLY; the target's own ko, see own_ko, up
 *    to OWN_KO_PLY) makes its player ko master, kom_pos the point of the stone
 *    it took;
 *  - the ko master may take only nested kos (kom_pos then moves there); its
 *    opponent may not take the ko at kom_pos (it has already lost that ko);
 *    other kos it may take, after which no more ko captures are read (gray);
 *  - when kom_pos is filled, or the opponent could only commit suicide there,
 *    the ko is over and there is no ko master again. */
static bool nested(go_point a, go_point b) {
    int dc = go_col(a) - go_col(b), dr = go_row(a) - go_row(b);
    return (dc == 1 || dc == -1) && (dr == 1 || dr == -1);
}

/* Is a ko capture at p, taking the stone at taken, the target's own ko: does it
 * take the target (a single stone) or retake its point, or is it played on one
 * of the target's liberties (the attacker filling one, the defender connecting
 * to it)? */
static bool own_ko(const go_reader *r, go_point p, go_point taken) {
    const go_board *b = r->b;
    if (taken == r->str || p == r->str) return true;
    if (go_board_at(b, r->str) != r->def) return false;
    go_point sid = go_string_id(b, r->str);
    GO_FOR_NEIGHBORS(p, q) {
        if (go_board_at(b, q) == r->def && go_string_id(b, q) == sid) return true;
    }
    /* ...or, the target being short of liberties in a race (next to an enemy
     * string short of liberties too), does it take a stone that stood on one
     * of them (the ko fills it, or gives it back)? */
    if (go_string_libs(b, r->str) > OWN_KO_RACE_TARGET_LIBS) return false;
    go_point en[1];
    if (go_string_neighbors(b, r->str, OWN_KO_RACE_NEIGHBOUR_LIBS, en, 1) == 0) return false;
    GO_FOR_NEIGHBORS(taken, q) {
        if (go_board_at(b, q) == r->def && go_string_id(b, q) == sid) return true;
    }
    return false;
}

/* May col take a ko at p, taking the stone at taken, conditionally or not? */
static bool ko_allowed(const go_reader *r, go_color col, go_point p, go_point taken, bool conditional) {
    /* One-threat reading: legal ko captures are free; a conditional one only
     * for the side with the threat, once. */
    if (r->strict != GO_EMPTY && (!conditional || col != r->strict || r->ko.spent)) return !conditional;
    if (r->ko.gray) return false;
    /* Deeper than KO_PLY only the target's own ko is fought (other kos would
     * multiply the tree for little). */
    if (conditional && r->ply > KO_PLY + r->depth_offset &&
        (r->ply > OWN_KO_PLY + r->depth_offset || !own_ko(r, p, taken)))
        return false;
    if (r->ko.komaster == go_other(col) && p == r->ko.kom_pos) return false;
    if (r->ko.komaster == col || r->ko.weak) return nested(taken, r->ko.kom_pos);
    return true;
}

/* Before a move: the ko at kom_pos is over when the point is filled or the
 * opponent of the ko master could only commit suicide there. */
static void ko_settle(go_reader *r) {
    if (r->ko.komaster == GO_EMPTY) return;
    go_point k = r->ko.kom_pos;
    if (go_board_at(r->b, k) != GO_EMPTY ||
        go_board_check_move(r->b, go_other(r->ko.komaster), k) == GO_ILLEGAL_SUICIDE) {
        r->ko.komaster = GO_EMPTY;
        r->ko.kom_pos = GO_NO_POINT;
        r->ko.gray = false;
    }
}

/* Plays col at p if the ko rules allow it, or, when only the simple-ko rule
 * forbids it and conditional is set, as a conditional ko capture after an
 * answered ko threat. 0 = not played, 1 = played, 2 = played as a conditional
 * ko capture. The caller restores the ko state (rd_ko_save / rd_ko_restore). */
int rd_play(go_reader *r, go_color col, go_point p, bool conditional) {
    ko_settle(r);
    go_point prev_ko = go_board_ko(r->b);
    int rc = go_board_play(r->b, col, p);
    if (rc == GO_ILLEGAL_HISTORY) {
        /* No undo room left: reading on would prove nothing. */
        r->ctl.stopped = true;
        return 0;
    }
    if (rc == GO_OK) {
        go_point taken = go_board_ko(r->b);
        if (taken == GO_NO_POINT) {
            r->ko.weak = false;
            if (r->ko.komaster == GO_EMPTY) r->ko.kom_pos = GO_NO_POINT;
        } else {
            if (!ko_allowed(r, col, p, taken, false)) {
                go_board_undo(r->b);
                return 0;
            }
            if (r->ko.komaster == col) {
                r->ko.kom_pos = taken;
            } else if (r->ko.komaster != GO_EMPTY) {
                r->ko.gray = true;
            } else {
                r->ko.weak = prev_ko != GO_NO_POINT;
                r->ko.kom_pos = r->ko.weak ? prev_ko : GO_NO_POINT;
            }
        }
        r->ctl.nodes++;
        return 1;
    }
    if (rc != GO_ILLEGAL_KO || !conditional) return 0;
    if (go_board_play(r->b, go_other(col), GO_PASS) != GO_OK) {
        r->ctl.stopped = true; /* only a full history refuses a pass */
        return 0;
    }
    if ((rc = go_board_play(r->b, col, p)) != GO_OK) {
        if (rc == GO_ILLEGAL_HISTORY) r->ctl.stopped = true;
        go_board_undo(r->b);
        return 0;
    }
    go_point taken = go_board_ko(r->b);
    if (taken == GO_NO_POINT || !ko_allowed(r, col, p, taken, true)) {
        go_board_undo(r->b);
        go_board_undo(r->b);
        return 0;
    }
    if (r->strict != GO_EMPTY) {
        r->ko.spent = true;
    } else if (r->ko.komaster == GO_EMPTY || r->ko.komaster == col) {
        r->ko.komaster = col;
        r->ko.kom_pos = taken;
        r->ko.weak = false;
    } else {
        r->ko.gray = true;
    }
    r->ctl.nodes++;
    return 2;
}

void rd_undo(go_reader *r, int how) {
    go_board_undo(r->b);
    if (how >= 2) go_board_undo(r->b);
}

/* Could col retake the ko at p, which the simple-ko rule forbids now (it would
 * take the stone just played)? */
bool rd_may_retake(const go_reader *r, go_color col, go_point p) {
    return ko_allowed(r, col, p, go_board_last_move(r->b), true);
}
