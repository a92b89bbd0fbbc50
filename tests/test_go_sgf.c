/* SGF reader, writer and replay: escapes, collections, variations, setup, passes,
 * sizes, malformed input with byte offsets, round trips, and every game of the
 * GNU Go regression suite (and the loadsgf move numbers its .tst files use). */
#include "yomi/go_sgf.h"
#include "testutil.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static sgf_collection *parse(const char *s, yomi_error *e) {
    memset(e, 0, sizeof *e);
    return sgf_parse(s, strlen(s), e);
}

/* Parse, write, parse again: the two trees must be equal. */
static bool round_trip(const sgf_collection *c) {
    size_t len;
    char *text = sgf_write(c, &len);
    if (!text) return false;
    yomi_error e;
    sgf_collection *d = sgf_parse(text, len, &e);
    bool ok = d && d->ngames == c->ngames;
    for (int i = 0; ok && i < c->ngames; i++) ok = sgf_tree_equal(c->games[i], d->games[i]);
    if (!ok) fprintf(stderr, "round trip failed:\n%s\n", text);
    sgf_free(d);
    free(text);
    return ok;
}

static void test_values(void) {
    yomi_error e;
    const char *src = "(;FF[4]GM[1]SZ[9]C[a\\]b\\\\c\\:d]GN[soft\\\nbreak\\\r\nx]"
                      "PB[line1\nline2]AP [ x ] ;B[cc]\n;W[]C[])";
    sgf_collection *c = parse(src, &e);
    CHECK_MSG(c != NULL, "parse: %s", e.msg);
    if (!c) return;
    sgf_node *r = c->games[0];
    CHECK(strcmp(sgf_get(r, "C"), "a]b\\c:d") == 0);
    CHECK(strcmp(sgf_get(r, "GN"), "softbreakx") == 0);
    CHECK(strcmp(sgf_get(r, "PB"), "line1\nline2") == 0);
    CHECK(strcmp(sgf_get(r, "AP"), " x ") == 0);
    CHECK_EQ_INT(r->nprops, 7);
    CHECK(r->child && strcmp(sgf_get(r->child, "B"), "cc") == 0);
    CHECK(r->child->child && strcmp(sgf_get(r->child->child, "W"), "") == 0);
    CHECK(r->child->child && strcmp(sgf_get(r->child->child, "C"), "") == 0);
    CHECK_EQ_INT(r->number, 1);
    CHECK_EQ_INT(r->child->number, 2);
    CHECK_EQ_INT(r->child->offset, (long)(strstr(src, ";B[cc]") - src));
    CHECK(round_trip(c));
    /* FF[3] lower-case letters in identifiers are dropped. */
    sgf_free(c);
    c = parse("(;GaMe[1]AddBlack[aa][bb])", &e);
    CHECK(c && sgf_get(c->games[0], "GM") && sgf_find(c->games[0], "AB")->nvalues == 2);
    sgf_free(c);
}

static void test_tree(void) {
    yomi_error e;
    /* Two games; the first has variations at the root's child. */
    const char *src = "(;SZ[9];B[ee](;W[dd];B[cc])(;W[ff]C[var 2])(;W[gg]))\n(;SZ[5];B[cc])";
    sgf_collection *c = parse(src, &e);
    CHECK_MSG(c != NULL, "parse: %s", e.msg);
    if (!c) return;
    CHECK_EQ_INT(c->ngames, 2);
    sgf_node *b1 = c->games[0]->child;
    CHECK_EQ_INT(sgf_nchildren(b1), 3);
    CHECK(strcmp(sgf_get(b1->child, "W"), "dd") == 0);
    CHECK(strcmp(sgf_get(b1->child->sibling, "C"), "var 2") == 0);
    CHECK(b1->child->sibling->parent == b1);
    CHECK(strcmp(sgf_get(b1->child->child, "B"), "cc") == 0);
    CHECK(round_trip(c));
    /* A tree built by hand writes as expected text. */
    sgf_collection *d = sgf_collection_new();
    sgf_node *root = sgf_node_new();
    CHECK(sgf_node_add(root, "SZ", "9"));
    CHECK(sgf_node_add(root, "C", "x]y\\"));
    CHECK(!sgf_node_add(root, "bad", "1"));
    sgf_node *m = sgf_node_add_child(root);
    sgf_node_add(m, "B", "ee");
    sgf_node_add(sgf_node_add_child(m), "W", "dd");
    sgf_node_add(sgf_node_add_child(m), "W", "ff");
    sgf_node_add(m, "TR", "aa");
    sgf_node_add(m, "TR", "bb");
    sgf_collection_add(d, root);
    size_t len;
    char *text = sgf_write(d, &len);
    CHECK(text && strcmp(text, "(;SZ[9]C[x\\]y\\\\]\n;B[ee]TR[aa][bb]\n(;W[dd])\n(;W[ff]))\n") == 0);
    free(text);
    CHECK(round_trip(d));
    CHECK(!sgf_tree_equal(c->games[0], d->games[0]));
    sgf_node_remove(root, "C");
    CHECK(sgf_get(root, "C") == NULL && sgf_get(root, "SZ") != NULL);
    sgf_free(d);
    sgf_free(c);
}

/* Malformed text: the error names the byte offset where the problem is. */
static void test_markup_and_files(void) {
    yomi_error e;
    sgf_collection *c = parse("(;SZ[9]AB[aa][cc]AW[ab:bc];TR[ee][ff]SQ[gg]MA[aa:bb]C[note])", &e);
    CHECK_MSG(c != NULL, "parse: %s", e.msg);
    if (!c) return;
    go_point pts[16];
    const sgf_node *n = c->games[0]->child;
    CHECK_EQ_INT(sgf_prop_points(sgf_find(n, "TR"), 9, pts, 16, &e), 2);
    CHECK_EQ_INT(pts[0], go_pt(4, 4));
    CHECK_EQ_INT(pts[1], go_pt(5, 5));
    CHECK_EQ_INT(sgf_prop_points(sgf_find(n, "SQ"), 9, pts, 16, &e), 1);
    CHECK_EQ_INT(sgf_prop_points(sgf_find(n, "MA"), 9, pts, 16, &e), 4);
    CHECK_EQ_INT(sgf_prop_points(sgf_find(n, "MA"), 9, pts, 3, &e), 3);
    CHECK_EQ_INT(sgf_prop_points(sgf_find(c->games[0], "AW"), 9, pts, 16, &e), 4);
    CHECK_EQ_INT(sgf_prop_points(sgf_find(n, "TR"), 5, pts, 16, &e), -1);
    CHECK_MSG(strstr(e.msg, "TR[ff]") != NULL, "%s", e.msg);
    CHECK(strcmp(sgf_get(n, "C"), "note") == 0);
    char v[3];
    sgf_point_format(go_pt(3, 15), v);
    CHECK(strcmp(v, "dp") == 0);
    sgf_point_format(GO_PASS, v);
    CHECK(strcmp(v, "") == 0);
    CHECK_EQ_INT(sgf_point_parse("dp", 19), go_pt(3, 15));
    CHECK_EQ_INT(sgf_point_parse("dp", 9), GO_NO_POINT);
    CHECK_EQ_INT(sgf_point_parse("Dp", 19), GO_NO_POINT);
    CHECK_EQ_INT(sgf_point_parse("dpp", 19), GO_NO_POINT);
    CHECK_EQ_INT(sgf_point_parse("tt", 19), GO_PASS);
    CHECK_EQ_INT(sgf_point_parse("tt", 20), go_pt(19, 19));
    /* Write to a file and read it back. */
    char path[] = "/tmp/yomi_sgf_test_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd >= 0) {
        close(fd);
        CHECK_EQ_INT(sgf_write_file(c, path, &e), 0);
        sgf_collection *d = sgf_parse_file(path, &e);
        CHECK(d && sgf_tree_equal(c->games[0], d->games[0]));
        sgf_free(d);
        unlink(path);
    }
    CHECK(sgf_parse_file("/nonexistent/x.sgf", &e) == NULL);
    CHECK_MSG(strstr(e.msg, "cannot open") != NULL, "%s", e.msg);
    CHECK_EQ_INT(sgf_write_file(c, "/nonexistent/x.sgf", &e), -1);
    sgf_free(c);
}

static uint64_t rs = 777;
static unsigned rnd(unsigned n) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return (unsigned)(rs % n);
}

/* Random trees with awkward values (brackets, backslashes, line breaks, colons):
 * writing then parsing must give the same tree. */
static void test_random_round_trip(int trees) {
    static const char alphabet[] = "ab]\\\n\r:;()[ xyz";
    int ok = 0;
    for (int t = 0; t < trees; t++) {
        sgf_collection *c = sgf_collection_new();
        int games = 1 + (int)rnd(3);
        for (int g = 0; g < games; g++) {
            sgf_node *root = sgf_node_new();
            sgf_node *nodes[64];
            int nn = 0;
            nodes[nn++] = root;
            int count = 1 + (int)rnd(40);
            for (int k = 1; k < count; k++) {
                sgf_node *parent = nodes[rnd((unsigned)nn)];
                nodes[nn++] = sgf_node_add_child(parent);
            }
            for (int k = 0; k < nn; k++) {
                int props = (int)rnd(4);
                for (int q = 0; q < props; q++) {
                    static const char *const ids[] = {"B", "W", "C", "AB", "TR", "GN", "XYZ"};
                    char val[16];
                    int len = (int)rnd(12);
                    for (int i = 0; i < len; i++) val[i] = alphabet[rnd(sizeof alphabet - 1)];
                    val[len] = '\0';
                    sgf_node_add(nodes[k], ids[rnd(7)], val);
                }
            }
            sgf_collection_add(c, root);
        }
        ok += round_trip(c);
        sgf_free(c);
    }
    CHECK_EQ_INT(ok, trees);
}

static void expect_error(const char *src, long byte, const char *what) {
    yomi_error e;
    sgf_collection *c = parse(src, &e);
    CHECK_MSG(c == NULL, "accepted malformed %s", src);
    sgf_free(c);
    char want[32];
    snprintf(want, sizeof want, "byte %ld:", byte);
    CHECK_MSG(strstr(e.msg, want) != NULL, "'%s': message '%s' lacks '%s'", src, e.msg, want);
    CHECK_MSG(strstr(e.msg, what) != NULL, "'%s': message '%s' lacks '%s'", src, e.msg, what);
    CHECK(e.line >= 1 && e.column >= 1);
}

static void test_malformed(void) {
    expect_error("(;B[aa]", 7, "unclosed '('");
    expect_error("(;B[aa](;W[bb])", 15, "opened at byte 0");
    expect_error("(;B[aa]))", 8, "unbalanced ')'");
    expect_error("(;C[abc", 3, "unterminated value");
    expect_error("(;C[abc\\]", 3, "unterminated value");
    expect_error("(;B[aa]W)", 7, "no value");
    expect_error("()", 1, "empty game tree");
    expect_error("((;B[aa]))", 1, "node");
    expect_error("(B[aa])", 1, "outside a node");
    expect_error("(;B[aa](;W[bb]);B[cc])", 15, "node after variations");
    expect_error("(;[aa])", 2, "without a property");
    expect_error("(;B[aa]#)", 7, "unexpected character");
    expect_error("", 0, "no game tree");
    expect_error("just text", 9, "no game tree");
    /* Line and column of a late error. */
    yomi_error e;
    sgf_collection *c = parse("(;B[aa]\n;W[bb]\n  ])", &e);
    CHECK(c == NULL);
    CHECK_EQ_INT(e.line, 3);
    CHECK_EQ_INT(e.column, 3);
    sgf_free(c);
    /* Junk around game trees is ignored. */
    c = parse("header junk\n(;SZ[9])\ntrailer", &e);
    CHECK(c && c->ngames == 1);
    sgf_free(c);
    /* Embedded NUL bytes do not stop the parser or cut values short. */
    const char nul[] = "(;C[a\0b];B[aa])";
    c = sgf_parse(nul, sizeof nul - 1, &e);
    CHECK(c && strcmp(sgf_get(c->games[0], "C"), "ab") == 0 && c->games[0]->child);
    sgf_free(c);
}

static int replay(const char *src, int stop, go_board *b, go_color *to_move, yomi_error *e) {
    sgf_collection *c = parse(src, e);
    if (!c) return -100;
    int r = sgf_replay(c->games[0], b, stop, to_move, e);
    sgf_free(c);
    return r;
}

static void test_replay(void) {
    go_board *b = go_board_new(19);
    yomi_error e;
    go_color tm;
    /* White A19 (aa) in the corner is captured by B19 then A18. */
    CHECK_EQ_INT(replay("(;SZ[5]AW[aa];B[ba];W[cc];B[ab];W[dd])", 0, b, &tm, &e), 4);
    CHECK_EQ_INT(go_board_size(b), 5);
    CHECK_EQ_INT(go_board_at(b, go_pt(0, 0)), GO_EMPTY);
    CHECK_EQ_INT(go_board_captures(b, GO_BLACK), 1);
    CHECK_EQ_INT(tm, GO_BLACK);
    CHECK(go_board_check(b));
    /* Stop before move 3 (loadsgf FILE 3): two moves played, black to play. */
    CHECK_EQ_INT(replay("(;SZ[5]AW[aa];B[ba];W[cc];B[ab];W[dd])", 3, b, &tm, &e), 2);
    CHECK_EQ_INT(go_board_at(b, go_pt(0, 0)), GO_WHITE);
    CHECK_EQ_INT(go_board_at(b, go_pt(2, 2)), GO_WHITE);
    CHECK_EQ_INT(go_board_at(b, go_pt(0, 1)), GO_EMPTY);
    CHECK_EQ_INT(tm, GO_BLACK);
    CHECK_EQ_INT(replay("(;SZ[5]AW[aa];B[ba];W[cc];B[ab];W[dd])", 1, b, &tm, &e), 0);
    /* Compressed setup, AE, PL, passes as [] and tt. */
    CHECK_EQ_INT(replay("(;SZ[9]AB[aa:cc]AW[dd][ee]PL[W];AE[bb][ee]PL[W])", 0, b, &tm, &e), 0);
    int black = 0, white = 0;
    GO_FOR_POINTS(b, p) {
        black += go_board_at(b, p) == GO_BLACK;
        white += go_board_at(b, p) == GO_WHITE;
    }
    CHECK_EQ_INT(black, 8);
    CHECK_EQ_INT(white, 1);
    CHECK_EQ_INT(tm, GO_WHITE);
    CHECK_EQ_INT(replay("(;SZ[19];B[tt];W[];B[aa])", 0, b, &tm, &e), 3);
    CHECK_EQ_INT(go_board_at(b, go_pt(0, 0)), GO_BLACK);
    CHECK_EQ_INT(tm, GO_WHITE);
    CHECK_EQ_INT(replay("(;SZ[21];B[tt])", 0, b, &tm, &e), 1);
    CHECK_EQ_INT(go_board_at(b, go_pt(19, 19)), GO_BLACK);
    CHECK_EQ_INT(replay("(;HA[2]AB[dd][pp])", 0, b, &tm, &e), 0);
    CHECK_EQ_INT(tm, GO_WHITE);
    /* Sizes. */
    CHECK_EQ_INT(replay("(;SZ[9:13];B[aa])", 0, b, &tm, &e), -1);
    CHECK_MSG(strstr(e.msg, "non-square") != NULL, "%s", e.msg);
    CHECK_EQ_INT(replay("(;SZ[26])", 0, b, &tm, &e), -1);
    CHECK_EQ_INT(replay("(;SZ[1])", 0, b, &tm, &e), -1);
    CHECK_EQ_INT(replay("(;SZ[x])", 0, b, &tm, &e), -1);
    CHECK_EQ_INT(replay("(;GM[2])", 0, b, &tm, &e), -1);
    CHECK_EQ_INT(replay("(;SZ[ 7 ])", 0, b, &tm, &e), 0);
    CHECK_EQ_INT(go_board_size(b), 7);
    /* Bad moves in the record name the node. */
    CHECK_EQ_INT(replay("(;SZ[9];B[ee];W[ee])", 0, b, &tm, &e), -1);
    CHECK_MSG(strstr(e.msg, "node 3 (byte 13)") && strstr(e.msg, "occupied"), "%s", e.msg);
    CHECK_EQ_INT(replay("(;SZ[9];B[ej];W[ee])", 0, b, &tm, &e), -1);
    CHECK_MSG(strstr(e.msg, "node 2") && strstr(e.msg, "off the"), "%s", e.msg);
    CHECK_EQ_INT(replay("(;SZ[9];B[e])", 0, b, &tm, &e), -1);
    CHECK_EQ_INT(replay("(;SZ[9];B[aa]W[bb])", 0, b, &tm, &e), -1);
    CHECK_EQ_INT(replay("(;SZ[9]AB[zz])", 0, b, &tm, &e), -1);
    CHECK_MSG(strstr(e.msg, "node 1"), "%s", e.msg);
    CHECK_EQ_INT(replay("(;SZ[19]AB[tt])", 0, b, &tm, &e), -1);
    CHECK_EQ_INT(replay("(;SZ[9]AB[ab][ba]AW[aa])", 0, b, &tm, &e), -1);
    CHECK_MSG(strstr(e.msg, "without liberties"), "%s", e.msg);
    CHECK_EQ_INT(replay("(;SZ[9]PL[X])", 0, b, &tm, &e), -1);
    /* A setup stone without liberties after a move (found by fuzz_sgf): the record is
     * refused naming the node and the point, and the move before it still undoes to
     * a consistent board. */
    CHECK_EQ_INT(replay("(;SZ[9]AW[gh][di][hi][ei]W[fi];AB[gi])", 0, b, &tm, &e), -1);
    CHECK_MSG(!strcmp(e.msg, "node 2 (byte 30): AB[gi] leaves a string without liberties"), "%s", e.msg);
    CHECK(go_board_check(b));
    CHECK_EQ_INT(go_board_at(b, go_pt(6, 8)), GO_EMPTY);
    CHECK(go_board_undo(b));
    CHECK(!go_board_undo(b));
    CHECK_MSG(go_board_check(b), "board inconsistent after undoing the record's moves");
    CHECK_EQ_INT(go_board_at(b, go_pt(5, 8)), GO_EMPTY);
    CHECK_EQ_INT(go_board_at(b, go_pt(4, 8)), GO_WHITE);
    /* Suicide and ko in the record are illegal moves. */
    CHECK_EQ_INT(replay("(;SZ[9]AB[ab][ba];W[aa])", 0, b, &tm, &e), -1);
    CHECK_MSG(strstr(e.msg, "suicide"), "%s", e.msg);
    CHECK_EQ_INT(replay("(;SZ[9]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb])", 0, b, &tm, &e), -1);
    CHECK_MSG(strstr(e.msg, "ko"), "%s", e.msg);
    go_board_free(b);
}

/* Every file under dir (recursively) with the .sgf suffix. */
static int list_sgf(const char *dir, char ***out, int *n, int *cap) {
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        if (ent->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            list_sgf(path, out, n, cap);
        } else {
            size_t k = strlen(path);
            if (k > 4 && strcmp(path + k - 4, ".sgf") == 0) {
                if (*n == *cap) {
                    *cap = *cap ? 2 * *cap : 64;
                    *out = realloc(*out, (size_t)*cap * sizeof **out);
                }
                (*out)[(*n)++] = strdup(path);
            }
        }
    }
    closedir(d);
    return 0;
}

/* allow_ko: problem collections record ko fights without the threats in between,
 * so a refused ko recapture is the only replay error accepted there. */
static void test_corpus(const char *data, const char *rel, int min_files, bool allow_ko) {
    const char *dir = t_data_path(data, rel);
    char **files = NULL;
    int n = 0, cap = 0;
    if (!dir || list_sgf(dir, &files, &n, &cap) != 0) {
        CHECK_MSG(0, "test data not found: %s", dir ? dir : rel);
        return;
    }
    CHECK_MSG(n >= min_files, "%s: only %d files", rel, n);
    go_board *b = go_board_new(19);
    int parsed = 0, replayed = 0, trips = 0, moves = 0, kos = 0;
    for (int i = 0; i < n; i++) {
        yomi_error e = {0};
        sgf_collection *c = sgf_parse_file(files[i], &e);
        CHECK_MSG(c != NULL, "%s: %s", files[i], e.msg);
        if (c) {
            parsed++;
            bool ok = true;
            for (int g = 0; g < c->ngames; g++) {
                int r = sgf_replay(c->games[g], b, 0, NULL, &e);
                if (r < 0 && allow_ko && strstr(e.msg, "ko recapture")) {
                    kos++;
                    r = 0;
                }
                CHECK_MSG(r >= 0, "%s: %s", files[i], e.msg);
                if (r < 0)
                    ok = false;
                else
                    moves += r;
                if (!go_board_check(b)) ok = false;
            }
            replayed += ok;
            trips += round_trip(c);
            sgf_free(c);
        }
        free(files[i]);
    }
    free(files);
    CHECK_EQ_INT(parsed, n);
    CHECK_EQ_INT(replayed, n);
    CHECK_EQ_INT(trips, n);
    printf("%s: %d files parsed, replayed and round-tripped (%d moves, %d stopped at a ko)\n", rel, n, moves,
           kos);
    go_board_free(b);
}

/* The loadsgf lines of GNU Go's .tst files: each FILE [N] replays without error and
 * leaves N-1 moves on the board (or the whole game). */
static void test_loadsgf(const char *data, const char *tst) {
    const char *path = t_data_path(data, tst);
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f) {
        CHECK_MSG(0, "test data not found: %s", path ? path : tst);
        return;
    }
    char line[1024];
    int count = 0, bad = 0;
    go_board *b = go_board_new(19);
    while (fgets(line, sizeof line, f)) {
        char file[512];
        int n = 0;
        int k = sscanf(line, "loadsgf %511s %d", file, &n);
        if (k < 1) continue;
        yomi_error e = {0};
        char full[1024];
        snprintf(full, sizeof full, "%s/go/gnugo-regress/%s", data, file);
        sgf_collection *c = sgf_parse_file(full, &e);
        if (!c) {
            bad++;
            fprintf(stderr, "%s: %s\n", full, e.msg);
            continue;
        }
        int total = sgf_replay(c->games[0], b, 0, NULL, &e);
        int r = sgf_replay(c->games[0], b, k == 2 ? n : 0, NULL, &e);
        if (r < 0 || (k == 2 && n >= 1 && r != (n - 1 < total ? n - 1 : total)) || !go_board_check(b)) {
            bad++;
            fprintf(stderr, "%s %d: %d moves, %s\n", full, n, r, r < 0 ? e.msg : "");
        }
        count++;
        sgf_free(c);
    }
    fclose(f);
    go_board_free(b);
    CHECK_MSG(count > 20, "%s: only %d loadsgf lines", tst, count);
    printf("%s: %d loadsgf lines replayed\n", tst, count);
    CHECK_EQ_INT(bad, 0);
}

int main(int argc, char **argv) {
    const char *data = argc > 1 ? argv[1] : NULL;
    test_values();
    test_tree();
    test_malformed();
    test_replay();
    test_markup_and_files();
    test_random_round_trip(t_sanitized() ? 200 : 2000);
    if (data) {
        test_corpus(data, "go/gnugo-regress/games", 200, false);
        test_corpus(data, "go/gnugo-regress/golois", 1, false);
        test_loadsgf(data, "go/gnugo-regress/reading.tst");
        test_loadsgf(data, "go/gnugo-regress/owl.tst");
        test_loadsgf(data, "go/gnugo-regress/ld_owl.tst");
    }
    return t_summary("test_go_sgf");
}
