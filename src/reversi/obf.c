#include "reversi/obf.h"

#include "core/file.h"

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
    return yomi_read_file(path, (size_t)RV_MAX_FILE_BYTES, len, "an OBF file", "RV_MAX_FILE_BYTES", NULL);
}
