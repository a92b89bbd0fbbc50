#!/usr/bin/env bash
# CLI behaviour of `yomi reversi`: exit codes, error positions, JSON fields, stdin,
# forced passes. Usage: cli_reversi.sh YOMI_BINARY SHARED_DATA
set -u
yomi=$1
data=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {  # check NAME CONDITION-COMMAND...
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name"; fi
}

# Version and help.
check "--version" bash -c "'$yomi' --version | grep -q '^yomi [0-9]'"
check "--help" bash -c "'$yomi' --help | grep -q reversi"
check "reversi --help" bash -c "'$yomi' reversi --help | grep -q -- '--hash-mb'"
"$yomi" frobnicate >/dev/null 2>&1; check "unknown command exits 2" test $? -eq 2

# Perft: the published count at depth 6 (8,200) and a bad depth.
check "perft 6" bash -c "'$yomi' reversi perft 6 | grep -q ' 8200 leaves'"
"$yomi" reversi perft x >/dev/null 2>"$tmp/err"; check "perft bad depth exits 2" test $? -eq 2

# A board string on the command line (FFO #1: G8 +18).
b1='--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X'
"$yomi" reversi solve "$b1" >"$tmp/out"; rc=$?
check "solve board string exits 0" test $rc -eq 0
check "solve board string: g8 +18" grep -q 'move g8  score +18' "$tmp/out"

# JSON Lines with the required fields.
"$yomi" reversi solve --json "$b1" >"$tmp/json"
for f in line move score pv nodes seconds; do
    check "json field $f" grep -q "\"$f\":" "$tmp/json"
done
check "json values" grep -q '"move":"g8","score":18' "$tmp/json"

# WLD.
"$yomi" reversi solve --wld "$b1" >"$tmp/out"
check "wld: win" grep -q 'result win' "$tmp/out"

# Midgame evaluation from the start position returns a move.
"$yomi" reversi solve --depth 6 "$(printf -- '---------------------------OX------XO--------------------------- X')" >"$tmp/out"; rc=$?
check "depth search exits 0" test $rc -eq 0
check "depth search gives a move" grep -Eq 'move [c-f][3-6]  eval' "$tmp/out"

# A file with one good line, one bad line (unknown character at column 3), a comment,
# and a forced pass: the good ones are solved, the error names line and column, exit 2.
{
    echo "% comment line"
    echo "$b1"
    echo "--Z"
    echo "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOXOOOOO-X O"
} >"$tmp/mixed.obf"
"$yomi" reversi solve "$tmp/mixed.obf" >"$tmp/out" 2>"$tmp/err"; rc=$?
check "mixed file exits 2" test $rc -eq 2
check "error names file:line:column" grep -q "mixed.obf:3:3: board: unknown square character 'Z'" "$tmp/err"
check "good line still solved" grep -q 'move g8  score +18' "$tmp/out"
# Line 4: one empty (g8); white cannot move there, black can (a8 flanks b8-f8): white passes.
check "forced pass solved" grep -q 'line 4: .*' "$tmp/out"
check "forced pass move" bash -c "grep -A1 'line 4:' '$tmp/out' | grep -q 'move pass'"

# Missing side to move and wrong length.
echo "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--" >"$tmp/noside.obf"
"$yomi" reversi solve "$tmp/noside.obf" >/dev/null 2>"$tmp/err"; rc=$?
check "missing side exits 2" test $rc -eq 2
check "missing side message" grep -q 'noside.obf:1:65: side to move: missing' "$tmp/err"
echo "--XXXXX X" >"$tmp/short.obf"
"$yomi" reversi solve "$tmp/short.obf" >/dev/null 2>"$tmp/err"
check "short board message" grep -q 'short.obf:1:8: board: expected 64 squares, found 7' "$tmp/err"

# Stdin.
echo "$b1" | "$yomi" reversi solve - >"$tmp/out"
check "stdin" grep -q 'move g8  score +18' "$tmp/out"

# A node limit answers unknown, exit 1.
b38='--OOOO--X-OOOOO-XXOOXOXXXOXOXXXXXXXOXXXX-XXOXOXX--OXXX-X----X--- O'
"$yomi" reversi solve --nodes 5000 --json "$b38" >"$tmp/out"; rc=$?
check "limit exits 1" test $rc -eq 1
check "limit answers unknown" grep -q '"kind":"unknown","basis":"unknown","move":null,"score":null' "$tmp/out"
"$yomi" reversi solve --json "$b1" >"$tmp/out"
check "exact answer is proved" grep -q '"kind":"exact","basis":"proved","move":"g8","score":18' "$tmp/out"
"$yomi" reversi solve --json --depth 4 "$b1" >"$tmp/out"
check "midgame answer is heuristic" grep -q '"kind":"eval","basis":"heuristic"' "$tmp/out"

# Bad options.
"$yomi" reversi solve --hash-mb 0 "$b1" >/dev/null 2>&1; check "hash-mb 0 rejected" test $? -eq 2
"$yomi" reversi solve /no/such/file >/dev/null 2>"$tmp/err"; check "missing file exits 2" test $? -eq 2

# The bundled example is the suite's: every answer correct.
check "bundled example exists" test -f "$here/../examples/reversi/ffo-end.obf"
"$yomi" reversi solve "$here/../examples/reversi/ffo-end.obf" >"$tmp/out"
check "example #21 g5 +0" grep -q 'move g5  score +0' "$tmp/out"
check "example #29 g2 +10" grep -q 'move g2  score +10' "$tmp/out"

# `yomi bench` alone: a node-count signature over Reversi and Go that does not
# change from run to run.
"$yomi" bench >"$tmp/sig1" 2>&1
check "bench signature exit" test $? -eq 0
"$yomi" bench >"$tmp/sig2" 2>&1
check "bench signature parts" grep -q '^go reading nodes: [1-9][0-9]*$' "$tmp/sig1"
check "bench signature repeats" test "$(grep '^signature' "$tmp/sig1" | cut -d' ' -f2)" = \
    "$(grep '^signature' "$tmp/sig2" | cut -d' ' -f2)"

echo "cli_reversi: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
