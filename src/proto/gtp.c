/* GTP v2 for Go (https://www.lysator.liu.se/~gunnar/gtp/), with the GNU Go
 * analysis commands its regression suites use. Thin: parse, call the library,
 * print. */
#include "proto/gtp.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"
#include "core/file.h"
#include "go/genmove.h"
#include "yomi/go_board.h"
#include "yomi/go_ladder.h"
#include "yomi/go_owl.h"
#include "yomi/go_reading.h"
#include "yomi/go_sgf.h"
#include "yomi/go_tsumego.h"

#define GTP_MAX_ARGS 8

/* Growable reply text. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
} sbuf;

static void sb_reserve(sbuf *b, size_t extra) {
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) abort();
    b->s = s;
    b->cap = cap;
}

static void sb_puts(sbuf *b, const char *s) {
    size_t n = strlen(s);
    sb_reserve(b, n);
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...) {
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) {
        sb_puts(b, tmp);
        return;
    }
    sb_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

static void sb_clear(sbuf *b) {
    b->len = 0;
    sb_reserve(b, 0);
    b->s[0] = '\0';
}

struct gtp_engine {
    go_board *board;
    go_color to_move;
    double komi;
    int tries; /* moves pushed by trymove and not yet popped */
    int depth_offset; /* increase_depths / decrease_depths */
    yomi_limits lim;
    go_reader *reader; /* created on the first reading command */
    uint64_t nodes;
    bool fresh; /* forget earlier questions before each reading */
    bool unknown; /* the current command hit a limit */
    const char *sgf_text; /* when set, loadsgf reads this text and opens no file */
    size_t sgf_len;
    char *base_dir;
    go_point mark; /* the loaded SGF's MA target (GO_NO_POINT: none), for tsumego_solve */
    go_point area[GO_MAX_POINTS]; /* and its SQ points, which the region covers too */
    int narea;
    sbuf out;
};

gtp_engine *gtp_new(const yomi_limits *lim) {
    gtp_engine *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->board = go_board_new(19);
    if (!g->board) {
        free(g);
        return NULL;
    }
    g->to_move = GO_BLACK;
    g->komi = 0.0;
    g->mark = GO_NO_POINT;
    if (lim) g->lim = *lim;
    sb_clear(&g->out);
    return g;
}

void gtp_set_sgf_text(gtp_engine *g, const char *text, size_t len) {
    g->sgf_text = text;
    g->sgf_len = text ? len : 0;
}

void gtp_free(gtp_engine *g) {
    if (!g) return;
    if (g->reader) go_reader_free(g->reader);
    go_board_free(g->board);
    free(g->base_dir);
    free(g->out.s);
    free(g);
}

void gtp_set_base_dir(gtp_engine *g, const char *dir) {
    free(g->base_dir);
    g->base_dir = dir ? strdup(dir) : NULL;
}

uint64_t gtp_nodes(const gtp_engine *g) { return g->nodes; }

void gtp_set_fresh(gtp_engine *g, bool on) { g->fresh = on; }

static go_reader *reader(gtp_engine *g) {
    if (!g->reader) {
        g->reader = go_reader_new(&g->lim);
        if (g->reader) go_reader_set_depth_offset(g->reader, g->depth_offset);
    }
    return g->reader;
}

/* ---- argument parsing ---- */

static bool parse_color(const char *s, go_color *c) {
    if (!strcasecmp(s, "b") || !strcasecmp(s, "black"))
        *c = GO_BLACK;
    else if (!strcasecmp(s, "w") || !strcasecmp(s, "white"))
        *c = GO_WHITE;
    else
        return false;
    return true;
}

/* GNU Go prints a pass (or no move) as "PASS" and the regression suites expect it. */
static void format_vertex(const go_board *b, go_point p, char buf[8]) {
    if (p == GO_PASS || p == GO_NO_POINT || !go_board_on(b, p))
        snprintf(buf, 8, "PASS");
    else
        go_vertex_format(b, p, buf, 8);
}

static const char *color_name(go_color c) { return c == GO_WHITE ? "white" : "black"; }

/* ---- commands ---- */

typedef struct gtp_cmd {
    const char *name;
    bool (*run)(gtp_engine *g, int argc, char **argv);
} gtp_cmd;

static bool fail(gtp_engine *g, const char *msg) {
    sb_clear(&g->out);
    sb_puts(&g->out, msg);
    return false;
}

/* Parses the single vertex argument of string commands; it must hold a stone. */
static bool string_arg(gtp_engine *g, int argc, char **argv, go_point *p) {
    if (argc < 1) return fail(g, "missing vertex");
    *p = go_vertex_parse(g->board, argv[0]);
    if (*p == GO_NO_POINT || *p == GO_PASS) return fail(g, "invalid coordinate");
    if (go_board_at(g->board, *p) == GO_EMPTY) return fail(g, "vertex must not be empty");
    return true;
}

int gtp_result_code(yomi_result r) {
    switch (r) {
    case YOMI_WIN: return 1;
    case YOMI_KO_WIN: return 2;
    case YOMI_KO_LOSS: return 3;
    case YOMI_UNKNOWN: return -1;
    default: return 0;
    }
}

/* A search stopped by a limit proved nothing, so it answers a GTP error
 * instead of a code (a "0" would claim that nothing works). */
static bool print_result(gtp_engine *g, yomi_result r, go_point move) {
    int code = gtp_result_code(r);
    if (code < 0) {
        g->unknown = true;
        return fail(g, "unknown: a search limit was reached (not proven)");
    }
    if (code == 0) {
        sb_puts(&g->out, "0");
        return true;
    }
    char v[8];
    format_vertex(g->board, move, v);
    sb_printf(&g->out, "%d %s", code, v);
    return true;
}

static bool cmd_protocol_version(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    sb_puts(&g->out, "2");
    return true;
}

static bool cmd_name(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    sb_puts(&g->out, "yomi");
    return true;
}

static bool cmd_version(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    sb_puts(&g->out, YOMI_VERSION);
    return true;
}

static bool cmd_quit(gtp_engine *g, int argc, char **argv) {
    (void)g, (void)argc, (void)argv;
    return true;
}

static void reset_position(gtp_engine *g, int size) {
    go_board_clear(g->board, size);
    g->to_move = GO_BLACK;
    g->tries = 0;
    g->mark = GO_NO_POINT;
    g->narea = 0;
}

static bool cmd_boardsize(gtp_engine *g, int argc, char **argv) {
    if (argc < 1) return fail(g, "boardsize not an integer");
    char *end;
    errno = 0;
    long n = strtol(argv[0], &end, 10);
    if (*end || end == argv[0] || errno) return fail(g, "boardsize not an integer");
    if (n < 2 || n > GO_MAX_SIZE) return fail(g, "unacceptable size");
    reset_position(g, (int)n);
    return true;
}

static bool cmd_clear_board(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    reset_position(g, go_board_size(g->board));
    return true;
}

static bool cmd_komi(gtp_engine *g, int argc, char **argv) {
    if (argc < 1) return fail(g, "komi not a float");
    char *end;
    double k = strtod(argv[0], &end);
    if (*end || end == argv[0] || !isfinite(k)) return fail(g, "komi not a float");
    g->komi = k;
    return true;
}

/* GTP 6.3 says "illegal move"; only a full history is a different failure. */
static const char *illegal_reason(int rc) {
    return rc == GO_ILLEGAL_HISTORY ? "move history full" : "illegal move";
}

/* Game moves are refused while trymove has moves pushed: popgo would pop them. */
static bool no_tries(gtp_engine *g) {
    if (g->tries > 0) return fail(g, "trymove stack not empty (use popgo)");
    return true;
}

static bool color_vertex_args(gtp_engine *g, int argc, char **argv, go_color *c, go_point *p) {
    if (argc < 2 || !parse_color(argv[0], c)) return fail(g, "invalid color or coordinate");
    *p = go_vertex_parse(g->board, argv[1]);
    if (*p == GO_NO_POINT) return fail(g, "invalid color or coordinate");
    return true;
}

static bool cmd_play(gtp_engine *g, int argc, char **argv) {
    go_color c;
    go_point p;
    if (!color_vertex_args(g, argc, argv, &c, &p) || !no_tries(g)) return false;
    int rc = go_board_play(g->board, c, p);
    if (rc != GO_OK) return fail(g, illegal_reason(rc));
    g->to_move = go_other(c);
    return true;
}

static bool cmd_undo(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    if (!no_tries(g)) return false;
    go_color c = go_board_last_color(g->board);
    if (go_board_moves(g->board) == 0 || !go_board_undo(g->board)) return fail(g, "cannot undo");
    if (c == GO_BLACK || c == GO_WHITE) g->to_move = c;
    return true;
}

static bool cmd_genmove(gtp_engine *g, int argc, char **argv) {
    go_color c;
    if (argc < 1 || !parse_color(argv[0], &c)) return fail(g, "invalid color");
    if (!no_tries(g)) return false;
    go_point p = go_genmove(g->board, c, (uint64_t)go_board_moves(g->board));
    if (go_board_play(g->board, c, p) != GO_OK) {
        p = GO_PASS;
        if (go_board_play(g->board, c, p) != GO_OK) return fail(g, "move history full");
    }
    g->to_move = go_other(c);
    char v[8];
    format_vertex(g->board, p, v);
    sb_puts(&g->out, v);
    return true;
}

static bool cmd_showboard(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return fail(g, "out of memory");
    go_board_print(g->board, f);
    fclose(f);
    /* The board starts on the line after "= " so its columns line up. */
    sb_puts(&g->out, "\n");
    sb_puts(&g->out, text ? text : "");
    sb_printf(&g->out, "\n%s to move, komi %g", color_name(g->to_move), g->komi);
    free(text);
    return true;
}

static bool cmd_is_legal(gtp_engine *g, int argc, char **argv) {
    go_color c;
    go_point p;
    if (!color_vertex_args(g, argc, argv, &c, &p)) return false;
    sb_puts(&g->out, go_board_is_legal(g->board, c, p) ? "1" : "0");
    return true;
}

static bool cmd_countlib(gtp_engine *g, int argc, char **argv) {
    go_point p;
    if (!string_arg(g, argc, argv, &p)) return false;
    sb_printf(&g->out, "%d", go_string_libs(g->board, p));
    return true;
}

static bool cmd_findlib(gtp_engine *g, int argc, char **argv) {
    go_point p, libs[GO_MAX_POINTS];
    if (!string_arg(g, argc, argv, &p)) return false;
    int n = go_string_liberties(g->board, p, libs, GO_MAX_POINTS);
    for (int i = 0; i < n; i++) {
        char v[8];
        format_vertex(g->board, libs[i], v);
        sb_printf(&g->out, "%s%s", i ? " " : "", v);
    }
    return true;
}

static bool cmd_trymove(gtp_engine *g, int argc, char **argv) {
    go_color c;
    go_point p;
    if (!color_vertex_args(g, argc, argv, &c, &p)) return false;
    int rc = go_board_play(g->board, c, p);
    if (rc != GO_OK) return fail(g, illegal_reason(rc));
    g->tries++;
    return true;
}

static bool cmd_popgo(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    if (g->tries == 0 || !go_board_undo(g->board)) return fail(g, "stack empty");
    g->tries--;
    return true;
}

static bool change_depths(gtp_engine *g, int delta) {
    g->depth_offset += delta;
    if (g->reader) go_reader_set_depth_offset(g->reader, g->depth_offset);
    return true;
}

static bool cmd_increase_depths(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    return change_depths(g, 1);
}

static bool cmd_decrease_depths(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    return change_depths(g, -1);
}

static bool read_string(gtp_engine *g, int argc, char **argv, bool attack) {
    go_point p, move = GO_NO_POINT;
    if (!string_arg(g, argc, argv, &p)) return false;
    go_reader *r = reader(g);
    if (!r) return fail(g, "out of memory");
    if (g->fresh) go_reader_forget(r);
    uint64_t before = go_reader_nodes(r);
    yomi_result res = attack ? go_attack(r, g->board, p, &move) : go_defend(r, g->board, p, &move);
    g->nodes += go_reader_nodes(r) - before; /* the reader's count is cumulative */
    return print_result(g, res, move);
}

static bool cmd_attack(gtp_engine *g, int argc, char **argv) { return read_string(g, argc, argv, true); }
static bool cmd_defend(gtp_engine *g, int argc, char **argv) { return read_string(g, argc, argv, false); }

static bool cmd_ladder_attack(gtp_engine *g, int argc, char **argv) {
    go_point p, move = GO_NO_POINT;
    if (!string_arg(g, argc, argv, &p)) return false;
    uint64_t nodes = 0;
    /* The reading commands' limits: node limit (0 = none), time, cancel. */
    yomi_result res = go_ladder_attack_lim(g->board, p, &g->lim, &move, &nodes);
    g->nodes += nodes;
    return print_result(g, res, move);
}

/* ---- owl: a dragon's life and death (heuristic answers, GNU Go's codes) ---- */

/* Runs one owl question with the reading commands' limits; false (a GTP
 * error) when a limit stopped it or the region is too large to read. */
static bool owl_read(gtp_engine *g, go_point p, bool attack, go_owl_answer *a) {
    if (attack)
        go_owl_attack(g->board, p, &g->lim, a);
    else
        go_owl_defend(g->board, p, &g->lim, a);
    g->nodes += a->nodes;
    if (a->result != YOMI_UNKNOWN) return true;
    g->unknown = true;
    if (a->too_large) return fail(g, "unknown: the dragon's region is too large to read");
    return fail(g, "unknown: a search limit was reached (not proven)");
}

static bool owl_string(gtp_engine *g, int argc, char **argv, bool attack) {
    go_point p;
    if (!string_arg(g, argc, argv, &p)) return false;
    go_owl_answer a;
    if (!owl_read(g, p, attack, &a)) return false;
    return print_result(g, a.result, a.move);
}

static bool cmd_owl_attack(gtp_engine *g, int argc, char **argv) { return owl_string(g, argc, argv, true); }
static bool cmd_owl_defend(gtp_engine *g, int argc, char **argv) { return owl_string(g, argc, argv, false); }

/* owl_does_attack MOVE V / owl_does_defend MOVE V: does MOVE, played by the
 * dragon's opponent (owner), kill (save) the dragon at V? The reply to it is
 * read with the other side to move: the code is that side's failure. */
static bool owl_does(gtp_engine *g, int argc, char **argv, bool attack) {
    if (argc < 2) return fail(g, "invalid coordinate");
    go_point m = go_vertex_parse(g->board, argv[0]);
    if (m == GO_NO_POINT || m == GO_PASS) return fail(g, "invalid coordinate");
    go_point p;
    if (!string_arg(g, argc - 1, argv + 1, &p)) return false;
    if (go_board_at(g->board, m) != GO_EMPTY) return fail(g, "move vertex must be empty");
    go_color def = go_board_at(g->board, p), mover = attack ? go_other(def) : def;
    if (go_board_play(g->board, mover, m) != GO_OK) return fail(g, "illegal move");
    go_owl_answer a;
    bool ok = true;
    int code = 0;
    if (go_board_at(g->board, p) != def) {
        code = attack ? 1 : 0; /* the move captured the dragon's stone at once */
    } else {
        ok = owl_read(g, p, !attack, &a);
        /* The reply's result for the replying side, turned round. */
        if (ok)
            code = a.result == YOMI_WIN ? 0 : a.result == YOMI_KO_WIN ? 3 : a.result == YOMI_KO_LOSS ? 2 : 1;
    }
    go_board_undo(g->board);
    if (!ok) return false;
    sb_printf(&g->out, "%d", code);
    return true;
}

static bool cmd_owl_does_attack(gtp_engine *g, int argc, char **argv) {
    return owl_does(g, argc, argv, true);
}
static bool cmd_owl_does_defend(gtp_engine *g, int argc, char **argv) {
    return owl_does(g, argc, argv, false);
}

/* dragon_status V: "alive" when no attack works, "dead" when one works and no
 * defence does, else "critical ATTACK DEFEND". */
static bool cmd_dragon_status(gtp_engine *g, int argc, char **argv) {
    go_point p;
    if (!string_arg(g, argc, argv, &p)) return false;
    go_owl_answer at, de;
    go_owl_status st = go_owl_dragon_status(g->board, p, &g->lim, &at, &de);
    g->nodes += at.nodes + de.nodes;
    if (st == GO_OWL_UNKNOWN) {
        g->unknown = true;
        if (at.too_large || de.too_large) return fail(g, "unknown: the dragon's region is too large to read");
        return fail(g, "unknown: a search limit was reached (not proven)");
    }
    if (st == GO_OWL_ALIVE) {
        sb_puts(&g->out, "alive");
        return true;
    }
    if (st == GO_OWL_DEAD) {
        sb_puts(&g->out, "dead");
        return true;
    }
    char va[8], vd[8];
    format_vertex(g->board, at.move, va);
    format_vertex(g->board, de.move, vd);
    sb_printf(&g->out, "critical %s %s", va, vd);
    return true;
}

/* tsumego_solve [COLOR] [V]: reads the position as a life-and-death problem, as
 * `yomi go solve` does. The target is V, else the loaded SGF's MA stone (then the
 * region is the target's enclosed space, no frame), else guessed; the loaded
 * SGF's SQ points join the region either way; COLOR plays
 * first (default: the side to move). Replies "RESULT BASIS MOVE..." for that
 * side, e.g. "win heuristic B18 C18" (every winning first move) or "loss proved". */
static bool cmd_tsumego_solve(gtp_engine *g, int argc, char **argv) {
    go_color to_play = g->to_move;
    go_point target = GO_NO_POINT;
    for (int i = 0; i < argc; i++) {
        if (parse_color(argv[i], &to_play)) continue;
        if (!string_arg(g, 1, argv + i, &target)) return false;
    }
    go_problem_hints h = {0};
    h.area = g->area;
    h.narea = g->narea;
    char tv[8];
    go_color mk = g->mark != GO_NO_POINT ? go_board_at(g->board, g->mark) : GO_EMPTY;
    if (target == GO_NO_POINT && (mk == GO_BLACK || mk == GO_WHITE)) {
        target = g->mark;
        h.no_frame = true;
    }
    if (target != GO_NO_POINT) {
        format_vertex(g->board, target, tv);
        h.target = tv;
    }
    yomi_error e;
    go_problem *pr = go_problem_from_board(g->board, to_play, &h, &e);
    if (!pr) return fail(g, e.msg);
    go_tsumego_opts o = {0};
    o.lim = g->lim;
    o.all_moves = true;
    o.blocking = true; /* as go solve */
    go_tsumego_answer *a = malloc(sizeof *a);
    if (!a) {
        go_problem_free(pr);
        return fail(g, "out of memory");
    }
    go_tsumego_solve(pr, &o, a);
    go_problem_free(pr);
    g->nodes += a->nodes;
    bool ok = true;
    if (a->too_large) {
        g->unknown = true;
        ok = fail(g, "unknown: the region is too large to read");
    } else if (a->result == YOMI_UNKNOWN) {
        g->unknown = true;
        ok = fail(g, "unknown: a search limit was reached (not proven)");
        if (a->nbest) sb_puts(&g->out, "; best line so far:");
        for (int i = 0; i < a->nbest; i++) {
            char v[8];
            format_vertex(g->board, a->best[i], v);
            sb_printf(&g->out, " %s", v);
        }
    } else {
        sb_printf(&g->out, "%s %s", go_tsumego_result_name(a->result), a->proved ? "proved" : "heuristic");
        for (int i = 0; i < a->nmoves; i++) {
            char v[8];
            format_vertex(g->board, a->moves[i], v);
            sb_printf(&g->out, " %s", v);
        }
    }
    free(a);
    return ok;
}

static bool cmd_reset_reading_node_counter(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    g->nodes = 0;
    return true;
}

static bool cmd_get_reading_node_counter(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    sb_printf(&g->out, "%llu", (unsigned long long)g->nodes);
    return true;
}

/* GoGui's analyze menu: one "type/label/command" per line; %p asks for a point. */
static bool cmd_gogui_analyze_commands(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    sb_puts(&g->out,
            "string/Attack/attack %p\n"
            "string/Defend/defend %p\n"
            "string/Ladder attack/ladder_attack %p\n"
            "string/Liberty count/countlib %p\n"
            "plist/Liberties/findlib %p\n"
            "string/Owl attack/owl_attack %p\n"
            "string/Owl defend/owl_defend %p\n"
            "string/Dragon status/dragon_status %p\n"
            "string/Solve life and death/tsumego_solve %p\n"
            "none/Increase depths/increase_depths\n"
            "none/Decrease depths/decrease_depths");
    return true;
}

static bool load_sgf(gtp_engine *g, const char *path, int until, char *err, size_t errn);

static bool cmd_loadsgf(gtp_engine *g, int argc, char **argv) {
    if (argc < 1) return fail(g, "missing file name");
    int until = 0;
    if (argc >= 2) {
        char *end;
        errno = 0;
        long n = strtol(argv[1], &end, 10);
        if (*end || end == argv[1] || errno || n < 1 || n > 100000)
            return fail(g, "move number must be a positive integer");
        until = (int)n;
    }
    char path[4096];
    if (argv[0][0] == '/' || !g->base_dir)
        snprintf(path, sizeof path, "%s", argv[0]);
    else
        snprintf(path, sizeof path, "%s/%s", g->base_dir, argv[0]);
    char err[512];
    if (!load_sgf(g, path, until, err, sizeof err)) {
        sb_clear(&g->out);
        sb_printf(&g->out, "cannot load %s", err);
        return false;
    }
    g->tries = 0;
    sb_puts(&g->out, color_name(g->to_move));
    return true;
}

static bool cmd_known_command(gtp_engine *g, int argc, char **argv);
static bool cmd_list_commands(gtp_engine *g, int argc, char **argv);

static const gtp_cmd commands[] = {
    {"protocol_version", cmd_protocol_version},
    {"name", cmd_name},
    {"version", cmd_version},
    {"known_command", cmd_known_command},
    {"list_commands", cmd_list_commands},
    {"quit", cmd_quit},
    {"boardsize", cmd_boardsize},
    {"clear_board", cmd_clear_board},
    {"komi", cmd_komi},
    {"play", cmd_play},
    {"undo", cmd_undo},
    {"genmove", cmd_genmove},
    {"showboard", cmd_showboard},
    {"loadsgf", cmd_loadsgf},
    {"is_legal", cmd_is_legal},
    {"countlib", cmd_countlib},
    {"findlib", cmd_findlib},
    {"trymove", cmd_trymove},
    {"popgo", cmd_popgo},
    {"increase_depths", cmd_increase_depths},
    {"decrease_depths", cmd_decrease_depths},
    {"attack", cmd_attack},
    {"defend", cmd_defend},
    {"ladder_attack", cmd_ladder_attack},
    {"owl_attack", cmd_owl_attack},
    {"owl_defend", cmd_owl_defend},
    {"owl_does_attack", cmd_owl_does_attack},
    {"owl_does_defend", cmd_owl_does_defend},
    {"dragon_status", cmd_dragon_status},
    {"tsumego_solve", cmd_tsumego_solve},
    {"reset_reading_node_counter", cmd_reset_reading_node_counter},
    {"get_reading_node_counter", cmd_get_reading_node_counter},
    {"gogui-analyze_commands", cmd_gogui_analyze_commands},
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static const gtp_cmd *find_command(const char *name) {
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(commands[i].name, name)) return &commands[i];
    return NULL;
}

static bool cmd_known_command(gtp_engine *g, int argc, char **argv) {
    sb_puts(&g->out, argc >= 1 && find_command(argv[0]) ? "true" : "false");
    return true;
}

static bool cmd_list_commands(gtp_engine *g, int argc, char **argv) {
    (void)argc, (void)argv;
    for (int i = 0; i < NCOMMANDS; i++) sb_printf(&g->out, "%s%s", i ? "\n" : "", commands[i].name);
    return true;
}

/* ---- SGF ---- */

/* Loads the first game of the file, or of the text gtp_set_sgf_text gave
 * (sgf_load_position: a bad file leaves the current position alone). err gets "FILE:LINE:COL: what" on failure. */
static bool load_sgf(gtp_engine *g, const char *path, int until, char *err, size_t errn) {
    yomi_error e = {{0}, 0, 0};
    /* The record is read and parsed once; the position and the root's MA (a
     * life-and-death problem's target, kept for tsumego_solve) both come from it. */
    size_t len = g->sgf_len;
    char *own = NULL;
    const char *text = g->sgf_text;
    if (!text) {
        own = yomi_read_file(path, (size_t)SGF_MAX_BYTES, &len, "an SGF file", "SGF_MAX_BYTES", &e);
        if (!own) {
            yomi_error_format(&e, path, err, errn);
            return false;
        }
        text = own;
    }
    sgf_collection *c = sgf_parse(text, len, &e);
    free(own);
    if (!c || sgf_load_game_position(c->games[0], until, g->board, &g->to_move, &g->komi, &e) < 0) {
        sgf_free(c);
        yomi_error_format(&e, path, err, errn);
        return false;
    }
    g->mark = GO_NO_POINT;
    const sgf_prop *ma = sgf_find(c->games[0], "MA");
    go_point pts[GO_MAX_POINTS];
    if (ma && sgf_prop_points(ma, go_board_size(g->board), pts, GO_MAX_POINTS, NULL) > 0) g->mark = pts[0];
    const sgf_prop *sq = sgf_find(c->games[0], "SQ");
    int nsq = sq ? sgf_prop_points(sq, go_board_size(g->board), g->area, GO_MAX_POINTS, NULL) : 0;
    g->narea = nsq > 0 ? nsq : 0;
    sgf_free(c);
    return true;
}

/* ---- lines and replies ---- */

/* A blank line ends a GTP reply, so multi-line text must not contain one. */
static void tidy_text(sbuf *b) {
    size_t j = 0;
    for (size_t i = 0; i < b->len; i++) {
        if (b->s[i] == '\n' && j > 0 && b->s[j - 1] == '\n') continue;
        if (b->s[i] == '\r') continue;
        b->s[j++] = b->s[i];
    }
    while (j > 1 && b->s[j - 1] == '\n') j--;
    b->len = j;
    b->s[j] = '\0';
}

static void reply_from(gtp_engine *g, gtp_reply *r, bool ok) {
    tidy_text(&g->out);
    r->ok = ok;
    r->text = g->out.s;
    r->unknown = g->unknown;
}

/* overlong: the caller had to cut the line short. */
static bool handle(gtp_engine *g, const char *line, bool overlong, gtp_reply *r) {
    memset(r, 0, sizeof *r);
    char buf[GTP_MAX_LINE + 1];
    size_t n = 0;
    bool too_long = overlong;
    /* GTP 3.1: drop control characters but HT and LF, HT becomes a space, '#' starts a comment. */
    for (const char *q = line; *q && *q != '\n' && *q != '#'; q++) {
        unsigned char ch = (unsigned char)*q;
        if (ch == '\t')
            ch = ' ';
        else if (ch < 32 || ch == 127)
            continue;
        if (n == GTP_MAX_LINE) {
            too_long = true;
            break;
        }
        buf[n++] = (char)ch;
    }
    buf[n] = '\0';

    char *argv[GTP_MAX_ARGS], *save = NULL;
    int argc = 0;
    for (char *tok = strtok_r(buf, " ", &save); tok && argc < GTP_MAX_ARGS; tok = strtok_r(NULL, " ", &save))
        argv[argc++] = tok;
    if (argc == 0 && !too_long) return false;

    sb_clear(&g->out);
    g->unknown = false;
    int first = 0;
    if (argc > 0 && isdigit((unsigned char)argv[0][0])) {
        char *end;
        errno = 0;
        long id = strtol(argv[0], &end, 10);
        if (!*end && !errno) {
            r->has_id = true;
            r->id = id;
            first = 1;
        }
    }
    if (too_long) {
        char msg[64];
        snprintf(msg, sizeof msg, "line too long (the limit is %d bytes)", GTP_MAX_LINE);
        fail(g, msg);
        reply_from(g, r, false);
        return true;
    }
    if (first >= argc) {
        fail(g, "missing command");
        reply_from(g, r, false);
        return true;
    }
    const gtp_cmd *cmd = find_command(argv[first]);
    if (!cmd) {
        fail(g, "unknown command");
        reply_from(g, r, false);
        return true;
    }
    bool ok = cmd->run(g, argc - first - 1, argv + first + 1);
    r->quit = ok && cmd->run == cmd_quit;
    reply_from(g, r, ok);
    return true;
}

bool gtp_handle_line(gtp_engine *g, const char *line, gtp_reply *r) { return handle(g, line, false, r); }

void gtp_print_reply(const gtp_reply *r, FILE *out) {
    fputc(r->ok ? '=' : '?', out);
    if (r->has_id) fprintf(out, "%ld", r->id);
    fprintf(out, " %s\n\n", r->text ? r->text : "");
    fflush(out);
}

int gtp_run(gtp_engine *g, FILE *in, FILE *out) {
    char line[GTP_MAX_LINE + 1];
    for (;;) {
        size_t n = 0, raw = 0; /* raw counts every byte, NULs too, against the cap */
        int ch;
        while ((ch = getc(in)) != EOF && ch != '\n') {
            if (raw++ == GTP_MAX_LINE) break; /* one byte past the cap */
            if (ch != '\0') line[n++] = (char)ch; /* NUL: a control character (GTP 3.1) */
        }
        if (ch == EOF && raw == 0) break;
        line[n] = '\0';
        gtp_reply r;
        if (raw > GTP_MAX_LINE) {
            /* Answer at once (the rest of the line may never come), then skip it. */
            handle(g, line, true, &r);
            gtp_print_reply(&r, out);
            while ((ch = getc(in)) != EOF && ch != '\n') {}
            if (ch == EOF) break;
            continue;
        }
        if (!handle(g, line, false, &r)) {
            if (ch == EOF) break;
            continue;
        }
        if (r.unknown) fputs("yomi: a search limit was reached; this answer is not proven\n", stderr);
        gtp_print_reply(&r, out);
        if (r.quit || ch == EOF) break;
    }
    return 0;
}
