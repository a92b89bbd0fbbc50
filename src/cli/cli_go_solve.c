/* `yomi go solve` and `yomi go check`: life-and-death problems from SGF or
 * Cho-style JSON files (or directories of them), answered by go_tsumego_solve.
 * Parsing and printing only. */
#include <dirent.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/json.h"
#include "yomi/go_svg.h"
#include "yomi/go_tsumego.h"

enum { FMT_TEXT, FMT_JSON, FMT_SGF, FMT_SVG };

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
            "  --hash-mb M          transposition table MB (default: 16); static-answer cache up to M more;\n"
            "                       go check's tree walk holds up to 9 tables of M MB (4 when first\n"
            "                       needed), and each of --jobs N holds its own\n"
            "  --threads N          workers per search, sharing its table (default 1; 1..64): faster on\n"
            "                       a machine with the cores, the same proofs; with N > 1 the plays\n"
            "                       (and so the answers at --max-nodes) vary from run to run\n"
            "  --jobs N             problems solved at a time, each its own search (default:\n"
            "                       the cores / --threads; 1..64): the output and the counts\n"
            "                       are those of --jobs 1, in the same order; with --time,\n"
            "                       jobs x threads may not exceed the cores\n"
            "  --first              stop at the first winning move\n"
            "  --no-frame           search the board as given (the region: the target's space)\n"
            "  --blocking           seed 000's blocking prune of the defender's moves in the\n"
            "                       distance generator (on; --without blocking: off)\n"
            "  --without LIST       switch techniques off: order,static,learned,distance,\n"
            "                       verify,exchange,orderinit,share,passcut,killer,\n"
            "                       classes,keep,semeai,deep,mixed,threatsfirst\n"
            "  --distance D         distance generator bound (default 4)\n"
            "  --rules area|japanese  japanese: bent four in the corner is dead (a ko_win kill\n"
            "                       the defender cannot resolve wins); default: %s\n"
            "%s",
            check ? "check" : "solve",
            check ? "Solves each problem and compares yomi's winning first moves with the\n"
                    "ones the source states (SOL, or the SGF tree's first moves).\n\n"
                  : "Proves who wins a life-and-death problem and every winning first move.\n\n",
            check ? "japanese, the books' rule" : "area",
            check ? "  --expect-rate P      exit 1 when fewer than P% are correct\n"
                    "  --quiet              print only the summary\n"
                    "  --full-walk          solve every node of a solution tree in full (default:\n"
                    "                       one question per tree move first, the root too; a\n"
                    "                       full answer searches the tree's first moves only)\n"
                    "  --format text|json   json: one object per problem listed, one for the summary\n"
                  : "  --threats B,W        outside ko threats of Black and White (0..6 each; e.g. 2,0):\n"
                    "                       one question, each banned ko retake spends one (the\n"
                    "                       --ko-master keeps unlimited ones)\n"
                    "  --format text|json|sgf|svg  output (default text); svg: a board diagram\n"
                    "                       with the main line numbered on the stones and the result\n"
                    "  --out DIR            write one file per problem, DIR/NAME.svg (svg only; needed\n"
                    "                       for svg when several problems are given; NAME-2.svg, ...\n"
                    "                       for a name met again)\n");
}

typedef struct opts {
    go_problem_hints hints;
    go_tsumego_opts ts;
    int format;
    const char *out_dir;
    double expect_rate;
    int quiet;
    bool full_walk; /* go check: every node of a solution tree gets the full answer */
    int jobs; /* problems solved at a time; 0: the default (default_jobs) */
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

/* The one question a --ko-master or --threats asks, as "ko threats B inf W 2" (inf:
 * the ko master) into buf; false (buf empty) when yomi classifies kos itself. */
static bool question_name(const go_tsumego_opts *o, char *buf, size_t n) {
    buf[0] = 0;
    if (!o->fixed_master) return false;
    char t[3][8];
    for (int c = GO_BLACK; c <= GO_WHITE; c++) {
        if (o->ko_master == c)
            snprintf(t[c], sizeof t[c], "inf");
        else
            snprintf(t[c], sizeof t[c], "%d", o->threats[c]);
    }
    snprintf(buf, n, "ko threats B %s W %s", t[GO_BLACK], t[GO_WHITE]);
    return true;
}

static void print_text(FILE *out, const char *file, const go_problem *p, const go_tsumego_opts *o,
                       const go_tsumego_answer *a) {
    char v[8], q[64];
    fprintf(out, "%s\n", file);
    go_board_print(p->original, out);
    vertex(p->board, p->target, v);
    fprintf(out, "%s to play, target %s (%s, %s), region %d points%s\n",
            p->to_play == GO_BLACK ? "Black" : "White", v, p->attacker == GO_BLACK ? "white" : "black",
            p->live ? "to live" : "to kill", p->nregion, p->framed ? ", framed" : "");
    if (question_name(o, q, sizeof q)) fprintf(out, "question: %s\n", q);
    if (a->too_large)
        fprintf(out, "result: unknown (region too large to prove: more than %d empty points)\n",
                GO_TSUMEGO_MAX_REGION);
    else
        fprintf(out, "result: %s (%s%s)\n", go_tsumego_result_name(a->result),
                a->result == YOMI_UNKNOWN ? "limit"
                    : a->proved           ? "proved"
                                          : "heuristic",
                a->by_rule ? "; dead by the bent-four rule, ko_win under area rules" : "");
    fprintf(out, "moves:");
    for (int i = 0; i < a->nmoves; i++) {
        vertex(p->board, a->moves[i], v);
        fprintf(out, " %s", v);
    }
    if (a->nunknown) fprintf(out, " (%d undecided)", a->nunknown);
    fprintf(out, "\npv:");
    for (int i = 0; i < a->npv; i++) {
        vertex(p->board, a->pv[i], v);
        fprintf(out, " %s", v);
    }
    if (a->result == YOMI_UNKNOWN && a->nbest) {
        fprintf(out, "\nbest line so far (not proven):");
        for (int i = 0; i < a->nbest; i++) {
            vertex(p->board, a->best[i], v);
            fprintf(out, " %s", v);
        }
    }
    fprintf(out, "\nnodes: %llu  seconds: %.3f\n\n", (unsigned long long)a->nodes, a->seconds);
}

static void print_json(FILE *out, const char *file, const go_problem *p, const go_tsumego_opts *o,
                       const go_tsumego_answer *a) {
    yomi_json j;
    char v[8], q[64];
    yomi_json_start(&j, out);
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
    if (question_name(o, q, sizeof q)) {
        yomi_json_key(&j, "question");
        yomi_json_string(&j, q);
    }
    yomi_json_key(&j, "result");
    yomi_json_string(&j, go_tsumego_result_name(a->result));
    yomi_json_key(&j, "basis");
    yomi_json_string(&j, a->result == YOMI_UNKNOWN ? "unknown" : a->proved ? "proved" : "heuristic");
    if (a->by_rule) {
        yomi_json_key(&j, "rule");
        yomi_json_string(&j, "bent four dead");
    }
    if (a->result == YOMI_UNKNOWN) {
        yomi_json_key(&j, "stopped_by");
        yomi_json_string(&j, a->too_large ? "region too large" : "limit");
    }
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
    if (a->result == YOMI_UNKNOWN) {
        yomi_json_key(&j, "best_line");
        yomi_json_begin_array(&j);
        for (int i = 0; i < a->nbest; i++) {
            vertex(p->board, a->best[i], v);
            yomi_json_string(&j, v);
        }
        yomi_json_end_array(&j);
    }
    yomi_json_key(&j, "nodes");
    yomi_json_uint(&j, a->nodes);
    yomi_json_key(&j, "seconds");
    yomi_json_double(&j, a->seconds);
    yomi_json_end_object(&j);
    fputc('\n', out);
}

/* The problem with its solution as an SGF game: every winning first move as a
 * variation, the main line under the first. */
static void print_sgf(FILE *out, const go_problem *p, const go_tsumego_answer *a) {
    char pt[3];
    fprintf(out, "(;FF[4]GM[1]SZ[%d]PL[%c]", p->size, p->to_play == GO_BLACK ? 'B' : 'W');
    for (int c = GO_BLACK; c <= GO_WHITE; c++) {
        int any = 0;
        GO_FOR_POINTS(p->original, q) {
            if (go_board_at(p->original, q) != c) continue;
            if (!any) fprintf(out, "%s", c == GO_BLACK ? "AB" : "AW");
            any = 1;
            sgf_point_format(q, pt);
            fprintf(out, "[%s]", pt);
        }
    }
    /* The source's SQ points (they joined the region): kept, so that the tree reads
     * back as the same problem. */
    const sgf_prop *sq = p->sgf && p->sgf->ngames > 0 ? sgf_find(p->sgf->games[0], "SQ") : NULL;
    if (sq) {
        go_point pts[GO_MAX_POINTS];
        int n = sgf_prop_points(sq, p->size, pts, GO_MAX_POINTS, NULL);
        for (int k = 0; k < n; k++) {
            sgf_point_format(pts[k], pt);
            fprintf(out, "%s[%s]", k == 0 ? "SQ" : "", pt);
        }
    }
    /* MA marks the target of an enclosed problem (a reader takes the board as it is);
     * a framed problem whose target yomi guessed goes without, so that reading the
     * tree back guesses and frames it the same way. */
    if (!p->framed || strcmp(p->how_target, "guessed") != 0) {
        sgf_point_format(p->target, pt);
        fprintf(out, "MA[%s]", pt);
    }
    fprintf(out, "C[%s: %s]", p->live ? "live" : "kill", go_tsumego_result_name(a->result));
    for (int i = 0; i < a->nmoves; i++) {
        go_color c = p->to_play;
        fprintf(out, "\n(");
        int n = i == 0 ? a->npv : 1;
        for (int k = 0; k < n; k++) {
            sgf_point_format(i == 0 ? a->pv[k] : a->moves[i], pt);
            fprintf(out, ";%c[%s]%s", c == GO_BLACK ? 'B' : 'W', pt, k == 0 ? "C[RIGHT]" : "");
            c = go_other(c);
        }
        fprintf(out, ")");
    }
    fprintf(out, ")\n");
}

/* The file's name without its directories and extension: start and length. */
static const char *stem(const char *file, int *len) {
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    const char *dot = strrchr(base, '.');
    *len = dot ? (int)(dot - base) : (int)strlen(base);
    return base;
}

/* The diagram of files[i] to stdout, or to DIR/NAME.svg (NAME: its stem;
 * NAME-2.svg, NAME-3.svg, ... when earlier files of the batch have the same). */
static int print_svg(FILE *out, FILE *err, const char *dir, char **files, int i, const go_problem *p,
                     const go_tsumego_answer *a) {
    if (!dir) return go_svg_write(out, p, a, files[i]);
    int len, same = 0;
    const char *base = stem(files[i], &len);
    for (int j = 0; j < i; j++) {
        int l2;
        const char *b2 = stem(files[j], &l2);
        same += l2 == len && !strncmp(b2, base, (size_t)len);
    }
    char path[4096], num[16] = "";
    if (same) snprintf(num, sizeof num, "-%d", same + 1);
    snprintf(path, sizeof path, "%s/%.*s%s.svg", dir, len, base, num);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(err, "yomi go: cannot write %s\n", path);
        return -1;
    }
    int r = go_svg_write(f, p, a, files[i]);
    if (fclose(f) != 0) r = -1;
    if (r < 0) fprintf(err, "yomi go: error writing %s\n", path);
    return r;
}

/* ---- Walking an SGF solution tree (tsumego.js's convention) ----
 *
 * Each first move of the tree names a side (its colour) and the lines under it
 * alternate: where that side is to move the tree's moves are its correct moves
 * (tsumego.js marks no wrong branches), where the opponent is to move they are
 * the replies to answer. At every node where the side is to move, yomi solves
 * the position (the tree's moves played on the problem's board) and must win
 * (win or ko_win) with one of the tree's moves: one among its winning moves, or
 * one it does not list (it lists the best result's moves only) after which the
 * opponent to move loses (loss or ko_loss); a limit at the node leaves only that
 * second way. When the side's best is a ko_loss (it wins only with ko threats of
 * its own: tsumego.js's harness then asks again with the side as ko master and
 * accepts the tree), a tree move among yomi's ko_loss moves, or one after which
 * the opponent wins only a ko_win, makes the tree a "ko": neither correct nor
 * wrong, unless another node is wrong. The walk goes on under the tree's moves
 * found winning (at a ko node, winning with the ko). Where the opponent
 * is to move, every reply is played. A node where the target has been captured
 * ends its line: correct when the side is the attacker. A tree with a "RIGHT"
 * comment follows goproblems' convention instead: only the branches leading to
 * such a comment are correct, and only those are walked.
 *
 * Unless --full-walk, a node of the side's (the root too) first asks only what
 * the verdict needs: for each tree move, one question with the opponent to move
 * and no ko threats for either side (the win class above: win or ko_win is a win
 * of that game, ko_loss and loss are not; a given --ko-master replaces it). When
 * a tree move wins so, the node passes with those moves walked on, as the full
 * answer would have it; a leaf asks the side to move the same question. In a tree
 * already a ko, a node where the side loses that game and a tree move wins with
 * the side as ko master is a ko node, those moves walked on. Only a node where
 * neither holds (the first ko, a wrong or an undecided node) is solved in full as
 * above, for its verdict and its message. The root is lean too (tsumego.js at 2M:
 * 38.26 M -> 33.91 M plays, 2026-11-27), so "yomi's first move in the tree" counts
 * the nodes solved in full only. At a node solved in
 * full, a tree move yomi does not list is asked the win class's question first,
 * the ko tiers only when it does not win so. A full answer (unless --full-walk)
 * searches only the tree's moves besides the one its search proves
 * (go_tsumego_opts.ask): the verdict needs no other. */

#define WALK_MAX_DEPTH 200

typedef struct walk {
    go_problem *p;
    const go_tsumego_opts *ts;
    int size;
    const sgf_node *root; /* the tree's root: its moves of the other colour belong to another walk */
    go_color side; /* the side whose answers the tree gives */
    bool right_mode; /* the tree marks correct lines with RIGHT: the others are wrong */
    bool lean; /* the one question per tree move first (not --full-walk) */
    go_tsumego_keep *keep; /* the lean questions' proofs, kept from one to the next */
    go_tsumego_keep *keep_master; /* the same for the questions with the side as ko master */
    const go_point *ask; /* the full answer's first moves asked (the tree's), or NULL: all */
    int nask;
    go_color line_c[WALK_MAX_DEPTH];
    go_point line_m[WALK_MAX_DEPTH];
    int depth;
    int solved; /* positions solved */
    int rejected; /* tree moves of the side that yomi does not find winning */
    int direct; /* tree moves yomi did not list but found winning when played */
    int choices,
        first_in_tree; /* positions with tree moves where yomi named a move; its first one is in the tree */
    int unknown; /* the first failure was a limit */
    uint64_t nodes;
    double seconds;
    char fail[512]; /* the first failing node: its moves and what went wrong */
    char ko[512]; /* the first node the side wins only as ko master */
    char flaw[512]; /* the first reply of the opponent's that is illegal on the board */
    /* The lean node just asked: its tree moves a limit left undecided, and those asked
     * twice already (read by walk_node's full answer right after). */
    bool undecided[GO_MAX_POINTS + 1], retried[GO_MAX_POINTS + 1];
    bool expect_loss; /* the question is after the side's tree move: the opponent should lose */
} walk;

static int win_class(yomi_result r) { return r == YOMI_WIN || r == YOMI_KO_WIN; }

/* The current node's line and what was found there, into out[512]. */
static void walk_note(const walk *w, char *out, const char *fmt, const char *detail) {
    const size_t cap = 512;
    size_t n = 0;
    char v[8];
    n += (size_t)snprintf(out + n, cap - n, "%s", w->depth ? "after [" : "at the root");
    for (int i = 0; i < w->depth && n < cap - 16; i++) {
        vertex(w->p->board, w->line_m[i], v);
        n += (size_t)snprintf(out + n, cap - n, "%s%c %s", i ? " " : "", w->line_c[i] == GO_BLACK ? 'B' : 'W',
                              v);
    }
    if (n < cap) n += (size_t)snprintf(out + n, cap - n, "%s", w->depth ? "]: " : ": ");
    if (n < cap) snprintf(out + n, cap - n, fmt, detail);
}

static void walk_fail(walk *w, int unknown, const char *fmt, const char *detail) {
    if (w->fail[0]) return;
    walk_note(w, w->fail, fmt, detail);
    w->unknown = unknown;
}

static void walk_ko(walk *w, const char *detail) {
    if (!w->ko[0]) walk_note(w, w->ko, "%s", detail);
}

/* goproblems' convention (scp/ in tsumego.js): a comment "RIGHT" ends each
 * correct line, and branches without one are wrong. */
static bool has_right(const sgf_node *n) {
    const char *c = sgf_get(n, "C");
    if (c && strstr(c, "RIGHT")) return true;
    for (const sgf_node *ch = n->child; ch; ch = ch->sibling)
        if (has_right(ch)) return true;
    return false;
}

/* A branch the walk follows: every one, or under the RIGHT convention only
 * those leading to a RIGHT comment. */
static bool followed(const walk *w, const sgf_node *ch) { return !w->right_mode || has_right(ch); }

static bool target_gone(const walk *w) {
    return go_board_at(w->p->board, w->p->target) != go_other(w->p->attacker);
}

static void walk_node(walk *w, const sgf_node *node, go_color to_move);
static void walk_child(walk *w, const sgf_node *child, go_color c, go_point m);
static bool lean_walk(walk *w, const sgf_node *node, const bool *win);

/* Does the side's move m win? Played, then solved with the opponent to move:
 * 1 when the opponent loses (loss or ko_loss, or the target is gone and the
 * side is the attacker), 2 when the opponent wins only a ko_win (the side wins
 * with ko threats), 0 when it does not or is illegal, -1 when undecided.
 * loser_first: the question starts in the loser's check's game (go_tsumego_opts). */
/* What a question asks (ask): the full answer (go check's options as given, first
 * moves listed), every ko tier, the win class alone, or whether the side wins as ko
 * master. */
enum { ASK_FULL, ASK_TIERS, ASK_CLASS, ASK_MASTER };

static void ask(walk *w, go_color to_move, int what, go_tsumego_answer *a);

static int tree_move_wins(walk *w, go_point m, int what, bool loser_first) {
    go_problem *p = w->p;
    if (go_board_play(p->board, w->side, m) != GO_OK) return 0;
    int r;
    if (target_gone(w)) {
        r = w->side == p->attacker;
    } else {
        go_tsumego_answer a;
        w->expect_loss = loser_first;
        ask(w, go_other(w->side), what, &a);
        w->expect_loss = false;
        r = a.result == YOMI_LOSS || a.result == YOMI_KO_LOSS ? 1
            : a.result == YOMI_KO_WIN                         ? 2
            : a.result == YOMI_UNKNOWN                        ? -1
                                                              : 0;
    }
    go_board_undo(p->board);
    return r;
}

/* One question at the board as it is, to_move to play: the full answer; or, first
 * moves not listed, every ko tier; the walk's win class alone (no threats for either side unless
 * --ko-master fixed one); or the side as ko master, the opponent with none. */
static void ask(walk *w, go_color to_move, int what, go_tsumego_answer *a) {
    go_problem *p = w->p;
    go_color saved_c = p->to_play;
    bool saved_live = p->live;
    go_tsumego_opts o = *w->ts;
    if (what != ASK_FULL) o.all_moves = false;
    o.loser_first = w->expect_loss;
    if (what == ASK_FULL && w->ask) {
        o.ask = w->ask;
        o.nask = w->nask;
        /* The verdict reads the side's result class only (win_class, ko_loss): the tiers
         * start at (0, 0), no better tier or bent-four rule is asked for a ko_win
         * (go_tsumego_opts.class_only; tsumego.js at 2M: 65.53 M -> 38.26 M plays, the
         * same verdicts, 2026-11-27). */
        o.class_only = true;
    }
    if (what == ASK_CLASS && !o.fixed_master) {
        o.fixed_master = true;
        o.ko_master = GO_EMPTY;
    }
    if (what == ASK_MASTER) {
        o.fixed_master = true;
        o.ko_master = w->side;
    }
    /* One game for every win-class question of the tree (another master is another
     * repetition value: dfpn would drop the kept results). */
    if (what == ASK_CLASS) o.keep = w->keep;
    /* The side as ko master: its own game, its own kept tables (tsumego.js gop/15275:
     * four such questions down one line). */
    if (what == ASK_MASTER && w->keep && !w->keep_master) w->keep_master = go_tsumego_keep_new(o.lim.hash_mb);
    if (what == ASK_MASTER) o.keep = w->keep_master;
    p->to_play = to_move;
    p->live = to_move != p->attacker;
    go_tsumego_solve(p, &o, a);
    p->to_play = saved_c;
    p->live = saved_live;
    w->solved++;
    w->nodes += a->nodes;
    w->seconds += a->seconds;
}

/* Asks each of the side's tree moves under node once (what: as for ask), marking in
 * win[] those after which the opponent loses; returns how many; *moves (may be NULL)
 * gets the number of the side's tree moves. */
static int ask_tree_moves(walk *w, const sgf_node *node, int what, bool *win, int *moves) {
    bool asked[GO_MAX_POINTS + 1];
    memset(win, 0, sizeof(bool) * (GO_MAX_POINTS + 1));
    memset(asked, 0, sizeof asked);
    int wins = 0;
    for (const sgf_node *ch = node->child; ch; ch = ch->sibling) {
        go_color c;
        go_point m;
        if (sgf_node_move(ch, w->size, &c, &m, NULL) != 1 || c != w->side || !followed(w, ch)) continue;
        if (moves) ++*moves;
        if (m < 0 || m > GO_MAX_POINTS || asked[m]) continue;
        asked[m] = true;
        int r = tree_move_wins(w, m, what, true);
        win[m] = r == 1;
        wins += win[m];
        if (what == ASK_CLASS) w->undecided[m] = r < 0;
    }
    return wins;
}

/* A lean node (see above): true when a tree move of the side's wins in the win
 * class, those moves walked on, or a leaf's side to move wins so; false leaves
 * the node to the full answer. */
static bool lean_node(walk *w, const sgf_node *node) {
    bool win[GO_MAX_POINTS + 1];
    memset(w->retried, 0, sizeof w->retried);
    memset(w->undecided, 0, sizeof w->undecided);
    int moves = 0, wins = ask_tree_moves(w, node, ASK_CLASS, win, &moves);
    /* A tree move a limit left undecided is asked once more (the kept tables go on
     * from the first question) before the node is solved in full, instead of after
     * the full answer (tsumego.js gop/14140: the full answer spent 2 M plays for
     * nothing at the root, the second question decided). */
    for (int m = 0; m <= GO_MAX_POINTS && moves > 0 && wins == 0; m++)
        if (w->undecided[m]) {
            w->retried[m] = true;
            /* Again with the distance generator's pass first (go_tsumego_opts.loser_first
             * off): the loser's check that follows goes on from the first question's
             * kept table, and the generator's loss stands if it does not finish
             * (tsumego.js gop/14140). */
            win[m] = tree_move_wins(w, m, ASK_CLASS, false) == 1;
            wins += win[m];
        }
    go_tsumego_answer a;
    if (moves == 0) {
        ask(w, w->side, ASK_CLASS, &a);
        if (a.result == YOMI_WIN) return true;
    }
    if (moves > 0 && wins > 0) return lean_walk(w, node, win);
    /* A tree already a ko (its first ko node was solved in full): a node where the side
     * loses the win class and a tree move wins as ko master is a ko node whose ko moves
     * are walked on, as the full answer would have it (its best, ko_loss; those moves,
     * after which the opponent wins only a ko_win); else the full answer. */
    if (!w->ko[0] || w->ts->fixed_master) return false;
    if (moves > 0) ask(w, w->side, ASK_CLASS, &a);
    if (a.result != YOMI_LOSS) return false;
    if (moves == 0) {
        ask(w, w->side, ASK_MASTER, &a);
        return a.result == YOMI_WIN;
    }
    wins = ask_tree_moves(w, node, ASK_MASTER, win, NULL);
    return wins > 0 && lean_walk(w, node, win);
}

/* The tree's moves of the side marked in win[] walked on, the others counted as
 * not winning; true. */
static bool lean_walk(walk *w, const sgf_node *node, const bool *win) {
    for (const sgf_node *ch = node->child; ch; ch = ch->sibling) {
        go_color c;
        go_point m;
        if (sgf_node_move(ch, w->size, &c, &m, NULL) != 1 || c != w->side || !followed(w, ch)) continue;
        if (m >= 0 && m <= GO_MAX_POINTS) w->rejected += !win[m];
    }
    for (const sgf_node *ch = node->child; ch; ch = ch->sibling) {
        go_color c;
        go_point m;
        if (sgf_node_move(ch, w->size, &c, &m, NULL) != 1 || c != w->side || !followed(w, ch)) continue;
        if (m >= 0 && m <= GO_MAX_POINTS && win[m]) walk_child(w, ch, c, m);
    }
    return true;
}

/* Plays child's move (colour c, point m) and walks under it. */
static void walk_child(walk *w, const sgf_node *child, go_color c, go_point m) {
    if (w->fail[0]) return;
    if (w->depth >= WALK_MAX_DEPTH) {
        walk_fail(w, 0, "%s", "tree deeper than the walk follows");
        return;
    }
    w->line_c[w->depth] = c;
    w->line_m[w->depth] = m;
    w->depth++;
    go_board *b = w->p->board;
    go_point saved_ko = GO_NO_POINT;
    go_color saved_kc = GO_EMPTY;
    int rc = go_board_play(b, c, m);
    if (rc == GO_ILLEGAL_KO && c == w->side) {
        /* The tree retakes a ko at once: the side spends a ko threat, which
         * only a ko master has to spare (tsumego.js gop/14296). */
        saved_ko = b->ko;
        saved_kc = b->ko_color;
        b->ko = GO_NO_POINT;
        b->ko_color = GO_EMPTY;
        rc = go_board_play(b, c, m);
        if (rc == GO_OK) walk_ko(w, "the tree retakes a ko at once (a ko threat of the side's)");
    }
    if (rc != GO_OK && c != w->side) {
        /* A flaw of the tree, not an answer of yomi's (tsumego.js gop/15167 has Black
         * retake a ko at once): noted, that line left, the rest of the tree walked. */
        if (!w->flaw[0]) walk_note(w, w->flaw, "%s", "the tree's reply is illegal here");
    } else if (rc != GO_OK) {
        walk_fail(w, 0, "%s", "the tree's last move is illegal here");
    } else {
        walk_node(w, child, go_other(c));
        go_board_undo(b);
    }
    if (saved_ko != GO_NO_POINT) {
        b->ko = saved_ko;
        b->ko_color = saved_kc;
    }
    w->depth--;
}

/* The node's position is on the board; to_move: who plays next when the node
 * has no children (the tree's children say it otherwise). */
static void walk_node(walk *w, const sgf_node *node, go_color to_move) {
    if (w->fail[0]) return;
    go_problem *p = w->p;
    if (target_gone(w)) {
        if (w->side != p->attacker) walk_fail(w, 0, "%s", "the target was captured");
        return;
    }
    bool mine = false, theirs = false;
    for (const sgf_node *ch = node->child; ch; ch = ch->sibling) {
        go_color c;
        go_point m;
        if (sgf_node_move(ch, w->size, &c, &m, NULL) != 1 || !followed(w, ch)) continue;
        mine |= c == w->side;
        theirs |= c != w->side && node != w->root;
    }
    if (!mine && !theirs) mine = to_move == w->side; /* a leaf: the side still wins */
    if (mine && w->lean && lean_node(w, node)) mine = false;
    if (mine && !w->fail[0]) {
        go_tsumego_answer a;
        /* Unless --full-walk, the full answer analyses the tree's moves alone besides
         * the one its search proves: the verdict needs no other (before, every first
         * move was searched: tsumego.js gop/20575 spent 1.97 M plays on D1, which the
         * tree does not give). */
        go_point tm[GO_MAX_POINTS + 1];
        int ntm = 0;
        for (const sgf_node *ch = node->child; ch && ntm <= GO_MAX_POINTS; ch = ch->sibling) {
            go_color c;
            go_point m;
            if (sgf_node_move(ch, w->size, &c, &m, NULL) == 1 && c == w->side && followed(w, ch))
                tm[ntm++] = m;
        }
        w->ask = w->lean ? tm : NULL;
        w->nask = ntm;
        ask(w, w->side, ASK_FULL, &a);
        w->ask = NULL;
        /* At a ko_loss node yomi's moves win only with the side's ko threats. */
        bool ko_node = a.result == YOMI_KO_LOSS;
        bool listed[GO_MAX_POINTS + 1], outright[GO_MAX_POINTS + 1], by_ko[GO_MAX_POINTS + 1];
        memset(listed, 0, sizeof listed);
        memset(outright, 0, sizeof outright);
        memset(by_ko, 0, sizeof by_ko);
        for (int k = 0; k < a.nmoves; k++)
            if (a.moves[k] >= 0 && a.moves[k] <= GO_MAX_POINTS) listed[a.moves[k]] = true;
        char buf[160];
        /* A lean node asked for the class only: its ko_win may be a win. */
        const char *res =
            w->lean && a.result == YOMI_KO_WIN ? "win or ko_win" : go_tsumego_result_name(a.result);
        size_t n = (size_t)snprintf(
            buf, sizeof buf, "%s to play: %s, yomi's moves:", w->side == GO_BLACK ? "black" : "white", res);
        for (int k = 0; k < a.nmoves && n < sizeof buf - 8; k++) {
            char v[8];
            vertex(p->board, a.moves[k], v);
            n += (size_t)snprintf(buf + n, sizeof buf - n, " %s", v);
        }
        /* A definite loss fails here; when a limit left the answer open, the
         * tree's moves are checked one by one below. */
        if (!win_class(a.result) && a.result != YOMI_UNKNOWN && !ko_node) {
            walk_fail(w, 0, "%s", buf);
            return;
        }
        int in_tree = 0, in_tree_ko = 0, leaf = 1, undecided = 0;
        for (const sgf_node *ch = node->child; ch; ch = ch->sibling) {
            go_color c;
            go_point m;
            if (sgf_node_move(ch, w->size, &c, &m, NULL) != 1 || c != w->side || !followed(w, ch)) continue;
            leaf = 0;
            if (a.nmoves > 0 && m == a.moves[0]) w->first_in_tree++;
            if (m < 0 || m > GO_MAX_POINTS) continue;
            if (listed[m] && !ko_node)
                outright[m] = true;
            else if (listed[m])
                by_ko[m] = true;
            /* A tree move yomi does not list (it lists the moves of the best
             * result only, and a limit may cut the list): is it a win anyway? */
            if (!listed[m]) {
                /* The win class's one question first (kept proofs); the ko tiers only
                 * when it does not win. */
                int r = w->lean && !w->retried[m] ? tree_move_wins(w, m, ASK_CLASS, true) : 0;
                if (r != 1) r = tree_move_wins(w, m, ASK_TIERS, true);
                if (r == 1) outright[m] = true, w->direct++;
                if (r == 2) by_ko[m] = true;
                undecided += r < 0;
            }
            in_tree += outright[m];
            in_tree_ko += by_ko[m];
        }
        if (!leaf && a.nmoves > 0) w->choices++;
        /* The tree's moves walked on: the outright winners, else at a ko node
         * the ones that win with the ko. */
        const bool *walked = in_tree || !ko_node ? outright : by_ko;
        for (const sgf_node *ch = node->child; ch; ch = ch->sibling) {
            go_color c;
            go_point m;
            if (sgf_node_move(ch, w->size, &c, &m, NULL) != 1 || c != w->side || !followed(w, ch)) continue;
            if (m >= 0 && m <= GO_MAX_POINTS) w->rejected += !walked[m];
        }
        if (leaf && ko_node) walk_ko(w, buf);
        if (leaf && !win_class(a.result) && !ko_node) {
            walk_fail(w, 1, "%s", buf);
            return;
        }
        if (!leaf && !in_tree && in_tree_ko && ko_node) {
            /* The side wins only with ko threats, and the tree's moves do so. */
            if (n < sizeof buf)
                snprintf(buf + n, sizeof buf - n, "%s", "; the tree's moves win as ko master");
            walk_ko(w, buf);
        } else if (!leaf && !in_tree) {
            if (n < sizeof buf)
                snprintf(buf + n, sizeof buf - n, "%s",
                         in_tree_ko ? "; the tree's moves win only with a ko"
                                    : "; none of the tree's moves wins");
            /* A limit that left a tree move undecided makes it unknown, not wrong. */
            walk_fail(w, a.result == YOMI_UNKNOWN || a.nunknown > 0 || undecided > 0, "%s", buf);
            return;
        }
        for (const sgf_node *ch = node->child; ch; ch = ch->sibling) {
            go_color c;
            go_point m;
            if (sgf_node_move(ch, w->size, &c, &m, NULL) != 1 || c != w->side || !followed(w, ch)) continue;
            if (m >= 0 && m <= GO_MAX_POINTS && walked[m])
                walk_child(w, ch, c, m); /* nothing after a failure */
        }
    }
    for (const sgf_node *ch = node->child; ch && !w->fail[0]; ch = ch->sibling) {
        go_color c;
        go_point m;
        if (sgf_node_move(ch, w->size, &c, &m, NULL) != 1 || c == w->side || node == w->root ||
            !followed(w, ch))
            continue;
        walk_child(w, ch, c, m);
    }
}

/* True when the problem has a solution tree to walk. */
static bool has_tree(const go_problem *p) {
    if (!p->sgf || p->sgf->ngames < 1) return false;
    for (const sgf_node *ch = p->sgf->games[0]->child; ch; ch = ch->sibling) {
        go_color c;
        go_point m;
        if (sgf_node_move(ch, p->size, &c, &m, NULL) == 1) return true;
    }
    return false;
}

/* Walks the tree under each colour of the root's moves (a root move of the
 * other colour answers "what if the opponent plays first"). */
static void walk_tree(walk *w) {
    const sgf_node *root = w->p->sgf->games[0];
    w->right_mode = has_right(root);
    go_color first[2] = {w->p->to_play, go_other(w->p->to_play)};
    for (int k = 0; k < 2 && !w->fail[0]; k++) {
        bool any = false;
        for (const sgf_node *ch = root->child; ch; ch = ch->sibling) {
            go_color c;
            go_point m;
            any |= sgf_node_move(ch, w->size, &c, &m, NULL) == 1 && c == first[k] && followed(w, ch);
        }
        if (!any) continue;
        w->side = first[k];
        w->root = root;
        walk_node(w, root, first[k]);
    }
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
            /* DIR/ and DIR name the same files (no "DIR//NAME"). */
            snprintf(names[nn], len, "%s%s%s", path, has_suffix(path, "/") ? "" : "/", e->d_name);
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

/* What go check counts over a collection. */
typedef struct tally {
    int correct, ko, wrong, unknown, nosol, bad, complete, flawed;
    int walked, positions, rejected, direct, choices, first_in_tree;
    double total, worst;
    unsigned long long nodes;
} tally;

/* Reads the options into *o. Returns -1 to go on, else the exit code (help, bad option). */
/* A count option's value, 1..max; false (the error printed) when it is not one. */
static bool count_arg(const char *name, const char *arg, long max, long *v) {
    char *end;
    *v = strtol(arg, &end, 10);
    if (!*arg || *end || *v < 1 || *v > max) {
        fprintf(stderr, "yomi go: %s takes 1..%ld, not '%s'\n", name, max, arg);
        return false;
    }
    return true;
}

static int parse_opts(int argc, char **argv, int check, opts *o) {
    static const struct option longopts[] = {{"target", required_argument, 0, 't'},
                                             {"to-play", required_argument, 0, 'p'},
                                             {"ko-master", required_argument, 0, 'k'},
                                             {"threats", required_argument, 0, 'K'},
                                             {"time", required_argument, 0, 'T'},
                                             {"max-nodes", required_argument, 0, 'n'},
                                             {"hash-mb", required_argument, 0, 'm'},
                                             {"threads", required_argument, 0, 'j'},
                                             {"jobs", required_argument, 0, 'J'},
                                             {"format", required_argument, 0, 'f'},
                                             {"out", required_argument, 0, 'o'},
                                             {"first", no_argument, 0, '1'},
                                             {"no-frame", no_argument, 0, 'F'},
                                             {"blocking", no_argument, 0, 'B'},
                                             {"expect-rate", required_argument, 0, 'r'},
                                             {"quiet", no_argument, 0, 'q'},
                                             {"without", required_argument, 0, 'w'},
                                             {"distance", required_argument, 0, 'd'},
                                             {"rules", required_argument, 0, 'R'},
                                             {"full-walk", no_argument, 0, 'W'},
                                             {"help", no_argument, 0, 'h'},
                                             {0, 0, 0, 0}};
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        char *end = NULL;
        switch (c) {
        case 't': o->hints.target = optarg; break;
        case 'p':
            if (parse_color(optarg, &o->hints.to_play, 0)) {
                fprintf(stderr, "yomi go: --to-play takes B or W, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'k':
            if (parse_color(optarg, &o->ts.ko_master, 1)) {
                fprintf(stderr, "yomi go: --ko-master takes B, W or none, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            o->ts.fixed_master = true;
            break;
        case 'K': {
            /* B,W: outside ko threats of Black and White, one fixed question. */
            char *comma = strchr(optarg, ',');
            long nb = -1, nw = -1;
            if (comma) {
                nb = strtol(optarg, &end, 10);
                if (end != comma || comma == optarg) nb = -1;
                nw = strtol(comma + 1, &end, 10);
                if (*end || !comma[1]) nw = -1;
            }
            if (check || nb < 0 || nw < 0 || nb > GO_TSUMEGO_MAX_THREATS || nw > GO_TSUMEGO_MAX_THREATS) {
                if (check)
                    fprintf(stderr,
                            "yomi go check: --threats is for go solve (check walks the books' own "
                            "questions)\n");
                else
                    fprintf(stderr,
                            "yomi go: --threats takes B,W, two counts of 0..%d (e.g. 2,0), not '%s'\n",
                            GO_TSUMEGO_MAX_THREATS, optarg);
                return CLI_BAD_INPUT;
            }
            o->ts.threats[GO_BLACK] = (int)nb;
            o->ts.threats[GO_WHITE] = (int)nw;
            o->ts.fixed_master = true;
            break;
        }
        case 'T':
            o->ts.lim.max_seconds = strtod(optarg, &end);
            if (!*optarg || *end || o->ts.lim.max_seconds < 0) {
                fprintf(stderr, "yomi go: --time takes seconds, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'n':
            o->ts.lim.max_nodes = strtoull(optarg, &end, 10);
            if (!*optarg || *end || optarg[0] == '-') {
                fprintf(stderr, "yomi go: --max-nodes takes a count, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'm': {
            long mb;
            if (!count_arg("--hash-mb", optarg, 65536, &mb)) return CLI_BAD_INPUT;
            o->ts.lim.hash_mb = (size_t)mb;
            break;
        }
        case 'j': {
            long n;
            if (!count_arg("--threads", optarg, 64, &n)) return CLI_BAD_INPUT;
            o->ts.threads = (int)n;
            break;
        }
        case 'J': {
            long n;
            if (!count_arg("--jobs", optarg, 64, &n)) return CLI_BAD_INPUT;
            o->jobs = (int)n;
            break;
        }
        case 'f':
            if (!strcmp(optarg, "text"))
                o->format = FMT_TEXT;
            else if (!strcmp(optarg, "json"))
                o->format = FMT_JSON;
            else if (!strcmp(optarg, "sgf"))
                o->format = FMT_SGF;
            else if (!strcmp(optarg, "svg"))
                o->format = FMT_SVG;
            else {
                fprintf(stderr, "yomi go: --format takes text, json, sgf or svg, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'o': o->out_dir = optarg; break;
        case '1': o->ts.all_moves = false; break;
        case 'F': o->hints.no_frame = true; break;
        case 'B': o->ts.blocking = true; break;
        case 'r':
            o->expect_rate = strtod(optarg, &end);
            if (!*optarg || *end) {
                fprintf(stderr, "yomi go: --expect-rate takes a percentage, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            break;
        case 'q': o->quiet = 1; break;
        case 'W': o->full_walk = true; break;
        case 'd': o->ts.distance = atoi(optarg); break;
        case 'R':
            if (strcmp(optarg, "area") && strcmp(optarg, "japanese")) {
                fprintf(stderr, "yomi go: --rules takes area or japanese, not '%s'\n", optarg);
                return CLI_BAD_INPUT;
            }
            o->ts.bent_four_dead = !strcmp(optarg, "japanese");
            break;
        case 'w': {
            static const struct {
                const char *name;
                unsigned bit;
            } feats[] = {{"order", GO_TS_NO_ORDER},
                         {"static", GO_TS_NO_STATIC},
                         {"learned", GO_TS_NO_LEARNED},
                         {"distance", GO_TS_NO_DISTANCE},
                         {"blocking", GO_TS_NO_BLOCKING},
                         {"verify", GO_TS_NO_VERIFY},
                         {"exchange", GO_TS_NO_EXCHANGE},
                         {"orderinit", GO_TS_NO_ORDER_INIT},
                         {"share", GO_TS_NO_SHARE},
                         {"passcut", GO_TS_NO_PASSCUT},
                         {"killer", GO_TS_NO_KILLER},
                         {"classes", GO_TS_NO_CLASSES},
                         {"keep", GO_TS_NO_KEEP},
                         {"semeai", GO_TS_NO_SEMEAI},
                         {"deep", GO_TS_NO_DEEP},
                         {"mixed", GO_TS_NO_MIXED},
                         {"threatsfirst", GO_TS_NO_THREATS_FIRST}};
            char buf[128];
            snprintf(buf, sizeof buf, "%s", optarg);
            for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
                unsigned bit = 0;
                for (size_t k = 0; k < sizeof feats / sizeof feats[0]; k++)
                    if (!strcmp(tok, feats[k].name)) bit = feats[k].bit;
                if (!bit) {
                    fprintf(stderr, "yomi go: --without takes ");
                    for (size_t k = 0; k < sizeof feats / sizeof feats[0]; k++)
                        fprintf(stderr, "%s%s", k ? ", " : "", feats[k].name);
                    fprintf(stderr, "; not '%s'\n", tok);
                    return CLI_BAD_INPUT;
                }
                o->ts.disable |= bit;
            }
            break;
        }
        case 'h': usage(stdout, check); return CLI_OK;
        default: usage(stderr, check); return CLI_BAD_INPUT;
        }
    }
    return -1;
}

/* One problem go check lists: its outcome and node, as a text line or a JSON object. */
static void list_problem(FILE *out, const opts *o, const char *file, const char *outcome, const char *node,
                         int positions, uint64_t nodes, double seconds) {
    if (o->quiet) return;
    if (o->format != FMT_JSON) {
        fprintf(out, "%s: %s %s  (%d positions, nodes %llu, %.2fs)\n", file, outcome, node, positions,
                (unsigned long long)nodes, seconds);
        return;
    }
    yomi_json j;
    yomi_json_start(&j, out);
    yomi_json_begin_object(&j);
    yomi_json_key(&j, "file");
    yomi_json_string(&j, file);
    yomi_json_key(&j, "outcome");
    yomi_json_string(&j, outcome);
    yomi_json_key(&j, "node");
    yomi_json_string(&j, node);
    yomi_json_key(&j, "positions");
    yomi_json_int(&j, positions);
    yomi_json_key(&j, "nodes");
    yomi_json_uint(&j, nodes);
    yomi_json_key(&j, "seconds");
    yomi_json_double(&j, seconds);
    yomi_json_end_object(&j);
    fputc('\n', out);
}

/* go check on a problem with a solution tree: walks it and counts the outcome
 * (a tree that wins only with the side as ko master is a "ko", never correct). */
static void check_tree(FILE *out, const char *file, go_problem *p, const opts *o, tally *t) {
    walk w;
    memset(&w, 0, sizeof w);
    w.p = p;
    w.ts = &o->ts;
    w.size = p->size;
    w.lean = !o->full_walk;
    /* Without the memory the questions start afresh, as before. */
    if (w.lean) w.keep = go_tsumego_keep_new(o->ts.lim.hash_mb);
    /* Made when first needed (ask). */
    walk_tree(&w);
    go_tsumego_keep_free(w.keep);
    go_tsumego_keep_free(w.keep_master);
    t->total += w.seconds;
    if (w.seconds > t->worst) t->worst = w.seconds;
    t->nodes += w.nodes;
    t->walked++;
    t->positions += w.solved;
    t->rejected += w.rejected;
    t->direct += w.direct;
    t->choices += w.choices;
    t->first_in_tree += w.first_in_tree;
    /* A tree with an illegal reply and no failing node is neither correct nor wrong. */
    if (!w.fail[0] && w.flaw[0])
        t->flawed++;
    else if (!w.fail[0] && w.ko[0])
        t->ko++;
    else if (!w.fail[0])
        t->correct++, t->complete += w.rejected == 0;
    else if (w.unknown)
        t->unknown++;
    else
        t->wrong++;
    if (w.fail[0] || w.flaw[0] || w.ko[0])
        list_problem(out, o, file,
                     w.fail[0]       ? (w.unknown ? "unknown" : "wrong")
                         : w.flaw[0] ? "tree flaw"
                                     : "ko",
                     w.fail[0]       ? w.fail
                         : w.flaw[0] ? w.flaw
                                     : w.ko,
                     w.solved, w.nodes, w.seconds);
}

/* go check on a problem with stated first moves (SOL): yomi's winning moves must be
 * non-empty and inside them; prints the problems that are not (unless quiet). */
static void check_sol(FILE *out, const char *file, const go_problem *p, const go_tsumego_answer *a, int quiet,
                      tally *t) {
    int inside = a->nmoves > 0, all = 1;
    for (int k = 0; k < a->nmoves; k++) {
        int f = 0;
        for (int s = 0; s < p->nsol; s++) f |= p->sol[s] == a->moves[k];
        inside &= f;
    }
    for (int s = 0; s < p->nsol; s++) {
        int f = 0;
        for (int k = 0; k < a->nmoves; k++) f |= p->sol[s] == a->moves[k];
        all &= f;
    }
    if (a->result == YOMI_UNKNOWN && a->nmoves == 0)
        t->unknown++;
    else if (inside)
        t->correct++, t->complete += all;
    else
        t->wrong++;
    if (!quiet && !(inside && all)) {
        char v[8];
        fprintf(out, "%s: %s%s, %s (%s) yomi:", file,
                a->result == YOMI_UNKNOWN && !a->nmoves ? "unknown"
                    : inside                            ? "missing alternatives"
                                                        : "differs",
                "", go_tsumego_result_name(a->result), p->live ? "live" : "kill");
        for (int k = 0; k < a->nmoves; k++) {
            vertex(p->board, a->moves[k], v);
            fprintf(out, " %s", v);
        }
        fprintf(out, "  stated:");
        for (int s = 0; s < p->nsol; s++) {
            vertex(p->board, p->sol[s], v);
            fprintf(out, " %s", v);
        }
        fprintf(out, "  pv:");
        for (int k = 0; k < a->npv; k++) {
            vertex(p->board, a->pv[k], v);
            fprintf(out, " %s", v);
        }
        fprintf(out, "  nodes %llu %.2fs\n", (unsigned long long)a->nodes, a->seconds);
    }
}

/* go check's summary lines; true when the rate is below --expect-rate. */
static bool summary(const tally *t, int nfiles, double expect_rate, int format) {
    int judged = t->correct + t->ko + t->wrong + t->unknown;
    double rate = judged ? 100.0 * t->correct / judged : 0;
    if (format == FMT_JSON) {
        yomi_json j;
        yomi_json_start(&j, stdout);
        yomi_json_begin_object(&j);
        static const char *const keys[] = {"problems",     "correct",          "ko",          "wrong",
                                           "unknown",      "all_stated_found", "no_solution", "bad_input",
                                           "trees_walked", "positions_solved", "tree_flaws"};
        const int vals[] = {nfiles,   t->correct, t->ko,     t->wrong,     t->unknown, t->complete,
                            t->nosol, t->bad,     t->walked, t->positions, t->flawed};
        for (int k = 0; k < (int)(sizeof vals / sizeof vals[0]); k++) {
            yomi_json_key(&j, keys[k]);
            yomi_json_int(&j, vals[k]);
        }
        yomi_json_key(&j, "rate");
        yomi_json_double(&j, rate);
        yomi_json_key(&j, "nodes");
        yomi_json_uint(&j, t->nodes);
        yomi_json_key(&j, "seconds");
        yomi_json_double(&j, t->total);
        yomi_json_end_object(&j);
        fputc('\n', stdout);
    } else {
        printf("problems: %d  correct: %d (%.1f%%)  ko: %d  wrong: %d  unknown: %d  all stated found: %d"
               "  no solution given: %d  bad input: %d",
               nfiles, t->correct, rate, t->ko, t->wrong, t->unknown, t->complete, t->nosol, t->bad);
        /* Trees with an illegal reply (neither correct nor wrong, not in the rate). */
        if (t->flawed) printf("  tree flaws: %d", t->flawed);
        putchar('\n');
        printf("nodes: %llu  seconds: %.2f  slowest: %.2f\n", t->nodes, t->total, t->worst);
    }
    if (t->walked && format != FMT_JSON)
        printf("solution trees walked: %d  positions solved: %d  tree moves yomi does not find winning: %d"
               "  (found winning only when played: %d)  yomi's first move in the tree: %d of %d\n",
               t->walked, t->positions, t->rejected, t->direct, t->first_in_tree, t->choices);
    if (expect_rate >= 0 && rate < expect_rate) {
        fprintf(stderr, "yomi go check: %.1f%% correct, below the expected %.1f%%\n", rate, expect_rate);
        return true;
    }
    return false;
}

/* ---- The batch: problems solved one after another, or --jobs N at a time ----
 *
 * Each problem is its own search with its own tables (the library keeps its
 * scratch per thread), so solving several at once changes no count: with
 * --jobs N each problem's output goes to a buffer and the buffers are printed,
 * and the tallies summed, in the input order, as one job would. */

typedef struct batch {
    const opts *o;
    char **files;
    int nfiles, check;
} batch;

/* What solve_one met, for the exit code (applied in the input order). */
enum { EV_BAD = 1, EV_SVG_FAILED = 2, EV_UNKNOWN = 4 };

/* Solves files[i] (go solve or go check), its output to out and err, its counts into *t. */
static int solve_one(const batch *bt, int i, FILE *out, FILE *err_out, tally *t) {
    const opts *op = bt->o;
    char **files = bt->files;
    int check = bt->check, ev = 0;
    yomi_error err;
    go_problem *p = go_problem_load(files[i], &op->hints, &err);
    if (!p && check && !op->hints.to_play) {
        /* No side to move and no solution to compare with: nothing to check. */
        go_problem_hints h = op->hints;
        h.to_play = GO_BLACK;
        go_problem *q = go_problem_load(files[i], &h, NULL);
        if (q && q->nsol == 0) {
            t->nosol++;
            go_problem_free(q);
            return 0;
        }
        go_problem_free(q);
    }
    if (!p) {
        if (err.line > 0)
            fprintf(err_out, "%s:%ld:%ld: %s\n", files[i], err.line, err.column, err.msg);
        else
            fprintf(err_out, "%s: %s\n", files[i], err.msg);
        t->bad++;
        return EV_BAD;
    }
    if (check && has_tree(p)) {
        check_tree(out, files[i], p, op, t);
        go_problem_free(p);
        return 0;
    }
    go_tsumego_answer a;
    go_tsumego_opts root = op->ts;
    root.other_strings = true; /* the tree walk keeps its target; a JSON problem may change it */
    root.seki = true; /* seki apart from two-eyed life (the tree walk takes both as life) */
    go_tsumego_solve(p, &root, &a);
    t->total += a.seconds;
    if (a.seconds > t->worst) t->worst = a.seconds;
    t->nodes += a.nodes;
    if (!check) {
        if (op->format == FMT_JSON)
            print_json(out, files[i], p, &op->ts, &a);
        else if (op->format == FMT_SGF)
            print_sgf(out, p, &a);
        else if (op->format == FMT_SVG) {
            if (print_svg(out, err_out, op->out_dir, files, i, p, &a) < 0) ev |= EV_SVG_FAILED;
        } else
            print_text(out, files[i], p, &op->ts, &a);
        if (a.too_large)
            fprintf(err_out,
                    "%s: region too large to prove (more than %d empty points); close the problem "
                    "with stones, or let yomi frame it (no --no-frame)\n",
                    files[i], GO_TSUMEGO_MAX_REGION);
        if (a.result == YOMI_UNKNOWN) ev |= EV_UNKNOWN;
    } else if (p->nsol == 0) {
        t->nosol++;
    } else {
        int before = t->correct + t->complete;
        check_sol(out, files[i], p, &a, op->quiet || op->format == FMT_JSON, t);
        /* JSON lists the problems the text lists, with their outcome only. */
        if (op->format == FMT_JSON && t->correct + t->complete != before + 2)
            list_problem(out, op, files[i],
                         t->correct + t->complete == before + 1      ? "missing alternatives"
                             : a.result == YOMI_UNKNOWN && !a.nmoves ? "unknown"
                                                                     : "differs",
                         "at the root", 1, a.nodes, a.seconds);
    }
    go_problem_free(p);
    return ev;
}

/* Adds problem i's counts to *t and its events to the exit code rc; returns rc. */
static int merge(tally *t, const tally *ti, int ev, int rc, int check, int i, int nfiles) {
    t->correct += ti->correct, t->ko += ti->ko, t->wrong += ti->wrong, t->unknown += ti->unknown;
    t->nosol += ti->nosol, t->bad += ti->bad, t->complete += ti->complete, t->flawed += ti->flawed;
    t->walked += ti->walked, t->positions += ti->positions, t->rejected += ti->rejected;
    t->direct += ti->direct, t->choices += ti->choices, t->first_in_tree += ti->first_in_tree;
    t->total += ti->total;
    if (ti->worst > t->worst) t->worst = ti->worst;
    t->nodes += ti->nodes;
    if (ev & EV_BAD) rc = CLI_BAD_INPUT;
    if (ev & EV_SVG_FAILED) rc = CLI_FAILED;
    if (ev & EV_UNKNOWN) rc = rc == CLI_OK ? CLI_FAILED : rc;
    if (!check && !(ev & EV_BAD) && nfiles > 1 && isatty(2)) fprintf(stderr, "\r%d/%d", i + 1, nfiles);
    return rc;
}

/* The cores this process may use (at least 1). */
static int cores(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* --jobs's default: the cores, shared among each search's --threads workers. */
static int default_jobs(int threads) {
    int n = cores() / (threads > 1 ? threads : 1);
    return n < 1 ? 1 : n;
}

/* One problem's result, waiting to be printed in its turn. */
typedef struct job_slot {
    char *out, *err;
    size_t nout, nerr;
    tally t;
    int ev;
    bool done;
} job_slot;

typedef struct job_pool {
    const batch *bt;
    job_slot *slot;
    int next; /* the next problem to take */
    pthread_mutex_t mu;
    pthread_cond_t cv;
} job_pool;

static void *job_main(void *arg) {
    job_pool *jp = arg;
    for (;;) {
        pthread_mutex_lock(&jp->mu);
        int i = jp->next++;
        pthread_mutex_unlock(&jp->mu);
        if (i >= jp->bt->nfiles) {
            go_tsumego_thread_done(); /* the thread's caches, before it ends */
            return NULL;
        }
        job_slot s;
        memset(&s, 0, sizeof s);
        FILE *out = open_memstream(&s.out, &s.nout), *err = open_memstream(&s.err, &s.nerr);
        if (!out || !err) {
            /* Printed by the main thread in its turn as a bad input. */
            if (out) fclose(out), free(s.out);
            if (err) fclose(err), free(s.err);
            s.out = s.err = NULL;
            s.nout = s.nerr = 0;
            s.t.bad = 1;
            s.ev = EV_BAD;
        } else {
            s.ev = solve_one(jp->bt, i, out, err, &s.t);
            fclose(out);
            fclose(err);
        }
        pthread_mutex_lock(&jp->mu);
        jp->slot[i] = s;
        jp->slot[i].done = true;
        pthread_cond_broadcast(&jp->cv);
        pthread_mutex_unlock(&jp->mu);
    }
}

/* Solves the batch with `jobs` threads, printing each problem's output in the input
 * order as soon as it and those before it are done; returns the exit code. */
static int run_jobs(const batch *bt, int jobs, tally *t, int rc) {
    job_pool jp = {.bt = bt, .slot = calloc((size_t)bt->nfiles, sizeof(job_slot))};
    pthread_t th[64];
    int started = 0;
    if (!jp.slot) {
        fprintf(stderr, "yomi go: out of memory\n");
        return CLI_FAILED;
    }
    pthread_mutex_init(&jp.mu, NULL);
    pthread_cond_init(&jp.cv, NULL);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    /* A search recurses as deep as on the main thread's stack. */
    pthread_attr_setstacksize(&attr, (size_t)64 << 20);
    for (int k = 0; k < jobs && k < 64; k++)
        if (pthread_create(&th[started], &attr, job_main, &jp) == 0) started++;
    pthread_attr_destroy(&attr);
    if (started == 0) job_main(&jp); /* no thread: this one solves them all */
    for (int i = 0; i < bt->nfiles; i++) {
        pthread_mutex_lock(&jp.mu);
        while (!jp.slot[i].done) pthread_cond_wait(&jp.cv, &jp.mu);
        job_slot s = jp.slot[i];
        pthread_mutex_unlock(&jp.mu);
        if (s.nout) fwrite(s.out, 1, s.nout, stdout);
        if (s.nerr) {
            fflush(stdout);
            fwrite(s.err, 1, s.nerr, stderr);
        }
        if (!s.out && !s.err && (s.ev & EV_BAD)) fprintf(stderr, "%s: out of memory\n", bt->files[i]);
        free(s.out);
        free(s.err);
        rc = merge(t, &s.t, s.ev, rc, bt->check, i, bt->nfiles);
    }
    for (int k = 0; k < started; k++) pthread_join(th[k], NULL);
    pthread_mutex_destroy(&jp.mu);
    pthread_cond_destroy(&jp.cv);
    free(jp.slot);
    return rc;
}

int cli_go_solve(int argc, char **argv, int check) {
    opts o;
    memset(&o, 0, sizeof o);
    o.ts.all_moves = true;
    o.ts.bent_four_dead = check; /* the books' rule: bent four in the corner is dead */
    o.ts.blocking = true; /* seed 000's prune of the defender's moves (--without blocking) */
    o.format = FMT_TEXT;
    o.expect_rate = -1;
    int prc = parse_opts(argc, argv, check, &o);
    if (prc >= 0) return prc;
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
    if (!check && o.out_dir && o.format != FMT_SVG) {
        fprintf(stderr, "yomi go: --out writes SVG diagrams: give --format svg\n");
        rc = CLI_BAD_INPUT;
    } else if (!check && o.format == FMT_SVG && !o.out_dir && nfiles > 1) {
        fprintf(stderr, "yomi go: %d problems: give --out DIR to write one SVG file per problem\n", nfiles);
        rc = CLI_BAD_INPUT;
    } else if (o.ts.lim.max_seconds > 0 && o.jobs > 1 &&
               o.jobs * (o.ts.threads > 1 ? o.ts.threads : 1) > cores()) {
        /* More workers than cores would buy each problem less search than its --time
         * says (at --max-nodes the answers do not depend on it). */
        fprintf(stderr,
                "yomi go: --jobs %d with --threads %d is more workers than the %d cores: with --time "
                "each problem would get less than its time; give fewer\n",
                o.jobs, o.ts.threads > 1 ? o.ts.threads : 1, cores());
        rc = CLI_BAD_INPUT;
    }
    if (rc != CLI_OK) {
        for (int i = 0; i < nfiles; i++) free(files[i]);
        free(files);
        return rc;
    }
    tally t;
    memset(&t, 0, sizeof t);
    int jobs = o.jobs ? o.jobs : default_jobs(o.ts.threads);
    if (jobs > nfiles) jobs = nfiles;
    batch bt = {.o = &o, .files = files, .nfiles = nfiles, .check = check};
    if (jobs <= 1) {
        /* One problem after the other, printed as it is solved. */
        for (int i = 0; i < nfiles; i++) {
            tally ti;
            memset(&ti, 0, sizeof ti);
            int ev = solve_one(&bt, i, stdout, stderr, &ti);
            rc = merge(&t, &ti, ev, rc, check, i, nfiles);
        }
    } else {
        rc = run_jobs(&bt, jobs, &t, rc);
    }
    if (!check && nfiles > 1 && isatty(2)) fputc('\n', stderr);
    if (check && summary(&t, nfiles, o.expect_rate, o.format) && rc == CLI_OK) rc = CLI_FAILED;
    for (int i = 0; i < nfiles; i++) free(files[i]);
    free(files);
    return rc;
}
