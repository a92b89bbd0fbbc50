#!/bin/bash
# `yomi reversi nboard`: the NBoard protocol, checked against published FFO
# answers (every move's score of FFO #20 from its OBF annotations, the best
# move of #21), ping/pong, learn, moves, and bad input that is reported on
# stderr while the engine keeps its position and keeps running.
# usage: cli_reversi_nboard.sh YOMI_BINARY SHARED_DATA_DIR
Y=${1:?usage: cli_reversi_nboard.sh YOMI_BINARY SHARED_DATA_DIR}
DATA=${2:-}
source "$(dirname "$0")/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

START='---------------------------O*------*O---------------------------'
run() { printf '%s\n' "$@" | "$Y" reversi nboard 2>"$T/err"; }

OUT=$(run "nboard 2" "ping 7" "learn" "quit")
expect "session exit" 0 $?
has_line "name" "set myname yomi"
has_line "pong" "pong 7"
has_line "learned" "learned"

# The opening: after f5 d6 c3 (a legal line), go answers a legal move with an eval.
OUT=$(run "nboard 2" "set depth 4" "set game (;GM[Othello]PC[x]TY[8]BO[8 $START *]B[F5]W[D6/-0.5/1.2];)" "move C3" "go")
has_re "go answer" "^=== [A-H][1-8]/-?[0-9]+/[0-9.]+$"
has_re "nodestats" "^nodestats [0-9]+ [0-9.]+$"
lacks_re "no error text on stdout" "^nboard:"
OUT=$(cat "$T/err")
expect "no stderr" "" "$OUT"

if [ -f "$DATA/reversi/fforum-20-39.obf" ]; then
    B20=$(sed -n 1p "$DATA/reversi/fforum-20-39.obf" | cut -c1-64 | tr 'X' '*')
    B21=$(sed -n 2p "$DATA/reversi/fforum-20-39.obf" | cut -c1-64 | tr 'X' '*')
    # FFO #20 (black to move): H5:+6; G6:-2; F6:-4; H6:-10 by the suite's annotations.
    OUT=$(run "nboard 2" "set game (;GM[Othello]BO[8 $B20 *];)" "hint 4" "go")
    has_re "#20 H5" "^search H5[-A-HP1-8]* 6 0 6 exact$"
    has_re "#20 G6" "^search G6[-A-HP1-8]* -2 0 6 exact$"
    has_re "#20 F6" "^search F6[-A-HP1-8]* -4 0 6 exact$"
    has_re "#20 H6" "^search H6[-A-HP1-8]* -10 0 6 exact$"
    has_re "#20 go" "^=== H5/6/"
    # FFO #21 (white to move): G5:+0 is the best move.
    OUT=$(run "nboard 2" "set game (;GM[Othello]BO[8 $B21 O];)" "go")
    has_re "#21 go" "^=== G5/0/"
    # A malformed game, then an illegal move: both reported, position kept.
    OUT=$(run "nboard 2" "set game (;GM[Othello]BO[8 $B21 O];)" "set game (;GM[Othello]BO[8 --- *];)" \
        "move A1" "move Z9" "frobnicate" "go")
    has_re "position kept" "^=== G5/0/"
    OUT=$(cat "$T/err")
    has_re "bad game named" "set game: byte [0-9]+: BO: expected 64 squares"
    has_re "illegal move named" "move A1: illegal in the current position"
    has_re "bad square named" "move Z9: not a square or PA"
    has_re "unknown command" "ignoring unknown command 'frobnicate'"
fi

if [ -f "$DATA/reversi/fforum-40-59.obf" ]; then
    # FFO #40 (20 empties, black to move): A2:+38 by the suite. With a tiny time
    # limit the exact solve gives way to the midgame search, which says so.
    B40=$(sed -n 1p "$DATA/reversi/fforum-40-59.obf" | cut -c1-64 | tr 'X' '*')
    OUT=$(printf '%s\n' "set depth 4" "set game (;GM[Othello]BO[8 $B40 *];)" "go" |
        "$Y" reversi nboard --time 0.001 2>&1)
    has_re "#40 timed out: midgame" "^search [A-H][1-8][-A-HP1-8]* -?[0-9]+ 0 4 midgame$"
    lacks_re "#40 timed out: not exact" "exact$"
    has_re "#40 timed out: a move" "^=== [A-H][1-8]/"
    if [ "${YOMI_SANITIZED:-0}" != 1 ]; then   # about 1 s here, 20 s under sanitizers
        OUT=$(printf '%s\n' "set game (;GM[Othello]BO[8 $B40 *];)" "go" | "$Y" reversi nboard 2>&1)
        has_re "#40 exact" "^=== A2/38/"
    fi
fi
if [ -f "$DATA/reversi/fforum-40-59.obf" ]; then
    # "ping" stops a running search (NBoard sends it before the position
    # changes): the search's answer is dropped and pong comes at once. FFO #49
    # (26 empties) takes well over a second to solve exactly here, so both a
    # ping already waiting and one sent a second into the search find it running.
    B49=$(sed -n 10p "$DATA/reversi/fforum-40-59.obf" | cut -c1-64 | tr 'X' '*')
    OUT=$(printf '%s\n' "set game (;GM[Othello]BO[8 $B49 *];)" "go" "ping 5" |
        "$Y" reversi nboard --solve-empties 30 2>&1)
    has_line "ping waiting: pong" "pong 5"
    lacks_re "ping waiting: go answer dropped" "^==="
    OUT=$( (printf '%s\n' "set game (;GM[Othello]BO[8 $B49 *];)" "go"; sleep 1; echo "ping 6") |
        "$Y" reversi nboard --solve-empties 30 2>&1)
    has_line "ping during search: pong" "pong 6"
    lacks_re "ping during search: go answer dropped" "^==="
fi
OUT=$("$Y" reversi nboard --time 0 2>&1 </dev/null)
expect "bad --time exit" 2 $?
has_re "bad --time named" "--time: '0' is not a positive number of seconds"

# An illegal move inside the game record names the move and the byte.
OUT=$(run "set game (;GM[Othello]BO[8 $START *]B[F5]W[A1];)" "go")
has_re "legal start kept" "^=== [A-H][1-8]/"
OUT=$(cat "$T/err")
has_re "record move named" "set game: byte [0-9]+: move 2: A1 is illegal"

OUT=$("$Y" reversi nboard --solve-empties 99 2>&1 </dev/null)
expect "bad option exit" 2 $?
has_re "bad option named" "solve-empties: '99' is not a number from 0 to 64"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
