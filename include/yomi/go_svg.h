/* Board diagrams of life-and-death problems as standalone SVG 1.1.
 *
 * The diagram shows the stones as given (not the frame yomi adds), cropped to
 * the problem area plus a margin (a side within three lines of the board's
 * edge is drawn up to the edge), with coordinates on all four sides, the target
 * stone marked with a small square, and the answer's main line numbered on the
 * stones it places (white numbers on black stones, black numbers on white
 * ones). A move played on a point whose stone was captured earlier in the line
 * is listed under the diagram ("7 at 3", or "7 at C3" when the captured stone
 * was one of the problem's), as is a pass. The caption gives the side to play,
 * the goal, the result with its basis and the winning first moves. */
#ifndef YOMI_GO_SVG_H
#define YOMI_GO_SVG_H

#include <stdio.h>

#include "yomi/go_tsumego.h"

/* Writes the diagram of p with the answer a (NULL: the position only, no
 * numbers or caption result) to f. title (may be NULL) goes into <title> and
 * the first caption line. Returns 0, or -1 when writing failed. */
int go_svg_write(FILE *f, const go_problem *p, const go_tsumego_answer *a, const char *title);

#endif
