#!/usr/bin/env bash
# Rebuilds the fuzz seed corpora (fuzz/corpus/<target>/) from the repository's own
# data/ folder, so every target starts from real inputs of the format it reads.
# Usage: fuzz/make_corpus.sh [YOMI_BINARY]  (the binary gives the principal
# variations of the GGF seeds; without it the GGF seeds have only the first move)
# Sources and licences: fuzz/corpus/README.md. Kept small: a few dozen files per
# target, each at most 4 KB (tests/fuzz_smoke.sh runs with -max_len=4096).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=$here/../data
out=$here/corpus
yomi=${1:-}
max=4096

games=$data/go/gnugo-regress/games
cho=$data/go/sanderland/cho-elementary
obf=$data/reversi

for t in fuzz_sgf fuzz_gtp fuzz_obf fuzz_reversi_board fuzz_nboard fuzz_problem; do
    mkdir -p "$out/$t"
    find "$out/$t" -type f -name 'seed-*' -delete
done

# --- fuzz_sgf: GNU Go's regression games (every 6th of those under 4 KB, by name),
# Cho Chikun problems as SGF (setup, PL, the first move of the solution) and the
# regression records of bugs the fuzzer found (kept, not regenerated: regress-*).
n=0
for f in $(ls "$games"/*.sgf | sort); do
    [ "$(wc -c <"$f")" -le $max ] || continue
    n=$((n + 1))
    [ $((n % 6)) -eq 1 ] || continue
    cp "$f" "$out/fuzz_sgf/seed-game-$(basename "$f")"
done
# A JSON list of points ("AB": ["eb", "fb"]) as SGF values ([eb][fb]).
points() { sed -n "s/.*\"$1\": *\[\([^]]*\)\].*/\1/p" "$2" | tr -d '", ' | fold -w2 | sed 's/.*/[&]/' | tr -d '\n'; }
for i in 0001 0002 0017 0050 0101 0150 0222 0300 0404 0500 0650 0800; do
    j=$cho/Prob$i.json
    [ -f "$j" ] || { echo "make_corpus: missing $j" >&2; exit 1; }
    sz=$(sed -n 's/.*"SZ": *"\([0-9]*\)".*/\1/p' "$j")
    first=$(sed -n 's/.*"SOL": *\[\["\([BW]\)", *"\([a-s]*\)".*/\1[\2]/p' "$j")
    printf '(;GM[1]FF[4]SZ[%s]AB%sAW%sPL[%s]C[Cho Chikun elementary %s]\n;%s)\n' "$sz" \
        "$(points AB "$j")" "$(points AW "$j")" "${first:0:1}" "$i" "$first" \
        >"$out/fuzz_sgf/seed-cho-$i.sgf"
done

# --- fuzz_problem: Cho problems as the JSON files themselves and as SGF problems (the
# fuzz_sgf seeds above), and small enclosed SGF problems with MA and SQ.
for i in 0001 0017 0150 0404 0800; do
    cp "$cho/Prob$i.json" "$out/fuzz_problem/seed-cho-$i.json"
    cp "$out/fuzz_sgf/seed-cho-$i.sgf" "$out/fuzz_problem/seed-cho-$i.sgf"
done
echo '(;FF[4]SZ[9]PL[B]AB[ac][bc][cc][dc]AW[da][ab][bb][cb][db]SQ[ea][eb])' >"$out/fuzz_problem/seed-sq.sgf"
echo '(;FF[4]SZ[9]PL[B]AB[ea][eb][ec][ed][ad][bd][cd][dd]AW[ba][bb][cb][db][bc]MA[bb]SQ[fa:fb])' \
    >"$out/fuzz_problem/seed-ma-sq.sgf"

# --- fuzz_gtp: reading.tst cases as "SGF\0SESSION": the game a loadsgf line loads,
# a NUL, then that loadsgf line and the tests after it (up to the next loadsgf).
tst=$data/go/gnugo-regress/reading.tst
awk '/^loadsgf /{k++} k{print > (OUT "/block-" k)}' OUT="$out/fuzz_gtp" "$tst"
n=0
for b in $(cd "$out/fuzz_gtp" && ls block-* | sort -t- -k2 -n | sed "s|^|$out/fuzz_gtp/|"); do
    sgf=$(awk 'NR==1{print $2}' "$b")
    f=$data/go/gnugo-regress/$sgf
    if [ -f "$f" ] && [ $(($(wc -c <"$f") + $(wc -c <"$b"))) -lt $max ] && [ $n -lt 30 ]; then
        n=$((n + 1))
        { cat "$f"; printf '\0'; cat "$b"; } >"$out/fuzz_gtp/seed-reading-$(printf %02d $n)"
    fi
    rm -f "$b"
done
# The owl suites the same way (ld_owl.tst, owl.tst): a few cases of each.
for suite in ld_owl owl; do
    awk '/^loadsgf /{k++} k{print > (OUT "/block-" k)}' OUT="$out/fuzz_gtp" "$data/go/gnugo-regress/$suite.tst"
    n=0
    for b in $(cd "$out/fuzz_gtp" && ls block-* | sort -t- -k2 -n | sed "s|^|$out/fuzz_gtp/|"); do
        sgf=$(awk 'NR==1{print $2}' "$b")
        f=$data/go/gnugo-regress/$sgf
        if [ -f "$f" ] && [ $(($(wc -c <"$f") + $(wc -c <"$b"))) -lt $max ] && [ $n -lt 8 ]; then
            n=$((n + 1))
            { cat "$f"; printf '\0'; cat "$b"; } >"$out/fuzz_gtp/seed-$suite-$(printf %02d $n)"
        fi
        rm -f "$b"
    done
done
# A plain session (no SGF part): play, capture, ko, undo-like commands, analysis.
printf '%s\n' "protocol_version" "boardsize 9" "clear_board" "komi 6.5" "play B E5" "play W E6" \
    "play B D6" "play W F5" "play B F6" "play W E4" "play B E7" "countlib E6" "findlib E6" \
    "attack E6" "defend E6" "trymove B D5" "ladder_attack E6" "popgo" "genmove W" \
    "owl_attack E6" "owl_defend E5" "dragon_status E6" "owl_does_attack D5 E6" "owl_does_defend D5 E5" \
    "showboard" "list_commands" "quit" >"$out/fuzz_gtp/seed-session"

# A life-and-death problem with MA: loadsgf keeps the target, tsumego_solve reads it.
{ printf '%s' '(;FF[4]SZ[5]PL[B]AB[ea][eb][ac][bc][cc][dc][ec]AW[da][ab][bb][cb][db]MA[bb])'; printf '\0';
  printf '%s\n' "loadsgf problem.sgf" "tsumego_solve" "tsumego_solve white" "play B B5" "tsumego_solve" \
      "undo" "tsumego_solve B4" "tsumego_solve W A5"; } >"$out/fuzz_gtp/seed-tsumego"

# --- fuzz_obf: the FFO files in slices of five lines; a file with comments.
for f in "$obf"/fforum-*.obf; do
    base=$(basename "$f" .obf)
    split -l 5 -d "$f" "$out/fuzz_obf/seed-$base-"
done
{ echo "% FFO #1-#3 with comments and a blank line"; head -2 "$obf/fforum-1-19.obf"; echo;
  echo "# a hash comment"; sed -n 3p "$obf/fforum-1-19.obf"; } >"$out/fuzz_obf/seed-comments"

# --- fuzz_reversi_board: every 4th FFO board (its 64 squares and side), one a file.
n=0
cat "$obf"/fforum-*.obf | cut -d';' -f1 | while IFS= read -r line; do
    n=$((n + 1))
    if [ $((n % 4)) -eq 1 ]; then printf '%s' "$line" >"$out/fuzz_reversi_board/seed-ffo-$(printf %02d $n)"; fi
done

# --- fuzz_nboard: NBoard sessions on FFO positions (GGF game with the board in BO,
# then the solver's principal variation as moves where a binary was given), and
# the GGF records alone (the target also parses the whole input as GGF).
ggf_board() {  # OBF board "64 squares SIDE" -> GGF "BO[8 ... *]" (black '*', white 'O')
    local sq=${1:0:64} side=${1:65:1}
    sq=$(printf '%s' "$sq" | tr 'X' '*')
    [ "$side" = X ] && side='*' || side=O
    printf 'BO[8 %s %s]' "$sq" "$side"
}
n=0
cat "$obf"/fforum-1-19.obf "$obf"/fforum-20-39.obf | while IFS= read -r line; do
    n=$((n + 1))
    [ $((n % 3)) -eq 1 ] || continue
    board=$(printf '%s' "$line" | cut -d';' -f1 | sed 's/ *$//')
    side=${board:65:1}
    moves=""
    if [ -n "$yomi" ] && [ $n -le 19 ]; then
        pv=$("$yomi" reversi solve --json "$board" | sed -n 's/.*"pv":\[\([^]]*\)\].*/\1/p' | tr -d '"' | tr ',' ' ')
        c=$side
        for m in $pv; do
            if [ "$c" = X ]; then moves="${moves}B[${m^^}]"; c=O; else moves="${moves}W[${m^^}]"; c=X; fi
        done
    else
        m=$(printf '%s' "$line" | cut -d';' -f2 | sed 's/^ *\([A-H][1-8]\).*/\1/')
        [ "$side" = X ] && moves="B[$m]" || moves="W[$m]"
    fi
    game="(;GM[Othello]PC[FFO]TY[8]$(ggf_board "$board")$moves;)"
    printf '%s\n' "$game" >"$out/fuzz_nboard/seed-ggf-$(printf %02d $n)"
    printf '%s\n' "nboard 2" "set depth 2" "set game (;GM[Othello]PC[FFO]TY[8]$(ggf_board "$board");)" \
        "hint 2" "ping 1" "go" "set game $game" "ping 2" "quit" >"$out/fuzz_nboard/seed-session-$(printf %02d $n)"
done

du -sh "$out"
for t in "$out"/*/; do
    echo "$(basename "$t"): $(ls "$t" | wc -l) files, largest $(wc -c "$t"* | sort -n | tail -2 | head -1 | awk '{print $1}') bytes"
done
