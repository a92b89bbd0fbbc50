/* Reading Othello games in GGF (the Generic Game Format that NBoard sends with
 * "set game"): "(;GM[Othello]...BO[8 <64 squares> <side>]B[F5]W[D6/-1.5/0.3]...;)".
 * The start position comes from BO (the standard start when it is absent),
 * then the moves (B[..] / W[..], "PA" a pass, an optional "/eval/time" tail)
 * are played in order and each is checked for legality. */
#ifndef YOMI_REVERSI_GGF_H
#define YOMI_REVERSI_GGF_H

#include <stddef.h>

#include "yomi/reversi.h"

#define RV_GGF_MAX_MOVES 160
/* Longest game text accepted: a full game with evaluations and times is ~2 KB. */
#define RV_GGF_MAX_BYTES 65536

typedef struct rv_ggf_game {
    rv_pos start; /* from BO, or the standard start */
    rv_pos end; /* after every move */
    int moves[RV_GGF_MAX_MOVES]; /* 0..63 or RV_PASS */
    int n_moves;
} rv_ggf_game;

/* Parses one game from text[0..len) (at most RV_GGF_MAX_BYTES). Returns 0, or -1 with err naming the byte
 * (column = byte offset + 1, line = `line`) and the field that was wrong. */
int rv_ggf_parse(const char *text, size_t len, long line, rv_ggf_game *g, yomi_error *err);

#endif
