/* Linear Clobber strips: parsing, printing, reversal, negation, normalisation. */
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "yomi/clobber.h"

const char *clob_outcome_name(clob_outcome c) {
    switch (c) {
    case CLOB_OUT_L: return "L";
    case CLOB_OUT_R: return "R";
    case CLOB_OUT_N: return "N";
    case CLOB_OUT_P: return "P";
    case CLOB_OUT_UNKNOWN: break;
    }
    return "unknown";
}

clob_outcome clob_outcome_of(bool left_first_wins, bool right_first_wins) {
    if (left_first_wins) return right_first_wins ? CLOB_OUT_N : CLOB_OUT_L;
    return right_first_wins ? CLOB_OUT_R : CLOB_OUT_P;
}

void clob_set(clob_strip *s, int i, int v) {
    uint64_t bit = 1ULL << (i & 63);
    s->x[i >> 6] &= ~bit;
    s->o[i >> 6] &= ~bit;
    if (v == CLOB_X)
        s->x[i >> 6] |= bit;
    else if (v == CLOB_O)
        s->o[i >> 6] |= bit;
}

void clob_strip_clear(clob_strip *s, int len) {
    memset(s, 0, sizeof *s);
    s->len = len;
}

bool clob_strip_equal(const clob_strip *a, const clob_strip *b) {
    return a->len == b->len && a->x[0] == b->x[0] && a->x[1] == b->x[1] && a->o[0] == b->o[0] &&
        a->o[1] == b->o[1];
}

int clob_strip_parse(const char *s, size_t n, clob_strip *out, yomi_error *err) {
    clob_strip_clear(out, 0);
    if (n == 0) return yomi_fail(err, 0, 1, "empty board");
    for (size_t i = 0; i < n; i++) {
        int v;
        switch (s[i]) {
        case 'X':
        case 'B': v = CLOB_X; break;
        case 'O':
        case 'W': v = CLOB_O; break;
        case '.': v = CLOB_EMPTY; break;
        default: {
            unsigned char ch = (unsigned char)s[i];
            if (ch > 32 && ch < 127)
                return yomi_fail(err, 0, (long)i + 1,
                                 "unexpected character '%c' (expected X, O, B, W or '.')", ch);
            return yomi_fail(err, 0, (long)i + 1, "unexpected byte 0x%02x (expected X, O, B, W or '.')", ch);
        }
        }
        if (i >= CLOB_MAX_LEN)
            return yomi_fail(err, 0, (long)i + 1, "board longer than %d cells", CLOB_MAX_LEN);
        clob_set(out, (int)i, v);
    }
    out->len = (int)n;
    return 0;
}

char *clob_strip_format(const clob_strip *s, char *buf) {
    static const char ch[3] = {'.', 'X', 'O'};
    for (int i = 0; i < s->len; i++) buf[i] = ch[clob_cell(s, i)];
    buf[s->len] = 0;
    return buf;
}

int clob_player_parse(const char *s, int *player, yomi_error *err) {
    if (!s || !*s) return yomi_fail(err, 0, 0, "missing player (X, O, B or W)");
    if (!strcmp(s, "X") || !strcmp(s, "B"))
        *player = CLOB_LEFT;
    else if (!strcmp(s, "O") || !strcmp(s, "W"))
        *player = CLOB_RIGHT;
    else
        return yomi_fail(err, 0, 0, "unknown player '%.40s' (expected X, O, B or W)", s);
    return 0;
}

clob_strip clob_strip_reverse(const clob_strip *s) {
    clob_strip r;
    clob_strip_clear(&r, s->len);
    for (int i = 0; i < s->len; i++) clob_set(&r, s->len - 1 - i, clob_cell(s, i));
    return r;
}

clob_strip clob_strip_negate(const clob_strip *s) {
    clob_strip r = *s;
    memcpy(r.x, s->o, sizeof r.x);
    memcpy(r.o, s->x, sizeof r.o);
    return r;
}

bool clob_has_move(const clob_strip *s, int player) {
    (void)player; /* an X next to an O gives both players a move */
    for (int i = 0; i + 1 < s->len; i++) {
        int a = clob_cell(s, i), b = clob_cell(s, i + 1);
        if (a && b && a != b) return true;
    }
    return false;
}

typedef struct run_txt {
    char c[CLOB_MAX_LEN];
    int n;
} run_txt;

static int run_cmp(const void *pa, const void *pb) {
    const run_txt *a = pa, *b = pb;
    if (a->n != b->n) return a->n > b->n ? -1 : 1;
    return memcmp(a->c, b->c, (size_t)a->n);
}

clob_strip clob_strip_normalise(const clob_strip *s) {
    static const char ch[3] = {'.', 'X', 'O'};
    run_txt runs[CLOB_MAX_LEN / 2 + 1];
    int nr = 0;
    for (int i = 0; i < s->len;) {
        if (!clob_cell(s, i)) {
            i++;
            continue;
        }
        int j = i, mixed = 0;
        while (j < s->len && clob_cell(s, j)) {
            if (clob_cell(s, j) != clob_cell(s, i)) mixed = 1;
            j++;
        }
        if (mixed) {
            run_txt *r = &runs[nr++];
            r->n = j - i;
            char fw[CLOB_MAX_LEN], bw[CLOB_MAX_LEN];
            for (int k = 0; k < r->n; k++) {
                fw[k] = ch[clob_cell(s, i + k)];
                bw[r->n - 1 - k] = fw[k];
            }
            /* 'O' > 'X' in ASCII is the wrong way round for "X before O": compare
             * with the colours flipped so that X sorts first. */
            int c = 0;
            for (int k = 0; k < r->n && !c; k++)
                if (fw[k] != bw[k]) c = fw[k] == 'X' ? -1 : 1;
            memcpy(r->c, c <= 0 ? fw : bw, (size_t)r->n);
            for (int k = 0; k < r->n; k++) r->c[k] = r->c[k] == 'X' ? 'a' : 'b';
        }
        i = j;
    }
    qsort(runs, (size_t)nr, sizeof runs[0], run_cmp);
    clob_strip out;
    clob_strip_clear(&out, 0);
    int p = 0;
    for (int r = 0; r < nr; r++) {
        if (r) p++;
        for (int k = 0; k < runs[r].n; k++) clob_set(&out, p++, runs[r].c[k] == 'a' ? CLOB_X : CLOB_O);
    }
    out.len = p;
    return out;
}
