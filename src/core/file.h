/* The one file reader of the library: reads a whole file (or standard input) into
 * memory with a size cap, so a stream that never ends (a pipe, /dev/zero) stops
 * after max_bytes + 1 bytes instead of filling the memory. */
#ifndef YOMI_CORE_FILE_H
#define YOMI_CORE_FILE_H

#include <stddef.h>

#include "yomi/yomi.h"

/* Reads path ("-" = standard input) into a malloc'd, NUL-terminated buffer of
 * *len bytes. On failure returns NULL, sets errno (ENOENT and the like from
 * fopen, EISDIR for a directory, EFBIG past max_bytes, ENOMEM, EIO) and, when err
 * is not NULL, a message: "cannot open PATH: why", "is a directory, not WHAT",
 * "larger than the N MiB limit of WHAT (LIMIT_NAME)", "cannot read PATH: why".
 * what names the expected input ("an SGF file"); limit_name the cap's constant. */
char *yomi_read_file(const char *path, size_t max_bytes, size_t *len, const char *what,
                     const char *limit_name, yomi_error *err);

#endif
