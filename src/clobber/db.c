/* The Linear Clobber database: the outcome class of every run of 2..max_len stones,
 * built by yomi's own solver, stored behind a header and memory-mapped.
 *
 * File layout (little-endian):
 *   0  8  magic "YOMICLDB"
 *   8  4  format version (CLOB_DB_VERSION)
 *  12  4  max_len
 *  16  8  entries = 2^(max_len+1) - 4
 *  24  8  checksum of the entries (FNV-1a 64, then mixed)
 *  32 32  zero
 *  64     entries: one byte per run, index clob_db_index(len, cell bits) */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clobber/clobber_db.h"
#include "clobber/clobber_internal.h"
#include "core/error.h"

#define DB_MAGIC "YOMICLDB"
#define DB_HEADER 64

static uint64_t checksum(const uint8_t *p, uint64_t n) {
    uint64_t h = 1469598103934665603ULL;
    for (uint64_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ULL;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    return h ^ (h >> 33);
}

static void put64(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint64_t get64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}
static uint32_t get32(const uint8_t *p) {
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

int clob_db_open(clob_db *db, const char *path, yomi_error *err) {
    memset(db, 0, sizeof *db);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return yomi_fail(err, 0, 0, "database %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) || st.st_size < DB_HEADER) {
        close(fd);
        return yomi_fail(err, 0, 0, "database %s: truncated (no header)", path);
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) return yomi_fail(err, 0, 0, "database %s: mmap: %s", path, strerror(errno));
    const uint8_t *h = map;
    const char *why = NULL;
    uint32_t version = get32(h + 8), max_len = get32(h + 12);
    if (memcmp(h, DB_MAGIC, 8)) why = "not a yomi Clobber database (bad magic)";
    else if (version != CLOB_DB_VERSION) why = "format version differs from this yomi's";
    else if (max_len < 2 || max_len > CLOB_DB_MAX_LEN) why = "max_len out of range";
    else if (get64(h + 16) != clob_db_entries((int)max_len)) why = "entry count does not match max_len";
    else if ((uint64_t)st.st_size < DB_HEADER + clob_db_entries((int)max_len)) why = "truncated";
    else if ((uint64_t)st.st_size > DB_HEADER + clob_db_entries((int)max_len)) why = "trailing bytes after the entries";
    else if (checksum(h + DB_HEADER, clob_db_entries((int)max_len)) != get64(h + 24)) why = "checksum mismatch (corrupt)";
    if (!why)
        for (uint64_t i = 0; i < clob_db_entries((int)max_len) && !why; i++)
            if ((h[DB_HEADER + i] & 7) > CLOB_OUT_P) why = "an entry holds no class";
    if (why) {
        munmap(map, (size_t)st.st_size);
        return yomi_fail(err, 0, 0, "database %s: %s", path, why);
    }
    db->map = map;
    db->map_len = (size_t)st.st_size;
    db->cls = h + DB_HEADER;
    db->max_len = (int)max_len;
    return 0;
}

void clob_db_close(clob_db *db) {
    if (db->map) munmap((void *)db->map, db->map_len);
    memset(db, 0, sizeof *db);
}

/* Cell bits of the run read from the other end. */
static uint64_t reverse_bits(uint64_t b, int len) {
    uint64_t r = 0;
    for (int k = 0; k < len; k++) r |= (b >> k & 1) << (len - 1 - k);
    return r;
}

int clob_db_build(const clob_db_build_opts *o, uint8_t **out, uint64_t *out_len, yomi_error *err) {
    int max_len = o->max_len;
    if (max_len < 2 || max_len > CLOB_DB_MAX_LEN)
        return yomi_fail(err, 0, 0, "--max-len %d: must be from 2 to %d", max_len, CLOB_DB_MAX_LEN);
    uint64_t entries = clob_db_entries(max_len);
    uint8_t *file = calloc(DB_HEADER + entries, 1);
    if (!file) return yomi_fail(err, 0, 0, "out of memory for %llu entries", (unsigned long long)entries);
    uint8_t *cls = file + DB_HEADER;
    int nranks = o->nranks > 0 ? o->nranks : 1;
    for (int len = 2; len <= max_len; len++) {
        /* One solver per length: it reads the finished shorter lengths as its
         * database and solves this length's runs; its memory goes with it. */
        clob_options so = {.hash_mb = o->hash_mb, .class_len = len};
        clob_solver *s = clob_solver_new(&so, err);
        if (!s) {
            free(file);
            return -1;
        }
        clob_solver_use_db(s, cls, len - 1);
        uint64_t count = 0;
        uint8_t cells[CLOB_DB_MAX_LEN];
        for (uint64_t b = 0; b < 1ULL << len; b++) {
            uint64_t rb = reverse_bits(b, len);
            if (rb < b || b == 0 || b == (1ULL << len) - 1) continue;
            if ((int)(count++ % (uint64_t)nranks) != o->rank) continue;
            for (int k = 0; k < len; k++) cells[k] = (b >> k & 1) ? CLOB_X : CLOB_O;
            uint32_t id = clob_intern_cells(s, cells, len);
            clob_outcome c = clob_run_class(s, id);
            if (c == CLOB_OUT_UNKNOWN) {
                clob_solver_free(s);
                free(file);
                return yomi_fail(err, 0, 0, "run of length %d left unsolved", len);
            }
            cls[clob_db_index(len, b)] = (uint8_t)c;
            cls[clob_db_index(len, rb)] = (uint8_t)c;
        }
        clob_solver_free(s);
        if (o->exchange) o->exchange(cls + clob_db_index(len, 0), 1ULL << len, o->ctx);
        if (o->progress)
            fprintf(stderr, "[clobber db] length %d done (%llu runs on this rank)\n", len,
                    (unsigned long long)((count + (uint64_t)nranks - 1 - (uint64_t)o->rank) / (uint64_t)nranks));
    }
    memcpy(file, DB_MAGIC, 8);
    put32(file + 8, CLOB_DB_VERSION);
    put32(file + 12, (uint32_t)max_len);
    put64(file + 16, entries);
    put64(file + 24, checksum(cls, entries));
    *out = file;
    *out_len = DB_HEADER + entries;
    return 0;
}
