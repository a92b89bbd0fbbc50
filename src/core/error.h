/* Error reports for bad input: where (file, line, column or byte) and what. */
#ifndef YOMI_CORE_ERROR_H
#define YOMI_CORE_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#include "yomi/yomi.h"

/* Records a message with its position; returns -1 so parsers can `return yomi_fail(...)`. */
int yomi_fail(yomi_error *e, long line, long column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Formats "FILE:LINE:COL: message" into buf. */
void yomi_error_format(const yomi_error *e, const char *file, char *buf, size_t n);

#endif
