/* SGF FF[4] game trees: reader, writer and replay onto a go_board.
 *
 * A file is a collection of games; a game is a tree of nodes; a node holds
 * properties, each an identifier with one or more values. Values are stored
 * decoded: "\x" becomes "x", an escaped line break (soft line break) is removed,
 * NUL bytes are dropped. Hard line breaks are kept as they are; simple-text
 * newline folding is left to the reader of the value.
 *
 * Errors (malformed text, bad coordinates, moves off the board, illegal moves when
 * replaying) are reported through yomi_error: the message names the byte offset or
 * the node ("byte 120: ..." / "node 7 (byte 98): ..."), and line/column are filled
 * when the error has a place in the text. Nothing here aborts on bad input. */
#ifndef YOMI_GO_SGF_H
#define YOMI_GO_SGF_H

#include "yomi/yomi.h"
#include "yomi/go_board.h"

#include <stdbool.h>
#include <stddef.h>

#define SGF_MAX_ID 16 /* longest property identifier kept (FF[4] ids are 1-2 letters) */

/* Input caps, so that endless or hostile input ends with an error instead of
 * exhausting memory. Real records are far below them: a long game is ~20 KB and
 * ~400 nodes, big problem collections are a few MB. */
#define SGF_MAX_BYTES (16L << 20) /* a file or text: 16 MiB */
#define SGF_MAX_NODES 1000000L /* nodes in one text */
#define SGF_MAX_VALUES 4000000L /* property values in one text */

typedef struct sgf_prop {
    char id[SGF_MAX_ID + 1]; /* upper-case letters; FF[3] lower-case letters dropped */
    int nvalues;
    char **values; /* decoded, NUL-terminated */
} sgf_prop;

typedef struct sgf_node {
    sgf_prop *props;
    int nprops, cap_props;
    struct sgf_node *parent;
    struct sgf_node *child; /* first child: the main line continues here */
    struct sgf_node *sibling; /* next variation of the same parent */
    long offset; /* byte offset of its ';' in the parsed text, -1 if built */
    long number; /* 1-based order in the parsed file, 0 if built */
} sgf_node;

typedef struct sgf_collection {
    sgf_node **games;
    int ngames, cap_games;
} sgf_collection;

/* ---- Reading ---- */

/* Parses a whole collection. Returns NULL (and fills err, which may be NULL) on
 * malformed input or input past the caps above (the message names the cap); a
 * collection with at least one game otherwise. */
sgf_collection *sgf_parse(const char *text, size_t len, yomi_error *err);
/* Reads and parses a file; errors also cover the file not being readable, a
 * directory, and a file or stream (a pipe, /dev/zero) longer than SGF_MAX_BYTES,
 * which is refused after reading SGF_MAX_BYTES + 1 bytes. */
sgf_collection *sgf_parse_file(const char *path, yomi_error *err);
void sgf_free(sgf_collection *c);

/* ---- Building and editing ---- */

sgf_collection *sgf_collection_new(void);
/* Appends a game root (the collection takes ownership). False on allocation failure. */
bool sgf_collection_add(sgf_collection *c, sgf_node *root);
sgf_node *sgf_node_new(void);
/* Frees a node and its whole subtree (the node must be detached or a root). */
void sgf_node_free(sgf_node *n);
/* Appends a new last child to parent and returns it (NULL on allocation failure). */
sgf_node *sgf_node_add_child(sgf_node *parent);
/* Adds value to property id (creating the property if needed). False on a bad id
 * (empty, longer than SGF_MAX_ID, not upper-case letters) or allocation failure. */
bool sgf_node_add(sgf_node *n, const char *id, const char *value);
/* Removes property id from n (no-op when absent). */
void sgf_node_remove(sgf_node *n, const char *id);

/* ---- Queries ---- */

const sgf_prop *sgf_find(const sgf_node *n, const char *id);
/* First value of property id, or NULL. */
const char *sgf_get(const sgf_node *n, const char *id);
/* Number of children of n. */
int sgf_nchildren(const sgf_node *n);
/* Structural equality: same properties (ids, values, order) and same tree shape. */
bool sgf_tree_equal(const sgf_node *a, const sgf_node *b);

/* Board size from the root's SZ (19 when absent). Returns -1 and fills err for a
 * non-square SZ[a:b], a size outside 2..GO_MAX_SIZE, or a game other than Go (GM). */
int sgf_board_size(const sgf_node *root, yomi_error *err);

/* SGF point "dd" <-> board point for a board of the given size. Parsing returns
 * GO_PASS for "" and, on boards up to 19x19, "tt"; GO_NO_POINT when invalid. */
go_point sgf_point_parse(const char *v, int size);
/* Writes "dd" (or "" for GO_PASS) into out[3]. */
void sgf_point_format(go_point p, char out[3]);
/* Expands a point-list property (AB, AW, AE, MA, SQ, TR, ... including compressed
 * "aa:cc" rectangles) into out. Returns the count (at most max), or -1 with err
 * filled when a value is not a point of the board. */
int sgf_prop_points(const sgf_prop *prop, int size, go_point *out, int max, yomi_error *err);
/* The move of node n if it has B or W: returns 1 and sets *c and *p (GO_PASS for a
 * pass); 0 when the node has no move; -1 with err filled for a bad coordinate or
 * both B and W in one node. */
int sgf_node_move(const sgf_node *n, int size, go_color *c, go_point *p, yomi_error *err);

/* ---- Replay ---- */

/* Clears b to the game's size (its rule settings stay) and follows the main line
 * from root: setup (AE, AB, AW) and moves (B, W). With stop_before > 0, stops before
 * move number stop_before (1-based), as GNU Go's "loadsgf FILE N" does. Sets
 * *to_move (may be NULL) to the side to play next: PL when the last node applied
 * says so, else the opponent of the last move, else white when the root has
 * handicap stones (HA >= 2) and black otherwise. Returns the number of moves played,
 * or -1 with err naming the node on a bad size, coordinate or illegal move. Setup
 * stones capture nothing: one that would leave a string without liberties (e.g.
 * AB[gi] on a point whose neighbours are all white) rejects the record, naming the
 * node and the point ("node 2 (byte 30): AB[gi] leaves a string without
 * liberties"); b then holds the position reached before that point, consistent,
 * with its moves still undoable. */
int sgf_replay(const sgf_node *root, go_board *b, int stop_before, go_color *to_move, yomi_error *err);

/* Loads the first game of the SGF file at path onto b, as GNU Go's "loadsgf FILE
 * N" does: sgf_replay up to the position before move stop_before (0 = the end of
 * the main line). *to_move and *komi (either may be NULL; komi is set only when the
 * game has a KM) get the side to play and the komi. The file is replayed on a
 * scratch board, so b is unchanged on error. Returns the number of moves played,
 * or -1 with err (line, column) filled: the caller names the file. */
int sgf_load_position(const char *path, int stop_before, go_board *b, go_color *to_move, double *komi,
                      yomi_error *err);
/* The same from SGF text in memory. */
int sgf_load_text_position(const char *text, size_t len, int stop_before, go_board *b, go_color *to_move,
                           double *komi, yomi_error *err);
/* The same from a game already parsed (its root node). */
int sgf_load_game_position(const sgf_node *root, int stop_before, go_board *b, go_color *to_move,
                           double *komi, yomi_error *err);

/* ---- Writing ---- */

/* Serialises a collection / one game as SGF text (malloc'd, NUL-terminated); *len
 * (may be NULL) receives its length. NULL on allocation failure. Values are escaped
 * so that sgf_parse of the output gives equal trees. */
char *sgf_write(const sgf_collection *c, size_t *len);
char *sgf_write_game(const sgf_node *root, size_t *len);
/* Writes the collection to path; -1 with err filled on failure. */
int sgf_write_file(const sgf_collection *c, const char *path, yomi_error *err);

#endif
