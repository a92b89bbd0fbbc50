/* Linear Clobber: strips, outcome classes and a proving solver (seed 003).
 *
 * A strip is a row of at most CLOB_MAX_LEN cells, each empty, Left (X, also read
 * as B) or Right (O, also read as W), bit-packed into two 128-bit masks. A move
 * takes one of your stones onto an adjacent enemy stone; a player with no move
 * loses. Runs of stones between empty cells are independent subgames. */
#ifndef YOMI_CLOBBER_H
#define YOMI_CLOBBER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "yomi/yomi.h"

/* Longest strip the encoding holds. */
#define CLOB_MAX_LEN 128

enum { CLOB_EMPTY = 0, CLOB_X = 1, CLOB_O = 2 };
/* Players: Left moves the X stones, Right the O stones. */
enum { CLOB_LEFT = 0, CLOB_RIGHT = 1 };

/* Cell i holds X when bit i of x is set, O when bit i of o is set. */
typedef struct clob_strip {
    uint64_t x[2], o[2];
    int len;
} clob_strip;

/* Outcome classes: L Left wins whoever starts, R Right wins whoever starts,
 * N the player to move wins, P the player to move loses. */
typedef enum clob_outcome {
    CLOB_OUT_UNKNOWN = 0,
    CLOB_OUT_L,
    CLOB_OUT_R,
    CLOB_OUT_N,
    CLOB_OUT_P
} clob_outcome;

/* "L", "R", "N", "P" or "unknown". */
const char *clob_outcome_name(clob_outcome c);
/* The class from the two first-player results (true: the player to move wins). */
clob_outcome clob_outcome_of(bool left_first_wins, bool right_first_wins);

static inline int clob_cell(const clob_strip *s, int i) {
    uint64_t bit = 1ULL << (i & 63);
    if (s->x[i >> 6] & bit) return CLOB_X;
    if (s->o[i >> 6] & bit) return CLOB_O;
    return CLOB_EMPTY;
}
void clob_set(clob_strip *s, int i, int v);
void clob_strip_clear(clob_strip *s, int len);
bool clob_strip_equal(const clob_strip *a, const clob_strip *b);

/* Parses n characters of X, O, B, W and '.'. An empty board, another character or
 * more than CLOB_MAX_LEN cells is an error: err gets the 1-based column (line 0). */
int clob_strip_parse(const char *s, size_t n, clob_strip *out, yomi_error *err);
/* Writes the strip as X, O and '.' into buf (at least CLOB_MAX_LEN + 1 bytes). */
char *clob_strip_format(const clob_strip *s, char *buf);
/* Parses a player: X or B is Left, O or W is Right. */
int clob_player_parse(const char *s, int *player, yomi_error *err);
static inline char clob_player_char(int player) { return player == CLOB_LEFT ? 'X' : 'O'; }

/* The same strip read from the other end (the same game). */
clob_strip clob_strip_reverse(const clob_strip *s);
/* Colours swapped: the negative of the game. */
clob_strip clob_strip_negate(const clob_strip *s);
/* The canonical form of the sum: single-colour runs dropped, each run turned to
 * its lexicographically smaller end (X before O), runs sorted longest first then
 * lexicographically, joined by one empty cell. Equal strips mean equal sums. */
clob_strip clob_strip_normalise(const clob_strip *s);
/* True when the player has a move. */
bool clob_has_move(const clob_strip *s, int player);

/* Brute-force oracle: plain memoised minimax on the raw strip, independent of the
 * solver. True when `player`, moving first, wins. Meant for short strips (the memo
 * grows with the reachable positions). */
bool clob_brute_wins(const clob_strip *s, int player);
clob_outcome clob_brute_outcome(const clob_strip *s);

/* Techniques of the solver, each can be switched off (clob_options.without). */
enum {
    CLOB_T_DB = 1 << 0, /* outcome classes (database and short runs solved on demand) */
    CLOB_T_SIMPLIFY = 1 << 1, /* delete P subgames, cancel G + -G, replace by links */
    CLOB_T_STATIC = 1 << 2, /* static rules on the subgames' classes */
    CLOB_T_POSITIVE = 1 << 3, /* search G' - g for g positive for the player to move */
    CLOB_T_TT = 1 << 4, /* transposition table */
    CLOB_T_DOMINATED = 1 << 5, /* dominated-move deletion (database) */
    CLOB_T_ORDER = 1 << 6, /* move order: table move, moves in negative subgames */
    CLOB_T_DUP = 1 << 7, /* play in one copy of identical subgames only */
    CLOB_T_BOUNDS = 1 << 8, /* bounds on the up scale (database): sums settled statically */
    CLOB_T_ETC = 1 << 9, /* cheap steps on every child before searching any */
};
#define CLOB_T_LAST CLOB_T_ETC
/* The name of one technique bit ("db", "simplify", ...); NULL when unknown. */
const char *clob_technique_name(unsigned bit);
/* The bit of a technique name, 0 when unknown. */
unsigned clob_technique_parse(const char *name);

typedef struct clob_options {
    unsigned without; /* CLOB_T_* bits switched off */
    size_t hash_mb; /* transposition table; 0 = YOMI_DEFAULT_HASH_MB */
    int class_len; /* runs up to this length get their class solved on demand; 0 = 12 */
    const char *db_path; /* database file (NULL: none) */
    int build_db_len; /* no db_path: build a database of runs up to this length in
                           * memory first (10 stones: about 0.03 s); 0 = none */
} clob_options;

/* A solver keeps its table and interned runs between solves; one thread at a time. */
typedef struct clob_solver clob_solver;

/* A new solver; NULL with err set when the table cannot be allocated or the
 * database is refused (corrupt, truncated, other parameters). */
clob_solver *clob_solver_new(const clob_options *opt, yomi_error *err);
void clob_solver_free(clob_solver *s);
/* Longest run length the loaded database covers, 0 when none is loaded. */
int clob_solver_db_len(const clob_solver *s);

typedef struct clob_answer {
    yomi_result result; /* YOMI_WIN / YOMI_LOSS for the player to move, YOMI_UNKNOWN */
    int from, to; /* a winning move (0-based cells), -1 when none */
    uint64_t nodes; /* nodes searched (a child settled by its cheap steps alone is not one) */
    double seconds;
} clob_answer;

/* Solves the strip with `player` to move. UNKNOWN only when a limit stopped it. */
yomi_result clob_solve(clob_solver *s, const clob_strip *b, int player, const yomi_limits *lim,
                       clob_answer *out);

#endif
