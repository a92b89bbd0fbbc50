#include "core/error.h"

#include <stdio.h>

int yomi_fail(yomi_error *e, long line, long column, const char *fmt, ...) {
    if (!e) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    e->line = line;
    e->column = column;
    return -1;
}

void yomi_error_format(const yomi_error *e, const char *file, char *buf, size_t n) {
    if (e->line > 0 && e->column > 0)
        snprintf(buf, n, "%s:%ld:%ld: %s", file, e->line, e->column, e->msg);
    else if (e->line > 0)
        snprintf(buf, n, "%s:%ld: %s", file, e->line, e->msg);
    else
        snprintf(buf, n, "%s: %s", file, e->msg);
}
