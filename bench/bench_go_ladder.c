/* Ladder trace and ladder search speed.
 *   bench_go_ladder [DATA_DIR]        (BENCH_VERBOSE=1: nodes and time of each Pachi case)
 * Generated ladder starts (deterministic) where the trace applies: the average
 * time of the trace, of the search (which asks the trace first) and of the plain
 * search without the trace; then the search on Pachi's ladder.t cases, read from
 * DATA_DIR, else $YOMI_SHARED_DATA (how bench/run.sh passes it), else data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "core/search.h"
#include "yomi/go_board.h"
#include "yomi/go_ladder.h"

static uint64_t rng_state = 77;
static int rnd(int n) { return (int)(yomi_splitmix64(&rng_state) % (uint64_t)n); }

/* The same kind of position as tests/test_go_ladder.c: a ladder start, then
 * random stones. */
static go_point make_position(go_board *b) {
    int size = 9 + rnd(11);
    go_board_clear(b, size);
    static const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int xi = rnd(4), yi = (xi < 2 ? 2 : 0) + rnd(2);
    int c0 = 1 + rnd(size - 2), r0 = 1 + rnd(size - 2);
    go_color def = rnd(2) ? GO_BLACK : GO_WHITE, att = go_other(def);
    go_board_setup(b, go_pt(c0, r0), def);
    go_board_setup(b, go_pt(c0 - dirs[xi][0], r0 - dirs[xi][1]), att);
    go_board_setup(b, go_pt(c0 - dirs[yi][0], r0 - dirs[yi][1]), att);
    int wc = c0 + dirs[yi][0] - dirs[xi][0], wr = r0 + dirs[yi][1] - dirs[xi][1];
    if (wc >= 0 && wr >= 0 && wc < size && wr < size) go_board_setup(b, go_pt(wc, wr), att);
    int n = rnd(size * size / 10 + 1);
    for (int i = 0; i < n; i++) {
        go_point p = go_pt(rnd(size), rnd(size));
        if (go_board_at(b, p) == GO_EMPTY) go_board_setup(b, p, rnd(2) ? GO_BLACK : GO_WHITE);
    }
    return go_pt(c0, r0);
}

/* Every time is the fastest of ROUNDS rounds: the machine may be shared, and a
 * round that another process slowed down says nothing about the code. */
enum { NPOS = 4000, TRACE_REPS = 40, ROUNDS = 5 };

static void bench_generated(void) {
    go_board **pos = malloc(NPOS * sizeof *pos);
    go_point *tgt = malloc(NPOS * sizeof *tgt);
    int n = 0, tries = 0;
    go_board *b = go_board_new(19);
    while (n < NPOS && tries < 100 * NPOS) {
        tries++;
        go_point t = make_position(b);
        if (go_board_at(b, t) == GO_EMPTY || go_string_libs(b, t) != 2) continue;
        if (go_ladder_trace(b, t) < 0) continue;
        pos[n] = go_board_new(19);
        go_board_copy(pos[n], b);
        tgt[n] = t;
        n++;
    }
    volatile int sink = 0;
    double trace_s = 1e30;
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = yomi_now();
        for (int r = 0; r < TRACE_REPS; r++)
            for (int i = 0; i < n; i++) sink += go_ladder_trace(pos[i], tgt[i]);
        double s = yomi_now() - t0;
        if (s < trace_s) trace_s = s;
    }
    printf("generated ladders where the trace applies: %d\n", n);
    printf("  trace:  %.3f us per ladder, %.4f s\n", trace_s / ((double)n * TRACE_REPS) * 1e6, trace_s);
    /* The search with its trace fast path, then the plain search. */
    for (int with_trace = 1; with_trace >= 0; with_trace--) {
        go_ladder_use_trace(with_trace);
        uint64_t nodes = 0;
        int dead = 0;
        double search_s = 1e30;
        for (int round = 0; round < ROUNDS; round++) {
            nodes = 0;
            dead = 0;
            double t0 = yomi_now();
            for (int i = 0; i < n; i++) {
                uint64_t k = 0;
                dead += go_ladder_attack(pos[i], tgt[i], NULL, &k) == YOMI_WIN;
                nodes += k;
            }
            double s = yomi_now() - t0;
            if (s < search_s) search_s = s;
        }
        printf("  search (%s): %.3f us per ladder, %d captured, %llu nodes, %.4f s, %.2f M nodes/s\n",
               with_trace ? "trace first" : "no trace", search_s / n * 1e6, dead, (unsigned long long)nodes,
               search_s, search_s > 0 ? (double)nodes / search_s / 1e6 : 0.0);
    }
    go_ladder_use_trace(true);
    for (int i = 0; i < n; i++) go_board_free(pos[i]);
    free(pos);
    free(tgt);
    go_board_free(b);
    (void)sink;
}

/* Pachi's ladder.t: "boardsize N", N rows, then "ladder COLOR VERTEX RESULT". */
static void bench_pachi(const char *dir) {
    char path[4096], line[512];
    snprintf(path, sizeof path, "%s/go/pachi-ladder/ladder.t", dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("pachi: cannot open %s\n", path);
        return;
    }
    go_board *b = NULL;
    int cases = 0;
    uint64_t nodes = 0;
    double secs = 0;
    while (fgets(line, sizeof line, f)) {
        int size;
        if (sscanf(line, "boardsize %d", &size) == 1) {
            if (b) go_board_free(b);
            b = go_board_new(size);
            for (int r = 0; r < size && fgets(line, sizeof line, f);) {
                if (line[0] == '\n') continue;
                int c = 0;
                for (const char *s = line; *s && *s != '\n' && c < size; s++) {
                    if (*s == 'X' || *s == 'O')
                        go_board_setup(b, go_pt(c, r), *s == 'X' ? GO_BLACK : GO_WHITE);
                    if (*s == 'X' || *s == 'O' || *s == '.') c++;
                }
                r++;
            }
            continue;
        }
        char col[8], vtx[16];
        int expect;
        const char *s = line[0] == '!' ? line + 1 : line;
        if (!b ||
            (sscanf(s, "ladder %7s %15s %d", col, vtx, &expect) != 3 &&
             sscanf(s, "ladder_any %7s %15s %d", col, vtx, &expect) != 3))
            continue;
        go_point p = go_vertex_parse(b, vtx);
        enum { REPS = 20 };
        double best = 1e30;
        uint64_t k = 0;
        for (int round = 0; round < ROUNDS; round++) {
            double t0 = yomi_now();
            for (int r = 0; r < REPS; r++) go_ladder_defend(b, p, NULL, &k);
            double dt = (yomi_now() - t0) / REPS;
            if (dt < best) best = dt;
        }
        secs += best;
        if (getenv("BENCH_VERBOSE"))
            printf("  %s %s: %llu nodes, %.3f us\n", col, vtx, (unsigned long long)k, best * 1e6);
        nodes += k;
        cases++;
    }
    fclose(f);
    if (b) go_board_free(b);
    printf("pachi ladder.t: %d cases, search %.3f us per case, %llu nodes, %.6f s, %.2f M nodes/s\n", cases,
           cases ? secs / cases * 1e6 : 0.0, (unsigned long long)nodes, secs,
           secs > 0 ? (double)nodes / secs / 1e6 : 0.0);
}

int main(int argc, char **argv) {
    bench_generated();
    const char *env = getenv("YOMI_SHARED_DATA");
    bench_pachi(argc > 1 ? argv[1] : env && *env ? env : "data");
    return 0;
}
