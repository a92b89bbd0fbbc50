#include "reversi/obf.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/error.h"

/* Parses the "; MOVE:+SCORE" annotations after the board; stops quietly at the
 * first one that does not fit (annotations are informative, not required). */
static void parse_answers(const char *s, size_t len, rv_obf_entry *e) {
    size_t i = 0;
    e->n_answers = 0;
    while (i < len && e->n_answers < 64) {
        while (i < len && (s[i] == ';' || s[i] == ' ' || s[i] == '\t')) i++;
        if (i + 2 > len) return;
        char sq[3] = {(char)tolower((unsigned char)s[i]), s[i + 1], 0};
        int x = rv_square_parse(sq);
        if (x < 0 || x >= 64) return;
        i += 2;
        if (i >= len || s[i] != ':') return;
        i++;
        int sign = 1;
        if (i < len && (s[i] == '+' || s[i] == '-')) sign = s[i++] == '-' ? -1 : 1;
        if (i >= len || !isdigit((unsigned char)s[i])) return;
        int v = 0;
        while (i < len && isdigit((unsigned char)s[i]) && v < 1000) v = v * 10 + (s[i++] - '0');
        e->answer_move[e->n_answers] = x;
        e->answer_score[e->n_answers] = sign * v;
        e->n_answers++;
    }
}

long rv_obf_scan(const char *text, size_t len, rv_obf_fn fn, void *ctx) {
    long line = 0, count = 0;
    size_t i = 0;
    rv_obf_entry *e = malloc(sizeof *e);
    if (!e) return -1;
    while (i < len) {
        size_t start = i;
        while (i < len && text[i] != '\n') i++;
        size_t end = i;
        if (i < len) i++;
        line++;
        if (end > start && text[end - 1] == '\r') end--;
        size_t k = start;
        while (k < end && (text[k] == ' ' || text[k] == '\t')) k++;
        if (k == end || text[k] == '%' || text[k] == '#') continue;
        memset(e, 0, sizeof *e);
        e->line = line;
        if (end - start > RV_OBF_MAX_LINE) {
            e->ok = false;
            yomi_fail(&e->err, line, RV_OBF_MAX_LINE + 1, "line longer than the %d-byte limit",
                      RV_OBF_MAX_LINE);
        } else {
            e->ok = rv_parse_board(text + start, end - start, line, &e->pos, &e->err) == 0;
        }
        if (e->ok) {
            const char *semi = memchr(text + start, ';', end - start);
            if (semi) parse_answers(semi, (size_t)(text + end - semi), e);
        }
        count++;
        if (fn && fn(e, ctx)) break;
    }
    free(e);
    return count;
}

char *rv_read_file(const char *path, size_t *len) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) return NULL;
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (f != stdin) fclose(f);
        errno = EISDIR;
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    int failed = 0;
    while (buf) {
        size_t r = fread(buf + n, 1, cap - n - 1, f);
        n += r;
        if (n > (size_t)RV_MAX_FILE_BYTES) {
            failed = EFBIG;
            break;
        }
        if (r == 0) break;
        if (cap - n - 1 == 0) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) { failed = ENOMEM; break; }
            buf = nb;
            cap *= 2;
        }
    }
    if (!buf) failed = ENOMEM;
    else if (!failed && ferror(f)) failed = errno ? errno : EIO;
    if (f != stdin) fclose(f);
    if (failed) {
        free(buf);
        errno = failed;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}
