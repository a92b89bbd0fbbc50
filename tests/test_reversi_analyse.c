/* rv_analyse (the GUI policy: exact below solve_empties, midgame above), checked
 * against the FFO suite's published move scores: every annotated move of FFO
 * #1-#5 must get its published exact score, and the best-move mode the best one. */
#include <stdlib.h>

#include "reversi/obf.h"
#include "testutil.h"
#include "yomi/reversi.h"

typedef struct ctx {
    rv_analyser *an, *mid;
    int checked;
} ctx;

static int check_entry(const rv_obf_entry *e, void *vc) {
    ctx *c = vc;
    if (!e->ok || c->checked >= 5) return c->checked >= 5;
    c->checked++;
    rv_scored_move list[34];
    uint64_t nodes = 0;
    int n = rv_analyse(c->an, &e->pos, 10, true, list, &nodes);
    CHECK_MSG(n > 0, "line %ld: %d moves scored", e->line, n);
    for (int k = 0; k < n; k++) CHECK_MSG(list[k].exact, "line %ld: move %d not exact", e->line, k);
    for (int k = 1; k < n; k++) CHECK(list[k - 1].score >= list[k].score);
    for (int i = 0; i < e->n_answers; i++) {
        int found = 0;
        for (int k = 0; k < n; k++)
            if (list[k].move == e->answer_move[i]) {
                found = 1;
                CHECK_MSG(list[k].score == e->answer_score[i], "line %ld: move %d scored %d, suite %d",
                          e->line, e->answer_move[i], list[k].score, e->answer_score[i]);
                CHECK(list[k].pv[0] == list[k].move);
            }
        CHECK_MSG(found, "line %ld: suite move %d not scored", e->line, e->answer_move[i]);
    }
    n = rv_analyse(c->an, &e->pos, 10, false, list, &nodes);
    CHECK_EQ_INT(n, 1);
    CHECK(list[0].exact);
    CHECK_EQ_INT(list[0].score, e->answer_score[0]);
    /* Above solve_empties the answer is a midgame evaluation, labelled as such. */
    n = rv_analyse(c->mid, &e->pos, 3, true, list, &nodes);
    CHECK(n > 0);
    for (int k = 0; k < n; k++) CHECK(!list[k].exact);
    return 0;
}

int main(int argc, char **argv) {
    const char *path = t_data_path(argc > 1 ? argv[1] : NULL, "reversi/fforum-1-19.obf");
    size_t len;
    char *text = path ? rv_read_file(path, &len) : NULL;
    CHECK_MSG(text != NULL, "test data not found: %s", path ? path : "reversi/fforum-1-19.obf");
    if (!text) return t_summary("test_reversi_analyse");
    rv_analyse_options exact = {.hash_mb = 16, .solve_empties = 20};
    rv_analyse_options mid = {.hash_mb = 16, .solve_empties = 0};
    ctx c = {rv_analyser_new(&exact), rv_analyser_new(&mid), 0};
    rv_obf_scan(text, len, check_entry, &c);
    CHECK_EQ_INT(c.checked, 5);
    /* A cancelled analysis answers -1, never a score. */
    atomic_int stop;
    atomic_init(&stop, 1);
    rv_analyse_options cancelled = {.hash_mb = 1, .solve_empties = 20, .cancel = &stop};
    rv_analyser *a = rv_analyser_new(&cancelled);
    rv_pos p;
    rv_pos_start(&p);
    rv_scored_move list[34];
    uint64_t nodes = 0;
    CHECK_EQ_INT(rv_analyse(a, &p, 6, true, list, &nodes), -1);
    rv_analyser_free(a);
    rv_analyser_free(c.an);
    rv_analyser_free(c.mid);
    free(text);
    return t_summary("test_reversi_analyse");
}
