/* `yomi clobber`: solve Linear Clobber boards (one, or a batch, optionally spread
 * over MPI ranks) and build the subgame database. Parses and prints only. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef YOMI_HAVE_MPI
#include <mpi.h>
#endif

#include "cli/cli.h"
#include "clobber/clobber_db.h"
#include "core/json.h"
#include "core/search.h"
#include "yomi/clobber.h"

static void usage(FILE *o) {
    fputs("usage: yomi clobber <command> [options]\n"
          "\n"
          "commands:\n"
          "  solve BOARD [options]     solve one board: cells X (or B), O (or W) and '.';\n"
          "                            without --to-move, both players first (outcome class)\n"
          "  solve --batch FILE|-      solve lines 'BOARD PLAYER' (PLAYER X, O, B or W);\n"
          "                            blank lines and lines starting with '#' are skipped\n"
          "  db build --max-len N [--out FILE]\n"
          "                            outcome classes of every run of 2..N stones\n"
          "  db info FILE              check a database file and print its parameters\n"
          "  features                  what this binary was built with (mpi yes/no)\n"
          "\n"
          "solve options:\n"
          "  --to-move X|O     the player to move\n"
          "  --json            one JSON object per board\n"
          "  --db FILE         database from 'db build' (default: $YOMI_CLOBBER_DB when set);\n"
          "                    without one, runs up to 10 stones are built in memory first\n"
          "  --hash-mb M       transposition table in MB (default 256)\n"
          "  --class-len N     solve the class of runs up to N stones on demand (default 12)\n"
          "  --time S, --nodes N  limits per board; a board they stop answers 'unknown'\n"
          "  --without T       switch a technique off: db, simplify, static, positive, tt,\n"
          "                    dominated, order, dup, bounds, etc (repeatable)\n"
          "\n"
          "Moves are 'from-to', 0-based cells. Boards hold at most 128 cells. Under mpirun,\n"
          "'db build' splits the runs over the ranks and writes the same file, and\n"
          "'solve --batch' spreads the lines over the ranks and prints in input order.\n"
          "Exit code 0 when all was solved, 1 when a limit stopped a board, 2 when input\n"
          "was rejected (the other lines are still answered).\n",
          o);
}

/* ---- MPI (optional) ---- */

typedef struct par {
    int rank, size, active;
} par;

static void par_init(par *p, int *argc, char ***argv) {
    p->rank = 0;
    p->size = 1;
    p->active = 0;
#ifdef YOMI_HAVE_MPI
    /* Only under a launcher: a plain run stays a plain process. */
    if (getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE") || getenv("PMIX_RANK")) {
        MPI_Init(argc, argv);
        MPI_Comm_rank(MPI_COMM_WORLD, &p->rank);
        MPI_Comm_size(MPI_COMM_WORLD, &p->size);
        p->active = 1;
    }
#else
    (void)argc;
    (void)argv;
#endif
}

static void par_done(par *p) {
#ifdef YOMI_HAVE_MPI
    if (p->active) MPI_Finalize();
#endif
    p->active = 0;
}

#ifdef YOMI_HAVE_MPI
static void mpi_or_bytes(uint8_t *bytes, uint64_t n, void *ctx) {
    (void)ctx;
    for (uint64_t off = 0; off < n; off += 1u << 30) {
        uint64_t k = n - off < (1u << 30) ? n - off : (1u << 30);
        MPI_Allreduce(MPI_IN_PLACE, bytes + off, (int)k, MPI_UNSIGNED_CHAR, MPI_BOR, MPI_COMM_WORLD);
    }
}
#endif

/* ---- solving ---- */

/* Runs up to this length go into the database built in memory when no file is given. */
#define CLI_BUILT_DB_LEN 10

typedef struct solve_cfg {
    clob_solver *solver;
    const char *db_path; /* the database in use, NULL when none */
    yomi_limits lim;
    bool json;
} solve_cfg;

static void move_text(const clob_answer *a, char *buf, size_t n) {
    if (a->from < 0)
        snprintf(buf, n, "none");
    else
        snprintf(buf, n, "%d-%d", a->from, a->to);
}

static char winner_of(const clob_answer *a, int player) {
    if (a->result == YOMI_WIN) return clob_player_char(player);
    if (a->result == YOMI_LOSS) return clob_player_char(1 - player);
    return '?';
}

/* Solves one board; player < 0: both players first. Writes one line to out.
 * Returns CLI_OK or CLI_FAILED (a limit stopped it). */
static int solve_board(solve_cfg *c, const clob_strip *b, int player, FILE *out) {
    char board[CLOB_MAX_LEN + 1];
    clob_strip_format(b, board);
    clob_answer a[2];
    int first = player < 0 ? 0 : player, last = player < 0 ? 1 : player;
    uint64_t nodes = 0;
    double secs = 0;
    bool unknown = false;
    for (int p = first; p <= last; p++) {
        clob_solve(c->solver, b, p, &c->lim, &a[p]);
        nodes += a[p].nodes;
        secs += a[p].seconds;
        unknown |= a[p].result == YOMI_UNKNOWN;
    }
    const char *basis = unknown ? "unknown" : "proved";
    char mv[2][16];
    for (int p = first; p <= last; p++) move_text(&a[p], mv[p], sizeof mv[p]);
    if (c->json) {
        yomi_json j;
        yomi_json_start(&j, out);
        yomi_json_begin_object(&j);
        yomi_json_key(&j, "board");
        yomi_json_string(&j, board);
        if (player >= 0) {
            char s[2] = {clob_player_char(player), 0}, w[2] = {winner_of(&a[player], player), 0};
            yomi_json_key(&j, "to_move");
            yomi_json_string(&j, s);
            yomi_json_key(&j, "winner");
            if (a[player].result == YOMI_UNKNOWN)
                yomi_json_null(&j);
            else
                yomi_json_string(&j, w);
            yomi_json_key(&j, "move");
            if (a[player].from < 0)
                yomi_json_null(&j);
            else
                yomi_json_string(&j, mv[player]);
        } else {
            yomi_json_key(&j, "to_move");
            yomi_json_string(&j, "both");
            yomi_json_key(&j, "outcome");
            if (unknown)
                yomi_json_null(&j);
            else
                yomi_json_string(
                    &j, clob_outcome_name(clob_outcome_of(a[0].result == YOMI_WIN, a[1].result == YOMI_WIN)));
            for (int k = 0; k < 2; k++) {
                yomi_json_key(&j, k ? "move" : "winner");
                yomi_json_begin_object(&j);
                for (int p = 0; p < 2; p++) {
                    char s[2] = {clob_player_char(p), 0}, w[2] = {winner_of(&a[p], p), 0};
                    yomi_json_key(&j, s);
                    if (k ? a[p].from < 0 : a[p].result == YOMI_UNKNOWN)
                        yomi_json_null(&j);
                    else
                        yomi_json_string(&j, k ? mv[p] : w);
                }
                yomi_json_end_object(&j);
            }
        }
        yomi_json_key(&j, "basis");
        yomi_json_string(&j, basis);
        yomi_json_key(&j, "database");
        if (clob_solver_db_len(c->solver)) {
            yomi_json_begin_object(&j);
            yomi_json_key(&j, "path");
            if (c->db_path)
                yomi_json_string(&j, c->db_path);
            else
                yomi_json_null(&j); /* built in memory */
            yomi_json_key(&j, "max_len");
            yomi_json_int(&j, clob_solver_db_len(c->solver));
            yomi_json_end_object(&j);
        } else {
            yomi_json_null(&j);
        }
        yomi_json_key(&j, "nodes");
        yomi_json_uint(&j, nodes);
        yomi_json_key(&j, "seconds");
        yomi_json_double(&j, secs);
        yomi_json_end_object(&j);
        fputc('\n', out);
    } else if (player >= 0) {
        fprintf(out, "%s %c: winner %c, move %s (%s, %llu nodes, %.3f s)\n", board, clob_player_char(player),
                winner_of(&a[player], player), mv[player], basis, (unsigned long long)nodes, secs);
    } else {
        fprintf(
            out,
            "%s: %s (X first: winner %c, move %s; O first: winner %c, move %s) (%s, %llu nodes, %.3f s)\n",
            board,
            unknown ? "unknown"
                    : clob_outcome_name(clob_outcome_of(a[0].result == YOMI_WIN, a[1].result == YOMI_WIN)),
            winner_of(&a[0], 0), mv[0], winner_of(&a[1], 1), mv[1], basis, (unsigned long long)nodes, secs);
    }
    return unknown ? CLI_FAILED : CLI_OK;
}

static void error_line(solve_cfg *c, FILE *out, const char *where, long line, long col, const char *msg) {
    if (c->json) {
        yomi_json j;
        yomi_json_start(&j, out);
        yomi_json_begin_object(&j);
        yomi_json_key(&j, "line");
        yomi_json_int(&j, line);
        yomi_json_key(&j, "column");
        yomi_json_int(&j, col);
        yomi_json_key(&j, "error");
        yomi_json_string(&j, msg);
        yomi_json_end_object(&j);
        fputc('\n', out);
    } else {
        fprintf(out, "error %s:%ld:%ld: %s\n", where, line, col, msg);
    }
}

/* One batch line: "BOARD PLAYER". Writes its answer (or error) to out. */
static int batch_line(solve_cfg *c, const char *where, long lineno, char *line, FILE *out) {
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    char *board = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    size_t blen = (size_t)(p - board);
    while (*p == ' ' || *p == '\t') p++;
    char *pl = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    char *pl_end = p;
    while (*p == ' ' || *p == '\t') p++;
    yomi_error err = {0};
    clob_strip b;
    if (clob_strip_parse(board, blen, &b, &err)) {
        fprintf(stderr, "yomi clobber: %s:%ld:%ld: %s\n", where, lineno, (long)(board - line) + err.column,
                err.msg);
        error_line(c, out, where, lineno, (long)(board - line) + err.column, err.msg);
        return CLI_BAD_INPUT;
    }
    long pcol = (long)(pl - line) + 1;
    char save = *pl_end;
    *pl_end = 0;
    int player;
    int bad = clob_player_parse(pl, &player, &err);
    *pl_end = save;
    if (!bad && *p) {
        bad = 1;
        pcol = (long)(p - line) + 1;
        snprintf(err.msg, sizeof err.msg, "unexpected text after the player");
    }
    if (bad) {
        fprintf(stderr, "yomi clobber: %s:%ld:%ld: %s\n", where, lineno, pcol, err.msg);
        error_line(c, out, where, lineno, pcol, err.msg);
        return CLI_BAD_INPUT;
    }
    return solve_board(c, &b, player, out);
}

static char *read_all(const char *path, size_t *len) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    for (size_t k; buf && (k = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += k;
        if (n == cap) {
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    if (f != stdin) fclose(f);
    if (buf) buf[n] = 0;
    *len = n;
    return buf;
}

static int run_batch(solve_cfg *c, const char *path, par *pp) {
    const char *where = strcmp(path, "-") ? path : "<stdin>";
    size_t len = 0;
    char *text = NULL;
    long ok = 1;
    if (pp->rank == 0) {
        text = read_all(path, &len);
        if (!text) {
            fprintf(stderr, "yomi clobber: %s: %s\n", where, strerror(errno));
            ok = 0;
        }
    }
#ifdef YOMI_HAVE_MPI
    if (pp->active) {
        long hdr[2] = {ok, (long)len};
        MPI_Bcast(hdr, 2, MPI_LONG, 0, MPI_COMM_WORLD);
        ok = hdr[0];
        len = (size_t)hdr[1];
        if (ok && pp->rank) text = malloc(len + 1);
        if (ok) {
            MPI_Bcast(text, (int)len, MPI_CHAR, 0, MPI_COMM_WORLD);
            text[len] = 0;
        }
    }
#endif
    if (!ok) return CLI_BAD_INPUT;
    /* Lines in order; this rank answers every size-th line into its own buffer. */
    int status = CLI_OK;
    char *mine = NULL;
    size_t mine_len = 0;
    FILE *out = pp->size > 1 ? open_memstream(&mine, &mine_len) : stdout;
    long lineno = 0, counted = 0;
    for (char *p = text; p && *p;) {
        char *e = strchr(p, '\n');
        if (e) *e = 0;
        lineno++;
        size_t n = strlen(p);
        if (n && p[n - 1] == '\r') p[--n] = 0;
        char *q = p;
        while (*q == ' ' || *q == '\t') q++;
        if (*q && *q != '#') {
            if (counted++ % pp->size == pp->rank) {
                int r = batch_line(c, where, lineno, p, out);
                if (r == CLI_BAD_INPUT)
                    status = CLI_BAD_INPUT;
                else if (r == CLI_FAILED && status == CLI_OK)
                    status = CLI_FAILED;
                if (pp->size > 1) fputc(0, out); /* end of this answer */
            }
        }
        p = e ? e + 1 : p + n;
    }
    free(text);
#ifdef YOMI_HAVE_MPI
    if (pp->active && pp->size > 1) {
        fclose(out);
        /* Rank 0 gathers every rank's answers and prints them in input order. */
        int mylen = (int)mine_len, *lens = NULL, *offs = NULL;
        char *all = NULL;
        if (pp->rank == 0) lens = calloc((size_t)pp->size, sizeof *lens);
        MPI_Gather(&mylen, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (pp->rank == 0) {
            offs = calloc((size_t)pp->size, sizeof *offs);
            long total = 0;
            for (int r = 0; r < pp->size; r++) {
                offs[r] = (int)total;
                total += lens[r];
            }
            all = malloc((size_t)total + 1);
        }
        MPI_Gatherv(mine, mylen, MPI_CHAR, all, lens, offs, MPI_CHAR, 0, MPI_COMM_WORLD);
        if (pp->rank == 0) {
            char **cur = calloc((size_t)pp->size, sizeof *cur);
            for (int r = 0; r < pp->size; r++) cur[r] = all + offs[r];
            for (long k = 0; k < counted; k++) {
                int r = (int)(k % pp->size);
                fputs(cur[r], stdout);
                cur[r] += strlen(cur[r]) + 1;
            }
            free(cur);
        }
        free(all);
        free(lens);
        free(offs);
        free(mine);
        int st = status, worst;
        MPI_Reduce(&st, &worst, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
        if (pp->rank == 0) status = worst;
    }
#endif
    return status;
}

static int parse_num(const char *opt, const char *s, double lo, double hi, double *out) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (*end || errno || !(v >= lo && v <= hi)) {
        fprintf(stderr, "yomi clobber: %s '%s' must be a number from %g to %g\n", opt, s, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int cmd_solve(int argc, char **argv, par *pp) {
    static const struct option longopts[] = {
        {"to-move", required_argument, 0, 'p'}, {"json", no_argument, 0, 'j'},
        {"batch", required_argument, 0, 'b'},   {"db", required_argument, 0, 'd'},
        {"hash-mb", required_argument, 0, 'm'}, {"class-len", required_argument, 0, 'c'},
        {"time", required_argument, 0, 't'},    {"nodes", required_argument, 0, 'n'},
        {"without", required_argument, 0, 'x'}, {"progress", no_argument, 0, 'P'},
        {"help", no_argument, 0, 'h'},          {0, 0, 0, 0}};
    clob_options opt = {.hash_mb = 256};
    solve_cfg c = {0};
    const char *batch = NULL, *to_move = NULL;
    double v;
    int ch;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "p:jb:d:m:c:t:n:x:Ph", longopts, NULL)) != -1) {
        switch (ch) {
        case 'p': to_move = optarg; break;
        case 'j': c.json = true; break;
        case 'b': batch = optarg; break;
        case 'd': opt.db_path = optarg; break;
        case 'm':
            if (parse_num("--hash-mb", optarg, 1, 1 << 20, &v)) return CLI_BAD_INPUT;
            opt.hash_mb = (size_t)v;
            break;
        case 'c':
            if (parse_num("--class-len", optarg, 1, CLOB_MAX_LEN, &v)) return CLI_BAD_INPUT;
            opt.class_len = (int)v;
            break;
        case 't':
            if (parse_num("--time", optarg, 0.001, 1e9, &v)) return CLI_BAD_INPUT;
            c.lim.max_seconds = v;
            break;
        case 'n':
            if (parse_num("--nodes", optarg, 1, 1e19, &v)) return CLI_BAD_INPUT;
            c.lim.max_nodes = (uint64_t)v;
            break;
        case 'x': {
            unsigned bit = clob_technique_parse(optarg);
            if (!bit) {
                fprintf(stderr, "yomi clobber solve: --without '%s': unknown technique\n", optarg);
                return CLI_BAD_INPUT;
            }
            opt.without |= bit;
            break;
        }
        case 'P': c.lim.progress = cli_progress_line; break;
        case 'h': usage(stdout); return CLI_OK;
        default: return CLI_BAD_INPUT;
        }
    }
    if (!batch && optind != argc - 1) {
        fputs("yomi clobber solve: expected one BOARD or --batch FILE (try --help)\n", stderr);
        return CLI_BAD_INPUT;
    }
    if (batch && optind != argc) {
        fputs("yomi clobber solve: --batch takes no BOARD argument\n", stderr);
        return CLI_BAD_INPUT;
    }
    int player = -1;
    yomi_error err = {0};
    if (to_move && clob_player_parse(to_move, &player, &err)) {
        fprintf(stderr, "yomi clobber solve: --to-move: %s\n", err.msg);
        return CLI_BAD_INPUT;
    }
    clob_strip b;
    if (!batch && clob_strip_parse(argv[optind], strlen(argv[optind]), &b, &err)) {
        fprintf(stderr, "yomi clobber solve: board, column %ld: %s\n", err.column, err.msg);
        return CLI_BAD_INPUT;
    }
    if (!opt.db_path && getenv("YOMI_CLOBBER_DB") && *getenv("YOMI_CLOBBER_DB") && !(opt.without & CLOB_T_DB))
        opt.db_path = getenv("YOMI_CLOBBER_DB");
    if (opt.db_path) {
        FILE *f = fopen(opt.db_path, "rb");
        if (!f) {
            if (pp->rank == 0)
                fprintf(stderr,
                        "yomi clobber: database %s: %s; solving with runs up to %d stones "
                        "built in memory instead\n",
                        opt.db_path, strerror(errno), CLI_BUILT_DB_LEN);
            opt.db_path = NULL;
        } else {
            fclose(f);
        }
    }
    /* Without a file, a small database is built first (it pays for itself on
     * any board past a few cells). */
    if (!opt.db_path) opt.build_db_len = CLI_BUILT_DB_LEN;
    c.solver = clob_solver_new(&opt, &err);
    if (!c.solver) {
        fprintf(stderr, "yomi clobber: %s\n", err.msg);
        return opt.db_path ? CLI_BAD_INPUT : CLI_FAILED;
    }
    c.db_path = opt.db_path;
    int status = batch ? run_batch(&c, batch, pp) : solve_board(&c, &b, player, stdout);
    clob_solver_free(c.solver);
    return status;
}

static int cmd_db(int argc, char **argv, par *pp) {
    if (argc < 2) {
        fputs("yomi clobber db: expected 'build' or 'info' (try --help)\n", stderr);
        return CLI_BAD_INPUT;
    }
    if (!strcmp(argv[1], "info")) {
        if (argc != 3) {
            fputs("yomi clobber db info: expected one FILE\n", stderr);
            return CLI_BAD_INPUT;
        }
        clob_options opt = {.db_path = argv[2], .hash_mb = 1};
        yomi_error err = {0};
        clob_solver *s = clob_solver_new(&opt, &err);
        if (!s) {
            fprintf(stderr, "yomi clobber: %s\n", err.msg);
            return CLI_BAD_INPUT;
        }
        printf("%s: yomi Clobber database version %d, runs of 2..%d stones, checksum ok\n", argv[2],
               CLOB_DB_VERSION, clob_solver_db_len(s));
        clob_solver_free(s);
        return CLI_OK;
    }
    if (strcmp(argv[1], "build")) {
        fprintf(stderr, "yomi clobber db: unknown command '%s'\n", argv[1]);
        return CLI_BAD_INPUT;
    }
    static const struct option longopts[] = {
        {"max-len", required_argument, 0, 'l'}, {"out", required_argument, 0, 'o'},
        {"hash-mb", required_argument, 0, 'm'}, {"progress", no_argument, 0, 'P'},
        {"help", no_argument, 0, 'h'},          {0, 0, 0, 0}};
    clob_db_build_opts o = {.max_len = 0, .hash_mb = 64, .rank = pp->rank, .nranks = pp->size};
    const char *out = "clobber.db";
    double v;
    int ch;
    optind = 1;
    while ((ch = getopt_long(argc - 1, argv + 1, "l:o:m:Ph", longopts, NULL)) != -1) {
        switch (ch) {
        case 'l':
            if (parse_num("--max-len", optarg, 2, 26, &v)) return CLI_BAD_INPUT;
            o.max_len = (int)v;
            break;
        case 'o': out = optarg; break;
        case 'm':
            if (parse_num("--hash-mb", optarg, 1, 1 << 20, &v)) return CLI_BAD_INPUT;
            o.hash_mb = (size_t)v;
            break;
        case 'P': o.progress = cli_progress_line; break;
        case 'h': usage(stdout); return CLI_OK;
        default: return CLI_BAD_INPUT;
        }
    }
    if (!o.max_len || optind != argc - 1) {
        fputs("yomi clobber db build: expected --max-len N (try --help)\n", stderr);
        return CLI_BAD_INPUT;
    }
#ifdef YOMI_HAVE_MPI
    if (pp->active && pp->size > 1) o.exchange = mpi_or_bytes;
#endif
    double t0 = yomi_now();
    uint8_t *img;
    uint64_t n;
    yomi_error err = {0};
    if (clob_db_build(&o, &img, &n, &err)) {
        fprintf(stderr, "yomi clobber db build: %s\n", err.msg);
        return CLI_FAILED;
    }
    int status = CLI_OK;
    if (pp->rank == 0) {
        FILE *f = fopen(out, "wb");
        if (!f || fwrite(img, 1, (size_t)n, f) != n || fclose(f)) {
            fprintf(stderr, "yomi clobber db build: %s: %s\n", out, strerror(errno));
            status = CLI_FAILED;
        } else {
            fprintf(
                stderr, "yomi clobber db build: %s: runs of 2..%d stones, %llu bytes, %.2f s, %d process%s\n",
                out, o.max_len, (unsigned long long)n, yomi_now() - t0, pp->size, pp->size > 1 ? "es" : "");
        }
    }
    free(img);
    return status;
}

int cli_clobber_main(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_BAD_INPUT : CLI_OK;
    }
    if (!strcmp(argv[1], "features")) {
#ifdef YOMI_HAVE_MPI
        puts("mpi yes");
#else
        puts("mpi no");
#endif
        printf("max-len %d\n", CLOB_MAX_LEN);
        return CLI_OK;
    }
    par pp;
    int status;
    if (!strcmp(argv[1], "solve")) {
        par_init(&pp, &argc, &argv);
        status = cmd_solve(argc - 1, argv + 1, &pp);
    } else if (!strcmp(argv[1], "db")) {
        par_init(&pp, &argc, &argv);
        status = cmd_db(argc - 1, argv + 1, &pp);
    } else {
        fprintf(stderr, "yomi clobber: unknown command '%s' (try --help)\n", argv[1]);
        return CLI_BAD_INPUT;
    }
    par_done(&pp);
    return status;
}
