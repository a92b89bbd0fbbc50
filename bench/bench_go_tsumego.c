/* Life-and-death benchmark: a sample of each Cho Chikun volume (every Nth
 * problem) solved with a per-problem play budget, first with every technique,
 * then with each one switched off in turn. Prints problems, answered, correct
 * (winning moves non-empty and inside SOL), plays (dfpn nodes) and seconds.
 * usage: bench_go_tsumego [DATA_DIR] [STEP] [MAX_PLAYS]
 * (DATA_DIR defaults to $YOMI_SHARED_DATA, then data/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/search.h"
#include "yomi/go_tsumego.h"

static void run(const char *dir, const char *label, int nprob, int step, uint64_t max_plays,
                unsigned disable) {
    int answered = 0, correct = 0, tried = 0;
    uint64_t plays = 0;
    double t0 = yomi_now();
    for (int i = 1; i <= nprob; i += step) {
        char path[1100];
        snprintf(path, sizeof path, "%.1000s/Prob%04d.json", dir, i);
        yomi_error err;
        go_problem *p = go_problem_load(path, NULL, &err);
        if (!p) {
            fprintf(stderr, "%s: %s\n", path, err.msg);
            exit(1);
        }
        go_tsumego_opts o;
        memset(&o, 0, sizeof o);
        o.all_moves = true;
        o.lim.max_nodes = max_plays;
        o.disable = disable;
        go_tsumego_answer a;
        go_tsumego_solve(p, &o, &a);
        tried++;
        plays += a.nodes;
        if (a.result != YOMI_UNKNOWN) answered++;
        bool ok = a.nmoves > 0;
        for (int k = 0; k < a.nmoves && ok; k++) {
            bool f = false;
            for (int j = 0; j < p->nsol; j++) f |= p->sol[j] == a.moves[k];
            ok = f;
        }
        correct += ok;
        go_problem_free(p);
    }
    printf("%-22s %-18s problems %4d  answered %4d  correct %4d (%5.1f%%)  plays %11llu  "
           "seconds %7.2f\n",
           strrchr(dir, '/') + 1, label, tried, answered, correct, 100.0 * correct / tried,
           (unsigned long long)plays, yomi_now() - t0);
    fflush(stdout);
}

int main(int argc, char **argv) {
    const char *data = argc > 1 ? argv[1] : getenv("YOMI_SHARED_DATA");
    if (!data) data = "data";
    int step = argc > 2 ? atoi(argv[2]) : 20;
    uint64_t max_plays = argc > 3 ? strtoull(argv[3], NULL, 10) : 400000;
    if (step < 1) step = 1;
    static const struct {
        const char *dir;
        int n;
    } suites[2] = {{"go/sanderland/cho-elementary", 900}, {"go/sanderland/cho-intermediate", 861}};
    static const struct {
        const char *label;
        unsigned bit;
    } variants[] = {
        {"all", 0},
        {"-distance", GO_TS_NO_DISTANCE},
        {"-order", GO_TS_NO_ORDER},
        {"-static", GO_TS_NO_STATIC},
    };
    printf("per problem at most %llu plays; every %dth problem\n", (unsigned long long)max_plays, step);
    for (int s = 0; s < 2; s++) {
        char dir[1024];
        snprintf(dir, sizeof dir, "%.900s/%s", data, suites[s].dir);
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
            run(dir, variants[v].label, suites[s].n, step, max_plays, variants[v].bit);
    }
    return 0;
}
