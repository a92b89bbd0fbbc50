#!/usr/bin/env bash
# The bench signature is pinned, as Stockfish pins its own: `yomi bench` must print
# exactly the node counts recorded here. A change in any search shows up as a failure
# here; update these numbers on purpose, and give the reason in the commit message.
# Usage: cli_bench_signature.sh YOMI DATA_DIR
Y=$1
. "$(dirname "$0")/lib.sh"

PINNED_SIGNATURE=1532120
PINNED_PARTS='reversi endgame nodes: 845614
reversi perft 8: 390216
go ladder nodes: 373
go reading nodes: 295917'

OUT=$("$Y" bench 2>&1)
expect "yomi bench exit code" 0 $?
expect "bench parts" "$PINNED_PARTS" "$(printf '%s\n' "$OUT" | grep -E '^(reversi|go|clobber) ')"
expect "bench signature" "$PINNED_SIGNATURE" "$(printf '%s\n' "$OUT" | sed -n 's/^signature: \([0-9]*\).*/\1/p')"
echo "cli_bench_signature: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
