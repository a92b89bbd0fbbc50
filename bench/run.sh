#!/usr/bin/env bash
# Benchmarks (never timed tests): prints nodes, seconds and nodes/s.
# Usage: bench/run.sh BUILD_DIR SHARED_DATA
set -u
build=${1:-build}
data=${2:-data}
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "== reversi: perft 10 and 11"
"$build/yomi" reversi perft 10
"$build/yomi" reversi perft 11
echo "== reversi: FFO #20-#39, exact, 1 thread"
"$build/yomi" bench reversi --data "$data/reversi" --from 20 --to 39
if [ "${YOMI_BENCH_LONG:-0}" != 0 ]; then
    echo "== reversi: FFO #40-#59, exact, 1 thread"
    "$build/yomi" bench reversi --data "$data/reversi" --from 40 --to 59
fi
# Bench programs take their defaults from the command line; the data folder comes
# through the environment.
export YOMI_SHARED_DATA=$data
for b in "$build"/bench_*; do
    [ -x "$b" ] || continue
    echo "== $(basename "$b")"
    "$b"
done
