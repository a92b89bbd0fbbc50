/* yomi Reversi/Othello: bitboards, perft, midgame search, exact endgame solver. */
#ifndef YOMI_REVERSI_H
#define YOMI_REVERSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "yomi/yomi.h"

#define RV_PASS 64 /* a pass in a principal line */
#define RV_NOMOVE 65 /* no move (game over, or unknown) */

/* A position: discs of the side to move (P) and of the opponent (O). */
typedef struct rv_pos {
    uint64_t P, O;
    bool black_to_move;
} rv_pos;

void rv_pos_start(rv_pos *pos);
/* Parses an Edax board string: 64 squares a1..h8 (X, x, *, b = black, O o w = white,
 * - . = empty), optional blanks, then the side to move (X, B or * black; O or W white).
 * Anything after the side (e.g. OBF ";" annotations) is ignored.
 * `line` is copied into errors; columns are 1-based within `text`. Returns 0 or -1. */
int rv_parse_board(const char *text, size_t len, long line, rv_pos *pos, yomi_error *err);
/* Writes the 64+2 character board string (with side to move) into buf (>= 67 bytes). */
void rv_format_board(const rv_pos *pos, char *buf);
/* "a1".."h8", "pass", "--". buf >= 5 bytes. Returns buf. */
const char *rv_square_name(int x, char *buf);
int rv_square_parse(const char *s); /* -1 when invalid */
/* Plays x (0..63 or RV_PASS) for the side to move of pos. Returns false, and
 * leaves pos unchanged, when the move is illegal (a pass is legal only when the
 * side to move has no move and the game is not over). */
bool rv_pos_play(rv_pos *pos, int x);
/* Parses "F5", "f5" or "PA"/"pass" (case-insensitive) at s[0..n); -1 when invalid. */
int rv_move_parse(const char *s, size_t n);

/* Leaf count at depth: a pass is a ply, a finished game is a leaf. */
uint64_t rv_perft(const rv_pos *pos, int depth);

/* Solver toggles, all on by default; the bench switches them off one at a time. */
typedef struct rv_features {
    bool tt, pvs, parity, fastest_first, stability, shallow_order, etc;
} rv_features;

typedef struct rv_options {
    bool wld; /* prove win/loss/draw only */
    int depth; /* > 0: midgame search to this depth (evaluation, not proof) */
    yomi_limits lim; /* time, nodes, hash size, cancel, progress */
    rv_features feat;
} rv_options;

void rv_options_default(rv_options *o);

typedef enum rv_kind { RV_EXACT, RV_WLD, RV_EVAL } rv_kind;

typedef struct rv_result {
    bool known; /* false: a limit stopped the search, score and move mean nothing */
    rv_kind kind;
    int score; /* exact: disc difference; wld: -1/0/+1; eval: estimated discs */
    int move; /* best move 0..63, RV_PASS, or RV_NOMOVE when the game is over */
    int pv[64];
    int pv_len;
    uint64_t nodes;
    double seconds;
} rv_result;

typedef struct rv_solver rv_solver;

/* A solver owns its transposition table (lim.hash_mb, default 64 MB). NULL if the
 * memory is refused. */
rv_solver *rv_solver_new(const rv_options *opt);
void rv_solver_free(rv_solver *s);
/* Solves one position. The table is kept between calls. */
void rv_solve(rv_solver *s, const rv_pos *pos, rv_result *res);

/* The kernel's answer (yomi_answer) for a result: outcome SCORE with basis proved
 * (exact), WIN/DRAW/LOSS proved (wld), SCORE heuristic (a midgame evaluation), or
 * UNKNOWN (a limit stopped it). The move is a square, RV_PASS or YOMI_NO_MOVE. */
void rv_result_answer(const rv_result *r, yomi_answer *a);

/* The simple evaluator (mobility, potential mobility, corners, stable discs), in
 * 1/8 disc units, for the side to move. */
int rv_evaluate(uint64_t P, uint64_t O);
/* Discs of P that can never be flipped (a lower bound). */
uint64_t rv_stable(uint64_t P, uint64_t O);

/* ---- Analysis, as a GUI wants it ----
 * Exact solving from solve_empties empties down; higher up, or when an exact
 * solve runs out of max_seconds, a midgame search to the depth asked for (an
 * evaluation, not a proof, and labelled so: exact = false). */
typedef struct rv_analyser rv_analyser;

typedef struct rv_analyse_options {
    size_t hash_mb; /* the exact solver's table; 0 = YOMI_DEFAULT_HASH_MB */
    int solve_empties; /* exact from this many empties down */
    double max_seconds; /* an exact solve's time (0 = no limit); then midgame */
    atomic_int *cancel; /* stops every search at once (the answer is then -1) */
} rv_analyse_options;

/* A move with its value for the side to move before it. */
typedef struct rv_scored_move {
    int move; /* 0..63 or RV_PASS */
    int score; /* exact: final disc difference; else the evaluation */
    bool exact;
    int pv[64]; /* the move, then the line after it */
    int pv_len;
} rv_scored_move;

rv_analyser *rv_analyser_new(const rv_analyse_options *o);
void rv_analyser_free(rv_analyser *a);
/* Scores the best move of pos (all_moves false) or every move (true: each child
 * is searched one ply shallower), best first, into out (34 entries). Returns the
 * number of moves scored, 0 when the game is over, -1 when a search was stopped
 * (cancel) or memory was refused. *nodes accumulates the work. */
int rv_analyse(rv_analyser *a, const rv_pos *pos, int depth, bool all_moves, rv_scored_move *out,
               uint64_t *nodes);

#endif
