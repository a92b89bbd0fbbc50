/* The memo brute force (tests/go_ld_brute.h, ld_bf_first_moves_memo) against the
 * plain one, and the errata's claims (data/go/sanderland/ERRATA.md) re-checked with
 * it: for each listed problem whose region is small, the brute force's winning first
 * moves in the position `go solve` searches (the loaded problem: target, side to
 * play, frame and region) are exactly the ones the errata states. Breaking the memo
 * (storing every defender's win) or expecting the book's move instead makes it fail. */
#include <stdio.h>
#include <string.h>

#include "go_ld_brute.h"
#include "testutil.h"
#include "yomi/go_tsumego.h"

static uint64_t rng_state = 0x5eed1234ULL;

/* Random small problems: the memo version's winners equal the plain minimax's, with
 * and without `clean` (seki a loss), for either side to play. */
static void test_memo_vs_plain(void) {
    int compared = 0, tries = 0, max = t_sanitized() ? 15 : 80, differ = 0, retro = 0;
    uint64_t plain_nodes = 0, memo_nodes = 0;
    go_board *b = go_board_new(5);
    while (compared < max && tries < 400000) {
        tries++;
        char tv[8];
        go_color to_play;
        go_problem *p = ld_random_problem(b, &rng_state, 7, &to_play, tv);
        if (!p) continue;
        bool clean = compared & 1;
        bool w1[GO_MAX_POINTS], w2[GO_MAX_POINTS];
        uint64_t n1 = 0, n2 = 0;
        int r1 = ld_bf_first_moves(p, to_play, 300000, clean, w1, &n1);
        if (r1 < 0) {
            go_problem_free(p);
            continue;
        }
        int r2 = ld_bf_first_moves_memo(p, to_play, 300000, clean, 16, NULL, w2, &n2);
        bool w3[GO_MAX_POINTS];
        int64_t n3 = 0;
        int r3 = ld_retro_first_moves(p, to_play, 100000, clean, w3, &n3);
        bool same = r1 == r2 && (r3 == -1 || r1 == r3);
        GO_FOR_POINTS(p->board, q) same &= !p->region[q] || (w1[q] == w2[q] && (r3 == -1 || w1[q] == w3[q]));
        retro += r3 >= 0;
        CHECK_MSG(same, "memo: plain %d winners, memo %d, retrograde %d (target %s, %s to play, clean %d)",
                  r1, r2, r3, tv, to_play == GO_BLACK ? "black" : "white", clean);
        if (!same) {
            go_board_print(p->board, stderr);
            differ++;
        }
        plain_nodes += n1;
        memo_nodes += n2;
        compared++;
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr,
            "memo vs plain: %d problems (%d with the retrograde), %d differ; nodes plain %llu, memo %llu\n",
            compared, retro, differ, (unsigned long long)plain_nodes, (unsigned long long)memo_nodes);
    CHECK_MSG(compared == max, "only %d random problems compared", compared);
    CHECK_MSG(retro >= max / 3, "only %d problems compared with the retrograde analysis", retro);
}

/* data/go/sanderland/ERRATA.md's small cases: the problem as `go solve` loads it
 * (its guessed target is given as a check), and the brute force's winning first
 * moves for the side to play in the no-threat game (simple ko, a repetition wins
 * for the defender): exactly `winners` ("" for none). `big`: skipped under the
 * sanitizers (more than 100k brute-force nodes). */
typedef struct erratum {
    const char *file, *target, *winners;
    bool big;
} erratum;

static const erratum errata[] = {
    {"go/sanderland/cho-elementary/Prob0533.json", "C18", "", false}, /* book D19 */
    {"go/sanderland/cho-elementary/Prob0510.json", "E19", "", false}, /* book B19 */
    {"go/sanderland/cho-elementary/Prob0074.json", "B19", "", true}, /* book D18 */
    {"go/sanderland/cho-elementary/Prob0413.json", "E19", "C18 B18", true}, /* book B19 C18 */
    {"go/sanderland/cho-elementary/Prob0521.json", "E19", "A18 A17", false}, /* book A18 */
    {"go/sanderland/cho-elementary/Prob0613.json", "D19", "C17 B19", false}, /* book C17 */
    {"go/sanderland/cho-elementary/Prob0289.json", "A18", "G19 F19", true}, /* book G19 */
    {"go/sanderland/cho-elementary/Prob0619.json", "B18", "C19", false}, /* book C19 C18 */
    {"go/sanderland/cho-elementary/Prob0182.json", "B18", "", false}, /* book C18 A17 A16 (kos) */
    {"go/sanderland/cho-elementary/Prob0698.json", "E17", "", false}, /* book F18 (frame suspected) */
    {"go/sanderland/cho-elementary/Prob0861.json", "G19", "", false}, /* book E17 (frame) */
};

static void test_errata(const char *data) {
    for (size_t i = 0; i < sizeof errata / sizeof errata[0]; i++) {
        const erratum *e = &errata[i];
        if (e->big && t_sanitized()) continue;
        const char *path = t_data_path(data, e->file);
        yomi_error err;
        go_problem *p = path ? go_problem_load(path, NULL, &err) : NULL;
        CHECK_MSG(p != NULL, "errata: cannot load %s", e->file);
        if (!p) continue;
        char tv[8];
        go_vertex_format(p->board, p->target, tv, sizeof tv);
        CHECK_MSG(!strcmp(tv, e->target), "errata: %s: target %s, expected %s", e->file, tv, e->target);
        bool want[GO_MAX_POINTS] = {false}, win[GO_MAX_POINTS];
        int nwant = 0;
        char list[64];
        snprintf(list, sizeof list, "%s", e->winners);
        for (char *v = strtok(list, " "); v; v = strtok(NULL, " ")) {
            go_point q = go_vertex_parse(p->board, v);
            if (q >= 0 && q < GO_MAX_POINTS) want[q] = true;
            nwant++;
        }
        uint64_t nodes = 0;
        int n = ld_bf_first_moves_memo(p, p->to_play, 5000000, false, 20, NULL, win, &nodes);
        bool same = n == nwant;
        GO_FOR_POINTS(p->board, q) same &= win[q] == want[q];
        CHECK_MSG(same, "errata: %s: the brute force finds %d winners (%llu nodes), the errata %d (%s)",
                  e->file, n, (unsigned long long)nodes, nwant, e->winners);
        go_problem_free(p);
    }
}

int main(int argc, char **argv) {
    const char *data = argc > 1 ? argv[1] : NULL;
    test_memo_vs_plain();
    test_errata(data);
    return t_summary("test_go_ld_errata");
}
