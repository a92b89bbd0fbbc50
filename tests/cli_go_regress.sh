#!/bin/bash
# `yomi go regress`: the .tst syntax on a hand-written file whose answers are
# board facts, then GNU Go's reading.tst with a pass threshold.
# usage: cli_go_regress.sh YOMI_BINARY SHARED_DATA_DIR
Y=${1:?usage: cli_go_regress.sh YOMI_BINARY SHARED_DATA_DIR}
DATA=${2:-}
HERE=$(cd "$(dirname "$0")" && pwd)
TINY=$HERE/data/go/tiny.tst
# reading.tst: 235 tests; GNU Go 3.8 passes 193. An answer stopped by a limit is a GTP
# error, never a pass. This is the score reached now (target 220): raise it as the
# readers improve. (223 since the reader's table keys name the moves of the line a
# node reads: case 38's expected N4 had come from a value read along another move
# order; the reader's own attack after W N4 captures with K9, and it now answers
# J16, after which the attack fails. GNU Go fails case 38 too.)
READING_MIN_PASS=${READING_MIN_PASS:-223}
source "$(dirname "$0")/lib.sh"

# tiny.tst: 13 tests; 3 (wrong, '*') and 8 (error reply) fail, 6 is ignored ('&').
OUT=$("$Y" go regress "$TINY" 2>&1)
RC=$?
has_line "summary" "10 passed, 2 failed"
expect "exit status with failures" 1 "$RC"
has_re "failing case 3 printed" "^tiny\.tst:3 FAIL: countlib E5 -> got '3', expected \[5\]"
has_re "failing case 8 printed" "^tiny\.tst:8 FAIL: countlib A1"
lacks_re "passing cases silent" "^tiny\.tst:(1|2|4|5|7|9|10|11|12|13) "
lacks_re "ignored case not failed" "^tiny\.tst:6 FAIL"
has_re "ignored count" "1 ignored"
has_re "seconds" "^[0-9]+\.[0-9]+ seconds"
has_re "unexpected pass counted" "1 pass where GNU Go 3.8 fails"
lacks_re "set-up commands all worked" "-> \? "

OUT=$("$Y" go regress --min-pass 10 "$TINY" 2>&1)
expect "--min-pass reached" 0 $?
OUT=$("$Y" go regress --min-pass 11 "$TINY" 2>&1)
expect "--min-pass missed" 1 $?
OUT=$("$Y" go regress -v "$TINY" 2>&1)
has_re "verbose prints passes" "^tiny\.tst:1 pass: countlib E5 -> got '3'"

# Test selection as in regress.pike: FILE:LIST.
OUT=$("$Y" go regress "$TINY:1-2,4" 2>&1)
expect "selection exit" 0 $?
has_line "selection summary" "3 passed, 0 failed"
OUT=$("$Y" go regress "$TINY:12-13" 2>&1)
has_line "selection keeps set-up lines" "2 passed, 0 failed"

# The same file twice: counts add up.
OUT=$("$Y" go regress "$TINY" "$TINY" 2>&1)
has_line "two files" "20 passed, 4 failed"

# Bad input: exit 2 and the file named.
OUT=$("$Y" go regress /nonexistent/x.tst 2>&1)
expect "missing file exit" 2 $?
has_re "missing file named" "/nonexistent/x\.tst"
OUT=$("$Y" go regress 2>&1)
expect "no file exit" 2 $?
OUT=$("$Y" go regress --min-pass abc "$TINY" 2>&1)
expect "bad --min-pass" 2 $?

# Malformed and odd lines: no crash, reported.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
printf '#? [1]\nboardsize 9\n1 countlib E5\n#? 1\n2 name\n#? [(]\n3 name\n4 name\n#? [yomi]\nloadsgf nothere.sgf\n' >"$T/odd.tst"
OUT=$("$Y" go regress "$T/odd.tst" 2>&1)
expect "odd file exit" 1 $?
has_re "expectation before any test" "expectation without a test"
has_re "malformed expectation" "malformed expectation"
has_re "bad regex" "bad pattern"
has_re "test without expectation" "^odd\.tst:3 FAIL: name -> got 'yomi', no #\? expectation"
has_re "failed loadsgf reported" "loadsgf nothere\.sgf -> \? "
has_line "odd summary" "1 passed, 3 failed"

# GNU Go's reading suite.
R=$DATA/go/gnugo-regress/reading.tst
if [ -f "$R" ]; then
    OUT=$("$Y" go regress --min-pass "$READING_MIN_PASS" "$R" 2>&1)
    RC=$?
    printf '%s\n' "$OUT" | tail -3
    expect "reading.tst: at least $READING_MIN_PASS pass" 0 "$RC"
    has_re "reading.tst summary" "^[0-9]+ passed, [0-9]+ failed$"
    lacks_re "reading.tst set-up commands all worked" "^reading\.tst:[0-9]+: "
    # The same score when every question starts from a reader that forgot the
    # earlier ones: the answers do not lean on what earlier cases left behind.
    OUT=$("$Y" go regress --fresh --min-pass "$READING_MIN_PASS" "$R" 2>&1)
    expect "reading.tst --fresh: at least $READING_MIN_PASS pass" 0 $?
else
    bad "test data not found: $R"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
