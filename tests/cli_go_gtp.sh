#!/bin/bash
# `yomi go gtp`: scripted GTP sessions checked against facts of the protocol
# (GTP v2 spec) and of the positions (liberties, captures, ko, eyes).
# usage: cli_go_gtp.sh YOMI_BINARY SHARED_DATA_DIR
Y=${1:?usage: cli_go_gtp.sh YOMI_BINARY SHARED_DATA_DIR}
DATA=${2:-}
source "$(dirname "$0")/lib.sh"
TMPD_HIST=$(mktemp)

session() {
    OUT=$(printf '%s\n' "$@" | timeout 60 "$Y" go gtp 2>/dev/null)
    RC=$?
}
# reply ID: the first line of the reply with that id ("=ID text" or "?ID text").
reply() { printf '%s\n' "$OUT" | grep -m1 -E "^[=?]$1( |$)"; }
# block ID: the whole multi-line reply with that id.
block() { printf '%s\n' "$OUT" | awk -v id="$1" '$0 ~ "^[=?]"id"( |$)" {on=1} on && $0 == "" {exit} on {print}'; }

# --- protocol basics ---
session "protocol_version" "7 name" "  # only a comment" "" "8 version" "9 foo" \
    "10 known_command attack" "11 known_command frobnicate" "12" "quit" "13 name"
expect "exit status" 0 "$RC"
expect "first reply" "= 2" "$(printf '%s\n' "$OUT" | head -1)"
expect "id echoed" "=7 yomi" "$(reply 7)"
expect_re "version" "=8 [0-9]+\.[0-9]+\.[0-9]+" "$(reply 8)"
expect "unknown command" "?9 unknown command" "$(reply 9)"
expect "known_command attack" "=10 true" "$(reply 10)"
expect "known_command unknown" "=11 false" "$(reply 11)"
expect_re "id alone" "\?12 .+" "$(reply 12)"
expect "nothing after quit" "" "$(reply 13)"
# Each reply ends with one blank line: 8 replies (comment and empty line get none).
expect "reply count" 8 "$(printf '%s\n' "$OUT" | grep -cE '^[=?]')"
# $(...) drops the final newlines, so count blank lines on the raw output.
blank=$(printf '%s\n' "protocol_version" "7 name" "  # only a comment" "" "8 version" "9 foo" \
    "10 known_command attack" "11 known_command frobnicate" "12" "quit" "13 name" | "$Y" go gtp 2>/dev/null | grep -c '^$')
expect "blank lines" 8 "$blank"

session "list_commands"
for c in protocol_version name version known_command list_commands quit boardsize \
    clear_board komi play undo genmove showboard loadsgf is_legal countlib findlib trymove \
    popgo increase_depths decrease_depths attack defend ladder_attack gogui-analyze_commands; do
    if printf '%s\n' "$OUT" | sed 's/^= //' | grep -qx -- "$c"; then ok; else bad "list_commands lacks $c"; fi
done

# Tabs and control characters are dropped or turned into spaces (GTP 3.1).
OUT=$(printf '1\tname\r\n2 na\001me\n' | "$Y" go gtp 2>/dev/null)
expect "tab separator" "=1 yomi" "$(reply 1)"
expect "control char dropped" "=2 yomi" "$(reply 2)"

# --- board set-up and errors ---
session "1 boardsize 1" "2 boardsize 26" "3 boardsize x" "4 boardsize 9" "5 komi 6.5" "6 komi abc" \
    "7 play black Z9" "8 play purple E5" "9 play b J10" "10 play b I5" "11 play b E5" "12 play w E5" \
    "13 countlib E5" "14 countlib A1" "15 countlib K1" "16 findlib E5" "17 attack A1" "18 defend A1" \
    "19 ladder_attack A1" "20 play b pass" "21 play w PASS"
expect "boardsize 1" "?1 unacceptable size" "$(reply 1)"
expect "boardsize 26" "?2 unacceptable size" "$(reply 2)"
expect_re "boardsize x" "\?3 .+" "$(reply 3)"
expect "boardsize 9" "=4 " "$(reply 4)"
expect "komi" "=5 " "$(reply 5)"
expect_re "bad komi" "\?6 .+" "$(reply 6)"
expect "off-board column" "?7 invalid color or coordinate" "$(reply 7)"
expect "bad colour" "?8 invalid color or coordinate" "$(reply 8)"
expect "off-board row" "?9 invalid color or coordinate" "$(reply 9)"
expect "no column I" "?10 invalid color or coordinate" "$(reply 10)"
expect "play" "=11 " "$(reply 11)"
expect "occupied" "?12 illegal move" "$(reply 12)"
expect "lone stone has 4 liberties" "=13 4" "$(reply 13)"
expect "countlib empty" "?14 vertex must not be empty" "$(reply 14)"
expect "countlib off board" "?15 invalid coordinate" "$(reply 15)"
libs=$(reply 16 | sed 's/^=16 //' | tr ' ' '\n' | sort | tr '\n' ' ')
expect "findlib" "D5 E4 E6 F5 " "$libs"
expect "attack empty" "?17 vertex must not be empty" "$(reply 17)"
expect "defend empty" "?18 vertex must not be empty" "$(reply 18)"
expect "ladder_attack empty" "?19 vertex must not be empty" "$(reply 19)"
expect "pass" "=20 " "$(reply 20)"
expect "PASS" "=21 " "$(reply 21)"

# --- captures, suicide, ko, undo ---
# Corner: black A1 with white B1, then white A2 captures it.
session "boardsize 9" "play b A1" "1 countlib A1" "play w B1" "2 countlib A1" "play w A2" \
    "3 countlib A2" "4 is_legal b A1" "5 countlib A1" "6 play b A1"
expect "corner stone" "=1 2" "$(reply 1)"
expect "corner in atari" "=2 1" "$(reply 2)"
expect "capturing stone's liberties" "=3 3" "$(reply 3)"
expect "A1 is suicide for black" "=4 0" "$(reply 4)"
expect "captured stone gone" "?5 vertex must not be empty" "$(reply 5)"
expect "suicide" "?6 illegal move" "$(reply 6)"

# Ko: black D5 E4 E6 F5... shape below; white captures at E5, black may not retake at once.
#   row 6: . D6=X E6=O
#   row 5: C5=X D5=O(after) E5
# Black: D6 C5 D4; White: E6 F5 E4 D5 is white's stone in atari after black E5.
session "boardsize 9" "play b D6" "play b C5" "play b D4" "play w E6" "play w F5" "play w E4" \
    "play w D5" "1 play b E5" "2 countlib E5" "3 play w D5" "4 is_legal w D5" \
    "5 play b F9" "6 play w A9" "7 play w D5" "8 countlib D5" "9 undo" "10 countlib D5" "11 countlib E5"
expect "black captures D5" "=1 " "$(reply 1)"
expect "capturing ko stone has 1 liberty" "=2 1" "$(reply 2)"
expect "ko recapture illegal" "?3 illegal move" "$(reply 3)"
expect "is_legal ko" "=4 0" "$(reply 4)"
expect "ko threat elsewhere" "=6 " "$(reply 6)"
expect "retake after threat" "=7 " "$(reply 7)"
expect "retaken stone has 1 liberty" "=8 1" "$(reply 8)"
expect "undo" "=9 " "$(reply 9)"
expect "undo removes retake" "?10 vertex must not be empty" "$(reply 10)"
expect "undo restores capture" "=11 1" "$(reply 11)"

session "boardsize 9" "1 undo" "play b E5" "2 undo" "3 undo" "4 is_legal b E5"
expect_re "undo on empty history" "\?1 .+" "$(reply 1)"
expect "undo" "=2 " "$(reply 2)"
expect_re "nothing left to undo" "\?3 .+" "$(reply 3)"
expect "point empty again" "=4 1" "$(reply 4)"

# --- trymove / popgo ---
session "boardsize 9" "play b E5" "1 trymove w E6" "2 countlib E5" "3 play b A1" "4 popgo" "5 countlib E5" \
    "6 popgo" "7 trymove w E5" "8 trymove white D5" "9 trymove white F5" "10 countlib E5" "11 popgo" "12 popgo" \
    "13 countlib E5"
expect "trymove" "=1 " "$(reply 1)"
expect "trymove plays" "=2 3" "$(reply 2)"
expect_re "no game move during trymove" "\?3 .+" "$(reply 3)"
expect "popgo" "=4 " "$(reply 4)"
expect "popgo takes back" "=5 4" "$(reply 5)"
expect_re "popgo on empty stack" "\?6 .+" "$(reply 6)"
expect "trymove illegal" "?7 illegal move" "$(reply 7)"
expect "stacked trymoves" "=10 2" "$(reply 10)"
expect "popgo twice" "=13 4" "$(reply 13)"

session "increase_depths" "decrease_depths" "1 decrease_depths" "2 increase_depths"
expect "depths" "=1 " "$(reply 1)"
expect "depths" "=2 " "$(reply 2)"

# --- reading facts ---
# White E5 in atari (black D5 F5 E6): attack captures at E4.
session "boardsize 9" "play w E5" "play b D5" "play b F5" "play b E6" "1 attack E5" "2 countlib E5"
expect "attack string in atari" "=1 1 E4" "$(reply 1)"
expect "countlib" "=2 1" "$(reply 2)"

# A black stone on the first line with white on both sides and above is captured by a ladder-free atari.
# The classic ladder: black C3 in atari-to-be on an empty board runs into nothing and dies.
session "boardsize 19" "play b D4" "play w C4" "play w D5" "play w E3" "1 ladder_attack D4" "2 attack D4"
expect_re "ladder on empty board" "=1 1 (E4|D3)" "$(reply 1)"
expect_re "attack ladder" "=2 1 (E4|D3)" "$(reply 2)"
# ladder_attack obeys the reading commands' limits: time, and nodes.
OUT=$(printf '%s\n' "boardsize 19" "play b D4" "play w C4" "play w D5" "play w E3" "1 ladder_attack D4" |
    timeout 60 "$Y" go gtp --max-seconds 0.000000000001 2>/dev/null)
expect_re "ladder_attack time limit" "\?1 unknown: .*" "$(reply 1)"
OUT=$(printf '%s\n' "boardsize 19" "play b D4" "play w C4" "play w D5" "play w E3" "1 ladder_attack D4" |
    timeout 60 "$Y" go gtp --max-nodes 1 2>/dev/null)
expect_re "ladder_attack node limit" "\?1 unknown: .*" "$(reply 1)"

# --- genmove ---
# Capture: white E5 is in atari, black must take it.
session "boardsize 9" "play w E5" "play b D5" "play b F5" "play b E6" "1 genmove b" "2 countlib E4"
expect_re "genmove captures" "=1 [Ee]4" "$(reply 1)"
expect "genmove plays its move" "=2 4" "$(reply 2)"
# Escape: black E5 in atari (white D5 F5 E6), black extends to E4.
session "boardsize 9" "play b E5" "play w D5" "play w F5" "play w E6" "1 genmove black"
expect_re "genmove escapes atari" "=1 [Ee]4" "$(reply 1)"
# Two true eyes at A1 and C1 and nothing else empty: filling one would be suicide later, so pass.
moves=()
for v in B1 D1 E1 A2 B2 C2 D2 E2 A3 B3 C3 D3 E3 A4 B4 C4 D4 E4 A5 B5 C5 D5 E5; do moves+=("play b $v"); done
session "boardsize 5" "${moves[@]}" "1 genmove b" "2 genmove w"
expect_re "genmove keeps its eyes" "=1 (PASS|pass)" "$(reply 1)"
expect_re "white cannot play into the eyes" "=2 (PASS|pass)" "$(reply 2)"
# Self-play never plays an illegal move and never crashes.
gm=()
for i in $(seq 1 60); do gm+=("genmove b" "genmove w"); done
session "boardsize 9" "${gm[@]}" "99 name"
expect "self-play" "=99 yomi" "$(reply 99)"
expect "self-play no errors" 0 "$(printf '%s\n' "$OUT" | grep -c '^?')"

# --- GoGui analyze commands: type/label/command ---
session "1 gogui-analyze_commands"
body=$(block 1 | sed 's/^=1 //')
for c in attack defend ladder_attack countlib findlib; do
    if printf '%s\n' "$body" | grep -qE "^[a-z]+/[^/]+/$c( %p)?$"; then ok; else bad "gogui-analyze_commands lacks $c"; fi
done
if printf '%s\n' "$body" | grep -qvE '^[a-z]+/[^/]+/[^/]+$'; then bad "gogui line format: $body"; else ok; fi

# --- showboard ---
session "boardsize 5" "play b A1" "1 showboard" "2 name"
expect_re "showboard" "=1.*" "$(reply 1)"
expect "after showboard" "=2 yomi" "$(reply 2)"

# --- loadsgf ---
session "1 loadsgf /nonexistent/file.sgf" "2 name"
expect_re "loadsgf missing file" "\?1 .+" "$(reply 1)"
expect "still alive" "=2 yomi" "$(reply 2)"
here=$(cd "$(dirname "$0")" && pwd)
session "1 loadsgf $here/data/go/tiny.sgf 3" "2 countlib C3" "3 is_legal b E5" "4 loadsgf $here/data/go/tiny.sgf" \
    "5 countlib C3" "6 undo" "7 countlib C3"
expect "loadsgf to move 3" "=1 black" "$(reply 1)"
expect "loadsgf replays moves before N" "=2 4" "$(reply 2)"
expect "loadsgf stops before move N" "=3 1" "$(reply 3)"
expect "loadsgf whole game" "=4 black" "$(reply 4)"
# C3 after W C7 (cc) and B E5: still 4 liberties.
expect "whole game" "=5 4" "$(reply 5)"
expect "undo after loadsgf" "=6 " "$(reply 6)"
# loadsgf keeps a life-and-death problem's MA target; tsumego_solve reads it.
# White's straight three on a 5x5 top edge (A5 B5 C5 empty, enclosed), worked by
# hand: whoever plays B5 first wins (black kills: after W A5, B C5 captures all;
# white lives with two eyes); after B B5 white cannot live; undo restores it.
SGF3=$(mktemp)
echo '(;FF[4]SZ[5]PL[B]AB[ea][eb][ac][bc][cc][dc][ec]AW[da][ab][bb][cb][db]MA[bb])' >"$SGF3"
session "1 loadsgf $SGF3" "2 tsumego_solve" "3 tsumego_solve white" "4 play b B5" "5 tsumego_solve" \
    "6 undo" "7 tsumego_solve" "8 tsumego_solve B4" "9 tsumego_solve C5" "10 tsumego_solve Z9" \
    "11 clear_board" "12 tsumego_solve"
expect "loadsgf problem" "=1 black" "$(reply 1)"
expect_re "tsumego_solve: black kills at B5 only" "=2 win (proved|heuristic) B5" "$(reply 2)"
expect_re "tsumego_solve white: lives at B5 only" "=3 win (proved|heuristic) B5" "$(reply 3)"
expect_re "tsumego_solve after B B5: white dead" "=5 loss (proved|heuristic)" "$(reply 5)"
expect_re "tsumego_solve after undo" "=7 win (proved|heuristic) B5" "$(reply 7)"
expect_re "tsumego_solve with a target stone" "=8 win (proved|heuristic) B5" "$(reply 8)"
expect_re "tsumego_solve on an empty point" "\?9 .+" "$(reply 9)"
expect_re "tsumego_solve bad vertex" "\?10 .+" "$(reply 10)"
expect_re "tsumego_solve on an empty board" "\?12 .+" "$(reply 12)"
OUT=$(printf '%s\n' "1 loadsgf $SGF3" "2 tsumego_solve" | timeout 60 "$Y" go gtp --max-nodes 2 2>/dev/null)
expect_re "tsumego_solve stopped: unknown with the best line so far" \
    "\?2 unknown: a search limit was reached \(not proven\); best line so far: [A-E][1-5].*" "$(reply 2)"
session "boardsize 5" "1 tsumego_solve" "2 known_command tsumego_solve"
expect_re "tsumego_solve without stones says so" "\?1 .*no stones.*" "$(reply 1)"
expect "known_command tsumego_solve" "=2 true" "$(reply 2)"
rm -f "$SGF3"
G=$DATA/go/gnugo-regress/games/incident2.sgf
if [ -f "$G" ]; then
    # Move 212 of the game decides the colour to move after "loadsgf FILE 212".
    want=$(tr -d '\n\r' <"$G" | grep -oE ';[BW]\[' | sed -n 212p | tr -d ';[')
    want=$([ "$want" == B ] && echo black || echo white)
    session "1 loadsgf $G 212"
    expect "loadsgf incident2 212" "=1 $want" "$(reply 1)"
else
    bad "test data not found: $G"
fi

# --- hostile input ---
long=$(head -c 100000 /dev/zero | tr '\0' 'a')
OUT=$(printf '1 %s\n2 name\n' "$long" | timeout 60 "$Y" go gtp 2>/dev/null)
expect_re "overlong line" "\?1 .+" "$(reply 1)"
expect "after overlong line" "=2 yomi" "$(reply 2)"
OUT=$( (head -c 20000 /dev/urandom; printf '\n77 name\n') | timeout 60 "$Y" go gtp 2>/dev/null)
RC=$?
expect "random bytes: exit status" 0 "$RC"
expect "random bytes: still answering" "=77 yomi" "$(reply 77)"
OUT=$(printf '5 name' | "$Y" go gtp 2>/dev/null)
expect "last line without newline" "=5 yomi" "$(reply 5)"

# --- command line ---
"$Y" go --help >/dev/null
expect "go --help" 0 $?
for c in gtp regress ladder; do
    "$Y" go $c --help >/dev/null
    expect "go $c --help" 0 $?
done
"$Y" go frobnicate 2>/dev/null
expect "unknown subcommand" 2 $?
"$Y" go gtp --max-nodes xyz </dev/null 2>/dev/null
expect "bad option value" 2 $?

# A nearly full move history: the readers must give the answers of the same
# position on a fresh board, or say "unknown", never another "proven" answer
# (found in review: a lone stone once read as capturable).
questions() { echo "901 attack e5"; echo "902 defend e5"; echo "903 ladder_attack e5"; }
FRESH=$({ echo "boardsize 9"; echo "play b e5"; questions; } | "$Y" go gtp 2>/dev/null)
for n in 1018 1022 1023; do   # history 2048: 2037, 2045 and 2047 moves played
{
    echo "boardsize 9"
    echo "play b e5"
    for i in $(seq 1 $n); do echo "play w pass"; echo "play b pass"; done
    questions
} >"$TMPD_HIST"
OUT=$("$Y" go gtp <"$TMPD_HIST" 2>/dev/null)
for id in 901 902 903; do
    want=$(printf '%s\n' "$FRESH" | grep -m1 -E "^=$id( |$)")
    got=$(printf '%s\n' "$OUT" | grep -m1 -E "^[=?]$id( |$)")
    if [ -n "$want" ] && { [ "$got" == "$want" ] || [[ $got == "?$id unknown"* ]]; }; then ok; else
        bad "full history ($n pass pairs) $id: want '$want' or unknown, got '$got'"; fi
done
done
rm -f "$TMPD_HIST"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
