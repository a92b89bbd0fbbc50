/* Problem input and set-up: Cho-style JSON and SGF readers, target and region
 * detection, the tsumego frame. The public part is include/yomi/go_tsumego.h. */
#ifndef YOMI_GO_PROBLEM_H
#define YOMI_GO_PROBLEM_H

#include "yomi/go_tsumego.h"

/* Guesses the defender (the colour whose stones lie deeper inside the problem
 * area, away from the open board) on b. Exposed for tests. */
go_color go_problem_guess_defender(const go_board *b, const bool *region);

#endif
