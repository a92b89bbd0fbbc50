/* Checks a life-and-death problem's answer with the brute force (tests/go_ld_brute.h,
 * the memo version): the problem is loaded as `go solve` loads it (same target, side
 * to play, frame and region: go_problem_load with the default hints), the brute force
 * plays every region point and the pass, and its winning first moves are printed next
 * to the book's (SOL) and yomi's under the same question (no ko master, every region
 * point, simple ko, a repetition on the line wins for the defender).
 *
 * usage: ld_verify [--max-nodes N] [--max-states N] [--max-region N] [--yomi-nodes N] [--bits B] [--clean] [--board] [--threats B,W]
 *                  [--after "B D8 W D7 ..."] [--line V]... FILE...
 *   --max-nodes: the brute force's node cap (default 200,000,000; past it: "too big")
 *   --yomi-nodes: yomi's play limit (default 20,000,000; 0: skip yomi)
 *   --max-states: the retrograde analysis's state cap (default 20,000,000, about 1 GB;
 *             0: skip it); when the brute force gives up, its answer stands
 *   --max-region: skip problems with more empty region points
 *   --bits: the memo's table has 2^B entries (default 22, 16 bytes each)
 *   --board: print the searched position (frame included) and the region
 *   --clean: seki counts as a loss for the defender (Benson at two passes)
 *   --threats B,W: ko threats each colour has (a retake the simple-ko rule bans
 *             spends one): the brute force and yomi's question use them; the
 *             retrograde analysis has no threats in its game and is skipped, and
 *             the lines do not use them
 *   --after: moves played first (the side to play then alternates from the last)
 *   --line V: print the brute force's line after first move V (each side's first
 *             best move, up to 24 moves) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go_ld_brute.h"
#include "yomi/go_tsumego.h"

/* The value (1: attacker wins) of c to move after the moves played, with a fresh table. */
static int value(go_problem *p, go_color c, bool last_pass, uint64_t max_nodes, int bits, int *status,
                 uint64_t *nodes) {
    ld_mbf m;
    if (!ld_mbf_open(&m, p, max_nodes, false, bits, NULL)) {
        *status = -2;
        return 0;
    }
    m.s.path[0] = ld_bf_key(&m.s, c, last_pass);
    m.path2[0] = ld_mbf_key2(&m, c, last_pass);
    int low;
    int r = ld_mbf_solve(&m, c, last_pass, &low);
    free(m.tab);
    *status = m.s.nodes > max_nodes || m.deep ? -1 : 0;
    *nodes = m.s.nodes;
    return r;
}

/* The brute force's line after first move v: the side that wins plays the winning
 * move with the smallest search (a quick win), the side that loses the move with the
 * largest (the longest resistance). Stops at a capture, two passes, or 30 moves. */
static void print_line(go_problem *p, go_color to_play, go_point v, uint64_t max_nodes, int bits) {
    char buf[8];
    go_color c = to_play;
    int played = 0;
    bool last_pass = false;
    printf("  line:");
    if (go_board_play(p->board, c, v) != GO_OK) {
        printf(" illegal\n");
        return;
    }
    go_vertex_format(p->board, v, buf, sizeof buf);
    printf(" %c %s", c == GO_BLACK ? 'B' : 'W', buf);
    played++;
    c = go_other(c);
    while (played < 30 && go_board_at(p->board, p->target) == go_other(p->attacker)) {
        int st;
        uint64_t nn;
        int whole = value(p, c, last_pass, max_nodes, bits, &st, &nn);
        if (st) {
            printf(" (too big)");
            break;
        }
        bool winner = (whole == 1) == (c == p->attacker);
        go_point best = GO_NO_POINT;
        uint64_t best_n = 0;
        int n = go_board_size(p->board);
        for (int i = 0; i <= n * n; i++) {
            go_point m = i < n * n ? go_pt(i % n, i / n) : GO_PASS;
            if (m != GO_PASS && (!p->region[m] || go_board_at(p->board, m) != GO_EMPTY)) continue;
            int r;
            uint64_t k = 0;
            if (m == GO_PASS && last_pass) {
                r = 0; /* two passes: the defender's (seki is life here) */
            } else {
                if (go_board_play(p->board, c, m) != GO_OK) continue;
                r = go_board_at(p->board, p->target) != go_other(p->attacker)
                    ? 1
                    : value(p, go_other(c), m == GO_PASS, max_nodes, bits, &st, &k);
                go_board_undo(p->board);
                if (st) continue;
            }
            if (r != whole) continue;
            if (best == GO_NO_POINT || (winner ? k < best_n : k > best_n)) {
                best = m;
                best_n = k;
            }
        }
        if (best == GO_NO_POINT) {
            printf(" (no move keeps the value)");
            break;
        }
        go_vertex_format(p->board, best, buf, sizeof buf);
        printf(" %c %s", c == GO_BLACK ? 'B' : 'W', buf);
        if (best == GO_PASS && last_pass) break;
        go_board_play(p->board, c, best);
        played++;
        last_pass = best == GO_PASS;
        c = go_other(c);
    }
    if (go_board_at(p->board, p->target) != go_other(p->attacker)) printf(" (target captured)");
    printf("\n");
    while (played--) go_board_undo(p->board);
}

static void print_set(const go_board *b, const bool *win) {
    char buf[8];
    int any = 0;
    GO_FOR_POINTS(b, q) {
        if (!win[q]) continue;
        go_vertex_format(b, q, buf, sizeof buf);
        printf(" %s", buf);
        any = 1;
    }
    if (!any) printf(" -");
}

int main(int argc, char **argv) {
    uint64_t max_nodes = 200000000ULL, yomi_nodes = 20000000ULL;
    int bits = 22;
    int64_t max_states = 20000000;
    int max_region = 1000;
    int thr[3] = {0, 0, 0};
    bool clean = false, show = false;
    const char *after = NULL;
    const char *lines[16];
    int nlines = 0, first = 1;
    for (; first < argc && argv[first][0] == '-' && argv[first][1] == '-'; first++) {
        const char *a = argv[first];
        if (!strcmp(a, "--clean") || !strcmp(a, "--board")) {
            clean |= !strcmp(a, "--clean");
            show |= !strcmp(a, "--board");
            continue;
        }
        if (first + 1 >= argc) break;
        if (!strcmp(a, "--max-nodes"))
            max_nodes = strtoull(argv[++first], NULL, 10);
        else if (!strcmp(a, "--yomi-nodes"))
            yomi_nodes = strtoull(argv[++first], NULL, 10);
        else if (!strcmp(a, "--bits"))
            bits = atoi(argv[++first]);
        else if (!strcmp(a, "--max-region"))
            max_region = atoi(argv[++first]);
        else if (!strcmp(a, "--max-states"))
            max_states = strtoll(argv[++first], NULL, 10);
        else if (!strcmp(a, "--threats")) {
            const char *t = argv[++first];
            if (sscanf(t, "%d,%d", &thr[GO_BLACK], &thr[GO_WHITE]) != 2 || thr[GO_BLACK] < 0 ||
                thr[GO_WHITE] < 0 || thr[GO_BLACK] > GO_TSUMEGO_MAX_THREATS ||
                thr[GO_WHITE] > GO_TSUMEGO_MAX_THREATS) {
                fprintf(stderr, "ld_verify: --threats %s: want B,W, each 0..%d\n", t, GO_TSUMEGO_MAX_THREATS);
                return 2;
            }
        } else if (!strcmp(a, "--after"))
            after = argv[++first];
        else if (!strcmp(a, "--line") && nlines < 16)
            lines[nlines++] = argv[++first];
        else {
            fprintf(stderr, "ld_verify: unknown option %s\n", a);
            return 2;
        }
    }
    if (first >= argc || bits < 10 || bits > 30) {
        fprintf(stderr,
                "usage: ld_verify [--max-nodes N] [--max-states N] [--max-region N] [--yomi-nodes N] [--bits "
                "B] [--clean] "
                "[--after "
                "MOVES] [--line V]... FILE...\n");
        return 2;
    }
    int rc = 0;
    for (int f = first; f < argc; f++) {
        yomi_error err;
        go_problem *p = go_problem_load(argv[f], NULL, &err);
        if (!p) {
            fprintf(stderr, "%s: %s\n", argv[f], err.msg);
            rc = 1;
            continue;
        }
        go_color to_play = p->to_play;
        if (p->nregion > max_region) {
            go_problem_free(p);
            continue;
        }
        if (after) { /* "B D8 W D7 ...": colour and vertex pairs */
            char tmp[512];
            snprintf(tmp, sizeof tmp, "%s", after);
            for (char *c = strtok(tmp, " "), *v = strtok(NULL, " "); c && v;
                 c = strtok(NULL, " "), v = c ? strtok(NULL, " ") : NULL) {
                go_color k = (c[0] == 'B' || c[0] == 'b') ? GO_BLACK : GO_WHITE;
                go_point q = go_vertex_parse(p->board, v);
                if (go_board_play(p->board, k, q) != GO_OK) {
                    fprintf(stderr, "%s: %s %s is not legal\n", argv[f], c, v);
                    rc = 1;
                }
                to_play = go_other(k);
            }
            /* The region stays the problem's; points the moves filled are skipped. */
            p->to_play = to_play;
            p->live = to_play != p->attacker;
        }
        char tv[8];
        go_vertex_format(p->board, p->target, tv, sizeof tv);
        printf("%s: %s to play, target %s (%s), attacker %s, region %d points%s\n", argv[f],
               to_play == GO_BLACK ? "black" : "white", tv, p->how_target,
               p->attacker == GO_BLACK ? "black" : "white", p->nregion, p->framed ? ", framed" : "");
        if (show) {
            fflush(stdout);
            go_board_print(p->board, stdout);
            printf("  region:");
            GO_FOR_POINTS(p->board, q) {
                if (!p->region[q]) continue;
                go_vertex_format(p->board, q, tv, sizeof tv);
                printf(" %s", tv);
            }
            printf("\n");
            go_vertex_format(p->board, p->target, tv, sizeof tv);
        }
        if (p->framed && p->original) { /* frame stones next to an empty region point */
            int nf = 0;
            GO_FOR_POINTS(p->board, q) {
                if (go_board_at(p->board, q) == GO_EMPTY || go_board_at(p->original, q) != GO_EMPTY) continue;
                bool touch = false;
                static const int d4[4] = {1, -1, GO_STRIDE, -GO_STRIDE};
                for (int k = 0; k < 4; k++)
                    touch |= q + d4[k] >= 0 && q + d4[k] < GO_MAX_POINTS && p->region[q + d4[k]] &&
                        go_board_at(p->original, q + d4[k]) == GO_EMPTY;
                if (touch) {
                    if (!nf) printf("  frame stones next to empty region points:");
                    go_vertex_format(p->board, q, tv, sizeof tv);
                    printf(" %s", tv);
                    nf++;
                }
            }
            printf(nf ? "\n" : "  frame stones next to empty region points: none\n");
            go_vertex_format(p->board, p->target, tv, sizeof tv);
        }
        printf("  book:");
        bool sol[GO_MAX_POINTS + 1] = {false};
        for (int i = 0; i < p->nsol; i++)
            if (p->sol[i] >= 0 && p->sol[i] < GO_MAX_POINTS) sol[p->sol[i]] = true;
        print_set(p->board, sol);
        printf("\n");
        bool win[GO_MAX_POINTS];
        uint64_t nodes = 0;
        int n = ld_bf_first_moves_memo(p, to_play, max_nodes, clean, bits, thr, win, &nodes);
        if (n < 0)
            printf("  brute force: too big (%llu nodes)\n", (unsigned long long)nodes);
        else {
            printf("  brute force: %s for %s,", n ? "win" : "loss", to_play == GO_BLACK ? "black" : "white");
            print_set(p->board, win);
            printf(" (%llu nodes)\n", (unsigned long long)nodes);
        }
        if (max_states && (thr[GO_BLACK] || thr[GO_WHITE])) {
            printf("  retrograde: skipped (its game has no ko threats)\n");
        } else if (max_states) {
            bool rw[GO_MAX_POINTS];
            int64_t ns = 0;
            int rn = ld_retro_first_moves(p, to_play, max_states, clean, rw, &ns);
            if (rn < 0)
                printf("  retrograde: %s (%lld states)\n", rn == -1 ? "too big" : "cannot", (long long)ns);
            else {
                printf("  retrograde: %s for %s,", rn ? "win" : "loss",
                       to_play == GO_BLACK ? "black" : "white");
                print_set(p->board, rw);
                printf(" (%lld states)\n", (long long)ns);
                if (n < 0) { /* the brute force gave up: the retrograde's answer stands for it */
                    n = rn;
                    memcpy(win, rw, sizeof win);
                } else {
                    bool same = n == rn;
                    GO_FOR_POINTS(p->board, q) same &= win[q] == rw[q];
                    if (!same) printf("  brute force and retrograde DIFFER\n");
                }
            }
        }
        if (yomi_nodes) {
            go_tsumego_opts o;
            memset(&o, 0, sizeof o);
            o.all_moves = true;
            o.fixed_master = true;
            o.ko_master = GO_EMPTY;
            o.threats[GO_BLACK] = thr[GO_BLACK];
            o.threats[GO_WHITE] = thr[GO_WHITE];
            o.disable = GO_TS_NO_DISTANCE;
            o.lim.hash_mb = 64;
            o.lim.max_nodes = yomi_nodes;
            o.threads = 1;
            go_tsumego_answer a;
            go_tsumego_solve(p, &o, &a);
            bool ywin[GO_MAX_POINTS + 1] = {false};
            for (int i = 0; i < a.nmoves; i++)
                if (a.moves[i] >= 0 && a.moves[i] < GO_MAX_POINTS) ywin[a.moves[i]] = true;
            for (int i = 0; i < a.nexchange; i++)
                if (a.exchange[i] >= 0 && a.exchange[i] < GO_MAX_POINTS) ywin[a.exchange[i]] = true;
            printf("  yomi (same question): %s (%s),", go_tsumego_result_name(a.result),
                   a.result == YOMI_UNKNOWN ? "limit"
                       : a.proved           ? "proved"
                                            : "heuristic");
            print_set(p->board, ywin);
            printf(" (%llu plays%s)\n", (unsigned long long)a.nodes,
                   a.nunknown ? ", some moves unknown" : "");
            if (n >= 0 && a.result != YOMI_UNKNOWN) {
                bool same = (a.result == YOMI_WIN) == (n > 0);
                GO_FOR_POINTS(p->board, q) same &= !a.nunknown ? win[q] == ywin[q] : !ywin[q] || win[q];
                printf("  agree: %s\n", same ? "yes" : "NO");
                if (!same) rc = 3;
            }
        }
        for (int i = 0; i < nlines; i++) {
            go_point v = go_vertex_parse(p->board, lines[i]);
            if (v == GO_NO_POINT || v == GO_PASS) continue;
            print_line(p, to_play, v, max_nodes, bits > 20 ? 20 : bits);
        }
        go_problem_free(p);
        fflush(stdout);
    }
    return rc;
}
