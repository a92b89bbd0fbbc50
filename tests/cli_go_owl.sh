#!/bin/bash
# Owl questions over GTP (owl_attack, owl_defend, owl_does_attack/defend,
# dragon_status): formats and errors, answers on textbook shapes, and GNU Go's
# ld_owl.tst / owl.tst through the regression runner with a pass floor.
# usage: cli_go_owl.sh YOMI_BINARY DATA_DIR
Y=${1:?usage: cli_go_owl.sh YOMI_BINARY DATA_DIR}
DATA=${2:-}
source "$(dirname "$0")/lib.sh"

session() {
    OUT=$(printf '%s\n' "$@" | timeout 120 "$Y" go gtp "${GTP_ARGS[@]}" 2>/dev/null)
    RC=$?
}
reply() { printf '%s\n' "$OUT" | grep -m1 -E "^[=?]$1( |$)"; }
GTP_ARGS=()

# Straight three on the first line (A1 B1 C1 inside black A2 B2 C2 D2 D1, white
# wall around, the rest of the 9x9 board open for white): the textbook shape
# whose vital point B1 kills when white plays it and makes two eyes when
# black does.
THREE=("boardsize 9" "play b A2" "play b B2" "play b C2" "play b D2" "play b D1"
    "play w A3" "play w B3" "play w C3" "play w D3" "play w E3" "play w E2" "play w E1")
session "${THREE[@]}" "1 dragon_status A2" "2 owl_attack A2" "3 owl_defend A2" "4 dragon_status E3" \
    "5 owl_attack A3" "6 owl_does_attack B1 A2" "7 owl_does_defend B1 A2" "8 owl_does_attack C1 A2" \
    "play b B1" "9 dragon_status A2" "10 owl_attack A2" "11 owl_defend A2"
expect "exit status" 0 "$RC"
expect "straight three: critical at the vital point" "=1 critical B1 B1" "$(reply 1)"
expect "straight three: attack" "=2 1 B1" "$(reply 2)"
expect "straight three: defence" "=3 1 B1" "$(reply 3)"
expect "the open wall is alive" "=4 alive" "$(reply 4)"
expect "no attack on the wall" "=5 0" "$(reply 5)"
expect "owl_does_attack at the vital point" "=6 1" "$(reply 6)"
expect "owl_does_defend at the vital point" "=7 1" "$(reply 7)"
expect "owl_does_attack off the vital point" "=8 0" "$(reply 8)"
expect "two eyes: alive" "=9 alive" "$(reply 9)"
expect "two eyes: no attack" "=10 0" "$(reply 10)"
expect_re "two eyes: defended (a move or none needed)" "=11 1 ([A-HJ][1-9]|PASS)" "$(reply 11)"

# Three points in the corner (A1 A2 B1 around a black B2, white A3 B3 C3 C2 C1):
# one eye at most, dead whoever plays.
session "boardsize 9" "play w A3" "play w B3" "play w C3" "play w C2" "play w C1" "play b B2" \
    "1 dragon_status B2" "2 owl_defend B2" "3 owl_attack B2"
expect "small corner: dead" "=1 dead" "$(reply 1)"
expect "small corner: no defence" "=2 0" "$(reply 2)"
expect_re "small corner: attacked" "=3 1 ([A-HJ][1-9]|PASS)" "$(reply 3)"

# Errors: off-board and malformed vertices, empty points, missing arguments.
session "boardsize 9" "play b E5" "1 owl_attack Z99" "2 owl_defend J10" "3 dragon_status E4" \
    "4 owl_attack" "5 dragon_status" "6 owl_does_attack E5" "7 owl_does_attack E5 E5" \
    "8 owl_does_attack Q1 E5" "9 owl_defend pass" "10 name"
expect "off-board vertex" "?1 invalid coordinate" "$(reply 1)"
expect "vertex past the edge" "?2 invalid coordinate" "$(reply 2)"
expect "empty point" "?3 vertex must not be empty" "$(reply 3)"
expect "missing vertex" "?4 missing vertex" "$(reply 4)"
expect "missing vertex (status)" "?5 missing vertex" "$(reply 5)"
expect_re "owl_does_attack without the dragon" "\?6 .+" "$(reply 6)"
expect "owl_does_attack on a stone" "?7 move vertex must be empty" "$(reply 7)"
expect "owl_does_attack off the board" "?8 invalid coordinate" "$(reply 8)"
expect "pass is no dragon" "?9 invalid coordinate" "$(reply 9)"
expect "alive after errors" "=10 yomi" "$(reply 10)"

# A limit that stops the reading is an error, never a code.
GTP_ARGS=(--max-nodes 1)
session "${THREE[@]}" "1 dragon_status A2" "2 owl_attack A2" "3 owl_defend A2" "4 name"
expect "limit: status" "?1 unknown: a search limit was reached (not proven)" "$(reply 1)"
expect "limit: attack" "?2 unknown: a search limit was reached (not proven)" "$(reply 2)"
expect "limit: defence" "?3 unknown: a search limit was reached (not proven)" "$(reply 3)"
expect "limit: still alive" "=4 yomi" "$(reply 4)"
GTP_ARGS=()

# Listed for GTP clients and GoGui.
session "list_commands" "1 known_command owl_attack" "2 gogui-analyze_commands"
for c in owl_attack owl_defend owl_does_attack owl_does_defend dragon_status; do
    if printf '%s\n' "$OUT" | sed 's/^= //' | grep -qx -- "$c"; then ok; else bad "list_commands lacks $c"; fi
done
expect "known_command owl_attack" "=1 true" "$(reply 1)"
for c in owl_attack owl_defend dragon_status; do
    if printf '%s\n' "$OUT" | grep -qE "^(=2 )?string/[^/]+/$c %p$"; then ok; else bad "gogui-analyze_commands lacks $c"; fi
done

# GNU Go's owl suites (ld_owl.tst 190 cases, GNU Go 3.8 passes 171; owl.tst 261,
# GNU Go 236). The floors are the scores reached now at 30,000 nodes a question less a
# margin of two (75 and 128 on 2026-11-27 evening, after an attack's loss at d < 2 is read
# again with the attacker's moves at d < 3; 74 and 125 before, after the estimate from the
# target's liberties and eyes; 71 and 121 before that: owl_defend answers 2 for a ko, 3
# needs a ko one threat wins)
# (kept low so the test stays short); raise them as the owl reading improves.
# Under the sanitizers a fixed sample of each file (ld_owl 1-24: 9, owl 1-30: 11, the same
# in release, where they score 10 and 12 since the attack's second narrow reading (ld_owl
# 8, 19 and owl 14 gained; 8 and 11 before); owl 1-30 was 11 before the one-threat ko question, whose nodes leave case 27
# unknown at 30,000 (it passes at 150,000); 13 before the distance-2 fallback, which costs it two cases that
# the distance-3 reading settles only with more than half of 30,000 nodes; ld_owl 1-24 was 9
# before dragon_status chose among all winning moves: case 2 now shows O18, a point both
# sides' readings accept, for the defence, where GNU Go's file accepts T18 only).
LD_MIN=${LD_OWL_MIN_PASS:-73}
OWL_MIN=${OWL_MIN_PASS:-126}
LD_SEL=
OWL_SEL=
if [ -n "${YOMI_SANITIZED:-}" ]; then
    LD_SEL=:1-24
    OWL_SEL=:1-30
    LD_MIN=9
    OWL_MIN=11
fi
# dragon_status among all winning moves: the move in most contact with the dragon, a
# point both readings accept shown for both (ld_owl 18, 49 and 305 gave a move GNU Go's
# file does not accept when the search's own move was shown; 0.1 M nodes in all).
T=$DATA/go/gnugo-regress/ld_owl.tst
if [ -f "$T" ]; then
    OUT=$("$Y" go regress --max-nodes 150000 "$T:18,49,305" 2>&1)
    expect "ld_owl.tst:18,49,305: the vital points" 0 "$?"
else
    bad "test data not found: $T"
fi

for f in ld_owl owl; do
    T=$DATA/go/gnugo-regress/$f.tst
    if [ ! -f "$T" ]; then
        bad "test data not found: $T"
        continue
    fi
    if [ "$f" = ld_owl ]; then min=$LD_MIN sel=$LD_SEL; else min=$OWL_MIN sel=$OWL_SEL; fi
    OUT=$("$Y" go regress --max-nodes 30000 --min-pass "$min" "$T$sel" 2>&1)
    RC=$?
    printf '%s\n' "$OUT" | tail -4 | head -1
    expect "$f.tst$sel: at least $min pass" 0 "$RC"
    has_re "$f.tst summary" "^[0-9]+ passed, [0-9]+ failed$"
    # Every command the files use is understood and every set-up line works.
    lacks_re "$f.tst: no unknown command" "unknown command"
    lacks_re "$f.tst: set-up commands all worked" "^$f\.tst:[0-9]+: "
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
