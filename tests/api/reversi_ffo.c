/* The Reversi solver as a library user sees it: built on include/yomi/ alone, this
 * program reads FFO #1-#19 (data/reversi/fforum-1-19.obf, argv[1] = data folder)
 * with its own small parser, fills rv_pos from bitboards itself and calls only
 * rv_options_default, rv_solver_new, rv_solve and rv_solver_free. Each score must be
 * the suite's best score and the move one of the suite's moves with that score.
 * It links nothing else from the library, so it fails if any table the solver
 * needs is filled only as a side effect of some other entry point. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yomi/reversi.h"

enum { MAX_ANSWERS = 40 };

typedef struct ffo_case {
    rv_pos pos;
    int n_answers, move[MAX_ANSWERS], score[MAX_ANSWERS];
} ffo_case;

/* One OBF line: 64 squares (X black, O white, - empty), a blank, the side to move
 * (X or O), then "; Sq:+n;" answers, best first. Returns 0, or -1 with a message. */
static int parse_line(const char *line, long lineno, ffo_case *c) {
    uint64_t black = 0, white = 0;
    for (int sq = 0; sq < 64; sq++) {
        char ch = line[sq];
        if (ch == 'X')
            black |= 1ULL << sq;
        else if (ch == 'O')
            white |= 1ULL << sq;
        else if (ch != '-') {
            fprintf(stderr, "line %ld, column %d: unexpected square '%c'\n", lineno, sq + 1, ch);
            return -1;
        }
    }
    if (line[64] != ' ' || (line[65] != 'X' && line[65] != 'O')) {
        fprintf(stderr, "line %ld, column 66: side to move expected (X or O)\n", lineno);
        return -1;
    }
    bool black_moves = line[65] == 'X';
    c->pos.P = black_moves ? black : white;
    c->pos.O = black_moves ? white : black;
    c->pos.black_to_move = black_moves;
    c->n_answers = 0;
    const char *p = line + 66;
    while (*p && c->n_answers < MAX_ANSWERS) {
        while (*p == ';' || *p == ' ') p++;
        if (!isalpha((unsigned char)p[0]) || !isdigit((unsigned char)p[1]) || p[2] != ':') break;
        int col = toupper((unsigned char)p[0]) - 'A', row = p[1] - '1';
        char *end;
        long v = strtol(p + 3, &end, 10);
        if (col < 0 || col > 7 || row < 0 || row > 7 || end == p + 3) {
            fprintf(stderr, "line %ld, column %ld: bad answer\n", lineno, (long)(p - line) + 1);
            return -1;
        }
        c->move[c->n_answers] = row * 8 + col;
        c->score[c->n_answers] = (int)v;
        c->n_answers++;
        p = end;
    }
    if (c->n_answers == 0) {
        fprintf(stderr, "line %ld: no answers\n", lineno);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: reversi_ffo DATA_DIR\n");
        return 1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/reversi/fforum-1-19.obf", argv[1]);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "test data not found: %s\n", path);
        return 1;
    }
    rv_options opt;
    rv_options_default(&opt);
    opt.lim.hash_mb = 16;
    rv_solver *s = rv_solver_new(&opt);
    if (!s) {
        fprintf(stderr, "rv_solver_new failed\n");
        fclose(f);
        return 1;
    }
    char line[1024];
    long lineno = 0;
    int solved = 0, failed = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '\n' || line[0] == '%' || line[0] == '#') continue;
        ffo_case c;
        if (parse_line(line, lineno, &c) != 0) {
            failed++;
            continue;
        }
        rv_result r;
        rv_solve(s, &c.pos, &r);
        int best = c.score[0];
        bool move_ok = false;
        for (int i = 0; i < c.n_answers; i++)
            if (c.move[i] == r.move && c.score[i] == best) move_ok = true;
        if (!r.known || r.kind != RV_EXACT || r.score != best || !move_ok) {
            /* Squares named here: rv_square_name would link position.c as well. */
            fprintf(stderr, "FAIL FFO #%d: %c%c %+d (%s), suite says %+d\n", solved + failed + 1,
                    r.move < 64 ? 'a' + r.move % 8 : '-', r.move < 64 ? '1' + r.move / 8 : '-', r.score,
                    r.known ? "known" : "unknown", best);
            failed++;
        } else {
            solved++;
        }
    }
    fclose(f);
    rv_solver_free(s);
    if (solved + failed != 19) {
        fprintf(stderr, "FAIL: %d positions read from %s, expected 19\n", solved + failed, path);
        failed++;
    }
    printf("reversi_ffo: %d of 19 FFO positions solved with the suite's score and a best move\n", solved);
    return failed ? 1 : 0;
}
