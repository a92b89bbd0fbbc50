/* The readers' input caps, at the library level: SGF text (bytes, nodes,
 * values), SGF files and streams (/dev/zero, directories), OBF files and lines,
 * GGF games. Each cap is met exactly (accepted) and passed by one (rejected with
 * a message naming the limit). The CLI side (GTP, NBoard, .tst lines) is in
 * tests/cli_input_caps.sh. */
#include "reversi/ggf.h"
#include "reversi/obf.h"
#include "yomi/go_sgf.h"
#include "testutil.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_sgf_text_caps(void) {
    yomi_error e;
    /* SGF_MAX_NODES nodes parse; one more is refused. */
    size_t n = (size_t)SGF_MAX_NODES;
    char *s = malloc(n + 3);
    if (!s) return;
    s[0] = '(';
    memset(s + 1, ';', n);
    s[n + 1] = ')';
    sgf_collection *c = sgf_parse(s, n + 2, &e);
    CHECK_MSG(c != NULL, "%ld nodes: %s", SGF_MAX_NODES, e.msg);
    sgf_free(c);
    char *t = malloc(n + 4);
    if (t) {
        t[0] = '(';
        memset(t + 1, ';', n + 1);
        t[n + 2] = ')';
        memset(&e, 0, sizeof e);
        c = sgf_parse(t, n + 3, &e);
        CHECK(c == NULL);
        CHECK_MSG(strstr(e.msg, "more than 1000000 nodes (the limit)") != NULL, "%s", e.msg);
        sgf_free(c);
        free(t);
    }
    free(s);

    /* SGF_MAX_VALUES values ("[]", 2 bytes each) parse; one more is refused. */
    size_t v = (size_t)SGF_MAX_VALUES;
    size_t len = 4 + 2 * (v + 1) + 1;
    s = malloc(len);
    if (!s) return;
    memcpy(s, "(;C", 3);
    for (size_t i = 0; i < v + 1; i++) memcpy(s + 3 + 2 * i, "[]", 2);
    s[3 + 2 * (v + 1)] = ')';
    size_t full = 4 + 2 * (v + 1);
    /* Drop the last "[]" for exactly the limit. */
    memmove(s + full - 3, s + full - 1, 1);
    c = sgf_parse(s, full - 2, &e);
    CHECK_MSG(c != NULL, "%ld values: %s", SGF_MAX_VALUES, e.msg);
    sgf_free(c);
    s[full - 3] = '[';
    s[full - 2] = ']';
    s[full - 1] = ')';
    memset(&e, 0, sizeof e);
    c = sgf_parse(s, full, &e);
    CHECK(c == NULL);
    CHECK_MSG(strstr(e.msg, "more than 4000000 property values (the limit)") != NULL, "%s", e.msg);
    sgf_free(c);
    free(s);

    /* Text longer than SGF_MAX_BYTES is refused before parsing. */
    len = (size_t)SGF_MAX_BYTES + 1;
    s = malloc(len);
    if (!s) return;
    memset(s, ' ', len);
    memcpy(s, "(;)", 3);
    memset(&e, 0, sizeof e);
    c = sgf_parse(s, len, &e);
    CHECK(c == NULL);
    CHECK_MSG(strstr(e.msg, "larger than the 16 MiB limit") != NULL, "%s", e.msg);
    sgf_free(c);
    c = sgf_parse(s, len - 1, &e);
    CHECK_MSG(c != NULL, "exactly 16 MiB: %s", e.msg);
    sgf_free(c);
    free(s);
}

static void test_sgf_file_caps(void) {
    yomi_error e;
    memset(&e, 0, sizeof e);
    sgf_collection *c = sgf_parse_file("/dev/zero", &e);
    CHECK(c == NULL);
    CHECK_MSG(!strcmp(e.msg, "larger than the 16 MiB limit of an SGF file (SGF_MAX_BYTES)"), "%s", e.msg);
    memset(&e, 0, sizeof e);
    c = sgf_parse_file("/", &e);
    CHECK(c == NULL);
    CHECK_MSG(!strcmp(e.msg, "is a directory, not an SGF file"), "%s", e.msg);
}

static void test_obf_caps(void) {
    size_t len = 0;
    errno = 0;
    char *text = rv_read_file("/dev/zero", &len);
    CHECK(text == NULL);
    CHECK_EQ_INT(errno, EFBIG);
    free(text);
    errno = 0;
    text = rv_read_file("/", &len);
    CHECK(text == NULL);
    CHECK_EQ_INT(errno, EISDIR);
    free(text);
}

typedef struct {
    int ok, bad;
    char msg[256];
    long column;
} obf_count;

static int count_entry(const rv_obf_entry *e, void *vctx) {
    obf_count *c = vctx;
    if (e->ok) {
        c->ok++;
    } else {
        c->bad++;
        snprintf(c->msg, sizeof c->msg, "%s", e->err.msg);
        c->column = e->err.column;
    }
    return 0;
}

static void test_obf_line_cap(void) {
    static const char board[] = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X ;";
    for (int extra = 0; extra <= 1; extra++) {
        size_t n = RV_OBF_MAX_LINE + (size_t)extra;
        char *line = malloc(n + 2);
        if (!line) return;
        memset(line, ' ', n);
        memcpy(line, board, sizeof board - 1);
        line[n] = '\n';
        obf_count c = {0, 0, "", 0};
        rv_obf_scan(line, n + 1, count_entry, &c);
        if (extra == 0) {
            CHECK_MSG(c.ok == 1 && c.bad == 0, "4096-byte line: %s", c.msg);
        } else {
            CHECK(c.ok == 0 && c.bad == 1);
            CHECK_MSG(!strcmp(c.msg, "line longer than the 4096-byte limit"), "%s", c.msg);
            CHECK_EQ_INT(c.column, RV_OBF_MAX_LINE + 1);
        }
        free(line);
    }
}

static void test_ggf_cap(void) {
    for (int extra = 0; extra <= 1; extra++) {
        size_t n = RV_GGF_MAX_BYTES + (size_t)extra;
        char *g = malloc(n);
        if (!g) return;
        static const char head[] = "(;GM[Othello]B[F5]C[";
        memset(g, 'x', n);
        memcpy(g, head, sizeof head - 1);
        memcpy(g + n - 3, "];)", 3);
        rv_ggf_game game;
        yomi_error e;
        memset(&e, 0, sizeof e);
        int rc = rv_ggf_parse(g, n, 1, &game, &e);
        if (extra == 0) {
            CHECK_MSG(rc == 0, "65536-byte game: %s", e.msg);
        } else {
            CHECK(rc < 0);
            CHECK_MSG(!strcmp(e.msg, "game: longer than the 65536-byte limit"), "%s", e.msg);
        }
        free(g);
    }
}

int main(void) {
    test_sgf_text_caps();
    test_sgf_file_caps();
    test_obf_caps();
    test_obf_line_cap();
    test_ggf_cap();
    return t_summary("test_input_caps");
}
