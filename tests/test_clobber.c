/* Linear Clobber: encoding, parsing, the brute-force oracle and the solver against
 * the truth tables (every string up to length 10, (XO)^n, (XXO)^n + k.OOX), the
 * 1,000 SEGClobber boards, random strips against the brute force, symmetry
 * (reversal keeps the class, colour swap swaps L and R) and the database file. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clobber/clobber_db.h"
#include "core/hash.h"
#include "testutil.h"
#include "yomi/clobber.h"
#include "core/search.h"
#define TIMED(x)                                                                                             \
    do {                                                                                                     \
        double t0_ = yomi_now();                                                                             \
        x;                                                                                                   \
        fprintf(stderr, "%-30s %.2f s\n", #x, yomi_now() - t0_);                                             \
    } while (0)

static const char *data_dir;

static clob_strip S(const char *s) {
    clob_strip b;
    yomi_error e = {0};
    if (clob_strip_parse(s, strlen(s), &b, &e)) {
        fprintf(stderr, "bad test board '%s': %s\n", s, e.msg);
        exit(2);
    }
    return b;
}

static clob_outcome solve_class(clob_solver *s, const clob_strip *b) {
    clob_answer a, c;
    yomi_result l = clob_solve(s, b, CLOB_LEFT, NULL, &a);
    yomi_result r = clob_solve(s, b, CLOB_RIGHT, NULL, &c);
    if (l == YOMI_UNKNOWN || r == YOMI_UNKNOWN) return CLOB_OUT_UNKNOWN;
    return clob_outcome_of(l == YOMI_WIN, r == YOMI_WIN);
}

static clob_outcome parse_class(const char *s) {
    if (!strcmp(s, "L")) return CLOB_OUT_L;
    if (!strcmp(s, "R")) return CLOB_OUT_R;
    if (!strcmp(s, "N")) return CLOB_OUT_N;
    if (!strcmp(s, "P")) return CLOB_OUT_P;
    return CLOB_OUT_UNKNOWN;
}

static FILE *open_data(const char *rel) {
    const char *p = t_data_path(data_dir, rel);
    FILE *f = p ? fopen(p, "r") : NULL;
    CHECK_MSG(f != NULL, "cannot open test data %s", p ? p : rel);
    return f;
}

static void test_parse(void) {
    clob_strip b;
    yomi_error e = {0};
    CHECK(clob_strip_parse("XO.BW", 5, &b, &e) == 0);
    char buf[CLOB_MAX_LEN + 1];
    CHECK(!strcmp(clob_strip_format(&b, buf), "XO.XO"));
    CHECK(clob_strip_parse("XOZO", 4, &b, &e) == -1);
    CHECK_EQ_INT(e.column, 3);
    CHECK(strstr(e.msg, "'Z'") != NULL);
    CHECK(clob_strip_parse("", 0, &b, &e) == -1);
    CHECK(strstr(e.msg, "empty") != NULL);
    char longb[CLOB_MAX_LEN + 2];
    memset(longb, 'X', sizeof longb);
    CHECK(clob_strip_parse(longb, CLOB_MAX_LEN, &b, &e) == 0);
    CHECK_EQ_INT(b.len, CLOB_MAX_LEN);
    CHECK_EQ_INT(clob_cell(&b, CLOB_MAX_LEN - 1), CLOB_X);
    CHECK(clob_strip_parse(longb, CLOB_MAX_LEN + 1, &b, &e) == -1);
    CHECK_EQ_INT(e.column, CLOB_MAX_LEN + 1);
    int p = -1;
    CHECK(clob_player_parse("W", &p, &e) == 0 && p == CLOB_RIGHT);
    CHECK(clob_player_parse("B", &p, &e) == 0 && p == CLOB_LEFT);
    CHECK(clob_player_parse("Q", &p, &e) == -1);
    CHECK(clob_player_parse("", &p, &e) == -1);
    /* Normalisation: dead runs go, runs turn to their X-first end, longest first. */
    b = S("OO.OX..XXO.XXXX.OXX");
    clob_strip n = clob_strip_normalise(&b);
    CHECK_MSG(!strcmp(clob_strip_format(&n, buf), "XXO.XXO.XO"), "normalise gave %s", buf);
    b = S("OXX");
    clob_strip r = clob_strip_reverse(&b);
    CHECK(!strcmp(clob_strip_format(&r, buf), "XXO"));
    clob_strip ng = clob_strip_negate(&b);
    CHECK(!strcmp(clob_strip_format(&ng, buf), "XOO"));
    /* Cells past 64 live in the second word. */
    char s100[101];
    for (int i = 0; i < 100; i++) s100[i] = i == 70 ? 'O' : i == 99 ? '.' : 'X';
    s100[100] = 0;
    b = S(s100);
    CHECK_EQ_INT(clob_cell(&b, 70), CLOB_O);
    CHECK_EQ_INT(clob_cell(&b, 99), CLOB_EMPTY);
    CHECK(!strcmp(clob_strip_format(&b, buf), s100));
}

/* Every string over {X,O,.} up to length 10; release: all rows, sanitized: a
 * fixed sample. A row sample also goes through the brute force. */
static void test_truth_all(clob_solver *s) {
    FILE *f = open_data("clobber/truth/all_strings_len_le10.tsv");
    if (!f) return;
    char line[256];
    long rows = 0, wrong = 0, brute = 0;
    int step = t_sanitized() ? 61 : 1;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strncmp(line, "board\t", 6)) continue;
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        char *cls = tab + 1;
        cls[strcspn(cls, "\r\n")] = 0;
        clob_outcome want = parse_class(cls);
        if (!strcmp(line, "(empty)")) {
            CHECK(want == CLOB_OUT_P);
            rows++;
            continue;
        }
        if (rows++ % step) continue;
        clob_strip b = S(line);
        clob_outcome got = solve_class(s, &b);
        if (got != want && wrong++ < 10)
            CHECK_MSG(0, "%s: solver %s, truth %s", line, clob_outcome_name(got), cls);
        if (rows % (t_sanitized() ? 5 : 97) == 0) {
            brute++;
            clob_outcome bf = clob_brute_outcome(&b);
            CHECK_MSG(bf == want, "%s: brute force %s, truth %s", line, clob_outcome_name(bf), cls);
        }
    }
    fclose(f);
    CHECK_MSG(rows == 88573, "all_strings_len_le10.tsv: %ld rows, want 88573", rows);
    CHECK_MSG(wrong == 0, "%ld truth rows wrong", wrong);
    printf("truth len<=10: %ld rows (every %d-th solved), %ld through brute force\n", rows, step, brute);
}

static void test_truth_xo(clob_solver *s, int maxn) {
    FILE *f = open_data("clobber/truth/xo_n_outcomes.tsv");
    if (!f) return;
    char line[256], board[128], cls[8];
    int n, rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%d %127s %7s", &n, board, cls) != 3) continue;
        rows++;
        if (n > maxn) continue;
        clob_strip b = S(board);
        clob_outcome got = solve_class(s, &b);
        CHECK_MSG(got == parse_class(cls), "(XO)^%d: solver %s, truth %s", n, clob_outcome_name(got), cls);
    }
    fclose(f);
    CHECK_EQ_INT(rows, 20);
}

static void test_truth_xxo(clob_solver *s, int maxn) {
    FILE *f = open_data("clobber/truth/xxo_n_conj2.tsv");
    if (!f) return;
    char line[256], board[128], a[8], b2[8];
    int n, k, rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%d %d %127s %7s %7s", &n, &k, board, a, b2) != 5) continue;
        rows++;
        if (n > maxn) continue;
        clob_strip b = S(board);
        clob_outcome got = solve_class(s, &b);
        CHECK_MSG(got == parse_class(a), "%s: solver %s, truth %s", board, clob_outcome_name(got), a);
        /* The (XXO)^n part alone: the board up to its first empty cell. */
        char *dot = strchr(board, '.');
        if (dot) *dot = 0;
        clob_strip x = S(board);
        got = solve_class(s, &x);
        CHECK_MSG(got == parse_class(b2), "%s: solver %s, truth %s", board, clob_outcome_name(got), b2);
    }
    fclose(f);
    CHECK(rows >= 10);
}

static void test_segclobber(clob_solver *s) {
    static const char *files[] = {"test_10.txt", "test_20.txt", "test_30.txt", "test_40.txt"};
    int total = 0;
    for (int fi = 0; fi < 4; fi++) {
        char rel[64];
        snprintf(rel, sizeof rel, "clobber/segclobber-tests/%s", files[fi]);
        FILE *f = open_data(rel);
        if (!f) continue;
        char line[256], board[160], pl[8], win[8];
        int k = 0;
        while (fgets(line, sizeof line, f)) {
            if (sscanf(line, "%159s %7s %7s", board, pl, win) != 3) continue;
            k++;
            if (t_sanitized() && (fi == 3 ? k > 10 : k % 5)) continue; /* runs over 32 cells too */
            total++;
            clob_strip b = S(board);
            int player = -1, winner = -1;
            CHECK(clob_player_parse(pl, &player, NULL) == 0);
            CHECK(clob_player_parse(win, &winner, NULL) == 0);
            clob_answer a;
            yomi_result r = clob_solve(s, &b, player, NULL, &a);
            int got = r == YOMI_WIN ? player : r == YOMI_LOSS ? 1 - player : -1;
            CHECK_MSG(got == winner, "%s %s: winner %d, SEGClobber %s", board, pl, got, win);
            if (r == YOMI_WIN) {
                /* The move must be legal and must win: the opponent then loses. */
                int me = player == CLOB_LEFT ? CLOB_X : CLOB_O;
                CHECK(a.from >= 0 && clob_cell(&b, a.from) == me && clob_cell(&b, a.to) == 3 - me &&
                      (a.to == a.from + 1 || a.to == a.from - 1));
                clob_strip c = b;
                clob_set(&c, a.from, CLOB_EMPTY);
                clob_set(&c, a.to, me);
                clob_answer a2;
                CHECK_MSG(clob_solve(s, &c, 1 - player, NULL, &a2) == YOMI_LOSS,
                          "%s %s: move %d-%d does not win", board, pl, a.from, a.to);
            } else {
                CHECK(a.from == -1);
            }
        }
        fclose(f);
        CHECK_MSG(k == 200 || k == 400, "%s: %d boards", rel, k);
    }
    printf("segclobber boards solved: %d\n", total);
}

/* Random strips against the brute force; symmetry properties. */
static void test_random(clob_solver *s, unsigned without) {
    uint64_t st = 0x5eedc10bULL + without;
    int count = t_sanitized() ? 60 : 400;
    clob_options o = {.without = without, .hash_mb = 8};
    clob_solver *w = without ? clob_solver_new(&o, NULL) : s;
    CHECK(w != NULL);
    if (!w) return;
    for (int k = 0; k < count; k++) {
        int len = 2 + (int)(yomi_splitmix64(&st) % 13);
        clob_strip b;
        clob_strip_clear(&b, len);
        for (int i = 0; i < len; i++) {
            uint64_t r = yomi_splitmix64(&st) % 8;
            clob_set(&b, i, r == 0 ? CLOB_EMPTY : r < 5 ? CLOB_X : CLOB_O);
        }
        char buf[CLOB_MAX_LEN + 1];
        clob_strip_format(&b, buf);
        clob_outcome bf = clob_brute_outcome(&b);
        clob_outcome got = solve_class(w, &b);
        CHECK_MSG(got == bf, "%s (without %x): solver %s, brute force %s", buf, without,
                  clob_outcome_name(got), clob_outcome_name(bf));
        if (without) continue;
        clob_strip r = clob_strip_reverse(&b);
        CHECK_MSG(solve_class(s, &r) == bf, "%s reversed changes the class", buf);
        clob_strip n = clob_strip_negate(&b);
        clob_outcome want = bf == CLOB_OUT_L ? CLOB_OUT_R : bf == CLOB_OUT_R ? CLOB_OUT_L : bf;
        CHECK_MSG(solve_class(s, &n) == want, "%s colour-swapped: want %s", buf, clob_outcome_name(want));
        CHECK_MSG(clob_brute_outcome(&n) == want, "%s colour-swapped (brute force)", buf);
        clob_strip z = clob_strip_normalise(&b);
        CHECK_MSG(clob_brute_outcome(&z) == bf, "%s normalised changes the class", buf);
    }
    if (without) clob_solver_free(w);
}

static void test_limits(void) {
    clob_options o = {.hash_mb = 8};
    clob_solver *s = clob_solver_new(&o, NULL);
    /* 14,734 nodes without a database (X first, 11-24); limits are polled
     * every 4,096 nodes. */
    clob_strip b = S("XOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXO");
    yomi_limits lim = {.max_nodes = 5000};
    clob_answer a;
    CHECK(clob_solve(s, &b, CLOB_LEFT, &lim, &a) == YOMI_UNKNOWN);
    CHECK(a.from == -1);
    /* The same board without the limit: the stopped search left no false proof. */
    CHECK(clob_solve(s, &b, CLOB_LEFT, NULL, &a) == YOMI_WIN);
    CHECK(clob_solve(s, &b, CLOB_RIGHT, NULL, &a) == YOMI_WIN);
    clob_solver_free(s);
}

static void test_db(void) {
    int max_len = t_sanitized() ? 8 : 11;
    clob_db_build_opts bo = {.max_len = max_len, .hash_mb = 8, .rank = 0, .nranks = 1};
    uint8_t *img;
    uint64_t n;
    yomi_error e = {0};
    CHECK(clob_db_build(&bo, &img, &n, &e) == 0);
    if (!img) return;
    /* Every class in the file against an oracle. */
    clob_options po = {.hash_mb = 16, .without = CLOB_T_DB};
    clob_solver *plain = clob_solver_new(&po, NULL);
    long checked = 0, wrong = 0;
    for (int len = 2; len <= max_len; len++)
        for (uint64_t bits = 0; bits < 1ULL << len; bits++) {
            if (bits == 0 || bits == (1ULL << len) - 1) continue;
            if (t_sanitized() && bits % 7) continue;
            clob_strip b;
            clob_strip_clear(&b, len);
            for (int i = 0; i < len; i++) clob_set(&b, i, (bits >> i & 1) ? CLOB_X : CLOB_O);
            clob_outcome c = (clob_outcome)(img[64 + ((1ULL << len) - 4) + bits] & 7);
            checked++;
            /* Up to 10 stones the brute force, past it the solver without a database. */
            clob_outcome want = len <= 10 ? clob_brute_outcome(&b) : solve_class(plain, &b);
            if (c != want && wrong++ < 5)
                CHECK_MSG(0, "db class of run len %d bits %llx", len, (unsigned long long)bits);
        }
    CHECK_MSG(wrong == 0, "%ld of %ld database classes wrong", wrong, checked);
    /* Every link up to 10 stones: g - h is a P-position by brute force. */
    uint64_t entries = (1ULL << (max_len + 1)) - 4;
    long links = 0;
    for (int len = 2; len <= (max_len < 10 ? max_len : 10); len++)
        for (uint64_t bits = 1; bits + 1 < 1ULL << len; bits++) {
            uint64_t i = ((1ULL << len) - 4) + bits;
            const uint8_t *lp = img + 64 + entries + 4 * i;
            uint32_t l =
                (uint32_t)lp[0] | (uint32_t)lp[1] << 8 | (uint32_t)lp[2] << 16 | (uint32_t)lp[3] << 24;
            if (!l) continue;
            int hl = 2;
            while ((1ULL << (hl + 1)) - 4 <= l - 1) hl++;
            uint64_t hb = (l - 1) - ((1ULL << hl) - 4);
            CHECK(hl < len);
            clob_strip d;
            clob_strip_clear(&d, len + 1 + hl);
            for (int k = 0; k < len; k++) clob_set(&d, k, (bits >> k & 1) ? CLOB_X : CLOB_O);
            for (int k = 0; k < hl; k++) clob_set(&d, len + 1 + k, (hb >> k & 1) ? CLOB_O : CLOB_X);
            links++;
            if (t_sanitized() && links % 5) continue;
            CHECK_MSG(clob_brute_outcome(&d) == CLOB_OUT_P, "link of len %d bits %llx is not an equal game",
                      len, (unsigned long long)bits);
        }
    CHECK_MSG(links > 100, "only %ld links", links);
    /* Dominated moves exist, and a solver with the database agrees with the
     * brute force on random strips. */
    long doms = 0;
    for (uint64_t i = 0; i < entries; i++)
        for (int k = 0; k < 8; k++) doms += img[64 + 5 * entries + 8 * i + (uint64_t)k] != 0;
    CHECK_MSG(doms > 100, "only %ld dominated-move bytes", doms);
    /* Up-scale bounds: lo*up + s*star <= g <= hi*up + s*star by brute force
     * (XXO is up, XO is star), where the sum is short enough for it. */
    long bchecked = 0, bfound = 0;
    for (int len = 2; len <= (max_len < 9 ? max_len : 9); len++)
        for (uint64_t bits = 1; bits + 1 < 1ULL << len; bits++) {
            uint64_t i = ((1ULL << len) - 4) + bits;
            const int8_t *bd = (const int8_t *)(img + 64 + 13 * entries + 4 * i);
            for (int k = 0; k < 4; k++) {
                if (bd[k] == -128) continue;
                bfound++;
                int nu = bd[k], st = k & 1, hi = k >= 2;
                int cells = len + 4 * (nu < 0 ? -nu : nu) + 3 * st;
                if (cells > 16 || (t_sanitized() && bits % 5)) continue;
                /* lo: g - n*up - s*star >= 0; hi: n*up + s*star - g >= 0. Either
                 * way: Right moving first in the sum loses. */
                char buf[64];
                int p = 0;
                for (int c = 0; c < len; c++) buf[p++] = ((bits >> c & 1) != (unsigned)hi) ? 'X' : 'O';
                for (int u = 0; u < (nu < 0 ? -nu : nu); u++) {
                    bool upc = (nu > 0) == hi;
                    memcpy(buf + p, upc ? ".XXO" : ".OOX", 4);
                    p += 4;
                }
                if (st) {
                    memcpy(buf + p, ".XO", 3);
                    p += 3;
                }
                buf[p] = 0;
                clob_strip d = S(buf);
                bchecked++;
                CHECK_MSG(!clob_brute_wins(&d, CLOB_RIGHT), "bound %d of run len %d bits %llx: %s", k, len,
                          (unsigned long long)bits, buf);
            }
        }
    CHECK_MSG(bchecked > 50 && bfound > 500, "bounds: %ld found, %ld checked", bfound, bchecked);
    char path[] = "/tmp/yomi_clob_db_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0) return;
    CHECK(write(fd, img, n) == (ssize_t)n);
    close(fd);
    clob_options o = {.db_path = path, .hash_mb = 8};
    clob_solver *s = clob_solver_new(&o, &e);
    CHECK_MSG(s != NULL, "database refused: %s", e.msg);
    if (s) {
        CHECK_EQ_INT(clob_solver_db_len(s), max_len);
        clob_strip b = S("XXOXOXOOXOXOXXOXOOXO.OXOXXO");
        CHECK(solve_class(s, &b) == solve_class(plain, &b));
        test_random(s, 0);
        test_segclobber(s);
        /* With the database the whole (XO)^n table (n <= 20) and every XXO row. */
        test_truth_xo(s, t_sanitized() ? 14 : 20);
        test_truth_xxo(s, t_sanitized() ? 9 : 100);
        clob_solver_free(s);
    }
    /* Corrupt: one entry byte changed. */
    img[64 + 100] ^= 1;
    FILE *f = fopen(path, "wb");
    fwrite(img, 1, n, f);
    fclose(f);
    s = clob_solver_new(&o, &e);
    CHECK(s == NULL && strstr(e.msg, "checksum"));
    img[64 + 100] ^= 1;
    /* Truncated. */
    f = fopen(path, "wb");
    fwrite(img, 1, n - 10, f);
    fclose(f);
    s = clob_solver_new(&o, &e);
    CHECK(s == NULL && strstr(e.msg, "truncated"));
    /* Wrong magic, and a header that is cut off. */
    img[0] = 'Z';
    f = fopen(path, "wb");
    fwrite(img, 1, n, f);
    fclose(f);
    s = clob_solver_new(&o, &e);
    CHECK(s == NULL && strstr(e.msg, "magic"));
    f = fopen(path, "wb");
    fwrite(img, 1, 20, f);
    fclose(f);
    s = clob_solver_new(&o, &e);
    CHECK(s == NULL && strstr(e.msg, "truncated"));
    unlink(path);
    s = clob_solver_new(&o, &e);
    CHECK(s == NULL);
    free(img);
    clob_solver_free(plain);
}

int main(int argc, char **argv) {
    data_dir = argc > 1 ? argv[1] : NULL;
    CHECK_MSG(data_dir != NULL, "usage: test_clobber DATA_DIR");
    test_parse();
    clob_options o = {.hash_mb = 64};
    clob_solver *s = clob_solver_new(&o, NULL);
    CHECK(s != NULL);
    if (!s) return t_summary("test_clobber");
    TIMED(test_truth_all(s));
    TIMED(test_truth_xo(s, t_sanitized() ? 9 : 13));
    TIMED(test_truth_xxo(s, t_sanitized() ? 5 : 9));
    TIMED(test_segclobber(s));
    TIMED(test_random(s, 0));
    /* Each technique off on its own still gives the brute force's answers. */
    TIMED(for (unsigned bit = 1; bit <= CLOB_T_LAST; bit <<= 1) test_random(s, bit));
    test_random(s, ~0u);
    TIMED(test_limits());
    TIMED(test_db());
    clob_solver_free(s);
    return t_summary("test_clobber");
}
