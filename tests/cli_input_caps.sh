#!/bin/bash
# Input that never ends, or is too big, or is not what it claims to be: every
# reader (SGF files, GTP lines, .tst files and lines, OBF files and lines, NBoard
# lines) stops with an error naming its limit, promptly, without eating memory.
# Every run has a timeout, so a reader that loses its cap fails here instead of
# hanging. usage: cli_input_caps.sh YOMI_BINARY DATA_DIR
Y=${1:?usage: cli_input_caps.sh YOMI_BINARY DATA_DIR}
source "$(dirname "$0")/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# Virtual memory cap for the runs below: a reader that buffers endless input
# fails with "out of memory" instead of growing (the sanitizers need more).
if [ -n "${YOMI_SANITIZED:-}" ]; then LIM=unlimited; else LIM=$((1024 * 1024)); fi
y() { (ulimit -v "$LIM"; exec timeout 60 "$Y" "$@"); }

# --- SGF: files, streams, directories (sgf_parse_file, SGF_MAX_BYTES = 16 MiB) ---
OUT=$(printf 'loadsgf /dev/zero\n' | y go gtp 2>&1)
expect "gtp loadsgf /dev/zero" "? cannot load /dev/zero: larger than the 16 MiB limit of an SGF file (SGF_MAX_BYTES)" \
    "$(printf '%s\n' "$OUT" | head -1)"
OUT=$(y go ladder /dev/zero A1 2>&1); RC=$?
expect "ladder /dev/zero exit" 2 "$RC"
has_re "ladder /dev/zero message" "^yomi go ladder: /dev/zero: larger than the 16 MiB limit of an SGF file"
OUT=$(yes '(;B[aa])' | y go read /dev/stdin A1 2>&1); RC=$?
expect "read endless pipe exit" 2 "$RC"
has_re "read endless pipe message" "larger than the 16 MiB limit of an SGF file"
OUT=$(y go ladder "$T" A1 2>&1); RC=$?
expect "ladder directory exit" 2 "$RC"
has_re "ladder directory message" ": is a directory, not an SGF file$"
OUT=$(printf 'loadsgf %s\n' "$T" | y go gtp 2>&1)
has_re "gtp loadsgf directory" "^\? cannot load .*: is a directory, not an SGF file$"

# --- GTP lines (GTP_MAX_LINE = 4096 bytes) ---
OUT=$({ printf '1 name\n'; head -c 64M /dev/zero; printf '\n2 name\n3 name\n'; } | y go gtp 2>&1); RC=$?
expect "gtp 64 MiB of NULs: exit" 0 "$RC"
expect "gtp 64 MiB of NULs: replies" "=1 yomi|? line too long (the limit is 4096 bytes)|=2 yomi|=3 yomi" \
    "$(printf '%s\n' "$OUT" | grep -v '^$' | paste -sd'|')"
OUT=$({ printf '5 '; head -c 4093 /dev/zero | tr "\0" " "; printf "x\n6 "; head -c 4094 /dev/zero | tr '\0' ' '; printf 'x\n'; } | y go gtp 2>&1)
expect "gtp 4096 bytes ok, 4097 too long" "?5 unknown command|?6 line too long (the limit is 4096 bytes)" \
    "$(printf '%s\n' "$OUT" | grep -v '^$' | paste -sd'|')"
# The error comes as soon as the limit is passed, while the line is still open.
FIRST=$({ head -c 5000 /dev/zero; sleep 3; printf '\n'; } | y go gtp 2>/dev/null | { IFS= read -r -t 2 l; echo "$l"; })
expect "gtp answers an endless line at once" "? line too long (the limit is 4096 bytes)" "$FIRST"

# --- .tst files (REGRESS_MAX_FILE = 16 MiB, REGRESS_MAX_LINE = 4096) ---
OUT=$(y go regress /dev/zero 2>&1); RC=$?
expect "regress /dev/zero exit" 2 "$RC"
has_re "regress /dev/zero message" "^yomi go regress: /dev/zero: larger than the 16 MiB limit of a .tst file; stopped at line 1$"
OUT=$(yes '# a comment line' | y go regress /dev/stdin 2>&1); RC=$?
expect "regress endless lines exit" 2 "$RC"
has_re "regress endless lines message" "larger than the 16 MiB limit of a .tst file; stopped at line [0-9]+$"
{ printf '1 name\n#? [yomi]\n'; head -c 5000 /dev/zero | tr '\0' '#'; printf '\n2 name\n#? [yomi]\n'; } >"$T/long.tst"
OUT=$(y go regress "$T/long.tst" 2>&1); RC=$?
expect "regress long line exit" 1 "$RC"
has_line "regress long line message" "long.tst:3: line longer than the 4096-byte limit (skipped)"
has_line "regress long line: the rest still runs" "2 passed, 1 failed"
OUT=$(y go regress "$T" 2>&1); RC=$?
expect "regress directory exit" 2 "$RC"
has_re "regress directory message" "is a directory, not a .tst file$"

# --- OBF files and lines (RV_MAX_FILE_BYTES = 16 MiB, RV_OBF_MAX_LINE = 4096) ---
OUT=$(y reversi solve /dev/zero 2>&1); RC=$?
expect "solve /dev/zero exit" 2 "$RC"
expect "solve /dev/zero message" "yomi reversi solve: /dev/zero: larger than the 16 MiB limit of an OBF input" "$OUT"
OUT=$(yes '% comment' | y reversi solve - 2>&1); RC=$?
expect "solve endless stdin exit" 2 "$RC"
expect "solve endless stdin message" "yomi reversi solve: <stdin>: larger than the 16 MiB limit of an OBF input" "$OUT"
B1='--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X'
{ printf '%s ;' "$B1"; head -c 5000 /dev/zero | tr '\0' ' '; printf '\n'; } >"$T/long.obf"
OUT=$(y reversi solve "$T/long.obf" 2>&1); RC=$?
expect "solve long line exit" 2 "$RC"
has_re "solve long line message" "long.obf:1:4097: line longer than the 4096-byte limit$"

# --- solve arguments: files, directories, boards, '--' ---
OUT=$(y reversi solve "$T" 2>&1); RC=$?
expect "solve directory exit" 2 "$RC"
expect "solve directory message" "yomi reversi solve: $T: is a directory, not an OBF file" "$OUT"
for p in missing.obf ./missing "$T/missing" missing; do
    OUT=$(y reversi solve "$p" 2>&1); RC=$?
    expect "solve $p exit" 2 "$RC"
    expect "solve $p message" "yomi reversi solve: $p: no such file (No such file or directory)" "$OUT"
done
OUT=$(y reversi solve -- "$B1" 2>&1); RC=$?
expect "solve -- BOARD exit" 0 "$RC"
has_re "solve -- BOARD answer" "move g8  score \+18"
BAD="${B1:0:10}Z${B1:11}"
OUT=$(y reversi solve "$BAD" 2>&1); RC=$?
expect "solve bad --board exit" 2 "$RC"
expect "solve bad --board: a board error, not an option error" \
    "yomi reversi solve: <argument>:1:11: board: unknown square character 'Z' at square 11" "$OUT"
OUT=$(y reversi solve -- "$BAD" 2>&1)
expect "solve -- bad board" "yomi reversi solve: <argument>:1:11: board: unknown square character 'Z' at square 11" "$OUT"
OUT=$(y reversi solve -- --wld 2>&1); RC=$?
expect "solve -- --wld is an input" "yomi reversi solve: --wld: no such file (No such file or directory)" "$OUT"
OUT=$(y reversi solve --help)
has_re "solve --help names --" "^  --  +end of options"

# --- NBoard lines (NBOARD_MAX_LINE = 8192) ---
OUT=$({ printf 'nboard 2\nping 1\n'; head -c 64M /dev/zero; printf '\nping 2\nquit\n'; } | y reversi nboard 2>"$T/err")
expect "nboard 64 MiB of NULs: replies" "set myname yomi|pong 1|pong 2" "$(printf '%s\n' "$OUT" | paste -sd'|')"
expect "nboard 64 MiB of NULs: message" "nboard: dropping a line longer than 8192 bytes" "$(cat "$T/err")"
OUT=$({ printf 'nboard 2\n'; head -c 9000 /dev/zero | tr '\0' x; sleep 3; printf '\nquit\n'; } | y reversi nboard 2>&1 >/dev/null |
    { IFS= read -r -t 2 l; echo "$l"; })
expect "nboard reports an endless line at once" "nboard: dropping a line longer than 8192 bytes" "$OUT"
OUT=$(yes 'ping 3' | head -n 200000 | y reversi nboard 2>&1 | tail -1)
expect "nboard 200,000 queued lines" "pong 3" "$OUT"

echo "cli_input_caps: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
