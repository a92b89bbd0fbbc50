/* Linear Clobber figures (a benchmark, never a test):
 *   bench_clobber [DATA_DIR]
 * 1. builds the database (BENCH_CLOBBER_DB_LEN stones, default 14): seconds, peak memory
 *    (BENCH_CLOBBER_DB=FILE: use that database instead);
 * 2. (XO)^n for n in BENCH_CLOBBER_N (default "16 18 20 22"), each player first, a
 *    fresh solver each (cold table): nodes, seconds;
 * 3. the 1,000 SEGClobber boards with one solver: nodes, seconds, wrong answers;
 * 4. the effect of each technique: (XO)^BENCH_CLOBBER_TECH_N (default 18) and the
 *    400 boards of length 10 and 20 with that technique switched off (without the
 *    database the 30- and 40-cell boards take minutes).
 * DATA_DIR defaults to $YOMI_SHARED_DATA (how bench/run.sh passes it), else data.
 * Exit code 1 when an answer disagrees with SEGClobber or a search is left unknown. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "clobber/clobber_db.h"
#include "core/search.h"
#include "yomi/clobber.h"

typedef struct board_line {
    clob_strip b;
    int player, winner;
} board_line;

static board_line *boards;
static int nboards;
static int failures;

static void load_boards(const char *dir) {
    static const char *files[] = {"test_10.txt", "test_20.txt", "test_30.txt", "test_40.txt"};
    boards = calloc(2000, sizeof *boards);
    for (int f = 0; f < 4; f++) {
        char path[4096], line[256], board[160], pl[8], win[8];
        snprintf(path, sizeof path, "%s/clobber/segclobber-tests/%s", dir, files[f]);
        FILE *in = fopen(path, "r");
        if (!in) {
            fprintf(stderr, "bench_clobber: cannot open %s\n", path);
            failures++;
            continue;
        }
        while (fgets(line, sizeof line, in) && nboards < 2000) {
            if (sscanf(line, "%159s %7s %7s", board, pl, win) != 3) continue;
            board_line *b = &boards[nboards];
            if (clob_strip_parse(board, strlen(board), &b->b, NULL) ||
                clob_player_parse(pl, &b->player, NULL) || clob_player_parse(win, &b->winner, NULL))
                continue;
            nboards++;
        }
        fclose(in);
    }
}

static long peak_kb(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

static void run_boards(const char *db, unsigned without, int count, uint64_t *nodes, double *secs,
                       int *wrong) {
    clob_options o = {.db_path = db, .without = without, .hash_mb = 256};
    clob_solver *s = clob_solver_new(&o, NULL);
    *nodes = 0;
    *wrong = 0;
    double t0 = yomi_now();
    for (int i = 0; i < count && i < nboards; i++) {
        clob_answer a;
        yomi_result r = clob_solve(s, &boards[i].b, boards[i].player, NULL, &a);
        int w = r == YOMI_WIN ? boards[i].player : r == YOMI_LOSS ? 1 - boards[i].player : -1;
        *wrong += w != boards[i].winner;
        *nodes += a.nodes;
    }
    *secs = yomi_now() - t0;
    clob_solver_free(s);
    failures += *wrong;
}

static void run_xo(const char *db, unsigned without, int n, uint64_t nodes[2], double secs[2]) {
    clob_strip b;
    clob_strip_clear(&b, 2 * n);
    for (int i = 0; i < 2 * n; i++) clob_set(&b, i, i % 2 ? CLOB_O : CLOB_X);
    for (int p = 0; p < 2; p++) {
        clob_options o = {.db_path = db, .without = without, .hash_mb = 1024};
        clob_solver *s = clob_solver_new(&o, NULL);
        clob_answer a;
        /* (XO)^n is P at n = 3 only (truth table): the first player wins otherwise. */
        yomi_result r = clob_solve(s, &b, p, NULL, &a);
        if (r != (n == 3 ? YOMI_LOSS : YOMI_WIN)) failures++;
        nodes[p] = a.nodes;
        secs[p] = a.seconds;
        clob_solver_free(s);
    }
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : getenv("YOMI_SHARED_DATA");
    if (!dir) dir = "data";
    const char *e = getenv("BENCH_CLOBBER_DB_LEN");
    int db_len = e ? atoi(e) : 14;
    e = getenv("BENCH_CLOBBER_N");
    const char *ns = e ? e : "16 18 20 22";
    e = getenv("BENCH_CLOBBER_TECH_N");
    int tech_n = e ? atoi(e) : 18;
    load_boards(dir);

    char tmpdb[] = "/tmp/yomi_bench_clobber_XXXXXX";
    const char *db = tmpdb;
    int fd = -1;
    if (getenv("BENCH_CLOBBER_DB")) {
        db = getenv("BENCH_CLOBBER_DB");
        printf("clobber db: %s\n", db);
        goto solve;
    }
    fd = mkstemp(tmpdb);
    double t0 = yomi_now();
    clob_db_build_opts bo = {.max_len = db_len, .hash_mb = 64, .rank = 0, .nranks = 1};
    uint8_t *img = NULL;
    uint64_t len = 0;
    if (fd < 0 || clob_db_build(&bo, &img, &len, NULL) || write(fd, img, len) != (ssize_t)len) {
        fprintf(stderr, "bench_clobber: database build failed\n");
        return 1;
    }
    close(fd);
    free(img);
    printf("clobber db build: runs of 2..%d stones, %llu bytes, %.2f s, peak %ld MB\n", db_len,
           (unsigned long long)len, yomi_now() - t0, peak_kb() / 1024);
solve:
    printf("%-10s %12s %9s %12s %9s\n", "board", "X nodes", "X s", "O nodes", "O s");
    for (const char *p = ns; *p;) {
        char *end;
        long n = strtol(p, &end, 10);
        if (end == p) break;
        p = end;
        uint64_t nodes[2];
        double secs[2];
        run_xo(db, 0, (int)n, nodes, secs);
        printf("(XO)^%-5ld %12llu %9.3f %12llu %9.3f\n", n, (unsigned long long)nodes[0], secs[0],
               (unsigned long long)nodes[1], secs[1]);
        fflush(stdout);
    }

    uint64_t nodes;
    double secs;
    int wrong;
    run_boards(db, 0, nboards, &nodes, &secs, &wrong);
    printf("SEGClobber boards: %d boards, %llu nodes, %.3f s, %d wrong\n", nboards, (unsigned long long)nodes,
           secs, wrong);

    printf("technique off  (XO)^%d X-nodes  X-s  O-nodes  O-s | 400 boards nodes  s\n", tech_n);
    for (unsigned bit = 0; bit <= CLOB_T_LAST; bit = bit ? bit << 1 : 1) {
        const char *name = bit ? clob_technique_name(bit) : "(none)";
        uint64_t xn[2];
        double xs[2];
        run_xo(db, bit, tech_n, xn, xs);
        run_boards(db, bit, 400, &nodes, &secs, &wrong);
        printf("%-12s %12llu %7.3f %12llu %7.3f | %12llu %7.3f%s\n", name, (unsigned long long)xn[0], xs[0],
               (unsigned long long)xn[1], xs[1], (unsigned long long)nodes, secs, wrong ? "  WRONG" : "");
        fflush(stdout);
    }
    if (fd >= 0) unlink(tmpdb);
    return failures ? 1 : 0;
}
