#include "core/file.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/error.h"

static char *fail(int code, yomi_error *err, const char *fmt, const char *a, const char *b) {
    if (err) yomi_fail(err, 0, 0, fmt, a, b);
    errno = code;
    return NULL;
}

char *yomi_read_file(const char *path, size_t max_bytes, size_t *len, const char *what,
                     const char *limit_name, yomi_error *err) {
    bool is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        int e = errno;
        return fail(e, err, "cannot open %s: %s", path, strerror(e));
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!is_stdin) fclose(f);
        return fail(EISDIR, err, "is a directory, not %s%s", what, "");
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    int failed = buf ? 0 : ENOMEM;
    while (!failed) {
        /* Never more than one byte past the cap: an endless stream stops at once. */
        size_t want = cap - n - 1;
        if (want > max_bytes + 1 - n) want = max_bytes + 1 - n;
        size_t r = fread(buf + n, 1, want, f);
        n += r;
        if (n > max_bytes)
            failed = EFBIG;
        else if (r == 0)
            break;
        else if (n == cap - 1) {
            char *nb = realloc(buf, cap * 2);
            if (!nb)
                failed = ENOMEM;
            else {
                buf = nb;
                cap *= 2;
            }
        }
    }
    if (!failed && ferror(f)) failed = errno ? errno : EIO;
    if (!is_stdin) fclose(f);
    if (failed) {
        free(buf);
        if (failed == EFBIG && err)
            yomi_fail(err, 0, 0, "larger than the %zu MiB limit of %s (%s)", max_bytes >> 20, what,
                      limit_name);
        else if (failed == ENOMEM && err)
            yomi_fail(err, 0, 0, "out of memory reading %s", path);
        else if (err)
            yomi_fail(err, 0, 0, "cannot read %s: %s", path, strerror(failed));
        errno = failed;
        return NULL;
    }
    buf[n] = '\0';
    if (len) *len = n;
    return buf;
}
