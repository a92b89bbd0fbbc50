/* `yomi bench`: deterministic benchmarks. Node counts are the signature (they change
 * only when search behaviour changes); times depend on the machine. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/hash.h"
#include "core/search.h"
#include "reversi/obf.h"
#include "yomi/go_board.h"
#include "yomi/go_ladder.h"
#include "yomi/go_reading.h"
#include "yomi/reversi.h"

static void usage(FILE *o) {
    fputs("usage: yomi bench               deterministic node-count signature\n"
          "       yomi bench reversi [options]\n"
          "\n"
          "Solves FFO endgame positions exactly with one thread and prints, per position\n"
          "and in total: move, score, whether both match the suite, nodes, seconds, nodes/s.\n"
          "\n"
          "options:\n"
          "  --data DIR       folder with fforum-*.obf (default data/reversi)\n"
          "  --from N         first FFO number (default 20)\n"
          "  --to M           last FFO number (default 39)\n"
          "  --hash-mb M      transposition table size (default 64)\n"
          "  --without F      switch a solver feature off (tt, pvs, parity, ff, stability,\n"
          "                   shallow, etc) to measure what it is worth\n"
          "  --perft N        also time perft to depth N from the start position\n"
          "\n"
          "exit code 1 when any answer is wrong.\n",
          o);
}

typedef struct bench_ctx {
    rv_solver *solver;
    int first, last, offset;
    int count, correct;
    uint64_t nodes;
    double seconds;
} bench_ctx;

static int bench_one(const rv_obf_entry *e, void *vctx) {
    bench_ctx *b = vctx;
    int num = b->offset + b->count++;
    if (num < b->first || num > b->last || !e->ok) return 0;
    rv_result r;
    rv_solve(b->solver, &e->pos, &r);
    /* Correct: the score equals the suite's best score, and the move is one of the
     * suite's moves with that score. */
    bool ok = r.known && e->n_answers > 0 && r.score == e->answer_score[0];
    bool move_ok = false;
    for (int i = 0; i < e->n_answers; i++)
        if (e->answer_move[i] == r.move && e->answer_score[i] == e->answer_score[0]) move_ok = true;
    ok = ok && move_ok;
    char sq[8];
    printf("#%-3d %2d  %-4s %+4d  %-7s %14llu %9.3f %8.2f\n", num,
           64 - __builtin_popcountll(e->pos.P | e->pos.O), rv_square_name(r.move, sq), r.score,
           ok ? "ok" : "WRONG", (unsigned long long)r.nodes, r.seconds,
           r.seconds > 0 ? (double)r.nodes / r.seconds / 1e6 : 0.0);
    fflush(stdout);
    b->correct += ok;
    b->nodes += r.nodes;
    b->seconds += r.seconds;
    return 0;
}

static int bench_reversi(int argc, char **argv) {
    static const struct option longopts[] = {
        {"data", required_argument, 0, 'd'},    {"from", required_argument, 0, 'f'},
        {"to", required_argument, 0, 't'},      {"hash-mb", required_argument, 0, 'm'},
        {"without", required_argument, 0, 'x'}, {"perft", required_argument, 0, 'p'},
        {"help", no_argument, 0, 'h'},          {0, 0, 0, 0}};
    const char *data = "data/reversi";
    int first = 20, last = 39, perft = 0;
    rv_options opt;
    rv_options_default(&opt);
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "d:f:t:m:x:p:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'd': data = optarg; break;
        case 'f': first = atoi(optarg); break;
        case 't': last = atoi(optarg); break;
        case 'm': opt.lim.hash_mb = (size_t)atoi(optarg); break;
        case 'p': perft = atoi(optarg); break;
        case 'x':
            if (!strcmp(optarg, "tt"))
                opt.feat.tt = false;
            else if (!strcmp(optarg, "pvs"))
                opt.feat.pvs = false;
            else if (!strcmp(optarg, "parity"))
                opt.feat.parity = false;
            else if (!strcmp(optarg, "ff"))
                opt.feat.fastest_first = false;
            else if (!strcmp(optarg, "stability"))
                opt.feat.stability = false;
            else if (!strcmp(optarg, "shallow"))
                opt.feat.shallow_order = false;
            else if (!strcmp(optarg, "etc"))
                opt.feat.etc = false;
            else {
                fprintf(stderr, "yomi bench: unknown feature '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'h': usage(stdout); return CLI_OK;
        default: return CLI_BAD_INPUT;
        }
    }
    if (first < 1 || last > 79 || first > last) {
        fputs("yomi bench reversi: --from/--to must be FFO numbers 1..79\n", stderr);
        return CLI_BAD_INPUT;
    }
    rv_solver *solver = rv_solver_new(&opt);
    if (!solver) {
        fputs("yomi bench: cannot allocate the table\n", stderr);
        return CLI_FAILED;
    }
    static const struct {
        const char *name;
        int offset;
    } files[] = {
        {"fforum-1-19.obf", 1}, {"fforum-20-39.obf", 20}, {"fforum-40-59.obf", 40}, {"fforum-60-79.obf", 60}};
    bench_ctx b = {.solver = solver, .first = first, .last = last};
    printf("FFO  empties move score  check            nodes   seconds   M nodes/s\n");
    int status = CLI_OK;
    for (int i = 0; i < 4; i++) {
        if (last < files[i].offset || (i < 3 && first >= files[i + 1].offset)) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", data, files[i].name);
        size_t len;
        char *text = rv_read_file(path, &len);
        if (!text) {
            fprintf(stderr, "yomi bench: %s: %s\n", path, strerror(errno));
            status = CLI_BAD_INPUT;
            continue;
        }
        b.offset = files[i].offset;
        b.count = 0;
        rv_obf_scan(text, len, bench_one, &b);
        free(text);
    }
    int total = last - first + 1;
    printf("total FFO #%d-#%d: %d/%d correct, nodes %llu, %.3f s, %.2f M nodes/s\n", first, last, b.correct,
           total, (unsigned long long)b.nodes, b.seconds,
           b.seconds > 0 ? (double)b.nodes / b.seconds / 1e6 : 0.0);
    rv_solver_free(solver);
    if (perft > 0) {
        rv_pos pos;
        rv_pos_start(&pos);
        double t0 = yomi_now();
        uint64_t n = rv_perft(&pos, perft);
        double t = yomi_now() - t0;
        printf("perft %d: %llu leaves, %.3f s\n", perft, (unsigned long long)n, t);
    }
    if (status != CLI_OK) return status;
    return b.correct == total ? CLI_OK : CLI_FAILED;
}

/* Positions for the signature: FFO #1, #5, #10, #15, #19 (built in, so the signature
 * needs no data files). */
static const char *const signature_boards[] = {
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
    "-OOOOO----OXXO-XXXOXOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOOO---XXXXX-- X",
    "-XXXX-----OXXX--XOXOXOXXOXOXXOXXOXXOXOOOXXXOXOOX--OXXO---OOOOO-- O",
    "----O------OOX---OOOXX-XOOOXOOOOOXXOXXOOOXXXOOOOOXXXOOXO--OOOOOX X",
    "--OXXO--XOXXXX--XOOOOXXXXOOOXXXXX-OOOXXX--OOOOXX--XXOOO----XXOO- X",
};

/* Go part of the signature: seeded random 9x9 positions (60 legal moves each,
 * no passes), and for every string with at most three liberties the ladder
 * (strings with one or two) and the attack and defence readings, each
 * position with a fresh reader. Adds the nodes to *ladder and *reading. */
static void go_signature(uint64_t *ladder, uint64_t *reading) {
    go_board *b = go_board_new(9);
    if (!b) return;
    uint64_t seed = 20261121;
    for (int game = 0; game < 16; game++) {
        go_board_clear(b, 9);
        go_color c = GO_BLACK;
        for (int mv = 0; mv < 60; mv++) {
            go_point legal[GO_MAX_POINTS];
            int n = 0;
            GO_FOR_POINTS(b, p) {
                if (go_board_is_legal(b, c, p)) legal[n++] = p;
            }
            if (n == 0) break;
            go_board_play(b, c, legal[yomi_splitmix64(&seed) % (uint64_t)n]);
            c = go_other(c);
        }
        yomi_limits rlim = {.max_nodes = GO_READ_DEFAULT_MAX_NODES}; /* as `yomi go read` */
        go_reader *r = go_reader_new(&rlim);
        if (!r) break;
        bool seen[GO_MAX_POINTS] = {false};
        GO_FOR_POINTS(b, p) {
            go_color owner = go_board_at(b, p);
            if (owner != GO_BLACK && owner != GO_WHITE) continue;
            go_point id = go_string_id(b, p);
            if (seen[id]) continue;
            seen[id] = true;
            int libs = go_string_libs(b, p);
            if (libs > 3) continue;
            go_point m;
            uint64_t nodes = 0;
            if (libs <= 2) {
                go_ladder_attack(b, p, &m, &nodes);
                *ladder += nodes;
            }
            go_attack(r, b, p, &m);
            go_defend(r, b, p, &m);
        }
        *reading += go_reader_nodes(r);
        go_reader_free(r);
    }
    go_board_free(b);
}

/* Deterministic node-count signature: changes only when search behaviour changes. */
static int bench_signature(void) {
    rv_options opt;
    rv_options_default(&opt);
    opt.lim.hash_mb = 16;
    rv_solver *s = rv_solver_new(&opt);
    if (!s) return CLI_FAILED;
    uint64_t total = 0;
    double t0 = yomi_now();
    for (size_t i = 0; i < sizeof signature_boards / sizeof *signature_boards; i++) {
        rv_pos pos;
        rv_result r;
        const char *b = signature_boards[i];
        if (rv_parse_board(b, strlen(b), 1, &pos, NULL)) continue;
        rv_solve(s, &pos, &r);
        total += r.nodes;
    }
    rv_solver_free(s);
    rv_pos start;
    rv_pos_start(&start);
    uint64_t perft = rv_perft(&start, 8);
    uint64_t ladder = 0, reading = 0;
    go_signature(&ladder, &reading);
    double t = yomi_now() - t0;
    printf("reversi endgame nodes: %llu\n", (unsigned long long)total);
    printf("reversi perft 8: %llu\n", (unsigned long long)perft);
    printf("go ladder nodes: %llu\n", (unsigned long long)ladder);
    printf("go reading nodes: %llu\n", (unsigned long long)reading);
    printf("signature: %llu  (%.2f s)\n", (unsigned long long)(total + perft + ladder + reading), t);
    return CLI_OK;
}

int cli_bench_main(int argc, char **argv) {
    if (argc < 2) return bench_signature();
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(argv[1], "reversi")) return bench_reversi(argc - 1, argv + 1);
    fprintf(stderr, "yomi bench: unknown benchmark '%s' (try 'yomi bench --help')\n", argv[1]);
    return CLI_BAD_INPUT;
}
