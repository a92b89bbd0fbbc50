#!/usr/bin/env bash
# Runs every libFuzzer target for a short smoke test. Usage: fuzz_smoke.sh BUILD_DIR SECONDS
set -u
dir=$1
secs=${2:-20}
passed=0 failed=0
for f in "$dir"/fuzz_*; do
    [ -x "$f" ] || continue
    name=$(basename "$f")
    corpus=$(mktemp -d)
    # Seed inputs, where a target has them (fuzz/corpus/NAME/).
    seeds="$(dirname "$0")/../fuzz/corpus/$name"
    [ -d "$seeds" ] && cp "$seeds"/* "$corpus"/
    if "$f" -max_total_time="$secs" -rss_limit_mb=2048 -max_len=4096 -print_final_stats=0 \
        "$corpus" >"$corpus.log" 2>&1; then
        passed=$((passed + 1))
        echo "fuzz $name: ok ($(grep -o 'Done [0-9]* runs' "$corpus.log" | head -1))"
    else
        failed=$((failed + 1))
        echo "fuzz $name: FAILED"
        tail -40 "$corpus.log"
    fi
    rm -rf "$corpus" "$corpus.log"
done
echo "fuzz smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
