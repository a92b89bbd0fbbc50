/* Go board: strings with liberties kept incrementally, captures, ko,
 * optional positional superko, incremental Zobrist hash, make/undo.
 *
 * Points are indices into a padded array with a fixed stride, so the four
 * neighbours of p are p-1, p+1, p-GO_STRIDE, p+GO_STRIDE on every board size.
 * Column 0 is the left edge (GTP 'A'), row 0 is the TOP edge (SGF 'a');
 * GTP row number = size - row. The border ring holds GO_BORDER.
 *
 * Contract owned by src/go/board.c. Other modules use only what is declared here. */
#ifndef YOMI_GO_BOARD_H
#define YOMI_GO_BOARD_H

#include <stdbool.h>
#include <stdint.h>

enum { GO_EMPTY = 0, GO_BLACK = 1, GO_WHITE = 2, GO_BORDER = 3 };
typedef uint8_t go_color;
static inline go_color go_other(go_color c) { return (go_color)(c ^ 3); }

#define GO_MAX_SIZE 25
#define GO_STRIDE (GO_MAX_SIZE + 2)
#define GO_MAX_POINTS (GO_STRIDE * GO_STRIDE)
#define GO_MAX_HISTORY 2048

typedef int go_point;
#define GO_PASS 0 /* the top-left border corner, never a playable point */
#define GO_NO_POINT (-1)

static inline go_point go_pt(int col, int row) { return (row + 1) * GO_STRIDE + (col + 1); }
static inline int go_col(go_point p) { return p % GO_STRIDE - 1; }
static inline int go_row(go_point p) { return p / GO_STRIDE - 1; }

/* Results of go_board_play. */
enum {
    GO_OK = 0,
    GO_ILLEGAL_OCCUPIED = -1,
    GO_ILLEGAL_SUICIDE = -2,
    GO_ILLEGAL_KO = -3, /* simple ko recapture */
    GO_ILLEGAL_SUPERKO = -4, /* repeats an earlier position (when superko is on) */
    GO_ILLEGAL_OFFBOARD = -5,
    GO_ILLEGAL_HISTORY = -6 /* undo history is full */
};

typedef struct go_board go_board;

/* Allocation and set-up. */
go_board *go_board_new(int size); /* 2..GO_MAX_SIZE, NULL otherwise */
void go_board_free(go_board *b);
/* Empty board, history cleared; the suicide and superko settings are kept. An invalid
 * size keeps the current one. b must come from go_board_new (or have been cleared). */
void go_board_clear(go_board *b, int size);
/* Copies everything: position, history (undo works on the copy), rule settings. */
void go_board_copy(go_board *dst, const go_board *src);
void go_board_set_suicide_allowed(go_board *b, bool on); /* default off */
void go_board_set_superko(go_board *b, bool on); /* positional superko, default off */
/* Places or removes a stone outside the move history (setup: SGF AB/AW/AE).
 * Captures nothing: a setup that would leave any string (the new stone's or one it
 * touches) without a liberty is refused, as is a p that is not a point or a c that
 * is not EMPTY/BLACK/WHITE. A refusal returns false and changes nothing at all (the
 * undo history stays valid). A change makes the position the new root: the undo
 * history, ko and superko history are cleared; capture counts stay. */
bool go_board_setup(go_board *b, go_point p, go_color c);

/* Queries. */
int go_board_size(const go_board *b);
go_color go_board_at(const go_board *b, go_point p);
bool go_board_on(const go_board *b, go_point p); /* p is a point of the board */
uint64_t go_board_hash(const go_board *b); /* position only (stones), not side to move */
/* A second Zobrist hash of the same position over independent keys (another seed),
 * kept incrementally like the first: a table that checks both needs a 128-bit match
 * for a false hit. */
uint64_t go_board_hash2(const go_board *b);
go_point go_board_ko(const go_board *b); /* point forbidden by simple ko now, or GO_NO_POINT */
int go_board_captures(const go_board *b, go_color by); /* stones captured so far by colour */
int go_board_moves(const go_board *b); /* number of moves in the undo history */
go_point go_board_last_move(const go_board *b); /* GO_NO_POINT when none */
go_color go_board_last_color(const go_board *b); /* GO_EMPTY when none */

/* Strings. p should hold a stone; on any other point they return 0 / GO_NO_POINT / false. */
go_point go_string_id(const go_board *b, go_point p); /* canonical point of p's string */
int go_string_libs(const go_board *b, go_point p); /* exact liberty count */
int go_string_size(const go_board *b, go_point p);
int go_string_liberties(const go_board *b, go_point p, go_point *out, int max); /* returns count written */
int go_string_stones(const go_board *b, go_point p, go_point *out, int max);
/* Distinct enemy strings adjacent to p's string (their ids); with max_libs > 0 only
 * those with at most max_libs liberties. */
int go_string_neighbors(const go_board *b, go_point p, int max_libs, go_point *out, int max);
bool go_string_has_lib(const go_board *b, go_point p, go_point lib);

/* Moves. */
int go_board_check_move(const go_board *b, go_color c, go_point p); /* GO_OK or GO_ILLEGAL_* */
bool go_board_is_legal(const go_board *b, go_color c, go_point p);
/* Plays c at p (GO_PASS passes) and pushes an undo record. Returns GO_OK or GO_ILLEGAL_*,
 * leaving the board unchanged when illegal. */
int go_board_play(go_board *b, go_color c, go_point p);
/* Number of stones the last go_board_play captured. */
int go_board_last_captured(const go_board *b);
/* Takes back the last move; false when the history is empty. */
bool go_board_undo(go_board *b);
/* Liberties a stone of colour c at empty p would have after playing (captures counted),
 * without playing it. Capped at `cap` when cap > 0. 0 when p is not an empty point.
 * Legality (ko, suicide) is not checked. */
int go_board_libs_after(const go_board *b, go_color c, go_point p, int cap);

/* Debug invariant checker: liberties, string membership, hash and counts recomputed
 * from scratch. Returns true when consistent (prints the first problem on stderr). */
bool go_board_check(const go_board *b);

/* Text. */
void go_board_print(const go_board *b, void *file /* FILE* */);
/* GTP vertex "D4" <-> point; "pass" -> GO_PASS. Returns GO_NO_POINT when invalid. */
go_point go_vertex_parse(const go_board *b, const char *s);
void go_vertex_format(const go_board *b, go_point p, char *buf, int n); /* "D4", "pass" */

/* Iterate the four neighbours of p (may be border points). */
#define GO_FOR_NEIGHBORS(p, n)                                                                               \
    for (int n##_i_ = 0, n = (p)-1; n##_i_ < 4; n##_i_++,                                                    \
             n = (p) +                                                                                       \
                                                    (n##_i_ == 1       ? 1                                   \
                                                         : n##_i_ == 2 ? -GO_STRIDE                          \
                                                                       : GO_STRIDE))
/* Iterate every point of the board, top row first. */
#define GO_FOR_POINTS(b, p)                                                                                  \
    for (int p##_r_ = 0, p##_n_ = go_board_size(b); p##_r_ < p##_n_; p##_r_++)                               \
        for (go_point p = go_pt(0, p##_r_), p##_e_ = go_pt(p##_n_, p##_r_); p < p##_e_; p++)

/* ---- Representation (read-only for other modules; use the functions above). ----
 *
 * A string is a circular list of its stones (next[]) with one canonical stone, its
 * head; per-string data (liberty bitset, liberty count, size) lives in slots indexed
 * by the head point. Liberties are a bitset over the padded board, so merging is an
 * OR and counting is a popcount. Undo is incremental: merges are reversible list
 * splices, the survivor's liberty set before the move is saved, and captured stones
 * are pushed on a stack in list order so their strings come back exactly. */
#define GO_LIB_WORDS ((GO_MAX_POINTS + 63) / 64)
/* Captured stones on the stack never exceed the stones ever placed. */
#define GO_CAP_STACK (GO_MAX_HISTORY + GO_MAX_SIZE * GO_MAX_SIZE)

typedef struct go_undo {
    uint64_t prev_hash; /* position before the move (superko scans these) */
    uint64_t prev_hash2; /* its second hash */
    uint64_t saved_libs[GO_LIB_WORDS]; /* survivor's liberties before a merge (nmerged > 0) */
    int16_t point; /* GO_PASS for a pass */
    uint8_t color;
    uint8_t cap_color; /* colour of the removed stones (own on suicide) */
    int16_t prev_ko;
    uint8_t prev_ko_color;
    uint8_t nmerged; /* friendly strings absorbed into the survivor */
    uint8_t added; /* nmerged == 0: neighbours of point that became
                                         new liberties of the survivor (bit i = i-th) */
    int16_t survivor; /* head the new stone joined, or -1 for a new string */
    int16_t saved_nlibs;
    int16_t merged[4];
    uint8_t ncap; /* strings removed */
    int16_t cap_len[4];
    int32_t cap_start; /* index in cap_stack */
    int32_t captured; /* stones removed */
} go_undo;

struct go_board {
    int size;
    int lib_words; /* bitset words covering this size's points */
    bool suicide_ok, superko;
    go_point ko; /* simple-ko point, GO_NO_POINT when none */
    go_color ko_color; /* colour forbidden to play at ko */
    uint64_t hash, hash2; /* go_board_hash, go_board_hash2 */
    int stones[3]; /* stones on board by colour */
    int caps[3]; /* stones captured by colour */
    int nmoves;
    int cap_top;
    unsigned debug_tick; /* sampling counter of YOMI_DEBUG_CHECKS builds */
    uint8_t color[GO_MAX_POINTS];
    int16_t head[GO_MAX_POINTS]; /* head of the string holding the stone */
    int16_t next[GO_MAX_POINTS]; /* circular list of a string's stones */
    int16_t nlibs[GO_MAX_POINTS]; /* by head */
    int16_t ssize[GO_MAX_POINTS]; /* by head */
    uint64_t libs[GO_MAX_POINTS][GO_LIB_WORDS]; /* by head */
    /* History last so go_board_copy copies only its used part. */
    int16_t cap_stack[GO_CAP_STACK];
    go_undo hist[GO_MAX_HISTORY];
};

/* Hot-path accessors with no range checks (p must be a valid padded index). */
static inline go_color go_at(const go_board *b, go_point p) { return b->color[p]; }
static inline int go_libs_fast(const go_board *b, go_point p) { return b->nlibs[b->head[p]]; }
static inline go_point go_head_fast(const go_board *b, go_point p) { return b->head[p]; }
/* go_string_has_lib for a stone p and an on-board point lib, inline (flood loops). */
static inline bool go_has_lib_fast(const go_board *b, go_point p, go_point lib) {
    return (b->libs[b->head[p]][lib >> 6] >> (lib & 63)) & 1;
}

#endif
