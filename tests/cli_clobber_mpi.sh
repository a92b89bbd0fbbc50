#!/usr/bin/env bash
# `yomi clobber` under MPI: `mpirun -np 2 --oversubscribe` builds a database
# byte-identical to the one-process build, and `solve --batch` prints the same
# answers in input order. CMake passes YOMI_MPI_BUILT (ON/OFF) and YOMI_MPIEXEC.
# MPI is expected when it was built in or when mpirun is on this machine; then a
# binary without it, or a launcher that does not run, fails the test.
# Usage: cli_clobber_mpi.sh YOMI_BINARY DATA_DIR
source "$(cd "$(dirname "$0")" && pwd)/lib.sh"
clobber_preamble "$@" clobber/segclobber-tests/test_20.txt
seg="$data/clobber/segclobber-tests/test_20.txt"

launcher=${YOMI_MPIEXEC:-}
[ -n "$launcher" ] || launcher=$(command -v mpirun || true)
built=$("$yomi" clobber features | sed -n 's/^mpi //p')
expected=no
if [ "${YOMI_MPI_BUILT:-OFF}" = ON ] || [ -n "$launcher" ]; then expected=yes; fi
if [ "$expected" = no ]; then
    # No MPI anywhere (neither built nor installed): say so loudly; the
    # one-process paths are covered by cli_clobber.
    echo "cli_clobber_mpi: MPI neither built nor installed; nothing to run (install libopenmpi-dev)"
    expect "binary without MPI" no "$built"
    echo "cli_clobber_mpi: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit
fi
expect "MPI built into yomi" yes "$built"
if [ -z "$launcher" ]; then bad "no mpirun found"; fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# OpenMPI keeps memory until exit: leak reports of its own are not ours.
export ASAN_OPTIONS=${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0
mpi() { "$launcher" -np 2 --oversubscribe "$@"; }
len=11
[ "${YOMI_SANITIZED:-0}" != 0 ] && len=8

# Database: two ranks, one file, the same bytes as one process.
mpi "$yomi" clobber db build --max-len $len --out "$tmp/db2" 2>"$tmp/err2"; rc=$?
expect "mpirun db build exit" 0 "$rc"
OUT=$(cat "$tmp/err2")
has_re "two processes reported" ', 2 processes$'
"$yomi" clobber db build --max-len $len --out "$tmp/db1" 2>/dev/null
if cmp -s "$tmp/db1" "$tmp/db2"; then ok; else bad "database from 2 ranks differs from 1 process"; fi
OUT=$("$yomi" clobber db info "$tmp/db2")
has_re "mpi db loads" "runs of 2\\.\\.$len stones, checksum ok"

# Batch: lines spread over two ranks, printed in input order; bad lines answered
# as errors in place, exit 2.
cut -d' ' -f1,2 "$seg" >"$tmp/in"
[ "${YOMI_SANITIZED:-0}" != 0 ] && { head -40 "$tmp/in" >"$tmp/in2"; mv "$tmp/in2" "$tmp/in"; }
printf 'XOQ X\n' >>"$tmp/in"
mpi "$yomi" clobber solve --batch "$tmp/in" --db "$tmp/db2" >"$tmp/o2" 2>"$tmp/e2"; rc=$?
expect "mpirun batch exit (one bad line)" 2 "$rc"
"$yomi" clobber solve --batch "$tmp/in" --db "$tmp/db2" >"$tmp/o1" 2>/dev/null
strip() { sed -E 's/ \(proved, [0-9]+ nodes, [0-9.]+ s\)$//; s/, move [0-9]+-[0-9]+$/, move some/' "$1"; }
if cmp -s <(strip "$tmp/o1") <(strip "$tmp/o2"); then ok; else bad "2-rank batch output differs from 1 process:"$'\n'"$(diff <(strip "$tmp/o1") <(strip "$tmp/o2") | head)"; fi
expect "batch lines" "$(wc -l <"$tmp/in")" "$(wc -l <"$tmp/o2")"
OUT=$(tail -1 "$tmp/o2")
has_re "bad line in place" '^error .*:[0-9]+:3: unexpected character'
# The answers themselves against SEGClobber's winners.
n=$(($(wc -l <"$tmp/in") - 1))
paste -d' ' <(head -$n "$seg" | cut -d' ' -f3 | tr BW XO) \
    <(head -$n "$tmp/o2" | sed -E 's/^[^ ]+ [XO]: winner ([XO]).*/\1/') | awk '$1 != $2 { b++ } END { print b + 0 }' >"$tmp/bad"
expect "2-rank answers = SEGClobber" 0 "$(cat "$tmp/bad")"

echo "cli_clobber_mpi: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
