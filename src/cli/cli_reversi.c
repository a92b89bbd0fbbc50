/* `yomi reversi`: perft, solve, nboard. Thin: parses options, prints results. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "proto/nboard.h"
#include "core/error.h"
#include "core/json.h"
#include "core/search.h"
#include "reversi/obf.h"
#include "yomi/reversi.h"

static void usage(FILE *o) {
    fputs("usage: yomi reversi <command> [options]\n"
          "\n"
          "commands:\n"
          "  perft N [--board B]     leaf count at depth N (a pass is a ply, a finished game\n"
          "                          is a leaf), from the start position or board B\n"
          "  solve [options] INPUT   solve every position of INPUT: an OBF file, '-' for\n"
          "                          stdin, or a board string (64 squares a1..h8 then the\n"
          "                          side to move, e.g. \"...X O\")\n"
          "  nboard [options]        NBoard protocol engine on stdin/stdout (NBoard GUI)\n"
          "\n"
          "solve options:\n"
          "  --wld            prove win/loss/draw only (faster than the exact score)\n"
          "  --depth D        midgame search to depth D: an evaluation, not a proof\n"
          "  --hash-mb M      transposition table size in MB (default 64)\n"
          "  --time S         stop a position after S seconds (its answer is 'unknown')\n"
          "  --nodes N        stop a position after N nodes (its answer is 'unknown')\n"
          "  --json           one JSON object per position (JSON Lines)\n"
          "  --progress       a progress line on stderr every second\n"
          "  --without F      switch a solver feature off: tt, pvs, parity, ff, stability,\n"
          "                   shallow, etc (for measurements)\n"
          "  --               end of options: every later argument is an input, even one\n"
          "                   starting with '-' (a board whose a1 is empty: \"--XX...\")\n"
          "\n"
          "An INPUT that names no file is read as a board string, unless it looks like a\n"
          "path (it holds a '/', ends in .obf or is too short for a board): then the\n"
          "error is 'no such file'. A file (or '-') is read up to 16 MiB, each position\n"
          "line up to 4096 bytes; past that the input is rejected, naming the limit.\n"
          "\n"
          "Scores are for the side to move: final disc difference with the empties going\n"
          "to the winner. Exit code 0 when every position was solved, 1 when a limit\n"
          "stopped one, 2 when input was rejected (the other positions are still solved).\n"
          "\n"
          "nboard options:\n"
          "  --solve-empties E  solve exactly from E empties down (default 20); above, a\n"
          "                   midgame search to the GUI's depth (an evaluation, not a proof)\n"
          "  --max-depth D    cap on the GUI's 'set depth' (default 24)\n"
          "  --hash-mb M      the exact solver's table in MB (default 64)\n"
          "  --time S         give an exact solve S seconds; past that the answer is\n"
          "                   the midgame search's, labelled midgame (default: no limit)\n"
          "Bad commands (an illegal move, a malformed game) are reported on stderr and\n"
          "leave the position unchanged; unknown commands are ignored, as NBoard asks.\n"
          "A line longer than 8192 bytes is dropped with a message on stderr.\n",
          o);
}

static int cmd_perft(int argc, char **argv) {
    static const struct option longopts[] = {
        {"board", required_argument, 0, 'b'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    const char *board = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "b:h", longopts, NULL)) != -1) {
        if (c == 'b')
            board = optarg;
        else if (c == 'h') {
            usage(stdout);
            return CLI_OK;
        } else
            return CLI_BAD_INPUT;
    }
    if (optind != argc - 1) {
        fputs("yomi reversi perft: expected one depth (try --help)\n", stderr);
        return CLI_BAD_INPUT;
    }
    char *end;
    errno = 0;
    long depth = strtol(argv[optind], &end, 10);
    if (*end || errno || depth < 0 || depth > 30) {
        fprintf(stderr, "yomi reversi perft: depth '%s' is not a number from 0 to 30\n", argv[optind]);
        return CLI_BAD_INPUT;
    }
    rv_pos pos;
    rv_pos_start(&pos);
    if (board) {
        yomi_error err;
        if (rv_parse_board(board, strlen(board), 1, &pos, &err)) {
            char msg[512];
            yomi_error_format(&err, "--board", msg, sizeof msg);
            fprintf(stderr, "yomi reversi perft: %s\n", msg);
            return CLI_BAD_INPUT;
        }
    }
    double t0 = yomi_now();
    uint64_t n = rv_perft(&pos, (int)depth);
    double t = yomi_now() - t0;
    printf("perft %ld: %llu leaves, %.3f s, %.1f M leaves/s\n", depth, (unsigned long long)n, t,
           t > 0 ? (double)n / t / 1e6 : 0.0);
    return CLI_OK;
}

typedef struct solve_ctx {
    rv_solver *solver;
    const char *file;
    bool json;
    int failed_input, unknown, solved;
    uint64_t nodes;
    double seconds;
} solve_ctx;

static void print_text(const rv_obf_entry *e, const rv_result *r) {
    char sq[8], board[80];
    rv_format_board(&e->pos, board);
    int n = 64 - __builtin_popcountll(e->pos.P | e->pos.O);
    printf("line %ld: %s  (%d empties)\n", e->line, board, n);
    if (!r->known) {
        printf("  unknown (a limit stopped the search)  nodes %llu  %.3f s\n", (unsigned long long)r->nodes,
               r->seconds);
        return;
    }
    const char *what = r->kind == RV_EXACT ? "score" : r->kind == RV_WLD ? "result" : "eval";
    printf("  move %s  %s ", rv_square_name(r->move, sq), what);
    if (r->kind == RV_WLD)
        printf("%s", r->score > 0 ? "win" : r->score < 0 ? "loss" : "draw");
    else
        printf("%+d", r->score);
    printf("  pv");
    for (int i = 0; i < r->pv_len; i++) printf(" %s", rv_square_name(r->pv[i], sq));
    printf("\n  nodes %llu  %.3f s  %.2f M nodes/s\n", (unsigned long long)r->nodes, r->seconds,
           r->seconds > 0 ? (double)r->nodes / r->seconds / 1e6 : 0.0);
}

static void print_json(const rv_obf_entry *e, const rv_result *r, const char *file) {
    yomi_json j;
    char sq[8], board[80];
    yomi_json_start(&j, stdout);
    yomi_json_begin_object(&j);
    yomi_json_key(&j, "file");
    yomi_json_string(&j, file);
    yomi_json_key(&j, "line");
    yomi_json_int(&j, e->line);
    if (!e->ok) {
        yomi_json_key(&j, "error");
        yomi_json_string(&j, e->err.msg);
        yomi_json_key(&j, "column");
        yomi_json_int(&j, e->err.column);
        yomi_json_end_object(&j);
        fputc('\n', stdout);
        return;
    }
    rv_format_board(&e->pos, board);
    yomi_json_key(&j, "board");
    yomi_json_string(&j, board);
    yomi_json_key(&j, "empties");
    yomi_json_int(&j, 64 - __builtin_popcountll(e->pos.P | e->pos.O));
    yomi_json_key(&j, "kind");
    yomi_json_string(&j,
                     !r->known                 ? "unknown"
                         : r->kind == RV_EXACT ? "exact"
                         : r->kind == RV_WLD   ? "wld"
                                               : "eval");
    yomi_answer ans;
    rv_result_answer(r, &ans);
    yomi_json_key(&j, "basis");
    yomi_json_string(&j, yomi_basis_name(ans.basis));
    yomi_json_key(&j, "move");
    if (r->known)
        yomi_json_string(&j, rv_square_name(r->move, sq));
    else
        yomi_json_null(&j);
    yomi_json_key(&j, "score");
    if (r->known)
        yomi_json_int(&j, r->score);
    else
        yomi_json_null(&j);
    if (r->known && r->kind == RV_WLD) {
        yomi_json_key(&j, "result");
        yomi_json_string(&j, r->score > 0 ? "win" : r->score < 0 ? "loss" : "draw");
    }
    yomi_json_key(&j, "pv");
    yomi_json_begin_array(&j);
    for (int i = 0; r->known && i < r->pv_len; i++) yomi_json_string(&j, rv_square_name(r->pv[i], sq));
    yomi_json_end_array(&j);
    yomi_json_key(&j, "nodes");
    yomi_json_uint(&j, r->nodes);
    yomi_json_key(&j, "seconds");
    yomi_json_double(&j, r->seconds);
    yomi_json_end_object(&j);
    fputc('\n', stdout);
}

static int solve_one(const rv_obf_entry *e, void *vctx) {
    solve_ctx *ctx = vctx;
    if (!e->ok) {
        char msg[600];
        yomi_error_format(&e->err, ctx->file, msg, sizeof msg);
        fprintf(stderr, "yomi reversi solve: %s\n", msg);
        if (ctx->json) print_json(e, NULL, ctx->file);
        ctx->failed_input++;
        return 0;
    }
    rv_result r;
    rv_solve(ctx->solver, &e->pos, &r);
    if (ctx->json)
        print_json(e, &r, ctx->file);
    else
        print_text(e, &r);
    fflush(stdout);
    if (!r.known)
        ctx->unknown++;
    else
        ctx->solved++;
    ctx->nodes += r.nodes;
    ctx->seconds += r.seconds;
    return 0;
}

static int parse_count(const char *opt, const char *s, double lo, double hi, double *out) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (*end || errno || !(v >= lo && v <= hi)) {
        fprintf(stderr, "yomi reversi solve: %s '%s' must be a number from %g to %g\n", opt, s, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int set_feature(rv_features *f, const char *name) {
    if (!strcmp(name, "tt"))
        f->tt = false;
    else if (!strcmp(name, "pvs"))
        f->pvs = false;
    else if (!strcmp(name, "parity"))
        f->parity = false;
    else if (!strcmp(name, "ff"))
        f->fastest_first = false;
    else if (!strcmp(name, "stability"))
        f->stability = false;
    else if (!strcmp(name, "shallow"))
        f->shallow_order = false;
    else if (!strcmp(name, "etc"))
        f->etc = false;
    else
        return -1;
    return 0;
}

/* Could a missing input be meant as a file? Board strings have no '/', do not end
 * in .obf, and hold at least 64 squares and a side to move. */
static bool looks_like_path(const char *arg) {
    size_t n = strlen(arg);
    if (strchr(arg, '/')) return true;
    if (n >= 4 && !strcasecmp(arg + n - 4, ".obf")) return true;
    while (*arg == ' ' || *arg == '\t') arg++, n--;
    return n < 65;
}

static int solve_main(int argc, char **argv, char **boards) {
    static const struct option longopts[] = {
        {"wld", no_argument, 0, 'w'},           {"depth", required_argument, 0, 'd'},
        {"hash-mb", required_argument, 0, 'm'}, {"time", required_argument, 0, 't'},
        {"nodes", required_argument, 0, 'n'},   {"json", no_argument, 0, 'j'},
        {"progress", no_argument, 0, 'p'},      {"without", required_argument, 0, 'x'},
        {"help", no_argument, 0, 'h'},          {0, 0, 0, 0}};
    rv_options opt;
    rv_options_default(&opt);
    bool json = false;
    int c;
    double v;
    optind = 1;
    while ((c = getopt_long(argc, argv, "wd:m:t:n:jpx:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'w': opt.wld = true; break;
        case 'd':
            if (parse_count("--depth", optarg, 1, 60, &v)) return CLI_BAD_INPUT;
            opt.depth = (int)v;
            break;
        case 'm':
            if (parse_count("--hash-mb", optarg, 1, 65536, &v)) return CLI_BAD_INPUT;
            opt.lim.hash_mb = (size_t)v;
            break;
        case 't':
            if (parse_count("--time", optarg, 0.001, 1e9, &v)) return CLI_BAD_INPUT;
            opt.lim.max_seconds = v;
            break;
        case 'n':
            if (parse_count("--nodes", optarg, 1, 1e19, &v)) return CLI_BAD_INPUT;
            opt.lim.max_nodes = (uint64_t)v;
            break;
        case 'j': json = true; break;
        case 'p': opt.lim.progress = cli_progress_line; break;
        case 'x':
            if (set_feature(&opt.feat, optarg)) {
                fprintf(stderr, "yomi reversi solve: --without '%s': unknown feature\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'h': usage(stdout); return CLI_OK;
        default: return CLI_BAD_INPUT;
        }
    }
    if (optind >= argc) {
        fputs("yomi reversi solve: no input (an OBF file, '-' or a board string; try --help)\n", stderr);
        return CLI_BAD_INPUT;
    }
    rv_solver *solver = rv_solver_new(&opt);
    if (!solver) {
        fprintf(stderr, "yomi reversi solve: cannot allocate the %zu MB table\n",
                opt.lim.hash_mb ? opt.lim.hash_mb : (size_t)YOMI_DEFAULT_HASH_MB);
        return CLI_FAILED;
    }
    solve_ctx ctx = {.solver = solver, .json = json};
    int status = CLI_OK;
    for (int a = optind; a < argc; a++) {
        const char *arg = argv[a];
        if (arg[0] == '\001') arg = boards[atoi(arg + 6)];
        struct stat st;
        char *text;
        size_t len;
        bool is_stdin = !strcmp(arg, "-");
        if (!is_stdin && stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
            fprintf(stderr, "yomi reversi solve: %s: is a directory, not an OBF file\n", arg);
            status = CLI_BAD_INPUT;
            continue;
        }
        if (is_stdin || stat(arg, &st) == 0) {
            text = rv_read_file(arg, &len);
            if (!text) {
                if (errno == EFBIG)
                    fprintf(stderr, "yomi reversi solve: %s: larger than the %ld MiB limit of an OBF input\n",
                            is_stdin ? "<stdin>" : arg, RV_MAX_FILE_BYTES >> 20);
                else
                    fprintf(stderr, "yomi reversi solve: %s: %s\n", arg, strerror(errno));
                status = CLI_BAD_INPUT;
                continue;
            }
            ctx.file = is_stdin ? "<stdin>" : arg;
        } else if (looks_like_path(arg)) {
            fprintf(stderr, "yomi reversi solve: %s: no such file (%s)\n", arg, strerror(errno));
            status = CLI_BAD_INPUT;
            continue;
        } else {
            /* Not a file: the argument is a board string. */
            len = strlen(arg);
            text = malloc(len + 1);
            if (!text) continue;
            memcpy(text, arg, len + 1);
            ctx.file = "<argument>";
        }
        long n = rv_obf_scan(text, len, solve_one, &ctx);
        free(text);
        if (n == 0) {
            fprintf(stderr, "yomi reversi solve: %s: no positions\n", ctx.file);
            status = CLI_BAD_INPUT;
        }
    }
    if (!json && ctx.solved + ctx.unknown > 1)
        printf("total: %d solved, %d unknown, %d rejected; nodes %llu  %.3f s  %.2f M nodes/s\n", ctx.solved,
               ctx.unknown, ctx.failed_input, (unsigned long long)ctx.nodes, ctx.seconds,
               ctx.seconds > 0 ? (double)ctx.nodes / ctx.seconds / 1e6 : 0.0);
    rv_solver_free(solver);
    if (ctx.failed_input)
        status = CLI_BAD_INPUT;
    else if (ctx.unknown && status == CLI_OK)
        status = CLI_FAILED;
    return status;
}

static int cmd_solve(int argc, char **argv) {
    /* Board strings often start with "--" (empty a1, b1): hide them from getopt
     * behind a token that names their argv slot. No option is 64 characters long,
     * so such an argument is hidden even when it is not a valid board: its error
     * then comes from the board parser, not from getopt. "--" also ends the
     * options (getopt's rule), for any input. */
    char **boards = calloc((size_t)argc, sizeof *boards);
    char *tokens = calloc((size_t)argc, 32);
    if (!boards || !tokens) {
        free(boards);
        free(tokens);
        return CLI_FAILED;
    }
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--")) break;
        size_t n = strlen(argv[a]);
        if (n >= 64 && argv[a][0] == '-') {
            boards[a] = argv[a];
            snprintf(tokens + 32 * a, 32, "\001board%d", a);
            argv[a] = tokens + 32 * a;
        }
    }
    int rc = solve_main(argc, argv, boards);
    free(boards);
    free(tokens);
    return rc;
}

static int cmd_nboard(int argc, char **argv) {
    static const struct option longopts[] = {{"solve-empties", required_argument, 0, 'e'},
                                             {"max-depth", required_argument, 0, 'd'},
                                             {"hash-mb", required_argument, 0, 'm'},
                                             {"time", required_argument, 0, 't'},
                                             {"help", no_argument, 0, 'h'},
                                             {0, 0, 0, 0}};
    nboard_settings set;
    nboard_settings_default(&set);
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            usage(stdout);
            return CLI_OK;
        }
        char *end;
        errno = 0;
        if (c == 't') {
            double secs = strtod(optarg, &end);
            if (*end || end == optarg || errno || !(secs > 0) || secs > 1e9) {
                fprintf(stderr, "yomi reversi nboard: --time: '%s' is not a positive number of seconds\n",
                        optarg);
                return CLI_BAD_INPUT;
            }
            set.max_seconds = secs;
            continue;
        }
        if (c != 'e' && c != 'd' && c != 'm') return CLI_BAD_INPUT;
        long v = strtol(optarg, &end, 10);
        long hi = c == 'e' ? 64 : c == 'd' ? 60 : 1L << 20;
        if (*end || end == optarg || errno || v < (c == 'e' ? 0 : 1) || v > hi) {
            fprintf(stderr, "yomi reversi nboard: --%s: '%s' is not a number from %d to %ld\n",
                    c == 'e'       ? "solve-empties"
                        : c == 'd' ? "max-depth"
                                   : "hash-mb",
                    optarg, c == 'e' ? 0 : 1, hi);
            return CLI_BAD_INPUT;
        }
        if (c == 'e')
            set.solve_empties = (int)v;
        else if (c == 'd')
            set.max_depth = (int)v;
        else
            set.hash_mb = (size_t)v;
    }
    if (optind < argc) {
        fprintf(stderr, "yomi reversi nboard: unexpected argument '%s'\n", argv[optind]);
        return CLI_BAD_INPUT;
    }
    nboard_engine *e = nboard_new(&set);
    if (!e) {
        fputs("yomi reversi nboard: cannot allocate the transposition table\n", stderr);
        return CLI_FAILED;
    }
    nboard_run_threaded(e, stdin, stdout);
    nboard_free(e);
    return CLI_OK;
}

int cli_reversi_main(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_BAD_INPUT : CLI_OK;
    }
    if (!strcmp(argv[1], "perft")) return cmd_perft(argc - 1, argv + 1);
    if (!strcmp(argv[1], "solve")) return cmd_solve(argc - 1, argv + 1);
    if (!strcmp(argv[1], "nboard")) return cmd_nboard(argc - 1, argv + 1);
    fprintf(stderr, "yomi reversi: unknown command '%s' (try 'yomi reversi --help')\n", argv[1]);
    return CLI_BAD_INPUT;
}
