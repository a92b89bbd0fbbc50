/* The attack/defend reader's insides, shared by its files (none of this is
 * public API):
 *   reading.c         the reader (new, free, forget), node keys, the root
 *                     (go_attack, go_defend and their checks)
 *   reading_ko.c      ko-master state and the moves that respect it
 *   reading_moves.c   candidate moves for attacker and defender
 *   reading_escape.c  GNU Go's escape rule ("enough liberties is escaped")
 *   reading_search.c  the alpha-beta search, its table and ladder cache
 *   reading_tuning.h  every number chosen by reading.tst's score
 * See reading.c for how the reading works as a whole. */
#ifndef YOMI_GO_READING_INTERNAL_H
#define YOMI_GO_READING_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/search.h"
#include "core/tt.h"
#include "go/reading_tuning.h"
#include "go/value.h"
#include "yomi/go_reading.h"

/* A candidate LAZY_CHASE + s stands for the ladder's first atari on the string
 * at s, if the ladder reader says it captures; the ladder is read only when the
 * candidate's turn comes (most nodes end before). */
#define LAZY_CHASE GO_MAX_POINTS

/* What a stored value says: the value itself, or a bound on it (the search
 * that proved it had a narrower window; see rd_search). */
enum { B_EXACT = 0, B_LOWER = 1, B_UPPER = 2 };
/* A table entry's 16 bits of data: value + 1 in bits 0..2, the bound in bits
 * 3..4, TT_HEURISTIC when the escape rule decided a node below it, and the move
 * in bits 6..15 (TT_NO_MOVE: none). */
#define TT_HEURISTIC (1u << 5)
#define TT_MOVE_SHIFT 6
#define TT_NO_MOVE 0x3ffu
_Static_assert(GO_MAX_POINTS < (int)TT_NO_MOVE, "a point fits the entry's move bits");

typedef struct cand {
    go_point p[MAX_CAND];
    int score[MAX_CAND];
    int n;
} cand;

/* A ladder answer: the position's key and a 32-bit check from the board's
 * second hash (see rd_ladder_attack), result and move. */
typedef struct ladder_entry {
    uint64_t key;
    uint32_t check;
    int16_t move;
    int8_t res;
} ladder_entry;

/* Ko state (see reading_ko.c): the ko master, the point of the stone its last
 * ko capture took (the opponent may not retake there), "gray": a second ko was
 * taken against the ko master, and no more ko captures are read, "weak": two
 * ko captures in a row, kom_pos the first one's point; and, in one-threat
 * reading, whether the side with the threat has spent it. Saved before a move
 * and restored after it as a whole. */
typedef struct ko_state {
    go_color komaster;
    go_point kom_pos;
    bool gray, weak, spent;
} ko_state;

struct go_reader {
    yomi_limits lim;
    yomi_tt tt;
    /* Node keys (see rd_node_key) are ANDed with key_mask and their 32-bit checks
     * with check_mask; go_reader_new sets both to all ones. Only the control test
     * of the table's second key changes them (a weak key, with and without the
     * check). */
    uint64_t key_mask;
    uint32_t check_mask;
    int depth_offset;
    uint64_t total_nodes;
    /* The question being read. */
    yomi_ctl ctl;
    go_board *b;
    go_point str;
    go_color def, att;
    ko_state ko;
    /* One-threat reading (see one_threat_check): strict is the colour that has
     * one ko threat (GO_EMPTY: off); ko.spent, whether it has used it. */
    go_color strict;
    /* Basis (see go_reader_last_basis): heur is set when GNU Go's escape rule
     * decided a node of the subtree being read (or a table entry it reused
     * was marked so); rd_search keeps it per subtree, so that the table entry
     * of a node carries it (TT_HEURISTIC). last_basis: the last answer's. */
    bool heur;
    yomi_basis last_basis;
    int ply; /* of the node being searched, for the ko depth */
    go_point line[MAX_PLY + 2]; /* the moves of the current line, by ply */
    /* go_board_libs_after results for the node being expanded (both colours). */
    uint32_t memo_gen, memo_stamp[2][GO_MAX_POINTS];
    uint8_t memo_val[2][GO_MAX_POINTS];
    /* Moves that proved a win lately, by side (0 defender, 1 attacker): tried
     * earlier among equals (the history heuristic); halved per question. */
    uint16_t hist[2][GO_MAX_POINTS];
    /* The move that last won at each ply of this question (the killer
     * heuristic): a refutation often refutes the sibling moves too, so it is
     * tried earlier among near-equal candidates (ordering only). */
    go_point killer[MAX_PLY + 2];
    /* The root's candidates, in order (for one_threat_check). */
    cand root_cand;
    /* Ladder answers by position: the same ladder is asked about again and
     * again in nearby lines (a chase check at each node). */
    ladder_entry lcache[LADDER_CACHE];
};

/* ---- Small board helpers ---- */

/* Does col playing at empty p capture something? Returns the stones taken. */
static inline int capture_size(const go_board *b, go_color col, go_point p) {
    int n = 0;
    go_point seen[4];
    int ns = 0;
    GO_FOR_NEIGHBORS(p, q) {
        if (go_board_at(b, q) != go_other(col) || go_string_libs(b, q) != 1) continue;
        go_point id = go_string_id(b, q);
        bool dup = false;
        for (int i = 0; i < ns; i++) dup |= seen[i] == id;
        if (dup) continue;
        seen[ns++] = id;
        n += go_string_size(b, q);
    }
    return n;
}

/* go_board_libs_after(col, p, cap), computed once per node and colour. */
static inline int libs_after(go_reader *r, go_color col, go_point p, int cap) {
    int i = col == r->att;
    if (r->memo_stamp[i][p] != r->memo_gen) {
        r->memo_stamp[i][p] = r->memo_gen;
        r->memo_val[i][p] = (uint8_t)go_board_libs_after(r->b, col, p, 6);
    }
    int v = r->memo_val[i][p];
    return v < cap ? v : cap;
}

static inline bool on_edge(const go_board *b, go_point p) {
    GO_FOR_NEIGHBORS(p, q) {
        if (go_board_at(b, q) == GO_BORDER) return true;
    }
    return false;
}

static inline bool is_lib(const go_point *libs, int n, go_point p) {
    for (int i = 0; i < n; i++)
        if (libs[i] == p) return true;
    return false;
}

/* ---- Ko (reading_ko.c) ----
 * The ko-master rules over the reader's ko state. The life-and-death solver is
 * meant to share them: they read only the board, the target (for own_ko), the
 * ply and the depth offset. */
static inline ko_state rd_ko_save(const go_reader *r) { return r->ko; }
static inline void rd_ko_restore(go_reader *r, ko_state s) { r->ko = s; }
/* Plays col at p under the ko rules (see reading_ko.c): 0 = not played, 1 =
 * played, 2 = played as a conditional ko capture (after an answered ko
 * threat). The caller restores the ko state (rd_ko_save / rd_ko_restore). */
int rd_play(go_reader *r, go_color col, go_point p, bool conditional);
void rd_undo(go_reader *r, int how);
/* Could col retake the ko at p, which the simple-ko rule forbids now? */
bool rd_may_retake(const go_reader *r, go_color col, go_point p);

/* ---- Candidate moves (reading_moves.c) ---- */
void rd_cand_add(cand *c, go_point p, int score);
/* Best first: by score, equal scores by an orientation-free key; `first` first. */
void rd_cand_sort(const go_board *b, go_color me, cand *c, go_point first);
/* Attacker / defender candidates against the target with n liberties libs[]. */
void rd_gen_attack(go_reader *r, int n, const go_point *libs, int ply, cand *c);
void rd_gen_defend(go_reader *r, int n, const go_point *libs, int ply, cand *c);
/* The attacker's only candidates after a defender pass deep in the tree. */
void rd_gen_after_pass(go_reader *r, int n, const go_point *libs, cand *c);
/* What every node adds for the side to move (me): answers to the opponent's
 * last move, saving my previous stone, the ko retake, the one-threat wait, and
 * the ordering by history and killer. Returns whether the one-threat wait
 * applies (see rd_search). */
bool rd_gen_common(go_reader *r, go_color me, bool att_turn, bool captured, bool after_pass, int ply,
                   cand *c);

/* ---- Escape rule (reading_escape.c) ---- */
/* Has the target, now on the board with n liberties, escaped at this ply? */
bool rd_escaped(go_reader *r, int n, int ply);
/* Would the defender's move at p (legal, la >= 2 liberties after it) leave the
 * target escaped at this ply? */
bool rd_escapes_by(go_reader *r, go_point p, int la, int ply);

/* ---- Search (reading_search.c) and keys (reading.c) ---- */
/* The node's table key and its 32-bit check from the board's second hash. */
uint64_t rd_node_key(const go_reader *r, bool att_turn, int ply, uint32_t *check);
int rd_search(go_reader *r, bool att_turn, int ply, int alpha, int beta, go_point *best);
/* go_ladder_attack on the string at s through the reader's ladder cache; its
 * moves count as the question's nodes. */
yomi_result rd_ladder_attack(go_reader *r, go_point s, go_point *m);

#endif
