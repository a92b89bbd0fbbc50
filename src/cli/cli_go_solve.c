/* `yomi go solve` and `yomi go check`: life-and-death problems from SGF or
 * Cho-style JSON files (or directories of them), answered by go_tsumego_solve.
 * Parsing and printing only. */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/json.h"
#include "yomi/go_tsumego.h"

enum { FMT_TEXT, FMT_JSON, FMT_SGF };

static void usage(FILE *o, int check) {
    fprintf(o,
            "usage: yomi go %s FILE|DIR... [options]\n"
            "\n"
            "%s"
            "  --target V           a stone of the group to kill or save (default: guessed, or MA)\n"
            "  --to-play B|W        side to move (default: PL, or the comment)\n"
            "  --ko-master B|W|none ask one question with this ko master (default: classify kos)\n"
            "  --time S             seconds per problem (default: none)\n"
            "  --max-nodes N        nodes per problem (default: none)\n"
            "  --hash-mb M          transposition table size (default: 16)\n"
            "  --first              stop at the first winning move\n"
            "  --no-frame           search the board as given (the region: the target's space)\n"
            "  --without LIST       switch techniques off: order,static,learned,distance\n"
            "  --distance D         distance generator bound (default 4)\n"
            "%s",
            check ? "check" : "solve",
            check ? "Solves each problem and compares yomi's winning first moves with the\n"
                    "ones the source states (SOL, or the SGF tree's first moves).\n\n"
                  : "Proves who wins a life-and-death problem and every winning first move.\n\n",
            check ? "  --expect-rate P      exit 1 when fewer than P% are correct\n"
                    "  --quiet              print only the summary\n"
                  : "  --format text|json|sgf  output (default text)\n");
}

typedef struct opts {
    go_problem_hints hints;
    go_tsumego_opts ts;
    int format;
    double expect_rate;
    int quiet;
} opts;

static int parse_color(const char *s, go_color *c, int allow_none) {
    if (!strcmp(s, "B") || !strcmp(s, "b") || !strcmp(s, "black"))
        *c = GO_BLACK;
    else if (!strcmp(s, "W") || !strcmp(s, "w") || !strcmp(s, "white"))
        *c = GO_WHITE;
    else if (allow_none && !strcmp(s, "none"))
        *c = GO_EMPTY;
    else
        return -1;
    return 0;
}

static void vertex(const go_board *b, go_point p, char *buf) { go_vertex_format(b, p, buf, 8); }

static void print_text(const char *file, const go_problem *p, const go_tsumego_answer *a) {
    char v[8];
    printf("%s\n", file);
    go_board_print(p->original, stdout);
    vertex(p->board, p->target, v);
    printf("%s to play, target %s (%s, %s), region %d points%s\n", p->to_play == GO_BLACK ? "Black" : "White",
           v, p->attacker == GO_BLACK ? "white" : "black", p->live ? "to live" : "to kill", p->nregion,
           p->framed ? ", framed" : "");
    printf("result: %s (%s)\n", go_tsumego_result_name(a->result),
           a->result == YOMI_UNKNOWN ? "limit"
               : a->proved           ? "proved"
                                     : "heuristic");
    printf("moves:");
    for (int i = 0; i < a->nmoves; i++) {
        vertex(p->board, a->moves[i], v);
        printf(" %s", v);
    }
    if (a->nunknown) printf(" (%d undecided)", a->nunknown);
    printf("\npv:");
    for (int i = 0; i < a->npv; i++) {
        vertex(p->board, a->pv[i], v);
        printf(" %s", v);
    }
    printf("\nnodes: %llu  seconds: %.3f\n\n", (unsigned long long)a->nodes, a->seconds);
}

static void print_json(const char *file, const go_problem *p, const go_tsumego_answer *a) {
    yomi_json j;
    char v[8];
    yomi_json_start(&j, stdout);
    yomi_json_begin_object(&j);
    yomi_json_key(&j, "file");
    yomi_json_string(&j, file);
    yomi_json_key(&j, "to_play");
    yomi_json_string(&j, p->to_play == GO_BLACK ? "B" : "W");
    yomi_json_key(&j, "target");
    vertex(p->board, p->target, v);
    yomi_json_string(&j, v);
    yomi_json_key(&j, "goal");
    yomi_json_string(&j, p->live ? "live" : "kill");
    yomi_json_key(&j, "result");
    yomi_json_string(&j, go_tsumego_result_name(a->result));
    yomi_json_key(&j, "basis");
    yomi_json_string(&j, a->result == YOMI_UNKNOWN ? "limit" : a->proved ? "proved" : "heuristic");
    yomi_json_key(&j, "moves");
    yomi_json_begin_array(&j);
    for (int i = 0; i < a->nmoves; i++) {
        vertex(p->board, a->moves[i], v);
        yomi_json_string(&j, v);
    }
    yomi_json_end_array(&j);
    yomi_json_key(&j, "undecided");
    yomi_json_int(&j, a->nunknown);
    yomi_json_key(&j, "pv");
    yomi_json_begin_array(&j);
    for (int i = 0; i < a->npv; i++) {
        vertex(p->board, a->pv[i], v);
        yomi_json_string(&j, v);
    }
    yomi_json_end_array(&j);
    yomi_json_key(&j, "nodes");
    yomi_json_uint(&j, a->nodes);
    yomi_json_key(&j, "seconds");
    yomi_json_double(&j, a->seconds);
    yomi_json_end_object(&j);
    fputc('\n', stdout);
}

/* The problem with its solution as an SGF game: every winning first move as a
 * variation, the main line under the first. */
static void print_sgf(const go_problem *p, const go_tsumego_answer *a) {
    char pt[3];
    printf("(;FF[4]GM[1]SZ[%d]PL[%c]", p->size, p->to_play == GO_BLACK ? 'B' : 'W');
    for (int c = GO_BLACK; c <= GO_WHITE; c++) {
        int any = 0;
        GO_FOR_POINTS(p->original, q) {
            if (go_board_at(p->original, q) != c) continue;
            if (!any) printf("%s", c == GO_BLACK ? "AB" : "AW");
            any = 1;
            sgf_point_format(q, pt);
            printf("[%s]", pt);
        }
    }
    sgf_point_format(p->target, pt);
    printf("MA[%s]C[%s: %s]", pt, p->live ? "live" : "kill", go_tsumego_result_name(a->result));
    for (int i = 0; i < a->nmoves; i++) {
        go_color c = p->to_play;
        printf("\n(");
        int n = i == 0 ? a->npv : 1;
        for (int k = 0; k < n; k++) {
            sgf_point_format(i == 0 ? a->pv[k] : a->moves[i], pt);
            printf(";%c[%s]%s", c == GO_BLACK ? 'B' : 'W', pt, k == 0 ? "C[RIGHT]" : "");
            c = go_other(c);
        }
        printf(")");
    }
    printf(")\n");
}

static int has_suffix(const char *s, const char *suf) {
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* In a directory, a .json file without stones (AB/AW) in its first 4 KB is a
 * description of the collection (tsumego.js's sgf.json), not a problem. */
static int looks_like_problem(const char *dir, const char *name) {
    char path[2048], buf[4097];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) return 1; /* let the loader report it */
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return strstr(buf, "\"AB\"") || strstr(buf, "\"AW\"");
}

/* Appends FILE or the .sgf/.json files of DIR (sorted) to the list. */
static int collect(const char *path, char ***list, int *n, int *cap) {
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "yomi go: cannot open %s\n", path);
        return -1;
    }
    char **names = NULL;
    int nn = 0;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (!d) {
            fprintf(stderr, "yomi go: cannot read directory %s\n", path);
            return -1;
        }
        struct dirent *e;
        int ncap = 0;
        while ((e = readdir(d))) {
            if (!has_suffix(e->d_name, ".sgf") && !has_suffix(e->d_name, ".json")) continue;
            if (has_suffix(e->d_name, ".json") && !looks_like_problem(path, e->d_name)) continue;
            if (nn == ncap) {
                ncap = ncap ? ncap * 2 : 64;
                char **t = realloc(names, sizeof *t * (size_t)ncap);
                if (!t) break;
                names = t;
            }
            size_t len = strlen(path) + strlen(e->d_name) + 2;
            names[nn] = malloc(len);
            if (!names[nn]) break;
            snprintf(names[nn], len, "%s/%s", path, e->d_name);
            nn++;
        }
        closedir(d);
        qsort(names, (size_t)nn, sizeof *names, cmp_str);
    } else {
        names = malloc(sizeof *names);
        if (!names) return -1;
        names[0] = strdup(path);
        nn = 1;
    }
    for (int i = 0; i < nn; i++) {
        if (*n == *cap) {
            *cap = *cap ? *cap * 2 : 64;
            char **t = realloc(*list, sizeof *t * (size_t)*cap);
            if (!t) return -1;
            *list = t;
        }
        (*list)[(*n)++] = names[i];
    }
    free(names);
    return 0;
}

int cli_go_solve(int argc, char **argv, int check) {
    opts o;
    memset(&o, 0, sizeof o);
    o.ts.all_moves = true;
    o.format = FMT_TEXT;
    o.expect_rate = -1;
    static const struct option longopts[] = {{"target", required_argument, 0, 't'},
                                             {"to-play", required_argument, 0, 'p'},
                                             {"ko-master", required_argument, 0, 'k'},
                                             {"time", required_argument, 0, 'T'},
                                             {"max-nodes", required_argument, 0, 'n'},
                                             {"hash-mb", required_argument, 0, 'm'},
                                             {"format", required_argument, 0, 'f'},
                                             {"first", no_argument, 0, '1'},
                                             {"no-frame", no_argument, 0, 'F'},
                                             {"expect-rate", required_argument, 0, 'r'},
                                             {"quiet", no_argument, 0, 'q'},
                                             {"without", required_argument, 0, 'w'},
                                             {"distance", required_argument, 0, 'd'},
                                             {"help", no_argument, 0, 'h'},
                                             {0, 0, 0, 0}};
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        char *end = NULL;
        switch (c) {
        case 't': o.hints.target = optarg; break;
        case 'p':
            if (parse_color(optarg, &o.hints.to_play, 0)) {
                fprintf(stderr, "yomi go: --to-play takes B or W, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'k':
            if (parse_color(optarg, &o.ts.ko_master, 1)) {
                fprintf(stderr, "yomi go: --ko-master takes B, W or none, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            o.ts.fixed_master = true;
            break;
        case 'T':
            o.ts.lim.max_seconds = strtod(optarg, &end);
            if (!*optarg || *end || o.ts.lim.max_seconds < 0) {
                fprintf(stderr, "yomi go: --time takes seconds, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'n':
            o.ts.lim.max_nodes = strtoull(optarg, &end, 10);
            if (!*optarg || *end || optarg[0] == '-') {
                fprintf(stderr, "yomi go: --max-nodes takes a count, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'm': {
            long mb = strtol(optarg, &end, 10);
            if (!*optarg || *end || mb < 1 || mb > 65536) {
                fprintf(stderr, "yomi go: --hash-mb takes 1..65536, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            o.ts.lim.hash_mb = (size_t)mb;
            break;
        }
        case 'f':
            if (!strcmp(optarg, "text"))
                o.format = FMT_TEXT;
            else if (!strcmp(optarg, "json"))
                o.format = FMT_JSON;
            else if (!strcmp(optarg, "sgf"))
                o.format = FMT_SGF;
            else {
                fprintf(stderr, "yomi go: --format takes text, json or sgf, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case '1': o.ts.all_moves = false; break;
        case 'F': o.hints.no_frame = true; break;
        case 'r':
            o.expect_rate = strtod(optarg, &end);
            if (!*optarg || *end) {
                fprintf(stderr, "yomi go: --expect-rate takes a percentage, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'q': o.quiet = 1; break;
        case 'd': o.ts.distance = atoi(optarg); break;
        case 'w': {
            static const struct {
                const char *name;
                unsigned bit;
            } feats[] = {{"order", GO_TS_NO_ORDER},
                         {"static", GO_TS_NO_STATIC},
                         {"learned", GO_TS_NO_LEARNED},
                         {"distance", GO_TS_NO_DISTANCE}};
            char buf[128];
            snprintf(buf, sizeof buf, "%s", optarg);
            for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
                unsigned bit = 0;
                for (size_t k = 0; k < sizeof feats / sizeof feats[0]; k++)
                    if (!strcmp(tok, feats[k].name)) bit = feats[k].bit;
                if (!bit) {
                    fprintf(stderr, "yomi go: --without takes order, static, learned, distance; not '%s'\n",
                            tok);
                    return CLI_BAD_INPUT;
                }
                o.ts.disable |= bit;
            }
            break;
        }
        case 'h': usage(stdout, check); return CLI_OK;
        default: usage(stderr, check); return CLI_BAD_INPUT;
        }
    }
    if (optind >= argc) {
        usage(stderr, check);
        return CLI_BAD_INPUT;
    }
    char **files = NULL;
    int nfiles = 0, cap = 0, rc = CLI_OK;
    for (int i = optind; i < argc; i++)
        if (collect(argv[i], &files, &nfiles, &cap) < 0) rc = CLI_BAD_INPUT;
    if (rc != CLI_OK || nfiles == 0) {
        if (nfiles == 0 && rc == CLI_OK) fprintf(stderr, "yomi go: no .sgf or .json problems found\n");
        for (int i = 0; i < nfiles; i++) free(files[i]);
        free(files);
        return CLI_BAD_INPUT;
    }
    int correct = 0, wrong = 0, unknown = 0, nosol = 0, bad = 0, complete = 0;
    double total = 0, worst = 0;
    unsigned long long nodes = 0;
    for (int i = 0; i < nfiles; i++) {
        yomi_error err;
        go_problem *p = go_problem_load(files[i], &o.hints, &err);
        if (!p && check && !o.hints.to_play) {
            /* No side to move and no solution to compare with: nothing to check. */
            go_problem_hints h = o.hints;
            h.to_play = GO_BLACK;
            go_problem *q = go_problem_load(files[i], &h, NULL);
            if (q && q->nsol == 0) {
                nosol++;
                go_problem_free(q);
                continue;
            }
            go_problem_free(q);
        }
        if (!p) {
            if (err.line > 0)
                fprintf(stderr, "%s:%ld:%ld: %s\n", files[i], err.line, err.column, err.msg);
            else
                fprintf(stderr, "%s: %s\n", files[i], err.msg);
            bad++;
            rc = CLI_BAD_INPUT;
            continue;
        }
        go_tsumego_answer a;
        go_tsumego_solve(p, &o.ts, &a);
        total += a.seconds;
        if (a.seconds > worst) worst = a.seconds;
        nodes += a.nodes;
        if (!check) {
            if (o.format == FMT_JSON)
                print_json(files[i], p, &a);
            else if (o.format == FMT_SGF)
                print_sgf(p, &a);
            else
                print_text(files[i], p, &a);
            if (a.result == YOMI_UNKNOWN) rc = rc == CLI_OK ? CLI_FAILED : rc;
            if (nfiles > 1 && isatty(2)) fprintf(stderr, "\r%d/%d", i + 1, nfiles);
        } else if (p->nsol == 0) {
            nosol++;
        } else {
            int inside = a.nmoves > 0, all = 1;
            for (int k = 0; k < a.nmoves; k++) {
                int f = 0;
                for (int s = 0; s < p->nsol; s++) f |= p->sol[s] == a.moves[k];
                inside &= f;
            }
            for (int s = 0; s < p->nsol; s++) {
                int f = 0;
                for (int k = 0; k < a.nmoves; k++) f |= p->sol[s] == a.moves[k];
                all &= f;
            }
            if (a.result == YOMI_UNKNOWN && a.nmoves == 0)
                unknown++;
            else if (inside)
                correct++, complete += all;
            else
                wrong++;
            if (!o.quiet && !(inside && all)) {
                char v[8];
                printf("%s: %s%s, %s (%s) yomi:", files[i],
                       a.result == YOMI_UNKNOWN && !a.nmoves ? "unknown"
                           : inside                          ? "missing alternatives"
                                                             : "differs",
                       "", go_tsumego_result_name(a.result), p->live ? "live" : "kill");
                for (int k = 0; k < a.nmoves; k++) {
                    vertex(p->board, a.moves[k], v);
                    printf(" %s", v);
                }
                printf("  stated:");
                for (int s = 0; s < p->nsol; s++) {
                    vertex(p->board, p->sol[s], v);
                    printf(" %s", v);
                }
                printf("  pv:");
                for (int k = 0; k < a.npv; k++) {
                    vertex(p->board, a.pv[k], v);
                    printf(" %s", v);
                }
                printf("  nodes %llu %.2fs\n", (unsigned long long)a.nodes, a.seconds);
            }
        }
        go_problem_free(p);
    }
    if (!check && nfiles > 1 && isatty(2)) fputc('\n', stderr);
    if (check) {
        int judged = correct + wrong + unknown;
        double rate = judged ? 100.0 * correct / judged : 0;
        printf("problems: %d  correct: %d (%.1f%%)  wrong: %d  unknown: %d  all stated found: %d"
               "  no solution given: %d  bad input: %d\n",
               nfiles, correct, rate, wrong, unknown, complete, nosol, bad);
        printf("nodes: %llu  seconds: %.2f  slowest: %.2f\n", nodes, total, worst);
        if (o.expect_rate >= 0 && rate < o.expect_rate) {
            fprintf(stderr, "yomi go check: %.1f%% correct, below the expected %.1f%%\n", rate,
                    o.expect_rate);
            if (rc == CLI_OK) rc = CLI_FAILED;
        }
    }
    for (int i = 0; i < nfiles; i++) free(files[i]);
    free(files);
    return rc;
}
