/* yomi's Go API in one include: the board (go_board.h), SGF reading and
 * writing (go_sgf.h), ladder reading with the geometric trace (go_ladder.h)
 * ko-aware attack/defend reading (go_reading.h) and life-and-death problems
 * (go_tsumego.h), a dragon's life in a whole-board position (go_owl.h,
 * heuristic). Each header documents
 * its own contract; results are the yomi_result codes of yomi.h. */
#ifndef YOMI_GO_H
#define YOMI_GO_H

#include "yomi/go_board.h"
#include "yomi/go_ladder.h"
#include "yomi/go_owl.h"
#include "yomi/go_reading.h"
#include "yomi/go_sgf.h"
#include "yomi/go_tsumego.h"
#include "yomi/yomi.h"

#endif
