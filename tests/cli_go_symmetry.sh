#!/bin/bash
# Answers do not depend on the board's orientation: GNU Go's reading.tst turned
# by each of the eight board symmetries (its SGF games and every vertex of its
# commands and expected answers, written by test_go_symmetry --write) gives the
# same verdict in every case as the suite itself. Node counts may differ.
# usage: cli_go_symmetry.sh YOMI_BINARY DATA_DIR
Y=${1:?usage: cli_go_symmetry.sh YOMI_BINARY DATA_DIR}
DATA=${2:-}
source "$(dirname "$0")/lib.sh"

R=$DATA/go/gnugo-regress/reading.tst
TOOL=$(dirname "$Y")/test_go_symmetry
[ -f "$R" ] || { bad "test data not found: $R"; echo "$pass passed, $fail failed"; exit 1; }
[ -x "$TOOL" ] || { bad "transformer not found: $TOOL (built with the tests)"; echo "$pass passed, $fail failed"; exit 1; }

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
"$TOOL" --write "$T" "$R"
expect "eight orientations written" 0 $?

# Under sanitizers a fixed part of the suite (each orientation is read in full
# otherwise: about a second each in release).
SEL=
[ -n "${YOMI_SANITIZED:-}" ] && SEL=:1-40

for s in 0 1 2 3 4 5 6 7; do
    OUT=$("$Y" go regress -v "$T/s$s/reading.tst$SEL" 2>&1)
    printf 's%d: %s\n' "$s" "$(printf '%s\n' "$OUT" | grep -E '^reading\.tst: ')"
    printf '%s\n' "$OUT" | grep -oE '^reading\.tst:[0-9]+ (pass|FAIL)' >"$T/v$s"
    has_re "s$s: summary" "^[0-9]+ passed, [0-9]+ failed$"
    lacks_re "s$s: set-up commands all worked" "^reading\.tst:[0-9]+: "
done
N=$(wc -l <"$T/v0")
[ -n "$SEL" ] || expect "235 cases read" 235 "$N"
for s in 1 2 3 4 5 6 7; do
    D=$(diff "$T/v0" "$T/v$s" | grep '^>' | tr '\n' ' ')
    expect "s$s: the same verdicts as s0" "" "$D"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
