/* Attack/defend reading of one string. See yomi/go_reading.h for the contracts.
 *
 * A depth-first alpha-beta search over small sets of local candidate moves,
 * with values WIN > KO_WIN > KO_LOSS > LOSS for the side to move and UNKNOWN
 * when a limit cut the proof (a node limit, or MAX_PLY). The root is read with
 * the full window, so its value is the minimax value; below it a node stops as
 * soon as a move reaches what its parent needs (a ko result the parent already
 * has is not improved on; a conditional ko retake only asks whether the
 * opponent wins outright). Ko follows a ko-master scheme in
 * GNU Go's spirit (see reading_ko.c): a conditional ko capture (after a ko
 * threat) is worth at most KO_LOSS, so the side that took a ko legally first
 * ends with KO_WIN; the ko master's opponent may not retake its ko. As in GNU
 * Go, the defender's pass only tells whether the attacker's move did anything
 * (if the attacker cannot capture even then, the string is safe; if it then
 * captures only through a ko the defender takes first, the move was a waiting
 * move: KO_WIN); otherwise the real defences decide. At the root either side
 * may pass (no move needed: a ko the opponent cannot keep), and a defender
 * pass after an attacker pass counts in full. A win proven here is a win
 * within the candidate sets.
 * The transposition table keeps proven values and bounds (with the move) across
 * questions, keyed by what
 * they depend on: position, target, side, ko point, ko state, ply (all plies
 * past the last ply bound share one key), depth offset and the moves of the
 * line the node's candidates read (see line_word), and checked against a
 * second, independent board hash; no answer depends on what the table holds
 * (tests/test_go_reading_props.c). Moves that proved wins recently are
 * tried earlier among equals (a history table, halved at each question), and
 * the last move that won at the same ply gets a bonus (a killer move). Below
 * the root a defender liberty that escapes at once ends the node unread.
 * Ladder answers are cached by position, and a defender's chase candidate
 * (see gen_defend) reads its ladder only when its turn comes. A root answer
 * that needs a ko threat is checked again with one threat and no ko master
 * (see one_threat_check).
 * Build with -DREADING_TRACE=N to print the tree down to ply N on stderr.
 *
 * The reader is split by job (see reading_internal.h); this file holds the
 * reader itself, its node keys and the root: go_attack, go_defend and the
 * checks of their answers. */
#include "yomi/go_reading.h"

#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "go/reading_internal.h"
#include "yomi/go_ladder.h"

go_reader *go_reader_new(const yomi_limits *lim) {
    go_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    if (lim) r->lim = *lim; /* max_nodes 0: no node limit */
    r->key_mask = ~(uint64_t)0;
    r->check_mask = ~(uint32_t)0;
    /* The table is exactly the caller's hash_mb, or READER_HASH_MB when it
     * gives none (reading trees are small: a small table stays nearer the
     * cache). */
    size_t mb = r->lim.hash_mb ? r->lim.hash_mb : READER_HASH_MB;
    yomi_tt_init(&r->tt, mb); /* without a table the reader is only slower */
    return r;
}

void go_reader_free(go_reader *r) {
    if (!r) return;
    yomi_tt_free(&r->tt);
    free(r);
}

void go_reader_set_depth_offset(go_reader *r, int delta) { r->depth_offset = delta; }

uint64_t go_reader_nodes(const go_reader *r) { return r->total_nodes; }

yomi_basis go_reader_last_basis(const go_reader *r) { return r->last_basis; }

/* The basis of an answer of value v to a question that was asked. */
static yomi_basis basis_of(const go_reader *r, int v) {
    if (v == V_UNK) return YOMI_BASIS_UNKNOWN;
    return r->heur ? YOMI_BASIS_HEURISTIC : YOMI_BASIS_PROVED;
}

void go_reader_forget(go_reader *r) {
    yomi_tt_clear(&r->tt);
    memset(r->hist, 0, sizeof r->hist); /* killers are reset by every question */
    memset(r->lcache, 0, sizeof r->lcache);
}

/* The moves of the line a node's value depends on, as a word for its key: a
 * table entry is reused only where they are the same, so that a value read
 * along one move order never answers a node whose candidates would differ
 * (else the answer depends on which lines were read first, and so on the
 * table's replacement, which depends on the board's orientation). The node's
 * own candidates read the opponent's last move l1 near the root (answers to
 * it, up to ANSWER_PLY; at the root the board's last move), whether l1 was a
 * pass (at any ply), and my previous stone l2 when it is in atari; its
 * children read l1 as their previous stone when it is then in atari, which
 * needs l1's string to have two liberties or fewer now. */
/* Past LOCAL_PLY, does the node read the opponent's last move l1 (a stone on
 * the board)? Its answers to l1 (up to ANSWER_PLY: the liberties of l1's
 * string when it has two or fewer, those of my strings next to l1 with three or
 * fewer, see gen_answers) and its children's "previous stone in atari" (l1's
 * string, two liberties or fewer now) read it. */
static bool reads_last(const go_reader *r, go_color me, go_point l1, int ply) {
    const go_board *b = r->b;
    if (go_board_at(b, l1) != go_other(me)) return false;
    if (go_string_libs(b, l1) <= 2) return true;
    if (ply > ANSWER_PLY + r->depth_offset) return false;
    GO_FOR_NEIGHBORS(l1, q) {
        if (go_board_at(b, q) == me && go_string_libs(b, q) <= 3) return true;
    }
    return false;
}

static uint64_t line_word(const go_reader *r, bool att_turn) {
    const go_board *b = r->b;
    int ply = r->ply;
    go_color me = att_turn ? r->att : r->def;
    /* Below the root the board's last move is the line's (r->line keeps only
     * MAX_PLY + 2 moves, and a deeper offset reads deeper). */
    go_point l1 = ply >= 1 || go_board_last_color(b) == go_other(me) ? go_board_last_move(b) : GO_PASS;
    uint64_t w = 0;
    if (ply <= LOCAL_PLY + r->depth_offset || l1 == GO_PASS || reads_last(r, me, l1, ply))
        w = (uint64_t)(l1 + 2);
    if (ply == 0 && go_board_last_move(b) == GO_PASS) w |= (uint64_t)go_board_last_color(b) << 12;
    if (ply >= 2 && ply - 2 <= MAX_PLY) {
        go_point l2 = r->line[ply - 2];
        if (l2 != GO_PASS && go_board_at(b, l2) == me && go_string_libs(b, l2) == 1)
            w |= (uint64_t)(l2 + 2) << 16;
    }
    return w;
}

/* The position's hash salted with what else decides the value: the target, the
 * side to move, the ko point, the ko state, the ply (what "escaped" means depends
 * on it), the depth offset and the moves of the line the node reads (line_word).
 * *check: 32 bits of the board's second hash salted with the same things through
 * another mixing, checked by the table too. */
uint64_t rd_node_key(const go_reader *r, bool att_turn, int ply, uint32_t *check) {
    uint64_t k = (uint64_t)r->str << 20 | (uint64_t)(go_board_ko(r->b) + 1) << 4 | (uint64_t)att_turn << 2 |
        (uint64_t)r->ko.komaster | (uint64_t)r->ko.gray << 3 | (uint64_t)r->ko.weak << 62 |
        (uint64_t)(r->ko.kom_pos + 1) << 32 | (uint64_t)(r->strict != GO_EMPTY) << 61 |
        (uint64_t)r->ko.spent << 60;
    /* Past the last ply bound every ply-dependent rule is the same: one key. */
    int last = EDGE3_PLY + 1 + r->depth_offset;
    if (ply > last) ply = last;
    uint64_t d =
        (uint64_t)(ply & 0xff) | (uint64_t)(r->depth_offset & 0xff) << 8 | line_word(r, att_turn) << 20;
    uint64_t k2 = go_board_hash2(r->b) ^ yomi_fmix64(yomi_mix64(k ^ 0x6c8e9cf570932bd5ULL) ^ d);
    *check = (uint32_t)(k2 >> 32) & r->check_mask;
    return (go_board_hash(r->b) ^ yomi_mix64(k) ^ yomi_mix64(0x51ed27ULL + d)) & r->key_mask;
}

/* The value of the mover's root move m when the mover has one ko threat and
 * the opponent none, and no ko master rules: a ko won once stays open, and
 * the opponent may retake it after any exchange elsewhere (see
 * one_threat_check). */
static int one_threat_value(go_reader *r, bool att_turn, go_point m) {
    go_color me = att_turn ? r->att : r->def;
    ko_state ks = rd_ko_save(r);
    r->strict = me;
    r->ko.spent = false;
    r->ply = 0;
    int how = rd_play(r, me, m, true), v = V_LOSS;
    if (how) {
        if (how >= 2) r->ko.spent = true;
        r->line[0] = m;
        v = go_value_of_move(rd_search(r, !att_turn, 1, -1, V_WIN + 1, NULL), how);
        rd_undo(r, how);
    }
    rd_ko_restore(r, ks);
    r->strict = GO_EMPTY;
    return v;
}

/* At the root, a move that works through a ko needing a threat (KO_LOSS) is
 * checked once more with one threat and without the ko master's protection:
 * under the ko master rules a ko the mover has retaken once can never be
 * retaken, so a move that leaves the ko open (and needs a second threat in
 * the game) looks as good as one that settles it. If the chosen move fails
 * that check, the first root candidate that passes it is answered instead
 * (the value stays KO_LOSS: it still needs a threat). */
static void one_threat_check(go_reader *r, bool att_turn, int v, go_point *m) {
    if (v != V_KOLOSS || *m == GO_NO_POINT || *m == GO_PASS) return;
    if (one_threat_value(r, att_turn, *m) >= V_KOLOSS) return;
    cand c = r->root_cand;
    for (int i = 0; i < c.n && !r->ctl.stopped; i++) {
        go_point p = c.p[i];
        if (p == *m || p == GO_PASS || p == GO_NO_POINT || p >= LAZY_CHASE) continue;
        if (one_threat_value(r, att_turn, p) < V_KOLOSS) continue;
        *m = p;
        return;
    }
}

static bool begin(go_reader *r, go_board *b, go_point str, const char *what) {
    r->b = b;
    r->str = str;
    r->ko.komaster = GO_EMPTY;
    r->strict = GO_EMPTY;
    r->ko.spent = false;
    r->root_cand.n = 0; /* a root answered from the table has none */
    r->heur = false;
    r->last_basis = YOMI_BASIS_UNKNOWN;
    r->ko.kom_pos = GO_NO_POINT;
    r->ko.gray = false;
    r->ko.weak = false;
    yomi_ctl_init(&r->ctl, &r->lim, what);
    yomi_tt_new_search(&r->tt);
    for (int i = 0; i < MAX_PLY + 2; i++) r->killer[i] = GO_NO_POINT;
    for (int s = 0; s < 2; s++)
        for (int p = 0; p < GO_MAX_POINTS; p++) r->hist[s][p] >>= 1;
    if (!go_board_on(b, str)) return false;
    r->def = go_board_at(b, str);
    if (r->def != GO_BLACK && r->def != GO_WHITE) return false;
    r->att = go_other(r->def);
    r->str = str;
    return true;
}

/* The defender's value after the attacker's root move m, read as the
 * defence question on that position (go_defend) reads it: from ply 0, where
 * the candidate sets are widest. V_UNK if m is not legal or a limit stopped
 * the reading. */
static int defend_after(go_reader *r, go_point m) {
    go_board *b = r->b;
    if (m == GO_NO_POINT || m == GO_PASS) return V_UNK;
    int rc = go_board_play(b, r->att, m);
    if (rc != GO_OK) {
        if (rc == GO_ILLEGAL_HISTORY) r->ctl.stopped = true;
        return V_UNK;
    }
    r->ctl.nodes++;
    for (int i = 0; i < MAX_PLY + 2; i++) r->killer[i] = GO_NO_POINT;
    int v;
    if (go_board_at(b, r->str) == r->def && rd_escaped(r, go_string_libs(b, r->str), 0))
        v = V_WIN;
    else
        v = rd_search(r, false, 0, -1, V_WIN + 1, NULL);
    go_board_undo(b);
    return v;
}

/* For a target of one or two liberties (the ladder reader's targets), the
 * attack's answer checked against the defence question on the position after
 * its move (the search below the root reads from ply 1, with narrower
 * candidate sets and other ply bounds, so the two can disagree): an outright
 * win stands only if the defender, to move after it, cannot save the string;
 * otherwise the root candidates are tried in turn the same way. And the
 * reader is never weaker than the ladder reader: where the ladder captures
 * and the defender, to move after the ladder's first move, cannot save the
 * string, the attack works (the ladder's defender only extends and captures,
 * so its capture alone proves nothing: a counter-atari or a ko may save the
 * string). Returns the value; *m gets the move. (Also for targets of three
 * liberties the check would cost reading.tst case 55: there the defence
 * question reuses table entries the attack left along other lines.) */
static int attack_check(go_reader *r, int v, go_point *m) {
    if (r->ctl.stopped || v == V_UNK || go_board_at(r->b, r->str) != r->def ||
        go_string_libs(r->b, r->str) > 2)
        return v;
    cand c = r->root_cand; /* defend_after reads over it */
    if (v == V_WIN && *m != GO_NO_POINT && *m != GO_PASS) {
        int dv = defend_after(r, *m);
        if (dv == V_LOSS || dv == V_UNK) return dv == V_UNK ? V_UNK : V_WIN;
        /* The claim does not hold: the best move the defence questions confirm. */
        int best = go_value_of_move(dv, 1);
        go_point bm = *m;
        for (int i = 0; i < c.n && best < V_WIN; i++) {
            go_point p = c.p[i];
            if (p == bm || p == *m || p == GO_PASS || p == GO_NO_POINT || p >= LAZY_CHASE) continue;
            dv = defend_after(r, p);
            if (r->ctl.stopped) return V_UNK;
            if (dv == V_UNK) continue;
            if (go_value_of_move(dv, 1) > best) {
                best = go_value_of_move(dv, 1);
                bm = p;
            }
        }
        v = best;
        *m = bm;
    }
    if (v < V_WIN) {
        go_point lm;
        yomi_result lr = rd_ladder_attack(r, r->str, &lm);
        if ((lr == YOMI_WIN || lr == YOMI_KO_WIN || lr == YOMI_KO_LOSS)) {
            int dv = defend_after(r, lm);
            if (r->ctl.stopped) return V_UNK;
            if (dv != V_UNK && go_value_of_move(dv, 1) > v) {
                v = go_value_of_move(dv, 1);
                *m = lm;
            }
        }
    }
    return v;
}

yomi_result go_attack(go_reader *r, go_board *b, go_point str, go_point *move) {
    go_point m = GO_NO_POINT;
    int v = V_LOSS;
    if (begin(r, b, str, "attack")) {
        v = rd_search(r, true, 0, -1, V_WIN + 1, &m);
        one_threat_check(r, true, v, &m);
        v = attack_check(r, v, &m);
        r->last_basis = basis_of(r, v);
    }
    r->total_nodes += r->ctl.nodes;
    if (m == GO_PASS) m = GO_NO_POINT; /* no move is needed */
    if (move) *move = v > V_LOSS ? m : GO_NO_POINT;
    return go_value_result(v);
}

yomi_result go_defend(go_reader *r, go_board *b, go_point str, go_point *move) {
    go_point m = GO_NO_POINT;
    int v = V_LOSS;
    if (begin(r, b, str, "defend")) {
        if (rd_escaped(r, go_string_libs(b, str), 0)) {
            v = V_WIN;
        } else {
            v = rd_search(r, false, 0, -1, V_WIN + 1, &m);
            one_threat_check(r, false, v, &m);
            if (m == GO_PASS) m = GO_NO_POINT; /* no move is needed */
        }
        r->last_basis = basis_of(r, v);
    }
    r->total_nodes += r->ctl.nodes;
    if (move) *move = v > V_LOSS ? m : GO_NO_POINT;
    return go_value_result(v);
}
