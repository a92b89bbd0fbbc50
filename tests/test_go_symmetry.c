/* The eight board symmetries applied to GNU Go's reading.tst: the SGF files it
 * loads (every point of B, W, AB, AW, AE and the markup properties) and every
 * vertex of its commands and expected answers.
 *
 * As a test (argv[1]: the data folder) it checks the transformer against the
 * library's own SGF reader: each game reading.tst loads, transformed by each
 * symmetry and read back, gives the transformed board at every move number the
 * suite asks for (the stones, the side to move, the ko point), and the vertex
 * rewrite of the .tst is undone by the inverse symmetry.
 *
 * With --write OUT it writes OUT/s0 ... OUT/s7, each a reading.tst and its
 * games/ in one orientation (s0 is the identity), for tests/cli_go_symmetry.sh,
 * which runs `yomi go regress` on all eight and requires the same verdict in
 * each case. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "yomi/go_board.h"
#include "yomi/go_sgf.h"
#include "testutil.h"

#define NSYM 8
#define TST_REL "go/gnugo-regress/reading.tst"

/* Symmetry s of the point (col, row) on an n x n board: bit 2 transposes,
 * then bit 0 mirrors the columns and bit 1 the rows. */
static void sym_apply(int s, int n, int *col, int *row) {
    int c = *col, r = *row;
    if (s & 4) {
        int t = c;
        c = r;
        r = t;
    }
    if (s & 1) c = n - 1 - c;
    if (s & 2) r = n - 1 - r;
    *col = c;
    *row = r;
}

/* The symmetry that undoes s. */
static int sym_inverse(int s) {
    for (int t = 0; t < NSYM; t++) {
        int c = 1, r = 2;
        sym_apply(s, 19, &c, &r);
        sym_apply(t, 19, &c, &r);
        int c2 = 3, r2 = 0;
        sym_apply(s, 19, &c2, &r2);
        sym_apply(t, 19, &c2, &r2);
        if (c == 1 && r == 2 && c2 == 3 && r2 == 0) return t;
    }
    return -1;
}

/* ---- Growing strings ---- */

typedef struct buf {
    char *p;
    size_t n, cap;
} buf;

static void buf_put(buf *b, const char *s, size_t n) {
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->p = realloc(b->p, b->cap);
        if (!b->p) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static void buf_putc(buf *b, char ch) { buf_put(b, &ch, 1); }

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    buf b = {0};
    char tmp[65536];
    size_t k;
    while ((k = fread(tmp, 1, sizeof tmp, f)) > 0) buf_put(&b, tmp, k);
    fclose(f);
    if (!b.p) buf_put(&b, "", 0);
    if (len) *len = b.n;
    return b.p;
}

/* ---- SGF ---- */

/* An SGF point "cr" (two letters), transformed in place; "" and, up to
 * 19x19, "tt" (passes) and anything off the board stay as they are. */
static void sgf_point_sym(int s, int n, char *v) {
    if (v[0] < 'a' || v[1] < 'a') return;
    int c = v[0] - 'a', r = v[1] - 'a';
    if (c >= n || r >= n) return;
    sym_apply(s, n, &c, &r);
    v[0] = (char)('a' + c);
    v[1] = (char)('a' + r);
}

enum { V_OTHER, V_POINT, V_LIST, V_LABEL, V_PAIR };

/* How a property's values hold points. */
static int prop_kind(const char *id) {
    static const char *const list[] = {"AB", "AW", "AE", "TR", "SQ", "CR", "MA", "SL",
                                       "TB", "TW", "DD", "VW", "M",  "L",  NULL};
    if (!strcmp(id, "B") || !strcmp(id, "W")) return V_POINT;
    if (!strcmp(id, "LB")) return V_LABEL;
    if (!strcmp(id, "AR") || !strcmp(id, "LN")) return V_PAIR;
    for (int i = 0; list[i]; i++)
        if (!strcmp(id, list[i])) return V_LIST;
    return V_OTHER;
}

/* One raw (still escaped) value of a property of the given kind, transformed. */
static void value_sym(int s, int n, int kind, const char *raw, size_t len, buf *out) {
    char v[64];
    if (kind == V_OTHER || len >= sizeof v || memchr(raw, '\\', len)) {
        buf_put(out, raw, len);
        return;
    }
    memcpy(v, raw, len);
    v[len] = 0;
    if (kind == V_POINT && len == 2) {
        sgf_point_sym(s, n, v);
    } else if ((kind == V_LIST || kind == V_PAIR) && len == 5 && v[2] == ':') {
        sgf_point_sym(s, n, v);
        sgf_point_sym(s, n, v + 3);
        if (kind == V_LIST) {
            /* A rectangle: its corners again top-left and bottom-right. */
            char c0 = v[0] < v[3] ? v[0] : v[3], c1 = v[0] < v[3] ? v[3] : v[0];
            char r0 = v[1] < v[4] ? v[1] : v[4], r1 = v[1] < v[4] ? v[4] : v[1];
            v[0] = c0, v[1] = r0, v[3] = c1, v[4] = r1;
        }
    } else if (kind == V_LIST && len == 2) {
        sgf_point_sym(s, n, v);
    } else if (kind == V_LABEL && len >= 3 && v[2] == ':') {
        sgf_point_sym(s, n, v);
    }
    buf_put(out, v, len);
}

/* Walks the SGF text: calls back on each property value (its id and raw text).
 * With out, copies the text with the values transformed by s. Returns the
 * board size (SZ, 19 when absent). */
static int sgf_walk(const char *t, size_t len, int s, int n, buf *out) {
    char id[8] = "";
    int idn = 0, size = 19;
    bool fresh_id = false; /* letters seen since the last value */
    for (size_t i = 0; i < len; i++) {
        char ch = t[i];
        if (ch == '[') {
            size_t j = i + 1;
            while (j < len && t[j] != ']') j += t[j] == '\\' ? 2 : 1;
            if (j > len) j = len;
            if (!strcmp(id, "SZ")) size = atoi(t + i + 1);
            if (out) {
                buf_putc(out, '[');
                value_sym(s, n, prop_kind(id), t + i + 1, j - i - 1, out);
                if (j < len) buf_putc(out, ']');
            }
            i = j;
            fresh_id = false;
            continue;
        }
        if (ch >= 'A' && ch <= 'Z') {
            if (!fresh_id) idn = 0;
            fresh_id = true;
            if (idn < (int)sizeof id - 1) id[idn++] = ch, id[idn] = 0;
        } else if (ch >= 'a' && ch <= 'z') {
            /* FF[3] lower-case letters in an identifier are dropped. */
        } else if (ch == ';' || ch == '(' || ch == ')') {
            fresh_id = false;
            idn = 0;
            id[0] = 0;
        }
        if (out) buf_putc(out, ch);
    }
    return size;
}

/* ---- .tst lines ---- */

/* A GTP vertex at v (letter without I, then the row from the bottom):
 * its length, 0 if none. */
static int vertex_at(const char *line, const char *v, int n, int *col, int *row) {
    if (v > line &&
        ((v[-1] >= 'A' && v[-1] <= 'Z') || (v[-1] >= 'a' && v[-1] <= 'z') || (v[-1] >= '0' && v[-1] <= '9') ||
         v[-1] == '_' || v[-1] == '/'))
        return 0;
    char ch = v[0];
    if (ch < 'A' || ch > 'Z' || ch == 'I' || v[1] < '1' || v[1] > '9') return 0;
    int k = 1, num = 0;
    while (v[k] >= '0' && v[k] <= '9' && k < 4) num = num * 10 + (v[k++] - '0');
    if ((v[k] >= 'A' && v[k] <= 'Z') || (v[k] >= 'a' && v[k] <= 'z') || (v[k] >= '0' && v[k] <= '9') ||
        v[k] == '.' || v[k] == '_')
        return 0;
    int c = ch - 'A' - (ch > 'I');
    if (c >= n || num < 1 || num > n) return 0;
    *col = c;
    *row = n - num;
    return k;
}

/* One line of a .tst (a command or an expectation, not loadsgf) with every
 * vertex transformed by s on an n x n board. */
static void line_sym(int s, int n, const char *line, buf *out) {
    for (const char *p = line; *p;) {
        int c, r, k = vertex_at(line, p, n, &c, &r);
        if (!k) {
            buf_putc(out, *p++);
            continue;
        }
        sym_apply(s, n, &c, &r);
        char v[16];
        snprintf(v, sizeof v, "%c%d", 'A' + c + (c >= 8), (n - r) % 100);
        buf_put(out, v, strlen(v));
        p += k;
    }
}

/* ---- The suite ---- */

typedef struct game {
    char rel[256]; /* path relative to the .tst */
    char *text;
    size_t len;
    int size;
} game;

typedef struct suite {
    char dir[1024]; /* the .tst's folder */
    char **lines;
    int nlines;
    game games[256];
    int ngames;
} suite;

static game *suite_game(suite *su, const char *rel) {
    for (int i = 0; i < su->ngames; i++)
        if (!strcmp(su->games[i].rel, rel)) return &su->games[i];
    if (su->ngames == 256 || strlen(rel) >= sizeof su->games[0].rel) return NULL;
    game *g = &su->games[su->ngames];
    char path[1400];
    snprintf(path, sizeof path, "%s/%s", su->dir, rel);
    g->text = read_file(path, &g->len);
    if (!g->text) {
        fprintf(stderr, "cannot read %s: %s\n", path, strerror(errno));
        return NULL;
    }
    snprintf(g->rel, sizeof g->rel, "%s", rel);
    g->size = sgf_walk(g->text, g->len, 0, 19, NULL);
    su->ngames++;
    return g;
}

static bool suite_load(suite *su, const char *tst) {
    memset(su, 0, sizeof *su);
    snprintf(su->dir, sizeof su->dir, "%s", tst);
    char *slash = strrchr(su->dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(su->dir, sizeof su->dir, ".");
    size_t len;
    char *text = read_file(tst, &len);
    if (!text) {
        fprintf(stderr, "test data not found: %s\n", tst);
        return false;
    }
    int cap = 0;
    for (char *p = text, *e; *p; p = e + (*e != 0)) {
        e = strchr(p, '\n');
        if (!e) e = p + strlen(p);
        if (su->nlines == cap) {
            cap = cap ? cap * 2 : 1024;
            su->lines = realloc(su->lines, (size_t)cap * sizeof *su->lines);
            if (!su->lines) return false;
        }
        su->lines[su->nlines++] = strndup(p, (size_t)(e - p));
    }
    free(text);
    for (int i = 0; i < su->nlines; i++) {
        char rel[256];
        if (sscanf(su->lines[i], "loadsgf %255s", rel) == 1 && !suite_game(su, rel)) return false;
    }
    return true;
}

static void suite_free(suite *su) {
    for (int i = 0; i < su->nlines; i++) free(su->lines[i]);
    free(su->lines);
    for (int i = 0; i < su->ngames; i++) free(su->games[i].text);
    su->lines = NULL;
    su->nlines = su->ngames = 0;
}

/* The .tst in orientation s. */
static char *suite_tst(suite *su, int s) {
    buf out = {0};
    int n = 19;
    for (int i = 0; i < su->nlines; i++) {
        const char *l = su->lines[i];
        char rel[256];
        int size;
        if (sscanf(l, "loadsgf %255s", rel) == 1) {
            n = suite_game(su, rel)->size;
            buf_put(&out, l, strlen(l));
        } else if (sscanf(l, "boardsize %d", &size) == 1) {
            n = size;
            buf_put(&out, l, strlen(l));
        } else if (l[0] == '#' && l[1] != '?') {
            buf_put(&out, l, strlen(l)); /* a comment */
        } else {
            line_sym(s, n, l, &out);
        }
        buf_putc(&out, '\n');
    }
    return out.p;
}

static char *game_sym(const game *g, int s) {
    buf out = {0};
    sgf_walk(g->text, g->len, s, g->size, &out);
    return out.p;
}

static bool mkdirs(const char *path) {
    char tmp[1400];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(tmp, 0777) && errno != EEXIST) return false;
        *p = '/';
    }
    return !mkdir(tmp, 0777) || errno == EEXIST;
}

static bool write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

static int write_all(suite *su, const char *outdir) {
    for (int s = 0; s < NSYM; s++) {
        char path[1400];
        snprintf(path, sizeof path, "%s/s%d", outdir, s);
        if (!mkdirs(path)) {
            fprintf(stderr, "cannot make %s: %s\n", path, strerror(errno));
            return 2;
        }
        char *tst = suite_tst(su, s);
        snprintf(path, sizeof path, "%s/s%d/reading.tst", outdir, s);
        bool ok = write_text(path, tst);
        free(tst);
        for (int i = 0; ok && i < su->ngames; i++) {
            snprintf(path, sizeof path, "%s/s%d/%s", outdir, s, su->games[i].rel);
            char *slash = strrchr(path, '/');
            *slash = 0;
            ok = mkdirs(path);
            *slash = '/';
            char *t = game_sym(&su->games[i], s);
            ok = ok && write_text(path, t);
            free(t);
        }
        if (!ok) {
            fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno));
            return 2;
        }
    }
    return 0;
}

/* ---- Self-test ---- */

/* The position of game g before move mv (0: the end), in orientation s. */
static go_board *replay(const char *text, size_t len, int mv, go_color *to_move) {
    yomi_error err;
    sgf_collection *c = sgf_parse(text, len, &err);
    if (!c) return NULL;
    int size = sgf_board_size(c->games[0], &err);
    go_board *b = size > 0 ? go_board_new(size) : NULL;
    if (b && sgf_replay(c->games[0], b, mv, to_move, &err) < 0) {
        go_board_free(b);
        b = NULL;
    }
    sgf_free(c);
    return b;
}

static void check_games(suite *su) {
    int checked = 0;
    for (int i = 0; i < su->nlines; i++) {
        char rel[256];
        int mv = 0;
        if (sscanf(su->lines[i], "loadsgf %255s %d", rel, &mv) < 1) continue;
        game *g = suite_game(su, rel);
        go_color tm0;
        go_board *b0 = replay(g->text, g->len, mv, &tm0);
        CHECK_MSG(b0 != NULL, "%s %d does not replay", rel, mv);
        if (!b0) continue;
        int n = go_board_size(b0);
        CHECK_EQ_INT(n, g->size);
        for (int s = 1; s < NSYM; s++) {
            if (t_sanitized() && s != 5) continue; /* one symmetry is enough there */
            char *t = game_sym(g, s);
            go_color tm;
            go_board *b = replay(t, strlen(t), mv, &tm);
            CHECK_MSG(b != NULL, "%s %d in symmetry %d does not replay", rel, mv, s);
            if (b) {
                int diff = 0;
                for (int r = 0; r < n; r++)
                    for (int c = 0; c < n; c++) {
                        int c2 = c, r2 = r;
                        sym_apply(s, n, &c2, &r2);
                        diff += go_board_at(b0, go_pt(c, r)) != go_board_at(b, go_pt(c2, r2));
                    }
                CHECK_MSG(diff == 0, "%s %d symmetry %d: %d points differ", rel, mv, s, diff);
                CHECK_EQ_INT(tm, tm0);
                CHECK_EQ_INT(go_board_moves(b), go_board_moves(b0));
                go_point k0 = go_board_ko(b0), k = go_board_ko(b);
                if (k0 == GO_NO_POINT) {
                    CHECK_EQ_INT(k, GO_NO_POINT);
                } else {
                    int c2 = go_col(k0), r2 = go_row(k0);
                    sym_apply(s, n, &c2, &r2);
                    CHECK_EQ_INT(k, go_pt(c2, r2));
                }
                go_board_free(b);
            }
            free(t);
        }
        go_board_free(b0);
        checked++;
    }
    CHECK_MSG(checked >= 150, "only %d loadsgf lines checked", checked);
}

static void check_tst(suite *su) {
    for (int s = 0; s < NSYM; s++) {
        int inv = sym_inverse(s);
        CHECK(inv >= 0);
        char *t = suite_tst(su, s);
        /* Read back the transformed lines and undo the symmetry. */
        suite back = *su;
        back.lines = malloc((size_t)su->nlines * sizeof *back.lines);
        int nl = 0;
        for (char *p = t, *e; *p && nl < su->nlines; p = e + 1) {
            e = strchr(p, '\n');
            back.lines[nl++] = strndup(p, (size_t)(e - p));
        }
        back.nlines = nl;
        CHECK_EQ_INT(nl, su->nlines);
        char *u = suite_tst(&back, inv);
        buf orig = {0};
        for (int i = 0; i < su->nlines; i++) {
            buf_put(&orig, su->lines[i], strlen(su->lines[i]));
            buf_putc(&orig, '\n');
        }
        CHECK_MSG(!strcmp(u, orig.p), "symmetry %d then %d is not the identity", s, inv);
        /* Every symmetry but the identity moves some vertex. */
        if (s) CHECK_MSG(strcmp(t, orig.p) != 0, "symmetry %d changed nothing", s);
        for (int i = 0; i < nl; i++) free(back.lines[i]);
        free(back.lines);
        free(orig.p);
        free(u);
        free(t);
    }
    /* Vertices: I is skipped, the row counts from the bottom. */
    buf out = {0};
    line_sym(1, 19, "1 attack H3 J3 A1 T19 I5 games/A1.sgf B12x", &out);
    CHECK_MSG(!strcmp(out.p, "1 attack M3 L3 T1 A19 I5 games/A1.sgf B12x"), "got '%s'", out.p);
    out.n = 0;
    line_sym(4, 9, "#? [1 (A1|J9|C2)]*", &out);
    CHECK_MSG(!strcmp(out.p, "#? [1 (J9|A1|H7)]*"), "got '%s'", out.p);
    free(out.p);
    /* SGF: points, rectangles, labels; escapes and text untouched. */
    const char *sgf = "(;SZ[9]AB[aa:bc]LB[ab:x]C[ [aa\\]bb ]W[ia]B[]TR[ce];W[tt])";
    out = (buf){0};
    sgf_walk(sgf, strlen(sgf), 1, 9, &out);
    CHECK_MSG(!strcmp(out.p, "(;SZ[9]AB[ha:ic]LB[ib:x]C[ [aa\\]bb ]W[aa]B[]TR[ge];W[tt])"), "got '%s'",
              out.p);
    free(out.p);
}

int main(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[1], "--write")) {
        suite su;
        if (!suite_load(&su, argv[3])) return 2;
        int rc = write_all(&su, argv[2]);
        suite_free(&su);
        return rc;
    }
    if (argc >= 2 && argv[1][0] == '-') {
        fprintf(stderr,
                "usage: test_go_symmetry DATA_DIR\n       test_go_symmetry --write OUT_DIR FILE.tst\n");
        return 2;
    }
    const char *tst = t_data_path(argc > 1 ? argv[1] : NULL, TST_REL);
    suite su;
    CHECK_MSG(tst && suite_load(&su, tst), "test data not found: %s", tst ? tst : TST_REL);
    if (t_failed) return t_summary("go_symmetry");
    check_tst(&su);
    check_games(&su);
    suite_free(&su);
    return t_summary("go_symmetry");
}
