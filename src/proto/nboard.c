/* NBoard protocol engine (see nboard.h). */
#include "proto/nboard.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/search.h"
#include "reversi/bitboard.h"
#include "reversi/ggf.h"
#include "yomi/reversi.h"

struct nboard_engine {
    nboard_settings set;
    rv_pos pos;
    int depth;
    rv_analyser *an; /* exact below solve_empties, midgame above (yomi/reversi.h) */
    atomic_int cancel; /* set by the input thread: stop the search */
};

void nboard_settings_default(nboard_settings *s) {
    s->hash_mb = 64;
    s->solve_empties = 20;
    s->max_depth = 24;
    s->max_seconds = 0;
    s->log = stderr;
}

nboard_engine *nboard_new(const nboard_settings *s) {
    nboard_engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    if (s)
        e->set = *s;
    else
        nboard_settings_default(&e->set);
    if (e->set.max_depth < 1) e->set.max_depth = 1;
    e->depth = e->set.max_depth < 12 ? e->set.max_depth : 12;
    rv_pos_start(&e->pos);
    atomic_init(&e->cancel, 0);
    rv_analyse_options ao = {e->set.hash_mb, e->set.solve_empties, e->set.max_seconds, &e->cancel};
    e->an = rv_analyser_new(&ao);
    if (!e->an) {
        free(e);
        return NULL;
    }
    return e;
}

void nboard_free(nboard_engine *e) {
    if (!e) return;
    rv_analyser_free(e->an);
    free(e);
}

static void say_log(nboard_engine *e, const char *fmt, const char *a, const char *b) {
    if (!e->set.log) return;
    fputs("nboard: ", e->set.log);
    fprintf(e->set.log, fmt, a, b);
    fputc('\n', e->set.log);
}

/* "F5", "PA". */
static void move_name(int x, char *buf) {
    if (x < 0 || x >= 64) {
        strcpy(buf, "PA");
        return;
    }
    rv_square_name(x, buf);
    buf[0] = (char)toupper((unsigned char)buf[0]);
}

/* Does s, after leading blanks, start with the word w (then a blank or the end)? */
static bool is_word(const char *s, const char *w) {
    while (*s && isspace((unsigned char)*s)) s++;
    size_t n = strlen(w);
    return !strncmp(s, w, n) && (!s[n] || isspace((unsigned char)s[n]));
}

/* Reads one line of in into buf (NBOARD_MAX_LINE + 2 bytes) without its end of
 * line; every byte counts against the cap, and NUL bytes are dropped. Returns 1;
 * 0 as soon as the line passes NBOARD_MAX_LINE (the next call skips the rest of it
 * first, so an endless line is reported at once); -1 at the end of input. */
static int read_line(FILE *in, char *buf, bool *skip) {
    int ch;
    if (*skip) {
        while ((ch = getc(in)) != EOF && ch != '\n') {}
        *skip = false;
        if (ch == EOF) return -1;
    }
    size_t n = 0, raw = 0;
    while ((ch = getc(in)) != EOF && ch != '\n') {
        if (raw++ == NBOARD_MAX_LINE) {
            *skip = true;
            return 0;
        }
        if (ch != '\0') buf[n++] = (char)ch;
    }
    if (ch == EOF && raw == 0) return -1;
    while (n > 0 && buf[n - 1] == '\r') n--;
    buf[n] = '\0';
    return 1;
}

static void log_dropped(FILE *log) {
    if (log) fprintf(log, "nboard: dropping a line longer than %d bytes\n", NBOARD_MAX_LINE);
}

/* Scores the moves of the current position (all of them when want > 1, else
 * the best only: rv_analyse) and prints "search" lines for the best `want`.
 * Returns the number of moves scored into out (best first), 0 when the game is
 * over, -1 when a search was stopped (nothing printed then). */
static int analyse(nboard_engine *e, int want, rv_scored_move *out, FILE *o, uint64_t *nodes) {
    const rv_pos *pos = &e->pos;
    int empties = 64 - rv_popcount(pos->P | pos->O);
    int n = rv_analyse(e->an, pos, e->depth, want > 1, out, nodes);
    for (int i = 0; o && i < n && i < want; i++) {
        fputs("search ", o);
        char nm[4];
        for (int k = 0; k < out[i].pv_len; k++) {
            move_name(out[i].pv[k], nm);
            fprintf(o, "%s%s", k ? "-" : "", nm);
        }
        fprintf(o, " %d 0 %d %s\n", out[i].score, out[i].exact ? empties : e->depth,
                out[i].exact ? "exact" : "midgame");
    }
    return n;
}

static void cmd_move(nboard_engine *e, const char *arg) {
    size_t n = 0;
    while (arg[n] && arg[n] != '/' && !isspace((unsigned char)arg[n])) n++;
    int x = rv_move_parse(arg, n);
    rv_pos p = e->pos;
    if (x < 0 || !rv_pos_play(&p, x)) {
        say_log(e, "move %s: %s; the position is unchanged", arg,
                x < 0 ? "not a square or PA" : "illegal in the current position");
        return;
    }
    e->pos = p;
}

static int parse_int(const char *s, int lo, int hi, int *v) {
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    while (*end && isspace((unsigned char)*end)) end++;
    if (end == s || *end || errno || x < lo || x > hi) return -1;
    *v = (int)x;
    return 0;
}

int nboard_handle_line(nboard_engine *e, const char *line, FILE *out) {
    while (*line && isspace((unsigned char)*line)) line++;
    char cmd[16];
    size_t n = 0;
    while (line[n] && !isspace((unsigned char)line[n])) n++;
    if (n == 0) return 0;
    if (n >= sizeof cmd) {
        say_log(e, "ignoring an unknown command (%.20s...)%s", line, "");
        return 0;
    }
    memcpy(cmd, line, n);
    cmd[n] = 0;
    const char *arg = line + n;
    while (*arg && isspace((unsigned char)*arg)) arg++;

    if (!strcmp(cmd, "quit")) return 1;
    if (!strcmp(cmd, "nboard")) {
        fputs("set myname yomi\n", out);
    } else if (!strcmp(cmd, "ping")) {
        int v;
        if (parse_int(arg, -2147483647, 2147483647, &v) < 0) v = 0;
        fprintf(out, "pong %d\n", v);
    } else if (!strcmp(cmd, "learn")) {
        fputs("learned\n", out);
    } else if (!strcmp(cmd, "set")) {
        if (is_word(arg, "depth")) {
            int d;
            if (parse_int(arg + 5, 1, 1000000, &d) < 0)
                say_log(e, "set depth: '%s' is not a positive number%s", arg + 5, "");
            else
                e->depth = d > e->set.max_depth ? e->set.max_depth : d;
        } else if (is_word(arg, "game")) {
            const char *ggf = arg + 4;
            rv_ggf_game *g = malloc(sizeof *g);
            yomi_error err = {{0}, 0, 0};
            if (!g) {
                say_log(e, "set game: out of memory%s%s", "", "");
            } else if (rv_ggf_parse(ggf, strlen(ggf), 1, g, &err) < 0) {
                char msg[400];
                snprintf(msg, sizeof msg, "byte %ld: %s", err.column, err.msg);
                say_log(e, "set game: %s; the position is unchanged%s", msg, "");
            } else {
                e->pos = g->end;
            }
            free(g);
        }
        /* Other settings (contempt, ...) do not change what is proven. */
    } else if (!strcmp(cmd, "move")) {
        cmd_move(e, arg);
    } else if (n == 2 && rv_move_parse(cmd, 2) >= 0) {
        cmd_move(e, cmd); /* NBoard 1.1 sends the bare move */
    } else if (!strcmp(cmd, "hint") || !strcmp(cmd, "go")) {
        bool go = cmd[0] == 'g';
        int want = 1;
        if (!go && parse_int(arg, 1, 64, &want) < 0) want = 1;
        fputs("status yomi is thinking\n", out);
        fflush(out);
        rv_scored_move list[34];
        uint64_t nodes = 0;
        double t0 = yomi_now();
        int k = analyse(e, want, list, out, &nodes);
        double t = yomi_now() - t0;
        fprintf(out, "nodestats %llu %.2f\n", (unsigned long long)nodes, t);
        if (k < 0 && !atomic_load(&e->cancel)) say_log(e, "%s: the search failed (out of memory)%s", cmd, "");
        if (go && k >= 0) {
            char nm[4];
            move_name(k ? list[0].move : RV_PASS, nm);
            if (k)
                fprintf(out, "=== %s/%d/%.2f\n", nm, list[0].score, t);
            else
                fprintf(out, "=== %s\n", nm);
        }
        fputs("status\n", out);
    } else {
        say_log(e, "ignoring unknown command '%s'%s", cmd, "");
    }
    fflush(out);
    return 0;
}

int nboard_run(nboard_engine *e, FILE *in, FILE *out) {
    char *buf = malloc(NBOARD_MAX_LINE + 2);
    if (!buf) return 0;
    int got;
    bool skip = false;
    while ((got = read_line(in, buf, &skip)) >= 0) {
        if (got == 0) {
            log_dropped(e->set.log);
            continue;
        }
        if (nboard_handle_line(e, buf, out)) break;
    }
    free(buf);
    return 0;
}

/* ---- Input on a second thread ---------------------------------------------- */

/* Lines read by the input thread, waiting for the engine. The queue outlives
 * the engine: the input thread may still be blocked reading when the engine
 * quits, and the process ends with it. */
typedef struct line_queue {
    pthread_mutex_t mu;
    pthread_cond_t cv; /* a line arrived or the input ended */
    pthread_cond_t space; /* the engine took a line: room below NBOARD_MAX_QUEUE */
    char **lines;
    size_t head, count, cap;
    bool eof;
    bool searching; /* the engine is in a search: "ping" or "quit" stops it */
    atomic_int *cancel;
    FILE *in;
    FILE *log;
} line_queue;

static line_queue *input_queue; /* reachable for the rest of the process */

/* "ping" and "quit" stop a running search; NBoard waits for the answer to
 * anything else. */
static bool stops_search(const char *line) { return is_word(line, "ping") || is_word(line, "quit"); }

static void *input_main(void *arg) {
    line_queue *q = arg;
    char *buf = malloc(NBOARD_MAX_LINE + 2);
    int got;
    bool skip = false;
    while (buf && (got = read_line(q->in, buf, &skip)) >= 0) {
        if (got == 0) {
            log_dropped(q->log);
            continue;
        }
        char *line = strdup(buf);
        if (!line) break;
        pthread_mutex_lock(&q->mu);
        /* A ping waiting behind a full queue stops the running search all the same. */
        if (q->searching && stops_search(line)) atomic_store(q->cancel, 1);
        while (q->count >= NBOARD_MAX_QUEUE) pthread_cond_wait(&q->space, &q->mu);
        if (q->count == q->cap) {
            size_t ncap = q->cap ? q->cap * 2 : 16;
            char **nl = malloc(ncap * sizeof *nl);
            if (!nl) {
                pthread_mutex_unlock(&q->mu);
                free(line);
                break;
            }
            for (size_t i = 0; i < q->count; i++) nl[i] = q->lines[(q->head + i) % q->cap];
            free(q->lines);
            q->lines = nl;
            q->head = 0;
            q->cap = ncap;
        }
        q->lines[(q->head + q->count++) % q->cap] = line;
        pthread_cond_signal(&q->cv);
        pthread_mutex_unlock(&q->mu);
    }
    free(buf);
    pthread_mutex_lock(&q->mu);
    q->eof = true;
    pthread_cond_signal(&q->cv);
    pthread_mutex_unlock(&q->mu);
    return NULL;
}

/* The next line (the caller frees it), or NULL at the end of input. */
static char *next_line(line_queue *q) {
    pthread_mutex_lock(&q->mu);
    while (q->count == 0 && !q->eof) pthread_cond_wait(&q->cv, &q->mu);
    char *line = NULL;
    if (q->count > 0) {
        line = q->lines[q->head];
        q->head = (q->head + 1) % q->cap;
        q->count--;
        pthread_cond_signal(&q->space);
    }
    pthread_mutex_unlock(&q->mu);
    return line;
}

/* Marks a search as running (or over). A "ping" already waiting stops the
 * search before it starts. */
static void set_searching(line_queue *q, bool on) {
    pthread_mutex_lock(&q->mu);
    q->searching = on;
    bool stop = false;
    for (size_t i = 0; on && i < q->count && !stop; i++)
        stop = stops_search(q->lines[(q->head + i) % q->cap]);
    atomic_store(q->cancel, stop ? 1 : 0);
    pthread_mutex_unlock(&q->mu);
}

static bool is_search_command(const char *line) { return is_word(line, "go") || is_word(line, "hint"); }

int nboard_run_threaded(nboard_engine *e, FILE *in, FILE *out) {
    if (input_queue) return nboard_run(e, in, out); /* one input thread per process */
    line_queue *q = calloc(1, sizeof *q);
    if (!q) return nboard_run(e, in, out);
    pthread_mutex_init(&q->mu, NULL);
    pthread_cond_init(&q->cv, NULL);
    pthread_cond_init(&q->space, NULL);
    q->cancel = &e->cancel;
    q->in = in;
    q->log = e->set.log;
    input_queue = q;
    pthread_t th;
    if (pthread_create(&th, NULL, input_main, q) != 0) {
        input_queue = NULL;
        free(q);
        return nboard_run(e, in, out);
    }
    char *line;
    while ((line = next_line(q)) != NULL) {
        bool search = is_search_command(line);
        if (search) set_searching(q, true);
        int quit = nboard_handle_line(e, line, out);
        if (search) set_searching(q, false);
        free(line);
        if (quit) break;
    }
    /* At the end of input the thread has finished: join it. After quit it may
     * still be waiting for input: leave it, the process ends soon. */
    pthread_mutex_lock(&q->mu);
    bool done = q->eof;
    pthread_mutex_unlock(&q->mu);
    if (done)
        pthread_join(th, NULL);
    else
        pthread_detach(th);
    return 0;
}
