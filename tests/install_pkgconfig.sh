#!/usr/bin/env bash
# make install into a temporary prefix, then build a small program against the
# installed copy through pkg-config, statically and against the shared library,
# and check what it computes (perft 1-4 from the Reversi start: 4 12 56 244).
# Usage: install_pkgconfig.sh BUILD_DIR SOURCE_DIR
set -u
build=$1
src=$2
. "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/usr" >"$tmp/install.log" 2>&1
expect "cmake --install" 0 $?
for f in bin/yomi include/yomi/yomi.h include/yomi/reversi.h include/yomi/go.h \
         share/man/man1/yomi.1; do
    [ -e "$tmp/usr/$f" ] && ok || bad "not installed: $f"
done
libdir=$(dirname "$(find "$tmp/usr" -name yomi.pc | head -1)")/..
[ -e "$libdir/libyomi.a" ] && ok || bad "not installed: libyomi.a"
soname=$(find "$libdir" -name 'libyomi.so.*' | head -1)
[ -n "$soname" ] && ok || bad "not installed: libyomi.so.N"
cat >"$tmp/prog.c" <<'C'
#include <stdio.h>
#include <yomi/reversi.h>
int main(void) {
    rv_pos p;
    rv_pos_start(&p);
    for (int d = 1; d <= 4; d++) printf("%llu\n", (unsigned long long)rv_perft(&p, d));
    return 0;
}
C
export PKG_CONFIG_PATH="$libdir/pkgconfig"
want=$'4\n12\n56\n244'
cc -std=c11 "$tmp/prog.c" -o "$tmp/prog_static" $(pkg-config --cflags yomi) \
    "$libdir/libyomi.a" $(pkg-config --libs-only-other --static yomi) -lm -pthread
expect "static build against the installed copy" 0 $?
expect "static program output" "$want" "$("$tmp/prog_static")"
cc -std=c11 "$tmp/prog.c" -o "$tmp/prog_shared" $(pkg-config --cflags --libs yomi)
expect "shared build through pkg-config" 0 $?
expect "shared program output" "$want" "$(LD_LIBRARY_PATH="$libdir" "$tmp/prog_shared")"
OUT=$("$tmp/usr/bin/yomi" --version)
has_re "installed yomi runs" "^yomi [0-9.]+$"
echo "install_pkgconfig: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
