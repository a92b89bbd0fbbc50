#!/bin/bash
# `yomi go solve` / `yomi go check --jobs N`: problems solved N at a time, each its
# own search. The oracle is the one-job run: at a fixed --max-nodes every problem's
# search is the same whichever thread runs it, so the output (every problem's
# answer, plays and listing, in the input order) and the summary must be byte for
# byte those of --jobs 1, the seconds left out; the exit code and the error
# messages too. Also: bad counts refused, and --time with more workers than cores.
# usage: cli_go_jobs.sh YOMI_BINARY DATA_DIR
Y=${1:?usage: cli_go_jobs.sh YOMI_BINARY DATA_DIR}
DATA=${2:?usage: cli_go_jobs.sh YOMI_BINARY DATA_DIR}
source "$(dirname "$0")/lib.sh"
go_preamble "$DATA"
# Every 60th elementary problem (15), fewer under the sanitizers; at 30,000 plays
# some are answered, some not (unknown), so the listing has lines of each kind.
STEP=60
[ -n "${YOMI_SANITIZED:-}" ] && STEP=180
mapfile -t L < <(ls "$E"/*.json | awk -v s=$STEP 'NR % s == 1')
# A broken file in the middle of the batch, and two SGF solution trees (a correct
# one and a wrong one: tests/cli_go_solve.sh works them by hand).
echo '{"AB": [' > "$T/broken.json"
P='(;FF[4]SZ[5]PL[B]AB[ea][eb][ac][bc][cc][dc][ec]AW[da][ab][bb][cb][db]MA[bb]'
echo "$P(;B[ba](;W[aa];B[ca])(;W[ca];B[aa])))" > "$T/good.sgf"
echo "$P(;B[aa];W[ba]))" > "$T/wrong.sgf"
B=("${L[@]:0:4}" "$T/broken.json" "$T/good.sgf" "${L[@]:4}" "$T/wrong.sgf")
NOSEC='s/"seconds":[0-9.e+-]*//; s/[0-9]+\.[0-9]+s\)/s)/; s/seconds: [0-9.]+  slowest: [0-9.]+//; s/  seconds: [0-9.]+$//; s/ [0-9]+\.[0-9]+s$//'

# run NAME ARGS...: the run's exit code, its stdout and stderr without the seconds.
run() {
    local name=$1
    shift
    "$Y" "$@" >"$T/$name.out" 2>"$T/$name.err"
    echo $? >"$T/$name.rc"
    sed -Ei "$NOSEC" "$T/$name.out"
}
# same NAME A B: the two runs printed the same, byte for byte, and exited alike.
same() {
    local f
    for f in out err rc; do
        if cmp -s "$T/$2.$f" "$T/$3.$f"; then ok; else bad "$1: $f differs:"$'\n'"$(diff "$T/$2.$f" "$T/$3.$f" | head -20)"; fi
    done
}

for fmt in text json; do
    run solve1 go solve "${B[@]}" --max-nodes 30000 --format $fmt --jobs 1
    run solve3 go solve "${B[@]}" --max-nodes 30000 --format $fmt --jobs 3
    same "go solve --format $fmt --jobs 3" solve1 solve3
    run check1 go check "${B[@]}" --max-nodes 30000 --format $fmt --jobs 1
    run check2 go check "${B[@]}" --max-nodes 30000 --format $fmt --jobs 2
    same "go check --format $fmt --jobs 2" check1 check2
done
# The reference itself: every problem answered, in the input order, plays given.
OUT=$(cat "$T/solve1.out")
expect "solve: one object a problem" $((${#B[@]} - 1)) "$(grep -c '^{"file"' "$T/solve1.out")"
expect "solve: in the input order" "$(printf '%s\n' "${B[@]}" | grep -v broken)" "$(sed -E 's/^\{"file":"([^"]*)".*/\1/' "$T/solve1.out")"
has_re "solve: plays given" '"nodes":[1-9][0-9]*,'
expect "solve: a limit reached, exit 1" 2 "$(cat "$T/solve1.rc")" # the broken file: 2
OUT=$(cat "$T/solve1.err")
has_re "solve: the broken file named" "broken.json"
OUT=$(cat "$T/check1.out")
has_re "check: the summary" '^\{"problems":'"${#B[@]}"',.*"bad_input":1,"trees_walked":2,'
has_re "check: the wrong tree listed" 'wrong.sgf","outcome":"wrong"'
# Without a broken file and with a default --jobs (the cores): the same again.
run quiet1 go check "${L[@]}" --max-nodes 30000 --quiet --jobs 1
run quietd go check "${L[@]}" --max-nodes 30000 --quiet
same "go check --quiet, default jobs" quiet1 quietd

OUT=$("$Y" go check "${L[@]:0:2}" --jobs 0 2>&1)
expect "jobs 0 exit" 2 $?
has_re "jobs 0 message" "--jobs takes 1\.\.64"
OUT=$("$Y" go check "${L[@]:0:2}" --jobs 65 2>&1)
expect "jobs 65 exit" 2 $?
# 64 jobs of 64 workers each: more than any machine's cores, refused with --time
# (each problem would get less search than its time), accepted at --max-nodes.
OUT=$("$Y" go check "${L[@]:0:2}" --jobs 64 --threads 64 --time 1 2>&1)
expect "oversubscribed --time exit" 2 $?
has_re "oversubscribed --time message" "more workers than the [0-9]+ cores"
OUT=$("$Y" go check "${L[@]:0:2}" --jobs 64 --threads 2 --max-nodes 1000 --quiet 2>&1)
has_re "oversubscribed --max-nodes runs" "^problems: 2 "
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
