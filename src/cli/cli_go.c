/* `yomi go`: the GTP engine, the GNU Go regression runner, the ladder reader and
 * attack/defend reading of one string from an SGF file. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "proto/gtp.h"
#include "proto/regress.h"
#include "core/error.h"
#include "core/json.h"
#include "core/search.h"
#include "yomi/go_board.h"
#include "yomi/go_ladder.h"
#include "yomi/go_reading.h"
#include "yomi/go_sgf.h"

static void usage(FILE *o) {
    fputs("usage: yomi go <command> [options]\n"
          "\n"
          "commands:\n"
          "  gtp                    GTP v2 engine on stdin/stdout (GoGui, Sabaki, GNU Go tools)\n"
          "  regress FILE.tst...    run GNU Go regression files through the GTP engine\n"
          "  ladder FILE.sgf VERTEX read the ladder on the string at VERTEX\n"
          "  read FILE.sgf VERTEX   can the string at VERTEX be captured, can it be saved?\n"
          "  solve FILE|DIR...      solve life-and-death problems (SGF or Cho JSON)\n"
          "  check FILE|DIR...      solve a collection and compare with its stated answers\n"
          "\n"
          "  yomi go <command> --help   options of one command\n",
          o);
}

static void usage_gtp(FILE *o) {
    fputs("usage: yomi go gtp [options]\n"
          "\n"
          "Speaks GTP version 2 on stdin/stdout until 'quit' or end of input.\n"
          "Besides the standard commands it offers GNU Go's analysis commands:\n"
          "loadsgf, attack, defend, ladder_attack, countlib, findlib, trymove, popgo,\n"
          "increase_depths, decrease_depths, and gogui-analyze_commands.\n"
          "\n"
          "Reading answers use GNU Go's codes: 0 fails, 1 works, 2 works if the ko is\n"
          "won, 3 works after a ko threat. When a limit stops a search the answer is a\n"
          "GTP error ('? unknown: ...'), never a code: nothing was proven. The codes are\n"
          "GNU Go's and say nothing of the basis: an answer that leans on GNU Go's escape\n"
          "rule is heuristic (see yomi go read --help; its --json gives 'basis').\n"
          "\n"
          "Input limits: a command line of at most 4096 bytes (a longer one is answered\n"
          "'? line too long' as soon as the limit is passed); loadsgf reads SGF files of\n"
          "at most 16 MiB.\n"
          "\n"
          "options:\n"
          "  --max-seconds S   time limit of each reading command, ladder_attack included\n"
          "                    (default none)\n"
          "  --max-nodes N     node limit of each reading command, ladder_attack and each\n"
          "                    owl question included (default 150000, set here: the\n"
          "                    library has none; 0 = none)\n"
          "  --hash-mb M       the reader's table: exactly M MB (default 2)\n"
          "  --fresh           each attack/defend forgets earlier questions (the reader's\n"
          "                    table and move-ordering history), so its answer does not\n"
          "                    depend on them; slower\n"
          "  -h, --help        this help\n",
          o);
}

static void usage_regress(FILE *o) {
    fputs("usage: yomi go regress [options] FILE.tst[:TESTS]...\n"
          "\n"
          "Runs GNU Go regression files in-process: 'N command' lines are tests, the\n"
          "'#? [PATTERN]' line after one is its expectation (anchored POSIX extended\n"
          "regex; '!' negates; a trailing '*' marks a case GNU Go fails, still counted;\n"
          "'&' ignores the result). loadsgf paths are relative to the .tst file.\n"
          "TESTS picks some tests only: reading.tst:4,17,30-50.\n"
          "\n"
          "Prints the failing cases, then 'N passed, N failed' and the seconds taken.\n"
          "A .tst file is read up to 16 MiB, each line up to 4096 bytes (a longer line\n"
          "counts as a failure; a longer file stops there with exit code 2).\n"
          "\n"
          "options:\n"
          "  --min-pass K      exit 0 when at least K tests pass (default: all must pass)\n"
          "  -v, --verbose     print every case\n"
          "  --max-seconds S   time limit of each reading command\n"
          "  --max-nodes N     node limit of each reading command and owl question\n"
          "                    (default 150000, set here: the library has none; 0 = none)\n"
          "  --hash-mb M       the reader's table: exactly M MB (default 2)\n"
          "  --fresh           each reading forgets the earlier ones (see yomi go gtp --help)\n"
          "  -h, --help        this help\n"
          "\n"
          "exit codes: 0 success, 1 too many failures, 2 a file could not be read\n",
          o);
}

static void usage_ladder(FILE *o) {
    fputs("usage: yomi go ladder FILE.sgf VERTEX\n"
          "\n"
          "Loads the SGF file (the end of its main line) and reads the ladder on the\n"
          "string at VERTEX (GTP form, e.g. D4). Prints whether the string is captured,\n"
          "escapes or the result depends on a ko, and the moves of the ladder.\n"
          "A search stopped by a limit answers 'unknown'.\n"
          "\n"
          "options:\n"
          "  --max-seconds S   time limit of the search (default none)\n"
          "  --max-nodes N     node limit of the search (default 200000, set here: the\n"
          "                    library has none; 0 = none)\n"
          "  -h, --help        this help\n"
          "\n"
          "exit codes: 0 read, 1 a limit stopped the reading, 2 bad input\n",
          o);
}

static void usage_read(FILE *o) {
    fputs("usage: yomi go read [options] FILE.sgf VERTEX\n"
          "\n"
          "Loads the SGF file (the end of its main line, or the position before move N)\n"
          "and reads the string at VERTEX (GTP form, e.g. D4) twice: the attack, with\n"
          "the opponent to move, and the defence, with the owner to move. Each answer is\n"
          "a result and a move, with GNU Go's code: 0 fails, 1 works, 2 works through\n"
          "a ko the mover takes first, 3 works only after a ko threat. 'no move' means\n"
          "none is needed. A reading stopped by a limit answers 'unknown'.\n"
          "\n"
          "Each answer has a basis: 'proved' (read out, within the reader's candidate\n"
          "moves), 'heuristic' (somewhere in the reading GNU Go's escape rule counted\n"
          "a string with enough liberties for the depth as escaped: five at any\n"
          "depth, four after ply 7, three after ply 16, later for a string on the\n"
          "edge) or 'unknown' (a limit stopped it). The text output gives both on its\n"
          "'basis:' line, --json as 'basis' in each answer.\n"
          "\n"
          "options:\n"
          "  --move N          the position before move N of the main line (1-based)\n"
          "  --json            one JSON object: file, vertex, color, liberties, attack,\n"
          "                    defend (each: result, code, move, basis), nodes, seconds\n"
          "  --max-seconds S   time limit of each reading (default none)\n"
          "  --max-nodes N     node limit of each reading (default 150000, set here:\n"
          "                    the library has none; 0 = none)\n"
          "  --hash-mb M       the reader's table: exactly M MB (default 2)\n"
          "  -h, --help        this help\n"
          "\n"
          "exit codes: 0 both read, 1 a limit stopped a reading, 2 bad input\n",
          o);
}

enum { OPT_MAX_SECONDS = 256, OPT_MAX_NODES, OPT_HASH_MB, OPT_MIN_PASS, OPT_MOVE, OPT_JSON, OPT_FRESH };

/* Parses one of the limit options; false (with a message) on a bad value. */
static bool limit_option(int opt, const char *arg, yomi_limits *lim, const char *cmd) {
    char *end;
    errno = 0;
    if (opt == OPT_MAX_SECONDS) {
        double s = strtod(arg, &end);
        if (*end || end == arg || errno || !isfinite(s) || s < 0) {
            fprintf(stderr, "yomi go %s: --max-seconds: '%s' is not a number of seconds\n", cmd, arg);
            return false;
        }
        lim->max_seconds = s;
        return true;
    }
    unsigned long long v = strtoull(arg, &end, 10);
    if (*end || end == arg || errno || arg[0] == '-') {
        fprintf(stderr, "yomi go %s: --%s: '%s' is not a non-negative integer\n", cmd,
                opt == OPT_MAX_NODES ? "max-nodes" : "hash-mb", arg);
        return false;
    }
    if (opt == OPT_MAX_NODES)
        lim->max_nodes = v;
    else
        lim->hash_mb = (size_t)v;
    return true;
}

#define LIMIT_OPTIONS                                                                                        \
    {"max-seconds", required_argument, NULL, OPT_MAX_SECONDS},                                               \
        {"max-nodes", required_argument, NULL, OPT_MAX_NODES},                                               \
        {"hash-mb", required_argument, NULL, OPT_HASH_MB}, {                                                 \
        "help", no_argument, NULL, 'h'                                                                       \
    }

static const struct option gtp_options[] = {
    LIMIT_OPTIONS,
    {"fresh", no_argument, NULL, OPT_FRESH},
    {NULL, 0, NULL, 0},
};
static const struct option regress_options[] = {
    LIMIT_OPTIONS,
    {"fresh", no_argument, NULL, OPT_FRESH},
    {"min-pass", required_argument, NULL, OPT_MIN_PASS},
    {"verbose", no_argument, NULL, 'v'},
    {NULL, 0, NULL, 0},
};

static int go_gtp(int argc, char **argv) {
    yomi_limits lim = {.max_nodes = GO_READ_DEFAULT_MAX_NODES}; /* --max-nodes overrides */
    bool fresh = false;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", gtp_options, NULL)) != -1) {
        switch (opt) {
        case 'h': usage_gtp(stdout); return CLI_OK;
        case OPT_MAX_SECONDS:
        case OPT_MAX_NODES:
        case OPT_HASH_MB:
            if (!limit_option(opt, optarg, &lim, "gtp")) return CLI_BAD_INPUT;
            break;
        case OPT_FRESH: fresh = true; break;
        default: usage_gtp(stderr); return CLI_BAD_INPUT;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "yomi go gtp: unexpected argument '%s'\n", argv[optind]);
        return CLI_BAD_INPUT;
    }
    gtp_engine *g = gtp_new(&lim);
    if (!g) {
        fputs("yomi go gtp: out of memory\n", stderr);
        return CLI_FAILED;
    }
    gtp_set_fresh(g, fresh);
    gtp_run(g, stdin, stdout);
    gtp_free(g);
    return CLI_OK;
}

static int go_regress(int argc, char **argv) {
    regress_opts o = {.min_pass = -1,
                      .lim = {.max_nodes = GO_READ_DEFAULT_MAX_NODES}}; /* --max-nodes overrides */
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "hv", regress_options, NULL)) != -1) {
        switch (opt) {
        case 'h': usage_regress(stdout); return CLI_OK;
        case 'v': o.verbose = true; break;
        case OPT_MIN_PASS: {
            char *end;
            errno = 0;
            long k = strtol(optarg, &end, 10);
            if (*end || end == optarg || errno || k < 0) {
                fprintf(stderr, "yomi go regress: --min-pass: '%s' is not a non-negative integer\n", optarg);
                return CLI_BAD_INPUT;
            }
            o.min_pass = k;
            break;
        }
        case OPT_MAX_SECONDS:
        case OPT_MAX_NODES:
        case OPT_HASH_MB:
            if (!limit_option(opt, optarg, &o.lim, "regress")) return CLI_BAD_INPUT;
            break;
        case OPT_FRESH: o.fresh = true; break;
        default: usage_regress(stderr); return CLI_BAD_INPUT;
        }
    }
    if (optind >= argc) {
        fputs("yomi go regress: no .tst file given\n", stderr);
        usage_regress(stderr);
        return CLI_BAD_INPUT;
    }
    return regress_run(argc - optind, argv + optind, &o, stdout);
}

static const char *ladder_status(yomi_result r, bool attacker_view) {
    switch (r) {
    case YOMI_WIN: return attacker_view ? "captured" : "escapes";
    case YOMI_LOSS: return attacker_view ? "escapes" : "captured";
    case YOMI_KO_WIN:
        return attacker_view ? "ko (captured if the attacker wins the ko)"
                             : "ko (escapes if the string's owner wins the ko)";
    case YOMI_KO_LOSS:
        return attacker_view ? "ko (captured only after an attacker's ko threat)"
                             : "ko (escapes only after a ko threat)";
    default: return "unknown (a limit stopped the search)";
    }
}

/* Loads the end of the main line of file, reads the ladder on the string at
 * vertex with the side to move of the file, and prints the result and line. */
/* Loads the main line of file (up to the position before move stop_before when
 * it is > 0) and finds the stone at vertex. NULL (with a message naming the file
 * and what was wrong) on bad input. */
static go_board *load_string(const char *cmd, const char *file, int stop_before, const char *vertex,
                             go_point *at, go_color *to_move) {
    yomi_error e = {{0}, 0, 0};
    char msg[600];
    go_board *b = go_board_new(19);
    *to_move = GO_BLACK;
    int played = b ? sgf_load_position(file, stop_before, b, to_move, NULL, &e) : -1;
    if (played < 0) {
        if (b)
            yomi_error_format(&e, file, msg, sizeof msg);
        else
            snprintf(msg, sizeof msg, "out of memory");
        fprintf(stderr, "yomi go %s: %s\n", cmd, msg);
        go_board_free(b);
        return NULL;
    }
    if (stop_before > 0 && played < stop_before - 1) {
        fprintf(stderr, "yomi go %s: %s: --move %d: the main line has only %d moves\n", cmd, file,
                stop_before, played);
        go_board_free(b);
        return NULL;
    }
    int n = go_board_size(b);
    go_point p = go_vertex_parse(b, vertex);
    if (p == GO_NO_POINT || p == GO_PASS) {
        fprintf(stderr, "yomi go %s: '%s' is not a point of the %dx%d board of %s\n", cmd, vertex, n, n,
                file);
        go_board_free(b);
        return NULL;
    }
    go_color owner = go_board_at(b, p);
    if (owner != GO_BLACK && owner != GO_WHITE) {
        fprintf(stderr, "yomi go %s: %s: no stone at %s in that position\n", cmd, file, vertex);
        go_board_free(b);
        return NULL;
    }
    *at = p;
    return b;
}

static int ladder_file(const char *file, const char *vertex, const yomi_limits *lim) {
    go_point p;
    go_color to_move;
    go_board *b = load_string("ladder", file, 0, vertex, &p, &to_move);
    if (!b) return CLI_BAD_INPUT;
    go_color owner = go_board_at(b, p);
    int libs = go_string_libs(b, p);
    static const char *names[] = {"", "black", "white"};
    printf("%s: %s string at %s, %d libert%s, %s to move\n", file, names[owner], vertex, libs,
           libs == 1 ? "y" : "ies", names[to_move]);

    /* The owner to move in atari asks "can it escape?"; otherwise the attacker moves. */
    bool attacker_view = !(to_move == owner && libs == 1);
    if (attacker_view && to_move == owner)
        printf("reading with %s, the attacker, to move\n", names[go_other(owner)]);
    go_point move = GO_NO_POINT;
    uint64_t nodes = 0;
    yomi_result r = attacker_view ? go_ladder_attack_lim(b, p, lim, &move, &nodes)
                                  : go_ladder_defend_lim(b, p, lim, &move, &nodes);
    char v[8];
    printf("status: %s\n", ladder_status(r, attacker_view));
    if (move != GO_NO_POINT && r != YOMI_UNKNOWN) {
        go_vertex_format(b, move, v, sizeof v);
        printf("first move: %s %s\n", names[attacker_view ? go_other(owner) : owner], v);
    }
    if (libs <= 2 && r != YOMI_UNKNOWN) {
        go_point line[GO_MAX_POINTS];
        int len = go_ladder_line(b, p, line, GO_MAX_POINTS);
        /* The line starts with the attacker on two liberties, the owner on one. */
        go_color side = libs == 2 ? go_other(owner) : owner;
        printf("line:");
        for (int i = 0; i < len; i++, side = go_other(side)) {
            go_vertex_format(b, line[i], v, sizeof v);
            printf(" %c %s", side == GO_BLACK ? 'B' : 'W', v);
        }
        printf("\n");
    }
    printf("nodes: %llu\n", (unsigned long long)nodes);
    go_board_free(b);
    return r == YOMI_UNKNOWN ? CLI_FAILED : CLI_OK;
}

static int go_ladder(int argc, char **argv) {
    int opt;
    optind = 1;
    yomi_limits lim = {.max_nodes = GO_LADDER_DEFAULT_MAX_NODES}; /* --max-nodes overrides */
    static const struct option opts[] = {LIMIT_OPTIONS, {NULL, 0, NULL, 0}};
    while ((opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (opt) {
        case 'h': usage_ladder(stdout); return CLI_OK;
        case OPT_MAX_SECONDS:
        case OPT_MAX_NODES:
            if (!limit_option(opt, optarg, &lim, "ladder")) return CLI_BAD_INPUT;
            break;
        default: usage_ladder(stderr); return CLI_BAD_INPUT;
        }
    }
    if (argc - optind != 2) {
        fputs("yomi go ladder: expected FILE.sgf VERTEX\n", stderr);
        usage_ladder(stderr);
        return CLI_BAD_INPUT;
    }
    const char *file = argv[optind], *vertex = argv[optind + 1];
    return ladder_file(file, vertex, &lim);
}

static const char *reading_words(yomi_result r) {
    switch (r) {
    case YOMI_WIN: return "works";
    case YOMI_KO_WIN: return "works through a ko the mover takes first";
    case YOMI_KO_LOSS: return "works only after a ko threat";
    case YOMI_UNKNOWN: return "unknown (a limit stopped the reading)";
    default: return "fails";
    }
}

typedef struct read_answer {
    yomi_result r;
    yomi_basis basis;
    char move[8]; /* "" when no move is given */
} read_answer;

static void answer_of(const go_board *b, yomi_result r, yomi_basis basis, go_point m, read_answer *a) {
    a->r = r;
    a->basis = basis;
    a->move[0] = 0;
    if (gtp_result_code(r) > 0 && m != GO_NO_POINT) go_vertex_format(b, m, a->move, sizeof a->move);
}

static void json_answer(yomi_json *j, const char *key, const read_answer *a) {
    yomi_json_key(j, key);
    yomi_json_begin_object(j);
    yomi_json_key(j, "result");
    yomi_json_string(j, a->r == YOMI_UNKNOWN ? "unknown" : yomi_result_name(a->r));
    yomi_json_key(j, "code");
    if (a->r == YOMI_UNKNOWN)
        yomi_json_null(j);
    else
        yomi_json_int(j, gtp_result_code(a->r));
    yomi_json_key(j, "move");
    if (a->move[0])
        yomi_json_string(j, a->move);
    else
        yomi_json_null(j);
    yomi_json_key(j, "basis");
    yomi_json_string(j, yomi_basis_name(a->basis));
    yomi_json_end_object(j);
}

static int go_read(int argc, char **argv) {
    yomi_limits lim = {.max_nodes = GO_READ_DEFAULT_MAX_NODES}; /* --max-nodes overrides */
    int stop_before = 0;
    bool json = false;
    static const struct option opts[] = {
        LIMIT_OPTIONS,
        {"move", required_argument, NULL, OPT_MOVE},
        {"json", no_argument, NULL, OPT_JSON},
        {NULL, 0, NULL, 0},
    };
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (opt) {
        case 'h': usage_read(stdout); return CLI_OK;
        case OPT_MAX_SECONDS:
        case OPT_MAX_NODES:
        case OPT_HASH_MB:
            if (!limit_option(opt, optarg, &lim, "read")) return CLI_BAD_INPUT;
            break;
        case OPT_MOVE: {
            char *end;
            errno = 0;
            long v = strtol(optarg, &end, 10);
            if (*end || end == optarg || errno || v < 1 || v > 100000) {
                fprintf(stderr, "yomi go read: --move: '%s' is not a move number (1 or more)\n", optarg);
                return CLI_BAD_INPUT;
            }
            stop_before = (int)v;
            break;
        }
        case OPT_JSON: json = true; break;
        default: usage_read(stderr); return CLI_BAD_INPUT;
        }
    }
    if (argc - optind != 2) {
        fputs("yomi go read: expected FILE.sgf VERTEX\n", stderr);
        usage_read(stderr);
        return CLI_BAD_INPUT;
    }
    const char *file = argv[optind], *vertex = argv[optind + 1];
    go_point p;
    go_color to_move;
    go_board *b = load_string("read", file, stop_before, vertex, &p, &to_move);
    if (!b) return CLI_BAD_INPUT;
    go_reader *r = go_reader_new(&lim);
    if (!r) {
        fputs("yomi go read: out of memory\n", stderr);
        go_board_free(b);
        return CLI_FAILED;
    }
    double t0 = yomi_now();
    go_point m = GO_NO_POINT;
    read_answer att, def;
    yomi_result res = go_attack(r, b, p, &m);
    answer_of(b, res, go_reader_last_basis(r), m, &att);
    m = GO_NO_POINT;
    res = go_defend(r, b, p, &m);
    answer_of(b, res, go_reader_last_basis(r), m, &def);
    double secs = yomi_now() - t0;
    unsigned long long nodes = (unsigned long long)go_reader_nodes(r);
    go_reader_free(r);

    go_color owner = go_board_at(b, p);
    int libs = go_string_libs(b, p);
    static const char *names[] = {"", "black", "white"};
    if (json) {
        yomi_json j;
        yomi_json_start(&j, stdout);
        yomi_json_begin_object(&j);
        yomi_json_key(&j, "file");
        yomi_json_string(&j, file);
        yomi_json_key(&j, "vertex");
        yomi_json_string(&j, vertex);
        yomi_json_key(&j, "color");
        yomi_json_string(&j, names[owner]);
        yomi_json_key(&j, "liberties");
        yomi_json_int(&j, libs);
        json_answer(&j, "attack", &att);
        json_answer(&j, "defend", &def);
        yomi_json_key(&j, "nodes");
        yomi_json_uint(&j, nodes);
        yomi_json_key(&j, "seconds");
        yomi_json_double(&j, secs);
        yomi_json_end_object(&j);
        fputc('\n', stdout);
    } else {
        printf("%s: %s string at %s, %d libert%s (%s to move in the file)\n", file, names[owner], vertex,
               libs, libs == 1 ? "y" : "ies", names[to_move]);
        const read_answer *ans[2] = {&att, &def};
        const char *what[2] = {"attack", "defend"};
        for (int k = 0; k < 2; k++) {
            go_color mover = k == 0 ? go_other(owner) : owner;
            const read_answer *a = ans[k];
            printf("%s (%s first): %s", what[k], names[mover], reading_words(a->r));
            if (a->r != YOMI_UNKNOWN) printf(" [%d]", gtp_result_code(a->r));
            if (gtp_result_code(a->r) > 0) printf(", %s", a->move[0] ? a->move : "no move needed");
            printf("\n");
        }
        printf("basis: attack %s, defend %s\n", yomi_basis_name(att.basis), yomi_basis_name(def.basis));
        printf("nodes: %llu  seconds: %.3f\n", nodes, secs);
    }
    go_board_free(b);
    return att.r == YOMI_UNKNOWN || def.r == YOMI_UNKNOWN ? CLI_FAILED : CLI_OK;
}

int cli_go_main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return CLI_BAD_INPUT;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(cmd, "gtp")) return go_gtp(argc - 1, argv + 1);
    if (!strcmp(cmd, "regress")) return go_regress(argc - 1, argv + 1);
    if (!strcmp(cmd, "ladder")) return go_ladder(argc - 1, argv + 1);
    if (!strcmp(cmd, "read")) return go_read(argc - 1, argv + 1);
    if (!strcmp(cmd, "solve")) return cli_go_solve(argc - 1, argv + 1, 0);
    if (!strcmp(cmd, "check")) return cli_go_solve(argc - 1, argv + 1, 1);
    fprintf(stderr, "yomi go: unknown command '%s' (try 'yomi go --help')\n", cmd);
    return CLI_BAD_INPUT;
}
