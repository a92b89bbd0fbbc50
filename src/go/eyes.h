/* Static life-and-death knowledge that a search may use to end a line early
 * (seed 002: eye points 不入点, tiger's mouths 虎口, one-, two- and many-string life,
 * big eyes, true and false eyes, seki, area scoring).
 *
 * Everything this module calls ALIVE or DEAD is a proof under the conditions stated
 * at the function; anything else is UNKNOWN. Rules: no suicide, simple ko; a pass
 * lifts a ko ban; colour c is the defender, go_other(c) the attacker.
 *
 * Owned by src/go/eyes.c (Benson, eye points, regions, seki, scoring) and
 * src/go/eyeshape.c (the exact eye-space solver). */
#ifndef YOMI_GO_EYES_H
#define YOMI_GO_EYES_H

#include "yomi/go_board.h"

#include <stdbool.h>
#include <stdint.h>

/* ---- Benson's unconditional life ----
 * Marks alive[p] = 1 on every stone of colour c that no sequence of opponent moves can
 * capture even when c always passes (Benson 1976): strings of c with at least two
 * vital regions, a region (maximal connected set of non-c points) being vital to a
 * string when every empty point in it is a liberty of that string, regions whose
 * bordering strings are not all alive dropping out, until nothing changes.
 * region (may be NULL) gets 1 on the points of the vital regions of the alive strings
 * (each such point is c's at the end of the game: opponent stones there are dead).
 * alive and region are GO_MAX_POINTS long. Returns the number of alive stones. */
int go_benson(const go_board *b, go_color c, uint8_t *alive, uint8_t *region);
/* True when the string at v is unconditionally alive (go_benson for its colour;
 * skipped when go_benson_possible says no). */
bool go_benson_alive(const go_board *b, go_point v);
/* True when every string of seeds (stones of one colour) is unconditionally alive:
 * go_benson's answer for them, computed on the strings and regions they depend on. */
bool go_benson_alive_all(const go_board *b, const go_point *seeds, int nseeds);
/* A necessary condition, local and cheap: the string at v borders at least two
 * regions (maximal connected sets of points that are not its colour) in which every
 * empty point is its liberty. False means go_benson cannot call it alive. */
bool go_benson_possible(const go_board *b, go_point v);
/* True when the string at v encloses a space of at most max points: a connected set of
 * points (empty or stones of any colour but the string's own) reached from a neighbour
 * of the string without crossing it. A function of the position alone. */
bool go_small_space(const go_board *b, go_point v, int max);

/* ---- Eye points and tiger's mouths ----
 * Eye point (不入点) of c: an empty point whose on-board neighbours are all c stones,
 * none of whose strings is in atari, so the opponent cannot play there at all. */
bool go_is_eye_point(const go_board *b, go_point p, go_color c);
/* Tiger's mouth (虎口) of c: an empty point whose on-board neighbours are c stones
 * except exactly one empty point; an opponent stone there would be in atari (unless
 * it captures: a c neighbour in atari makes it no tiger's mouth). Returns the open
 * neighbour, or GO_NO_POINT when p is not a tiger's mouth. */
go_point go_tiger_mouth(const go_board *b, go_point p, go_color c);

/* True or false eye, by the diagonal rule, for an eye point p of c.
 * TRUE:  the neighbour stones of p are one string already, or the diagonals give c a
 *        connection around p whatever the opponent plays: in the centre at most one
 *        diagonal is not c's and it is not the opponent's to cut with two (that is,
 *        opponent stones + empty diagonals <= 1), on the edge or in the corner every
 *        diagonal is c's.
 * FALSE: the opponent already holds enough diagonals that the neighbour stones of p
 *        cannot all be joined around p (centre >= 2, edge/corner >= 1).
 * HALF:  whoever plays the empty diagonal(s) first decides (a half eye).
 * NONE:  p is not an eye point of c.
 * "False" is local: strings joined elsewhere (two-headed dragon 两头蛇) still live;
 * go_benson sees that. */
enum { GO_EYE_NONE = 0, GO_EYE_TRUE, GO_EYE_FALSE, GO_EYE_HALF };
int go_eye_kind(const go_board *b, go_point p, go_color c);

/* ---- Eye spaces (big eyes) and their exact solver ----
 *
 * The local game: a region R of at most GO_ES_MAX points, enclosed by stones of the
 * defender that are all one string W (the wall), with `outer` further liberties of W
 * outside R. Each side may play any legal move in R, fill one of W's outer
 * liberties (the attacker's stone there is safe), or pass. W captured: attacker wins.
 * Two passes in a row, or endless play: the defender wins (W survives, by two eyes
 * or by seki). Ko: simple ko, a pass lifts the ban; the ko master may ignore it.
 * The solver explores every reachable local position (retrograde analysis over the
 * whole state graph), so its answers are exact for this game.
 *
 * What that proves on a real board (the answer must be the same under both ko
 * masters, so that ko threats cannot change it -- go_es_classify and go_life_status
 * insist on that):
 *  - W survives (defender wins with the given side to move) whenever R is enclosed by
 *    W alone and W has at least `outer` liberties outside R: the attacker cannot do
 *    more against W than fill those liberties, and one more outer liberty never hurts
 *    the defender (checked over every position of the brute-force test). "Survives"
 *    includes seki.
 *  - W dies (attacker wins) when, in addition, W cannot gain anything outside R: its
 *    outer liberties are exactly `outer`, each of them touching only W, the border and
 *    unconditionally alive attacker strings, and W touches no other enemy string that
 *    is not unconditionally alive (no capture to escape with). go_life_status checks
 *    these conditions on the board itself.
 * Not covered: positional superko inside R (the local game uses simple ko), endless
 * cycles (counted as survival, as triple ko is under most rule sets).
 *
 * Cost: the solver explores up to 3^n x ko x outer positions (a 2x3 region: 6560
 * positions, about 5 ms; 2x4: 59000, about 50 ms). Answers are cached per thread by
 * the exact problem, so a search that meets the same eye space again pays nothing. */
#define GO_ES_MAX 8 /* region points the solver accepts */
#define GO_ES_OUTER_MAX 6 /* outer liberties counted (more are capped at this) */

typedef struct go_es_region {
    int n; /* points, 1..GO_ES_MAX */
    uint16_t adj[GO_ES_MAX]; /* adj[i]: bit j set when point j is a neighbour of i */
    uint16_t wall; /* bit i: point i touches the wall */
    uint8_t content[GO_ES_MAX]; /* 0 empty, 1 defender stone, 2 attacker stone */
    int outer; /* W's liberties outside R (0..GO_ES_OUTER_MAX) */
    int ko; /* point the side to move may not take back now, or -1 */
} go_es_region;

enum { GO_ES_OUTER_MOVE = GO_ES_MAX, GO_ES_PASS_MOVE = GO_ES_MAX + 1 };
enum { GO_KO_MASTER_NONE = 0, GO_KO_MASTER_DEFENDER = 1, GO_KO_MASTER_ATTACKER = 2 };

typedef struct go_es_result {
    bool defender_wins; /* W survives with best play from here */
    bool clean_life; /* the defender can force a position with no attacker stone
                                left in R and W unconditionally alive (Benson inside R):
                                life with the territory, not seki. Double passes and
                                endless play without it count against the defender. */
    uint16_t winning; /* moves of the side to move that keep its result: bit i
                                for point i, bit GO_ES_OUTER_MOVE, bit GO_ES_PASS_MOVE
                                (the side's winning moves; 0 when it loses) */
    int states; /* local positions explored */
    bool too_big; /* the state graph did not fit: nothing is proved */
} go_es_result;

/* Solves the local game with `defender_to_move` and the given ko master.
 * Returns false (and too_big) when the region is invalid or too large. */
bool go_es_solve(const go_es_region *r, bool defender_to_move, int ko_master, go_es_result *out);

/* Forgets this thread's cached answers (benchmarks measure the solver itself). */
void go_es_cache_clear(void);

/* Status of an eye space, both sides to move, proven for the local game above. */
enum { GO_SHAPE_UNKNOWN = 0, GO_SHAPE_ALIVE, GO_SHAPE_DEAD, GO_SHAPE_UNSETTLED, GO_SHAPE_KO };
typedef struct go_es_status {
    int status; /* ALIVE: W lives even if the attacker starts; DEAD: W dies even
                            if the defender starts; UNSETTLED: who starts wins;
                            KO: the answer depends on ko (the master variants differ) */
    uint16_t kill; /* attacker's winning first moves (UNSETTLED / DEAD) */
    uint16_t live; /* defender's winning first moves (UNSETTLED / ALIVE) */
    bool seki; /* ALIVE, but only as seki: whoever moves first and whoever
                            is ko master, the defender survives yet cannot force clean
                            life (the attacker's stones inside stay; the points are
                            nobody's under area scoring) */
} go_es_status;
/* Solves both sides to move under both ko masters; KO when the masters disagree for
 * either side to move, else the common answer (no ko master is needed then). */
bool go_es_classify(const go_es_region *r, go_es_status *out);

/* The classic name of an eye-space shape given by its n board points (up to 6; edges
 * are not considered): "one point", "two points", "straight three", "bent three",
 * "square four", "pyramid four", "straight four", "bent four", "zigzag four",
 * "bulky five", "flower five", "straight five", "rabbity six", "rectangular six", ...;
 * NULL for a shape without a common name. For display only: the status comes from
 * the solver. */
const char *go_eye_shape_name(const go_point *pts, int n);

/* Builds the region of points connected to p through points that are not stones of
 * the string at w (the wall; p must not be one of its stones), as seen on the board:
 * its adjacency, the points touching the wall, the contents (the wall's colour is the
 * defender; the defender's other strings inside are contents too). Fails when the
 * region has more than GO_ES_MAX points. The region is then enclosed by the wall and
 * the edge alone. pts[] (room for GO_ES_MAX) gets the board points of the region;
 * outer counts the wall's other liberties (capped at GO_ES_OUTER_MAX), ko is the
 * board's ko point when it lies in the region and bans `to_move`. */
bool go_es_from_board(const go_board *b, go_point w, go_point p, go_color to_move, go_es_region *r,
                      go_point *pts);

/* ---- Status of a string at a search node ---- */
enum { GO_LIFE_UNKNOWN = 0, GO_LIFE_ALIVE, GO_LIFE_DEAD };
/* Proven status of the string at v with to_move to play (the board's ko respected).
 * Its eye spaces are the regions of at most GO_ES_MAX points enclosed by it alone.
 *  ALIVE when go_benson says so; or when the exact solver says it lives with to_move
 *        starting, whoever is ko master, in one eye space with every other liberty
 *        counted as an outer liberty; or in several eye spaces solved as one game
 *        (smallest first, up to GO_ES_MAX points in all) -- one eye here, one there;
 *  DEAD  when all its eye spaces fit in that one game, every other liberty touches
 *        only the string, the border and enemy strings, every enemy string touching
 *        it or those liberties is Benson-alive or has more liberties away from the
 *        string than the defender can play elsewhere before the kill (go_life_status_race),
 *        it has at most GO_ES_OUTER_MAX other liberties, and the solver says it dies
 *        with to_move starting, whoever is ko master;
 *  UNKNOWN otherwise (open space, a capturing race, a ko, strings sharing eye spaces
 *        that Benson does not settle, eye spaces too big).
 * moves (may be NULL, room for GO_ES_MAX + 2) gets winning first moves of to_move:
 * all those of the eye space (or joint game) that proved the answer (GO_PASS for a
 * pass, one outer liberty for "fill an outer liberty"), when the answer came from the
 * solver; *nmoves their count (0 when the answer came from Benson or to_move loses).
 * Other eye spaces may hold further winning moves that are not listed. */
int go_life_status(const go_board *b, go_point v, go_color to_move, go_point *moves, int *nmoves);
/* The same with eye spaces (and their joint game) of at most max_points points: a
 * larger space is left out (no death is claimed then). The solver's cost grows as
 * 3^n, so a search that calls this at every node keeps max_points small. */
int go_life_status_max(const go_board *b, go_point v, go_color to_move, int max_points, go_point *moves,
                       int *nmoves);
/* The same for a game whose moves keep to the points marked in region (NULL: the whole
 * board), as the tsumego search's: an answer of the eye-space solver needs every
 * liberty of the string and every point of its eye spaces inside the region (a move
 * the solver's game would play, a vital point or filling an outer liberty, may be
 * outside it otherwise: a target with a liberty outside the region can never be
 * captured there); Benson's life needs no move and stands. */
int go_life_status_in(const go_board *b, go_point v, go_color to_move, int max_points, const bool *region,
                      go_point *moves, int *nmoves);
/* The same with the race rule's margin: an enemy string next to the string (or next
 * to its other liberties) that is not Benson-alive still closes the wall for DEAD when
 * its liberties away from the string are at least race_margin more than the moves the
 * defender can play outside the eye spaces before the attacker kills there (searched
 * in the eye-space game; GO_LIFE_RACE_MARGIN, the sound value, is what
 * go_life_status_max uses; a negative margin requires Benson-alive enemies). */
#define GO_LIFE_RACE_MARGIN 1
int go_life_status_race(const go_board *b, go_point v, go_color to_move, int max_points, int race_margin,
                        const bool *region, go_point *moves, int *nmoves);
/* go_life_status_race (without the moves) when go_small_space(b, v, GO_ES_MAX) holds
 * (*small true); GO_LIFE_UNKNOWN and *small false otherwise, without the Benson pass.
 * Its floods for the eye spaces answer go_small_space too: one set of floods for both. */
int go_life_status_small(const go_board *b, go_point v, go_color to_move, int max_points, int race_margin,
                         const bool *region, bool *small);

/* ---- Seki ----
 * Seki of an eye space: the enemy string at s2 lies in an eye space (at most
 * GO_ES_MAX points) enclosed by the string at s1 alone, and the exact solver proves,
 * with either side to move and whoever is ko master, that s1 survives but cannot
 * force clean life (capturing every enemy stone there with s1 unconditionally alive).
 * Proven only when s1 cannot gain anything outside: its other liberties, at most
 * GO_ES_OUTER_MAX, touch only s1, the border and Benson-alive enemy strings, and every
 * enemy string touching s1 outside the space is Benson-alive (the conditions of a proof
 * of death in go_life_status). Then the eye space is nobody's under area scoring.
 * Sekis between strings that do not enclose one another are not recognised (false):
 * a static rule ("filling a shared liberty is self-atari for both") is not a proof,
 * since a sacrifice there can leave the capturer a killable eye space. */
bool go_is_seki(const go_board *b, go_point s1, go_point s2);

/* ---- Area scoring ----
 * Chinese area score of a settled position with dead stones removed: each colour's
 * stones plus the empty regions bordered only by that colour. Returns black - white
 * (komi not included); *black and *white (may be NULL) get the two areas. */
int go_area_score(const go_board *b, int *black, int *white);

#endif
