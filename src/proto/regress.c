/* GNU Go regression runner, following regress.pike/regress.awk:
 *  - a line starting with a number "N command" is a test: the reply to it is checked;
 *  - "#? [PATTERN]FLAGS" is the expectation of the most recent test, even when
 *    comment lines sit between them. PATTERN is a POSIX extended regex matched
 *    against the first line of the answer as ^PATTERN$ (no grouping added, as
 *    GNU Go does); a leading '!' negates it. FLAGS: '*' GNU Go itself fails the
 *    case (still counted, correct when it matches), '&' ignore the result;
 *  - every other line is sent to the engine as is (loadsgf, trymove, popgo, ...),
 *    loadsgf paths relative to the .tst file's folder. */
#include "proto/regress.h"

#include <ctype.h>
#include <errno.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "proto/gtp.h"
#include "core/search.h"

typedef struct stats {
    long passed, failed, ignored;
    long unexpected_pass; /* '*' cases we get right */
    long unexpected_fail; /* cases GNU Go passes and we fail */
    long unknown; /* answers cut short by a limit */
    double seconds;
    unsigned long long nodes;
    struct {
        char name[64];
        long num;
        double seconds;
    } slow[3]; /* slowest tests, slowest first */
} stats;

static void note_time(stats *st, const char *name, long num, double secs) {
    int n = (int)(sizeof st->slow / sizeof st->slow[0]);
    int i = n;
    while (i > 0 && secs > st->slow[i - 1].seconds) i--;
    if (i == n) return;
    memmove(&st->slow[i + 1], &st->slow[i], (size_t)(n - 1 - i) * sizeof st->slow[0]);
    snprintf(st->slow[i].name, sizeof st->slow[i].name, "%.63s", name);
    st->slow[i].num = num;
    st->slow[i].seconds = secs;
}

/* Test numbers chosen with "FILE.tst:4,17,30-50"; n == 0 means all. */
typedef struct selection {
    long (*range)[2];
    int n;
} selection;

static bool selected(const selection *s, long num) {
    if (s->n == 0) return true;
    for (int i = 0; i < s->n; i++)
        if (num >= s->range[i][0] && num <= s->range[i][1]) return true;
    return false;
}

static bool parse_selection(const char *spec, selection *s) {
    s->n = 0;
    s->range = NULL;
    const char *q = spec;
    while (*q) {
        char *end;
        long a = strtol(q, &end, 10), b = a;
        if (end == q || a < 0) return false;
        q = end;
        if (*q == '-') {
            b = strtol(q + 1, &end, 10);
            if (end == q + 1 || b < a) return false;
            q = end;
        }
        long(*r)[2] = realloc(s->range, (size_t)(s->n + 1) * sizeof *r);
        if (!r) return false;
        s->range = r;
        s->range[s->n][0] = a;
        s->range[s->n][1] = b;
        s->n++;
        if (*q == ',')
            q++;
        else if (*q)
            return false;
    }
    return s->n > 0;
}

static bool file_exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The test being checked: the last numbered command and its reply. */
typedef struct pending {
    bool active; /* a numbered command ran and has no expectation yet */
    long num;
    char command[256];
    char answer[512]; /* first line of the reply; "?..." for an error reply */
    bool unknown;
} pending;

static void first_line(char *dst, size_t n, const char *src) {
    size_t i = 0;
    while (src[i] && src[i] != '\n' && i + 1 < n) {
        dst[i] = src[i];
        i++;
    }
    dst[i] = '\0';
}

/* Reads one line of f into buf (REGRESS_MAX_LINE + 1 bytes) without its newline,
 * counting every byte into *total. Returns 1; 0 for a line longer than
 * REGRESS_MAX_LINE (the rest is skipped); -1 at the end of input; -2 once *total
 * passes REGRESS_MAX_FILE (so an endless stream stops). */
static int read_tst_line(FILE *f, char *buf, long *total) {
    size_t n = 0;
    bool too_long = false;
    int ch;
    while ((ch = getc(f)) != EOF) {
        if (++*total > REGRESS_MAX_FILE) return -2;
        if (ch == '\n') break;
        if (n < REGRESS_MAX_LINE)
            buf[n++] = (char)ch;
        else
            too_long = true;
    }
    if (ch == EOF && n == 0 && !too_long) return -1;
    buf[n] = '\0';
    return too_long ? 0 : 1;
}

static void chomp(char *s) {
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = '\0';
}

/* Checks the expectation line (starting "#?") against the pending test. */
static void check(const char *name, long lineno, const char *exp, pending *t, stats *st,
                  const regress_opts *o, FILE *out) {
    const char *open = strchr(exp, '[');
    const char *close = strrchr(exp, ']');
    if (!open || !close || close < open) {
        fprintf(out, "%s:%ld: malformed expectation '%s' (want #? [PATTERN])\n", name, lineno, exp);
        st->failed++;
        t->active = false;
        return;
    }
    bool gnugo_fails = strchr(close, '*') != NULL;
    bool ignore = strchr(close, '&') != NULL;
    const char *pat = open + 1;
    size_t plen = (size_t)(close - pat);
    bool negate = plen > 0 && *pat == '!';
    if (negate) pat++, plen--;

    char re_text[600];
    snprintf(re_text, sizeof re_text, "^%.*s$", (int)plen, pat);
    char shown[600];
    snprintf(shown, sizeof shown, "%.*s", (int)(close - open - 1), open + 1);

    if (ignore) {
        st->ignored++;
        if (o->verbose) fprintf(out, "%s:%ld ignored: %s -> %s\n", name, t->num, t->command, t->answer);
        t->active = false;
        return;
    }
    regex_t re;
    bool pass = false;
    int rc = regcomp(&re, re_text, REG_EXTENDED | REG_NOSUB);
    if (rc != 0) {
        char msg[128];
        regerror(rc, &re, msg, sizeof msg);
        fprintf(out, "%s:%ld: bad pattern [%s]: %s\n", name, lineno, shown, msg);
    } else {
        /* An error reply is never a correct answer. */
        pass = t->answer[0] != '?' && (regexec(&re, t->answer, 0, NULL, 0) == 0) != negate;
        regfree(&re);
    }
    if (pass) {
        st->passed++;
        if (gnugo_fails) st->unexpected_pass++;
    } else {
        st->failed++;
        if (!gnugo_fails) st->unexpected_fail++;
    }
    if (t->unknown) st->unknown++;
    if (!pass || o->verbose)
        fprintf(out, "%s:%ld %s: %s -> got '%s', expected [%s]%s%s\n", name, t->num, pass ? "pass" : "FAIL",
                t->command, t->answer, shown, gnugo_fails ? " (GNU Go fails it too)" : "",
                t->unknown ? " (limit reached: not proven)" : "");
    t->active = false;
}

static void missing_expectation(const char *name, pending *t, stats *st, FILE *out) {
    if (!t->active) return;
    fprintf(out, "%s:%ld FAIL: %s -> got '%s', no #? expectation follows it\n", name, t->num, t->command,
            t->answer);
    st->failed++;
    st->unexpected_fail++;
    t->active = false;
}

/* Runs one .tst file; returns false when it cannot be read. One pass over the
 * file's lines (commands, #? expectations, the case selection), kept together
 * because each line's meaning depends on the state the earlier ones left. */
static bool run_file(const char *arg, const regress_opts *o, stats *total, FILE *out) {
    char path[4096];
    selection sel = {NULL, 0};
    snprintf(path, sizeof path, "%s", arg);
    if (!file_exists(path)) {
        char *colon = strrchr(path, ':');
        if (colon && parse_selection(colon + 1, &sel)) *colon = '\0';
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "yomi go regress: %s: cannot open: %s\n", path, strerror(errno));
        free(sel.range);
        return false;
    }
    struct stat fst;
    if (fstat(fileno(f), &fst) == 0 && S_ISDIR(fst.st_mode)) {
        fprintf(stderr, "yomi go regress: %s: is a directory, not a .tst file\n", path);
        fclose(f);
        free(sel.range);
        return false;
    }
    gtp_engine *g = gtp_new(&o->lim);
    if (g) gtp_set_fresh(g, o->fresh);
    if (!g) {
        fprintf(stderr, "yomi go regress: out of memory\n");
        fclose(f);
        free(sel.range);
        return false;
    }
    /* loadsgf paths are relative to the .tst file's folder. */
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) {
        *slash = '\0';
        gtp_set_base_dir(g, dir[0] ? dir : "/");
    }
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

    stats st = {0};
    pending t = {0};
    bool skipping = false; /* the last numbered test is not selected */
    char *line = malloc(REGRESS_MAX_LINE + 1);
    long lineno = 0, total_bytes = 0;
    bool too_big = false;
    int got = 0;
    if (!line) {
        fprintf(stderr, "yomi go regress: out of memory\n");
        too_big = true;
    }
    double start = yomi_now();
    while (line && (got = read_tst_line(f, line, &total_bytes)) != -1) {
        if (got == -2) {
            fprintf(
                stderr,
                "yomi go regress: %s: larger than the %ld MiB limit of a .tst file; stopped at line %ld\n",
                path, REGRESS_MAX_FILE >> 20, lineno + 1);
            too_big = true;
            break;
        }
        lineno++;
        if (got == 0) {
            fprintf(out, "%s:%ld: line longer than the %d-byte limit (skipped)\n", name, lineno,
                    REGRESS_MAX_LINE);
            st.failed++;
            st.unexpected_fail++;
            continue;
        }
        chomp(line);
        if (line[0] == '#' && line[1] == '?') {
            if (skipping) continue;
            if (!t.active) {
                fprintf(out, "%s:%ld: expectation without a test before it: %s\n", name, lineno, line);
                continue;
            }
            check(name, lineno, line, &t, &st, o, out);
            continue;
        }
        gtp_reply r;
        if (isdigit((unsigned char)line[0])) {
            long num = strtol(line, NULL, 10);
            missing_expectation(name, &t, &st, out);
            skipping = !selected(&sel, num);
            if (skipping) continue;
            double t0 = yomi_now();
            if (!gtp_handle_line(g, line, &r)) continue;
            note_time(total, name, num, yomi_now() - t0);
            t.active = true;
            t.num = num;
            const char *cmd = line;
            while (isdigit((unsigned char)*cmd)) cmd++;
            while (*cmd == ' ' || *cmd == '\t') cmd++;
            snprintf(t.command, sizeof t.command, "%s", cmd);
            if (r.ok) {
                first_line(t.answer, sizeof t.answer, r.text);
            } else {
                t.answer[0] = '?';
                t.answer[1] = ' ';
                first_line(t.answer + 2, sizeof t.answer - 2, r.text);
            }
            t.unknown = r.unknown;
            continue;
        }
        if (!gtp_handle_line(g, line, &r)) continue;
        /* Set-up commands must work, or the tests after them read the wrong position. */
        if (!r.ok) fprintf(out, "%s:%ld: %s -> ? %s\n", name, lineno, line, r.text);
        if (r.quit) break;
    }
    missing_expectation(name, &t, &st, out);
    st.seconds = yomi_now() - start;
    st.nodes = gtp_nodes(g);
    fprintf(out, "%s: %ld passed, %ld failed", name, st.passed, st.failed);
    if (st.ignored) fprintf(out, ", %ld ignored", st.ignored);
    fprintf(out, " (%.2f s, %llu nodes)\n", st.seconds, st.nodes);

    total->passed += st.passed;
    total->failed += st.failed;
    total->ignored += st.ignored;
    total->unexpected_pass += st.unexpected_pass;
    total->unexpected_fail += st.unexpected_fail;
    total->unknown += st.unknown;
    total->seconds += st.seconds;
    total->nodes += st.nodes;
    free(line);
    fclose(f);
    gtp_free(g);
    free(sel.range);
    return !too_big;
}

int regress_run(int nfiles, char **files, const regress_opts *o, FILE *out) {
    stats total = {0};
    bool bad = false;
    for (int i = 0; i < nfiles; i++)
        if (!run_file(files[i], o, &total, out)) bad = true;
    fprintf(out, "%ld passed, %ld failed\n", total.passed, total.failed);
    fprintf(out, "%.2f seconds, %llu nodes; %ld pass where GNU Go 3.8 fails, %ld fail where it passes",
            total.seconds, total.nodes, total.unexpected_pass, total.unexpected_fail);
    if (total.ignored) fprintf(out, "; %ld ignored", total.ignored);
    if (total.unknown) fprintf(out, "; %ld stopped by a limit", total.unknown);
    fputc('\n', out);
    if (total.slow[0].seconds > 0) {
        fputs("slowest:", out);
        for (int i = 0; i < 3 && total.slow[i].seconds > 0; i++)
            fprintf(out, "%s %s:%ld %.2f s", i ? "," : "", total.slow[i].name, total.slow[i].num,
                    total.slow[i].seconds);
        fputc('\n', out);
    }
    if (bad) return 2;
    if (o->min_pass >= 0) return total.passed >= o->min_pass ? 0 : 1;
    return total.failed == 0 ? 0 : 1;
}
