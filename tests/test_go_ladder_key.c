/* The ladder reader's keys (a control test). The ladder search keeps a table of
 * positions read in the current search and a list of the line's positions to
 * see repetitions; both compare the board's 64-bit hash and a 32-bit check taken
 * from its second hash (go_board_hash2). Here the first key is weakened on
 * purpose to 8 bits (go_ladder_set_key_masks, ladder_internal.h), so that false
 * table hits and false repetitions are common, and the same ladder questions are
 * read three ways:
 *   - the oracle: full keys;
 *   - the old check: the weak key alone (check mask 0), what the reader compared
 *     before the second key;
 *   - the new check: the weak key and the 32-bit check.
 * The old check must give wrong answers (else this control proves nothing); the
 * new one must give none. The geometric trace is off, so every question is read
 * by the search. */
#include <stdio.h>
#include <stdlib.h>

#include "core/hash.h"
#include "go/ladder_internal.h"
#include "yomi/go_board.h"
#include "yomi/go_ladder.h"
#include "go_testutil.h"
#include "testutil.h"

static uint64_t rng_state = 4242;
static int rnd(int n) { return (int)(yomi_splitmix64(&rng_state) % (uint64_t)n); }

static yomi_result ask(go_board *b, go_point p, bool attack, uint64_t key, uint32_t check) {
    go_ladder_set_key_masks(key, check);
    go_point m;
    yomi_result r = attack ? go_ladder_attack_limited(b, p, 200000, &m, NULL)
                           : go_ladder_defend_limited(b, p, 200000, &m, NULL);
    go_ladder_set_key_masks(~(uint64_t)0, ~(uint32_t)0);
    return r;
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    go_ladder_use_trace(false);
    int positions = t_sanitized() ? 150 : 1500;
    long asked = 0, limited = 0, old_wrong = 0, new_wrong = 0;
    for (int i = 0; i < positions; i++) {
        int size = 9 + 2 * rnd(3);
        go_board *b = go_board_new(size);
        gt_random_position(b, size, size * size / 4 + rnd(size * size / 3), &rng_state);
        for (int row = 0; row < size; row++)
            for (int col = 0; col < size; col++) {
                go_point p = go_pt(col, row);
                go_color c = go_board_at(b, p);
                if ((c != GO_BLACK && c != GO_WHITE) || go_string_id(b, p) != p) continue;
                int libs = go_string_libs(b, p);
                if (libs > 2) continue;
                bool attack = libs == 2;
                yomi_result v0 = ask(b, p, attack, ~(uint64_t)0, ~(uint32_t)0);
                yomi_result v1 = ask(b, p, attack, 0xff, 0);
                yomi_result v2 = ask(b, p, attack, 0xff, ~(uint32_t)0);
                asked++;
                if (v0 == YOMI_UNKNOWN || v1 == YOMI_UNKNOWN || v2 == YOMI_UNKNOWN) {
                    limited++;
                    continue;
                }
                old_wrong += v1 != v0;
                if (v2 != v0) {
                    char s[8];
                    go_vertex_format(b, p, s, sizeof s);
                    CHECK_MSG(false,
                              "position %d: ladder %s %s: %d with full keys, %d with the weak key and check",
                              i, attack ? "attack" : "defend", s, (int)v0, (int)v2);
                    go_board_print(b, stderr);
                    new_wrong++;
                }
            }
        go_board_free(b);
    }
    printf("8-bit ladder key: %ld questions (%ld stopped by the node limit): %ld wrong answers with the key "
           "alone, %ld with the key and the 32-bit check\n",
           asked, limited, old_wrong, new_wrong);
    CHECK_MSG(asked >= 5 * positions, "only %ld questions", asked);
    CHECK_MSG(limited * 20 <= asked, "%ld of %ld questions stopped by the limit", limited, asked);
    CHECK_MSG(old_wrong >= (t_sanitized() ? 1 : 5), "the weak key alone gave only %ld wrong answers",
              old_wrong);
    CHECK_EQ_INT(new_wrong, 0);
    return t_summary("go_ladder_key");
}
