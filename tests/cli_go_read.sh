#!/bin/bash
# `yomi go read FILE.sgf VERTEX`: attack and defence of one string, checked
# against GNU Go's reading.tst answers for the same positions (cases 135 and
# 207/208), the JSON form, a limit giving 'unknown', and clear errors (exit 2,
# file named) for bad input.
# usage: cli_go_read.sh YOMI_BINARY SHARED_DATA_DIR
Y=${1:?usage: cli_go_read.sh YOMI_BINARY SHARED_DATA_DIR}
DATA=${2:-}
source "$(dirname "$0")/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

OUT=$("$Y" go read --help 2>&1)
expect "help exit" 0 $?
has_re "help names the codes" "3 works only after a ko threat"
has_re "help names the basis" "'heuristic' \(somewhere in the reading GNU Go's escape rule"
has_re "help gives the CLI's node limit" "default 150000, set here"

# Basis. The ladder (black D4 against white C4 D5 E3 on an empty 19x19 board,
# white to move) is read out: the attack is proved. A lone stone in the middle
# of an empty board is safe only by GNU Go's escape rule (enough liberties for
# the depth count as escaped): both answers are heuristic.
printf '(;GM[1]FF[4]SZ[19]AB[dp]AW[cp][do][eq]PL[W])' >"$T/ladder.sgf"
OUT=$("$Y" go read --json "$T/ladder.sgf" D4 2>&1)
expect "ladder json exit" 0 $?
has_re "ladder attack proved" '"attack":\{"result":"win","code":1,"move":"(E4|D3)","basis":"proved"\}'
printf '(;GM[1]FF[4]SZ[9]AW[ee])' >"$T/lone.sgf"
OUT=$("$Y" go read --json "$T/lone.sgf" E5 2>&1)
has_re "lone attack heuristic" '"attack":\{"result":"loss","code":0,"move":null,"basis":"heuristic"\}'
has_re "lone defend heuristic" '"defend":\{"result":"win",.*"basis":"heuristic"\}'
OUT=$("$Y" go read "$T/lone.sgf" E5 2>&1)
has_re "lone text basis line" "^basis: attack heuristic, defend heuristic$"
OUT=$("$Y" go read --json --max-nodes 1 "$T/ladder.sgf" D4 2>&1)
has_re "limit basis unknown" '"attack":\{"result":"unknown","code":null,"move":null,"basis":"unknown"\}'

G=$DATA/go/gnugo-regress/games
if [ -d "$G" ]; then
    # reading.tst 135: attack A7 -> 2 A6 (the ko Black takes first).
    OUT=$("$Y" go read --move 45 "$G/nicklas/nicklas18.sgf" A7 2>&1)
    expect "135 exit" 0 $?
    has_re "135 string" "white string at A7, 2 liberties"
    has_re "135 attack" "^attack \(black first\): works through a ko the mover takes first \[2\], A6$"
    OUT=$("$Y" go read --json --move 45 "$G/nicklas/nicklas18.sgf" A7 2>&1)
    has_re "135 json attack" '"attack":\{"result":"ko-win","code":2,"move":"A6","basis":"(proved|heuristic)"\}'
    has_re "135 json fields" '^\{"file":".*nicklas18.sgf","vertex":"A7","color":"white","liberties":2,.*"nodes":[0-9]+,"seconds":[0-9.e+-]+\}$'
    # reading.tst 207/208: attack A6 -> 3 (B4|C4|C1), defend A6 -> 1 (A2|C2|C1).
    OUT=$("$Y" go read --move 52 "$G/nngs/evand-gnugo-3.5.2gf1-200312161910.sgf" A6 2>&1)
    has_re "207 attack" "^attack \(white first\): works only after a ko threat \[3\], (B4|C4|C1)$"
    has_re "208 defend" "^defend \(black first\): works \[1\], (A2|C2|C1)$"
    # A node limit: nothing proven, exit 1.
    OUT=$("$Y" go read --max-nodes 10 --move 45 "$G/nicklas/nicklas18.sgf" A7 2>&1)
    expect "limit exit" 1 $?
    has_re "limit answer" "^attack \(black first\): unknown"
    lacks_re "limit gives no code" "\[[0-3]\]"
    # Bad input about the position.
    OUT=$("$Y" go read --move 999 "$G/nicklas/nicklas18.sgf" A7 2>&1)
    expect "short record exit" 2 $?
    has_re "short record message" "nicklas18.sgf: --move 999: the main line has only [0-9]+ moves"
    OUT=$("$Y" go read --move 45 "$G/nicklas/nicklas18.sgf" A5 2>&1)
    expect "empty point exit" 2 $?
    has_re "empty point message" "nicklas18.sgf: no stone at A5"
    OUT=$("$Y" go read --move 45 "$G/nicklas/nicklas18.sgf" Z5 2>&1)
    expect "off board exit" 2 $?
    has_re "off board message" "'Z5' is not a point of the 9x9 board"
fi

# A hand-made fact: black A1 next to white B1 has one liberty; White A2 captures.
printf '(;GM[1]FF[4]SZ[9]AB[ai]AW[bi])' >"$T/atari.sgf"
OUT=$("$Y" go read "$T/atari.sgf" A1 2>&1)
expect "atari exit" 0 $?
has_re "atari attack" "^attack \(white first\): works \[1\], A2$"

printf '(;SZ[9];B[ee]' >"$T/bad.sgf"
OUT=$("$Y" go read "$T/bad.sgf" E5 2>&1)
expect "bad sgf exit" 2 $?
has_re "bad sgf names file and place" "bad.sgf:1:[0-9]+: .*unclosed"
OUT=$("$Y" go read "$T/missing.sgf" E5 2>&1)
expect "missing file exit" 2 $?
has_re "missing file named" "missing.sgf"
OUT=$("$Y" go read --move 0 "$T/atari.sgf" A1 2>&1)
expect "bad --move exit" 2 $?
has_re "bad --move message" "--move: '0' is not a move number"
OUT=$("$Y" go read "$T/atari.sgf" 2>&1)
expect "missing vertex exit" 2 $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
