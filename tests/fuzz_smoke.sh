#!/usr/bin/env bash
# Runs every libFuzzer target for a short smoke test, each starting from its seed
# corpus of real inputs (fuzz/corpus/NAME/, built by fuzz/make_corpus.sh); a target
# without seeds fails. Usage: fuzz_smoke.sh BUILD_DIR SECONDS
set -u
dir=$1
secs=${2:-20}
passed=0 failed=0
for f in "$dir"/fuzz_*; do
    [ -x "$f" ] || continue
    name=$(basename "$f")
    corpus=$(mktemp -d)
    seeds="$(dirname "$0")/../fuzz/corpus/$name"
    if ! cp "$seeds"/* "$corpus"/ 2>/dev/null; then
        failed=$((failed + 1))
        echo "fuzz $name: FAILED: no seed corpus in $seeds"
        rm -rf "$corpus"
        continue
    fi
    if "$f" -max_total_time="$secs" -rss_limit_mb=2048 -max_len=4096 -print_final_stats=0 \
        "$corpus" >"$corpus.log" 2>&1; then
        passed=$((passed + 1))
        echo "fuzz $name: ok ($(ls "$seeds" | wc -l) seeds, $(grep -o 'Done [0-9]* runs' "$corpus.log" | head -1))"
    else
        failed=$((failed + 1))
        echo "fuzz $name: FAILED"
        tail -40 "$corpus.log"
    fi
    rm -rf "$corpus" "$corpus.log"
done
echo "fuzz smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
