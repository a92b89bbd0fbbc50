# Shared checks for the CLI test scripts (source it). Each check counts into
# $pass / $fail; `finish NAME` prints "NAME: N passed, N failed" and sets the status.
# Checks on output read the variable $OUT.
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL: $*" >&2
}
# expect NAME WANT GOT: exact comparison.
expect() {
    if [ "$2" == "$3" ]; then ok; else bad "$1: want '$2', got '$3'"; fi
}
# expect_re NAME REGEX GOT: anchored extended regex.
expect_re() {
    if [[ $3 =~ ^$2$ ]]; then ok; else bad "$1: want /$2/, got '$3'"; fi
}
has_line() {
    if printf '%s\n' "$OUT" | grep -qxF -- "$2"; then ok; else bad "$1: no line '$2' in:"$'\n'"$OUT"; fi
}
has_re() {
    if printf '%s\n' "$OUT" | grep -qE -- "$2"; then ok; else bad "$1: no line matching /$2/ in:"$'\n'"$OUT"; fi
}
lacks_re() {
    if printf '%s\n' "$OUT" | grep -qE -- "$2"; then bad "$1: unexpected line /$2/ in:"$'\n'"$OUT"; else ok; fi
}
# clobber_preamble YOMI_BINARY DATA_DIR REL: the common start of the clobber CLI
# tests. Sets yomi and data, runs with `set -u` and no YOMI_CLOBBER_DB (the tests
# name their databases), makes a scratch folder $tmp removed at exit, and fails
# naming the path when the data file DATA_DIR/REL is missing.
clobber_preamble() {
    set -u
    unset YOMI_CLOBBER_DB
    yomi=$1
    data=${2:-}
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    [ -f "$data/$3" ] || {
        echo "FAIL: missing test data $data/$3"
        exit 1
    }
}
# go_preamble DATA_DIR: the common start of the go solve/check CLI tests. Makes a
# scratch folder $T removed at exit and sets $E, the Cho elementary folder, failing
# with its path when it is missing.
go_preamble() {
    T=$(mktemp -d)
    trap 'rm -rf "$T"' EXIT
    E=$1/go/sanderland/cho-elementary
    if [ ! -d "$E" ]; then
        echo "FAIL: missing data folder $E" >&2
        exit 1
    fi
}
