#!/bin/bash
# `yomi go solve` and `yomi go check`: a Cho elementary problem whose stated
# answer is the only winning first move (Prob0002, black to live: B19), the JSON fields, an
# SGF problem with PL and MA, a node limit giving 'unknown', `check` on a small
# directory, and clear errors (exit 2, what is missing and which option gives it).
# usage: cli_go_solve.sh YOMI_BINARY DATA_DIR
Y=${1:?usage: cli_go_solve.sh YOMI_BINARY DATA_DIR}
DATA=${2:?usage: cli_go_solve.sh YOMI_BINARY DATA_DIR}
source "$(dirname "$0")/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
E=$DATA/go/sanderland/cho-elementary
if [ ! -d "$E" ]; then
    echo "FAIL: missing data folder $E" >&2
    exit 1
fi

OUT=$("$Y" go solve --help 2>&1)
expect "help exit" 0 $?
has_re "help lists ko-master" "--ko-master B\|W\|none"

OUT=$("$Y" go solve "$E/Prob0002.json" --max-nodes 200000 2>&1)
expect "solve exit" 0 $?
has_re "solve result" "^result: win \(heuristic\)$"
has_re "solve moves" "^moves: B19$"
has_re "solve target" "^Black to play, target A18 \(black, to live\)"

OUT=$("$Y" go solve --format json "$E/Prob0002.json" --max-nodes 200000 2>&1)
has_re "json" '^\{"file":".*Prob0002.json","to_play":"B","target":"[A-T][0-9]+","goal":"live","result":"win","basis":"heuristic","moves":\["B19"\],"undecided":0,"pv":\["B19".*\],"nodes":[0-9]+,"seconds":[0-9.e+-]+\}$'

OUT=$("$Y" go solve --format sgf "$E/Prob0002.json" --max-nodes 200000 2>&1)
has_re "sgf right" '^\(;B\[ba\]C\[RIGHT\]'

# An enclosed 9x9 problem with PL and MA: white's corner group, black to kill.
cat > "$T/p.sgf" <<'SGF'
(;FF[4]SZ[9]PL[B]AB[ea][eb][ec][ed][ad][bd][cd][dd]AW[ba][bb][cb][db][bc]MA[bb])
SGF
OUT=$("$Y" go solve "$T/p.sgf" 2>&1)
expect "sgf exit" 0 $?
has_re "sgf problem target" "^Black to play, target B8 \(white, to kill\)"
has_re "sgf problem result" "^result: (win|ko_win|ko_loss|loss) \(heuristic\)$"
OUT=$("$Y" go solve --without distance "$T/p.sgf" 2>&1)
has_re "every point searched: proved" "^result: (win|ko_win|ko_loss|loss) \(proved\)$"

OUT=$("$Y" go solve "$E/Prob0014.json" --max-nodes 50 2>&1)
expect "limit exit" 1 $?
has_re "limit unknown" "^result: unknown \(limit\)$"

mkdir "$T/set"
cp "$E/Prob0001.json" "$E/Prob0002.json" "$E/Prob0003.json" "$T/set/"
OUT=$("$Y" go check "$T/set" --max-nodes 200000 --quiet 2>&1)
expect "check exit" 0 $?
has_re "check summary" "^problems: 3  correct: 3 \(100.0%\)"

# Bad input.
OUT=$("$Y" go solve "$T/none.json" 2>&1)
expect "missing exit" 2 $?
has_re "missing names file" "cannot open .*none.json"
printf '{"AB": ["aa"], "AW": ["bb" "cc"]}' > "$T/bad.json"
OUT=$("$Y" go solve "$T/bad.json" 2>&1)
expect "bad json exit" 2 $?
has_re "bad json place" "bad.json:1:[0-9]+: JSON: expected"
printf '{"AB": ["aa", "ba"], "AW": ["ca", "cb"]}' > "$T/who.json"
OUT=$("$Y" go solve "$T/who.json" 2>&1)
expect "no to-play exit" 2 $?
has_re "no to-play hint" "give --to-play B\|W"
OUT=$("$Y" go solve "$T/who.json" --to-play B --target Z99 2>&1)
expect "bad target exit" 2 $?
has_re "bad target hint" "--target Z99: not a point"
OUT=$("$Y" go solve "$T/who.json" --ko-master X 2>&1)
expect "bad ko master" 2 $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
