#!/bin/bash
# `yomi go ladder FILE.sgf VERTEX`: ladder facts on small hand-made positions
# and clear errors (exit 2, file named) for bad input.
# usage: cli_go_ladder.sh YOMI_BINARY SHARED_DATA_DIR
Y=${1:?usage: cli_go_ladder.sh YOMI_BINARY SHARED_DATA_DIR}
source "$(dirname "$0")/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# Black D4 with two liberties (E4, D3) against white C4 D5 E3, white to move, on an
# empty 19x19 board: the ladder runs to the edge and black is captured.
printf '(;GM[1]FF[4]SZ[19]AB[dp]AW[cp][do][eq]PL[W])' >"$T/ladder.sgf"
OUT=$("$Y" go ladder "$T/ladder.sgf" D4 2>&1)
expect "ladder exit" 0 $?
has_re "ladder works" "^status: captured$"
has_re "first move is an atari" "^first move: white (E4|D3)$"
has_re "line starts with white" "^line: W (E4|D3) B "

# Without E3 each atari lets black extend to three liberties: it escapes.
printf '(;GM[1]FF[4]SZ[19]AB[dp]AW[cp][do]PL[W])' >"$T/escape.sgf"
OUT=$("$Y" go ladder "$T/escape.sgf" D4 2>&1)
expect "escape exit" 0 $?
has_re "no ladder" "^status: escapes$"

# The same escape, reached by moves: the side to move comes from the game.
printf '(;GM[1]FF[4]SZ[19];B[dp];W[cp];B[pp];W[do])' >"$T/moves.sgf"
OUT=$("$Y" go ladder "$T/moves.sgf" D4 2>&1)
has_re "moves: black to move" "black to move"

# Limits: the ladder obeys a node limit and the clock; a stopped search is 'unknown', exit 1.
OUT=$("$Y" go ladder --max-nodes 1 "$T/ladder.sgf" D4 2>&1)
expect "node limit exit" 1 $?
has_re "node limit unknown" "^status: unknown"
lacks_re "node limit no line" "^line:"
OUT=$("$Y" go ladder --max-seconds 0.000000000001 "$T/ladder.sgf" D4 2>&1)
expect "time limit exit" 1 $?
has_re "time limit unknown" "^status: unknown"
OUT=$("$Y" go ladder --max-nodes 0 "$T/ladder.sgf" D4 2>&1)
expect "no limit exit" 0 $?
has_re "no limit works" "^status: captured$"
OUT=$("$Y" go ladder --max-nodes x "$T/ladder.sgf" D4 2>&1)
expect "bad limit exit" 2 $?

# Bad input.
OUT=$("$Y" go ladder "$T/none.sgf" D4 2>&1)
expect "missing file exit" 2 $?
has_re "missing file named" "none\.sgf"
printf '(;GM[1]FF[4]SZ[19];B[dp];W[cp' >"$T/broken.sgf"
OUT=$("$Y" go ladder "$T/broken.sgf" D4 2>&1)
expect "malformed SGF exit" 2 $?
has_re "malformed SGF named" "broken\.sgf"
OUT=$("$Y" go ladder "$T/ladder.sgf" Z99 2>&1)
expect "bad vertex exit" 2 $?
has_re "bad vertex named" "Z99"
OUT=$("$Y" go ladder "$T/ladder.sgf" A1 2>&1)
expect "empty vertex exit" 2 $?
has_re "empty vertex named" "A1"
OUT=$("$Y" go ladder "$T/ladder.sgf" 2>&1)
expect "missing vertex exit" 2 $?
OUT=$("$Y" go ladder --help 2>&1)
expect "help exit" 0 $?
has_re "help gives the CLI's node limit" "default 200000, set here"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
