#!/usr/bin/env bash
# CLI behaviour of `yomi clobber`: answers, JSON fields, --batch with bad lines,
# error positions and exit codes, --without, the database file.
# Usage: cli_clobber.sh YOMI_BINARY DATA_DIR
source "$(cd "$(dirname "$0")" && pwd)/lib.sh"
clobber_preamble "$@" clobber/segclobber-tests/test_10.txt
seg="$data/clobber/segclobber-tests"

# One board, both players first: XXO is L, XOXOXO is P (truth table), XOX is N.
OUT=$("$yomi" clobber solve XXO); rc=$?
expect "XXO exit" 0 "$rc"
has_re "XXO class" '^XXO: L \(X first: winner X, move 1-2; O first: winner X, move none\) \(proved, '
OUT=$("$yomi" clobber solve XOXOXO)
has_re "(XO)^3 is P" '^XOXOXO: P '
OUT=$("$yomi" clobber solve BWB --to-move W)
has_re "B/W letters, O to move" '^XOX O: winner O, move 1-[02] \(proved, '
OUT=$("$yomi" clobber solve XXO --to-move O)
has_re "no move: loses" '^XXO O: winner X, move none \(proved, '

# JSON: the fields the issue asks for.
OUT=$("$yomi" clobber solve XOXO --to-move X --json)
has_re "json one side" '^\{"board":"XOXO","to_move":"X","winner":"X","move":"[0-9]+-[0-9]+","basis":"proved","database":\{"path":null,"max_len":10\},"nodes":[0-9]+,"seconds":[0-9.e-]+\}$'
OUT=$("$yomi" clobber solve XOXO --to-move X --json --without db)
has_re "json without a database" '"database":null,'
OUT=$("$yomi" clobber solve XOXOXO --json)
has_re "json both" '^\{"board":"XOXOXO","to_move":"both","outcome":"P","winner":\{"X":"O","O":"X"\},"move":\{"X":null,"O":null\},"basis":"proved",'

# A node limit answers unknown and exits 1.
OUT=$("$yomi" clobber solve XOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXO --to-move X --nodes 5000); rc=$?
expect "limit exit" 1 "$rc"
has_re "limit unknown" '^XOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXO X: winner \?, move none \(unknown, '

# Bad input: column named, exit 2.
OUT=$("$yomi" clobber solve XOZ 2>&1); rc=$?
expect "bad char exit" 2 "$rc"
has_re "bad char column" "column 3: unexpected character 'Z'"
OUT=$("$yomi" clobber solve "" 2>&1); rc=$?
expect "empty exit" 2 "$rc"
has_re "empty board" 'empty board'
long=$(printf 'X%.0s' $(seq 129))
OUT=$("$yomi" clobber solve "$long" 2>&1); rc=$?
expect "long exit" 2 "$rc"
has_re "too long" 'column 129: board longer than 128 cells'
OUT=$("$yomi" clobber solve XO --to-move Q 2>&1); rc=$?
expect "bad player exit" 2 "$rc"
"$yomi" clobber solve XO --without magic >/dev/null 2>&1; expect "bad technique exit" 2 "$?"

# Batch: every line of test_10 against SEGClobber's winner, in input order.
cut -d' ' -f1,2 "$seg/test_10.txt" >"$tmp/b10"
"$yomi" clobber solve --batch "$tmp/b10" >"$tmp/o10"; rc=$?
expect "batch exit" 0 "$rc"
paste -d' ' <(cut -d' ' -f1,3 "$seg/test_10.txt" | tr BW XO) \
    <(sed -E 's/^[^ ]+ [XO]: winner ([XO]).*/\1/' "$tmp/o10") | awk '{ if ($2 != $3) bad++ } END { print bad + 0 }' >"$tmp/bad"
expect "batch answers = SEGClobber" 0 "$(cat "$tmp/bad")"
expect "batch line count" 200 "$(wc -l <"$tmp/o10")"

# Batch from stdin with bad lines: the others are answered, exit 2, line:column named.
printf 'XXO X\n# comment\n\nXOQ O\nXO\nXOXO O extra\nXO Z\nOOX O\n' >"$tmp/mixed"
OUT=$("$yomi" clobber solve --batch - <"$tmp/mixed" 2>"$tmp/err"); rc=$?
expect "mixed exit" 2 "$rc"
expect "mixed lines" 6 "$(printf '%s\n' "$OUT" | wc -l)"
has_re "first answered" '^XXO X: winner X, move 1-2 '
has_re "last answered" '^OOX O: winner O, move [0-9]-[0-9] '
OUT=$(cat "$tmp/err")
has_re "bad char in batch" '<stdin>:4:3: unexpected character'
has_re "missing player" '<stdin>:5:3: missing player'
has_re "extra text" '<stdin>:6:8: unexpected text after the player'
has_re "unknown player" "<stdin>:7:4: unknown player 'Z'"
"$yomi" clobber solve --batch "$tmp/none" >/dev/null 2>&1; expect "missing batch file" 2 "$?"

# --without each technique: same answers on test_10.
for t in db simplify static positive tt dominated order dup bounds etc; do
    "$yomi" clobber solve --batch "$tmp/b10" --without "$t" | sed -E 's/ \(proved.*//' >"$tmp/w"
    sed -E 's/ \(proved.*//' "$tmp/o10" | sed -E 's/, move .*//' >"$tmp/o10w"
    sed -i -E 's/, move .*//' "$tmp/w"
    if cmp -s "$tmp/w" "$tmp/o10w"; then ok; else bad "--without $t changes answers"; fi
done

# Database: build, info, solve with it; missing, corrupt and truncated files.
"$yomi" clobber db build --max-len 9 --out "$tmp/db" 2>/dev/null; expect "db build exit" 0 "$?"
OUT=$("$yomi" clobber db info "$tmp/db")
has_re "db info" 'runs of 2\.\.9 stones, checksum ok'
OUT=$("$yomi" clobber solve XXO.XO --to-move O --json --db "$tmp/db")
has_re "json names the database" '"database":\{"path":"[^"]+/db","max_len":9\}'
"$yomi" clobber solve --batch "$tmp/b10" --db "$tmp/db" | sed -E 's/, move .*//' >"$tmp/w"
if cmp -s "$tmp/w" "$tmp/o10w"; then ok; else bad "answers with the database differ"; fi
OUT=$(YOMI_CLOBBER_DB="$tmp/db" "$yomi" clobber solve XO --json)
has_re "YOMI_CLOBBER_DB is the default" '"database":\{"path":"[^"]+/db","max_len":9\}'
OUT=$("$yomi" clobber solve XXO --db "$tmp/nothere" 2>&1); rc=$?
expect "missing db exit" 0 "$rc"
has_re "missing db said" 'database .*nothere: .*solving with runs up to 10 stones built in memory instead'
cp "$tmp/db" "$tmp/bad"; printf 'Z' | dd of="$tmp/bad" bs=1 seek=100 conv=notrunc 2>/dev/null
OUT=$("$yomi" clobber solve XXO --db "$tmp/bad" 2>&1); rc=$?
expect "corrupt db exit" 2 "$rc"
has_re "corrupt db said" 'checksum mismatch'
head -c 500 "$tmp/db" >"$tmp/short"
OUT=$("$yomi" clobber solve XXO --db "$tmp/short" 2>&1); rc=$?
expect "truncated db exit" 2 "$rc"
has_re "truncated db said" 'truncated'
"$yomi" clobber db build --max-len 40 --out "$tmp/x" >/dev/null 2>&1; expect "db max-len range" 2 "$?"

echo "cli_clobber: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
