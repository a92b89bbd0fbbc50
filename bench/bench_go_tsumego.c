/* Life-and-death benchmark: a sample of each Cho Chikun volume (every Nth
 * problem) solved with a per-problem play budget, first with every technique,
 * then with each one switched off in turn (variants[] below: the distance
 * generator, the learned ordering, move ordering altogether, the static life
 * rules, the full-region check of the generator's answer, the forcing-exchange
 * filter and the others, down to seed 000's blocking prune, which is on in the
 * default as in go solve). Per suite and variant it prints
 * problems, answered (not stopped by the budget), correct (winning moves
 * non-empty and inside SOL), plays (dfpn nodes) and seconds; then, on the
 * problems both runs answered, the variant's plays against the plays of the
 * default ("x2.40" = the variant costs 2.4 times the plays; below 1 it saves),
 * and how many problems only one of the two runs answered.
 * usage: bench_go_tsumego [DATA_DIR] [STEP] [MAX_PLAYS]
 * (DATA_DIR defaults to $YOMI_SHARED_DATA, then data/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/search.h"
#include "yomi/go_tsumego.h"

#define MAXP 1000

typedef struct run_result {
    int tried, answered, correct;
    uint64_t plays;
    double seconds;
    bool ans[MAXP];
    uint64_t nodes[MAXP];
} run_result;

static void run(const char *dir, int nprob, int step, uint64_t max_plays, unsigned disable, run_result *r) {
    memset(r, 0, sizeof *r);
    double t0 = yomi_now();
    for (int i = 1; i <= nprob && r->tried < MAXP; i += step) {
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
        o.blocking = true; /* as go solve and go check: GO_TS_NO_BLOCKING switches it off */
        go_tsumego_answer a;
        go_tsumego_solve(p, &o, &a);
        int k = r->tried++;
        r->plays += a.nodes;
        r->nodes[k] = a.nodes;
        r->ans[k] = a.result != YOMI_UNKNOWN && a.nunknown == 0;
        r->answered += r->ans[k];
        bool ok = a.nmoves > 0;
        for (int m = 0; m < a.nmoves && ok; m++) {
            bool f = false;
            for (int j = 0; j < p->nsol; j++) f |= p->sol[j] == a.moves[m];
            ok = f;
        }
        r->correct += ok;
        go_problem_free(p);
    }
    r->seconds = yomi_now() - t0;
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
        {"-distance(generator)", GO_TS_NO_DISTANCE},
        {"-learned(ordering)", GO_TS_NO_LEARNED},
        {"-order", GO_TS_NO_ORDER},
        {"-static", GO_TS_NO_STATIC},
        {"-verify(full region)", GO_TS_NO_VERIFY},
        {"-exchange", GO_TS_NO_EXCHANGE},
        {"-orderinit", GO_TS_NO_ORDER_INIT},
        {"-share(tiers)", GO_TS_NO_SHARE},
        {"-passcut", GO_TS_NO_PASSCUT},
        {"-killer", GO_TS_NO_KILLER},
        {"-classes(ko tiers)", GO_TS_NO_CLASSES},
        {"-semeai(race rule)", GO_TS_NO_SEMEAI},
        {"-mixed(loser's check)", GO_TS_NO_MIXED},
        {"-threatsfirst", GO_TS_NO_THREATS_FIRST},
        {"-blocking(prune)", GO_TS_NO_BLOCKING},
    };
    enum { NV = sizeof variants / sizeof variants[0] };
    printf("per problem at most %llu plays; every %dth problem\n", (unsigned long long)max_plays, step);
    printf("%-18s %-21s %8s %8s %14s %11s %9s  %s\n", "suite", "variant", "problems", "answered", "correct",
           "plays", "seconds", "ratio (both answered: plays of the variant / default; only one answered)");
    static run_result base, r;
    for (int s = 0; s < 2; s++) {
        char dir[1024];
        snprintf(dir, sizeof dir, "%.900s/%s", data, suites[s].dir);
        const char *name = strrchr(dir, '/') + 1;
        for (int v = 0; v < NV; v++) {
            run_result *cur = v == 0 ? &base : &r;
            run(dir, suites[s].n, step, max_plays, variants[v].bit, cur);
            printf("%-18s %-21s %8d %8d %6d (%5.1f%%) %11llu %9.2f", name, variants[v].label, cur->tried,
                   cur->answered, cur->correct, 100.0 * cur->correct / cur->tried,
                   (unsigned long long)cur->plays, cur->seconds);
            if (v > 0) {
                uint64_t with = 0, without = 0;
                int both = 0, only_with = 0, only_without = 0;
                for (int k = 0; k < cur->tried; k++) {
                    if (base.ans[k] && cur->ans[k]) {
                        both++;
                        with += base.nodes[k];
                        without += cur->nodes[k];
                    } else if (base.ans[k]) {
                        only_with++;
                    } else if (cur->ans[k]) {
                        only_without++;
                    }
                }
                printf("  x%.2f on %d (%llu / %llu); only by the default %d, only by the variant %d",
                       with ? (double)without / (double)with : 0.0, both, (unsigned long long)without,
                       (unsigned long long)with, only_with, only_without);
            }
            putchar('\n');
            fflush(stdout);
        }
    }
    return 0;
}
